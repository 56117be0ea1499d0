import type { Seat } from '../../engine/types';
import type { RummyState } from './types';

/**
 * Ranked escapes: a Rummy seat is behind when its score is worse than the best other seat's
 * (totals are penalty points: more is worse); with the totals level, when it holds more cards
 * than the seat with the fewest.
 */
export function behind(state: RummyState, seat: Seat): boolean {
  const others = state.totals.map((_, s) => s).filter((s) => s !== seat);
  const best = Math.min(...others.map((s) => state.totals[s]!));
  const mine = state.totals[seat]!;
  if (mine !== best) return mine > best;
  const fewest = Math.min(...others.filter((s) => state.totals[s] === best).map((s) => state.hands[s]!.length));
  return state.hands[seat]!.length > fewest;
}
