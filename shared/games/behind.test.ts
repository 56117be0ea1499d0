import { describe, expect, it } from 'vitest';
import { behind as balootBehind } from './baloot/behind';
import type { BalootState } from './baloot/types';
import { behind as dhappaBehind } from './dhappa/behind';
import type { DhappaState } from './dhappa/types';
import { behind as eightsBehind } from './eights/behind';
import type { EightsState } from './eights/types';
import { behind as rummyBehind } from './rummy/behind';
import type { RummyState } from './rummy/types';
import { gameById, roomGameIds } from './registry';

const hands = (...sizes: number[]) => sizes.map((n) => Array.from({ length: n }, (_, i) => `c${i}`));

describe('behind (ranked escapes), defined per game', () => {
  it('every room game defines it', () => {
    for (const id of roomGameIds()) expect(typeof gameById(id)!.behind, id).toBe('function');
  });

  it('Baloot: the seat’s team trails in the match', () => {
    const s = { scores: [40, 90] } as unknown as BalootState;
    expect([0, 1, 2, 3].map((seat) => balootBehind(s, seat))).toEqual([true, false, true, false]);
    expect(balootBehind({ scores: [50, 50] } as unknown as BalootState, 0)).toBe(false);
  });

  it('Dhappa: the team trails in totals; level totals, the team holding more cards', () => {
    const s = { totals: [120, 300], hands: hands(1, 9, 1, 9) } as unknown as DhappaState;
    expect([0, 1, 2, 3].map((seat) => dhappaBehind(s, seat))).toEqual([true, false, true, false]);
    const level = { totals: [0, 0], hands: hands(3, 9, 4, 9, 2, 1) } as unknown as DhappaState;
    expect([0, 1].map((seat) => dhappaBehind(level, seat))).toEqual([false, true]);
    expect(dhappaBehind({ totals: [0, 0], hands: hands(5, 5, 5, 5) } as unknown as DhappaState, 0)).toBe(false);
  });

  it('Rummy: penalty points worse than the best other; level, more cards than the fewest', () => {
    const s = { totals: [80, 20, 200], hands: hands(5, 5, 5) } as unknown as RummyState;
    expect([0, 1, 2].map((seat) => rummyBehind(s, seat))).toEqual([true, false, true]);
    const level = { totals: [0, 0, 0], hands: hands(7, 3, 3) } as unknown as RummyState;
    expect([0, 1, 2].map((seat) => rummyBehind(level, seat))).toEqual([true, false, false]);
  });

  it('Eights: score below the best other; level, more cards than the fewest', () => {
    const s = { scores: [0, 45, 10], hands: hands(2, 6, 6) } as unknown as EightsState;
    expect([0, 1, 2].map((seat) => eightsBehind(s, seat))).toEqual([true, false, true]);
    const level = { scores: [0, 0, 0, 0], hands: hands(1, 4, 2, 1) } as unknown as EightsState;
    expect([0, 1, 2, 3].map((seat) => eightsBehind(level, seat))).toEqual([false, true, true, false]);
  });

  it('a fresh deal is even for everyone but its dealing quirks (nobody trails on points)', () => {
    for (const id of roomGameIds()) {
      const game = gameById(id)!;
      const n = game.playerCounts.includes(4) ? 4 : game.playerCounts[0]!;
      const state = game.setup(
        Array.from({ length: n }, (_, i) => ({ name: `P${i}` })),
        game.defaultOptions,
        'seed-1',
      );
      const behindSeats = Array.from({ length: n }, (_, seat) => game.behind!(state, seat));
      // Someone may hold an extra card at the deal, but never everyone.
      expect(behindSeats.every(Boolean), id).toBe(false);
    }
  });
});
