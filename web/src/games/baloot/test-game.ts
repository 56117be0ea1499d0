/** Drives real Baloot games with the engine for this folder's tests (never imported by the table). */
import { Rng } from '../../../../shared/cards/rng';
import { baloot } from '../../../../shared/games/baloot';
import type { BalootMove, BalootState, BalootView } from '../../../../shared/games/baloot/types';
import type { TableEvent } from './bids';

export const PLAYERS = ['Ana', 'Bo', 'Cy', 'Di'].map((name) => ({ name }));

export function newGame(seed: string, options: { priority?: boolean; target?: number } = {}): BalootState {
  return baloot.setup(PLAYERS, { priority: false, target: 152, ...options }, seed);
}

export function act(state: BalootState, seat: number, move: BalootMove): { state: BalootState; events: TableEvent[] } {
  const r = baloot.apply(state, seat, move);
  if (!r.ok) throw new Error(`${JSON.stringify(move)} by ${seat}: ${JSON.stringify(r.error)}`);
  return { state: r.state, events: r.events };
}

export function viewOf(state: BalootState, seat: number | null): BalootView {
  return baloot.view(state, seat);
}

/** The seat the engine waits for and the bot's move for it. */
export function botStep(state: BalootState, rng: Rng): { seat: number; move: BalootMove } {
  const seat = baloot.activeSeats(state)[0]!;
  return { seat, move: baloot.botMove(state, seat, rng) };
}

export function newRng(seed: string): Rng {
  return new Rng(seed);
}
