import type { Seat } from '../../engine/types';
import type { EightsState } from './types';

/**
 * Ranked escapes: an Eights seat is behind when its score is below the best other seat's (the
 * winner of a hand scores, so more is better); with the scores level (every one-hand game),
 * when it holds more cards than the seat with the fewest.
 */
export function behind(state: EightsState, seat: Seat): boolean {
  const others = state.scores.map((_, s) => s).filter((s) => s !== seat);
  const best = Math.max(...others.map((s) => state.scores[s]!));
  const mine = state.scores[seat]!;
  if (mine !== best) return mine < best;
  const fewest = Math.min(...others.filter((s) => state.scores[s] === best).map((s) => state.hands[s]!.length));
  return state.hands[seat]!.length > fewest;
}
