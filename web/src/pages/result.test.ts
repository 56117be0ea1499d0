import { describe, expect, it } from 'vitest';
import { celebrates } from './result';

describe('the result card celebrates', () => {
  const outcome = { winners: [1], scores: [10, 30, 5] };
  it('only for a winner, never a loser or a spectator', () => {
    expect(celebrates(outcome, 1, null)).toBe(true);
    expect(celebrates(outcome, 0, null)).toBe(false);
    expect(celebrates(outcome, 2, null)).toBe(false);
    expect(celebrates(outcome, null, null)).toBe(false);
    expect(celebrates(null, 1, null)).toBe(false);
    expect(celebrates({ winners: [], scores: [0, 0] }, 0, null)).toBe(false);
  });
  it("in a team game, for the winner's partner too, not the other team", () => {
    const teams = [0, 1, 0, 1];
    const won = { winners: [1], scores: [0, 152, 0, 152] };
    expect(celebrates(won, 3, teams)).toBe(true);
    expect(celebrates(won, 1, teams)).toBe(true);
    expect(celebrates(won, 0, teams)).toBe(false);
    expect(celebrates(won, 2, teams)).toBe(false);
  });
});
