import type { Rng } from '../../../cards/rng';
import type { Seat } from '../../../engine/types';
import { legalMoves } from '../engine';
import type { BalootMove, BalootState } from '../types';

/**
 * The baseline opponent for tests and benchmarks: a uniformly random legal move, except
 * that it never claims Sawa (a random claim is a near-certain foul, not a strategy).
 */
export function randomLegalMove(state: BalootState, seat: Seat, rng: Rng): BalootMove {
  const moves = legalMoves(state, seat);
  const sensible = moves.filter((m) => m.type !== 'sawa');
  return rng.pick(sensible.length > 0 ? sensible : moves);
}
