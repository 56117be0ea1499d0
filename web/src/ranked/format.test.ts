import { describe, expect, it } from 'vitest';
import { chartPoints, clock, signed } from './format';
import { defaultTier, rankedSpec } from './tiers';
import { CATALOG } from '../../../shared/games/catalog';

describe('ranked wording', () => {
  it('signs a change', () => {
    expect(signed(14)).toBe('+14');
    expect(signed(-3.4)).toBe('\u22123');
    expect(signed(0.2)).toBe('±0');
  });

  it('shows minutes and seconds', () => {
    expect(clock(65)).toBe('1:05');
    expect(clock(-2)).toBe('0:00');
  });

  it('draws a history from left to right, highest rating at the top', () => {
    const { points, min, max } = chartPoints(
      [
        { at: 0, rating: 10 },
        { at: 50, rating: 20 },
        { at: 100, rating: 15 },
      ],
      104,
      44,
      2,
    );
    expect([min, max]).toEqual([10, 20]);
    expect(points).toBe('2,42 52,2 102,22');
  });

  it('runs time right to left for a right-to-left reader: the first game at the right edge, the last at the left', () => {
    const history = [
      { at: 0, rating: 10 },
      { at: 50, rating: 20 },
      { at: 100, rating: 15 },
    ];
    expect(chartPoints(history, 104, 44, 2, true).points).toBe('102,42 52,2 2,22');
  });

  it('draws one point as a flat line, nothing for no history', () => {
    expect(chartPoints([{ at: 5, rating: 12 }], 100, 40, 4).points).toBe('4,20 96,20');
    expect(chartPoints([], 100, 40).points).toBe('');
  });

  it('offers tiers for every room game and none for browser-only games', () => {
    for (const entry of CATALOG) {
      const spec = rankedSpec(entry);
      if (entry.where !== 'room') expect(spec).toBeNull();
      else {
        expect(spec!.tiers.length).toBeGreaterThan(0);
        expect(spec!.tiers.every((t) => t.seconds > 0)).toBe(true);
        expect(spec!.seats.every((n) => entry.playerCounts.includes(n))).toBe(true);
        expect(spec!.tiers.map((t) => t.id)).toContain(defaultTier(spec!));
      }
    }
  });
});
