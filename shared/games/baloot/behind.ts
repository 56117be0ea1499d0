import type { Seat } from '../../engine/types';
import type { BalootState } from './types';

/** Ranked escapes: a Baloot seat is behind when its team (seats 0 and 2, or 1 and 3) trails in the match totals. */
export function behind(state: BalootState, seat: Seat): boolean {
  const team = seat % 2;
  return state.scores[team]! < state.scores[1 - team]!;
}
