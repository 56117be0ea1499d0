import { describe, expect, it } from 'vitest';
import { rummy } from './index';
import type { RummyState } from './types';

/** A finished game: `winners` went out, every seat's penalty points are `totals`. */
function ended(winners: number[], totals: number[]): RummyState {
  const s = rummy.setup(
    totals.map((_, i) => ({ name: `P${i}` })),
    rummy.defaultOptions,
    'ranking',
  ) as RummyState;
  return { ...s, phase: 'over', winners, totals };
}

describe('Rummy ranked places', () => {
  it('rank the others by penalty points, fewer first, not all second', () => {
    expect(rummy.ranking!(ended([2], [40, 12, 0, 80]))).toEqual([3, 2, 1, 4]);
  });

  it('let shared winners and level totals share a place', () => {
    expect(rummy.ranking!(ended([0, 3], [0, 30, 30, 0]))).toEqual([1, 3, 3, 1]);
  });

  it('need a winner first even when another seat has fewer points', () => {
    expect(rummy.ranking!(ended([1], [0, 5]))).toEqual([2, 1]);
  });
});
