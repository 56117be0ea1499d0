import type { Seat } from '../../engine/types';
import { teamOf } from './rules';
import type { DhappaState } from './types';

/**
 * Ranked escapes: a Dhappa seat is behind when its team trails in the totals; with the totals
 * level (every single-deal game, and a match's level deals), when its team holds more cards in
 * hand than the other team (further from going out).
 */
export function behind(state: DhappaState, seat: Seat): boolean {
  const team = teamOf(seat);
  const totals = state.totals;
  const mine = totals[team] ?? 0;
  const best = Math.max(...totals.filter((_, t) => t !== team));
  if (mine !== best) return mine < best;
  const cards = [0, 0];
  state.hands.forEach((h, s) => (cards[teamOf(s)]! += h.length));
  return cards[team]! > cards[1 - team]!;
}
