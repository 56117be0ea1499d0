import type { OutcomeInfo } from '../../../shared/protocol';

/**
 * Whether this seat's result card celebrates (confetti): a winner, or the partner of one in a
 * team game. A loser, a spectator and a game without a winner get none.
 */
export function celebrates(outcome: OutcomeInfo | null | undefined, seat: number | null, teams: readonly number[] | null | undefined): boolean {
  if (!outcome || seat === null) return false;
  if (outcome.winners.includes(seat)) return true;
  const team = teams?.[seat];
  return team !== undefined && outcome.winners.some((w) => teams![w] === team);
}
