import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DESKTOP_WIDTHS, PHONE_WIDTHS, cardHeight, cardSize, cardWidthsFor, fanAngles, fitHand, handLayout, seatColumns, splitRows } from './layout';

const PHONE_SMALL = cardSize(PHONE_WIDTHS[PHONE_WIDTHS.length - 1]!);
/** Width inside the hand's padding on a 390px-wide phone. */
const PHONE_HAND = 374;

describe('hand layout', () => {
  it('puts a 7-card hand in one row on a phone, overlapping enough to fit', () => {
    const l = handLayout(PHONE_HAND, 7, PHONE_SMALL);
    expect(l.rows).toEqual([7]);
    expect(l.width).toBeLessThanOrEqual(PHONE_HAND);
    expect(l.strip).toBeGreaterThanOrEqual(PHONE_SMALL.minStrip);
  });

  it('spreads a small hand out without overlap on a desktop', () => {
    const size = cardSize(DESKTOP_WIDTHS[0]);
    const l = handLayout(900, 5, size);
    expect(l.rows).toEqual([5]);
    expect(l.strip).toBe(size.width + size.gap);
  });

  it('wraps a 40-card hand on a 390px phone into balanced rows that fit the width', () => {
    const l = handLayout(PHONE_HAND, 40, PHONE_SMALL);
    expect(l.rows.reduce((a, b) => a + b, 0)).toBe(40);
    expect(Math.max(...l.rows) - Math.min(...l.rows)).toBeLessThanOrEqual(1);
    expect(l.width).toBeLessThanOrEqual(PHONE_HAND);
    expect(l.strip).toBeGreaterThanOrEqual(PHONE_SMALL.minStrip);
    expect(l.rowPitch).toBe(PHONE_SMALL.rowPitch);
    expect(l.height).toBe(PHONE_SMALL.height + (l.rows.length - 1) * PHONE_SMALL.rowPitch);
  });

  it('lays out nothing for an empty hand', () => {
    expect(handLayout(PHONE_HAND, 0, PHONE_SMALL)).toMatchObject({ rows: [], width: 0, height: 0 });
  });

  it('keeps every card in the container and at least the minimum slice visible, for any width and count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 62, max: 2000 }), fc.integer({ min: 1, max: 120 }), (width, count) => {
        const { size, layout: l } = fitHand(width, count, cardWidthsFor(width));
        expect(l.rows.reduce((a, b) => a + b, 0)).toBe(count);
        expect(l.width).toBeLessThanOrEqual(Math.max(width, size.width));
        if (Math.max(...l.rows) > 1) expect(l.strip).toBeGreaterThanOrEqual(size.minStrip);
        expect(Math.max(...l.rows) - Math.min(...l.rows)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the minimum slice wide enough for a finger and the corner index', () => {
    for (const w of [...PHONE_WIDTHS, ...DESKTOP_WIDTHS]) expect(cardSize(w).minStrip).toBeGreaterThanOrEqual(40);
  });
});

describe('fitHand', () => {
  it('uses the biggest cards that keep a short hand in one row', () => {
    const { size, layout } = fitHand(PHONE_HAND, 5, PHONE_WIDTHS);
    expect(size.width).toBe(PHONE_WIDTHS[0]);
    expect(layout.rows).toEqual([5]);
  });

  it('falls back to the smallest cards in several rows for a big hand', () => {
    const { size, layout } = fitHand(PHONE_HAND, 40, PHONE_WIDTHS);
    expect(size.width).toBe(PHONE_SMALL.width);
    expect(layout.rows.length).toBeGreaterThan(1);
  });

  it('uses phone-sized cards below the breakpoint', () => {
    expect(cardWidthsFor(374)).toBe(PHONE_WIDTHS);
    expect(cardWidthsFor(980)).toBe(DESKTOP_WIDTHS);
    expect(cardHeight(100)).toBe(145);
  });
});

describe('splitRows', () => {
  it('cuts items into consecutive rows of the given lengths', () => {
    expect(splitRows(['a', 'b', 'c', 'd', 'e'], [3, 2])).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
  });
});

describe('fanAngles', () => {
  it('fans at most five backs symmetrically', () => {
    const a = fanAngles(12);
    expect(a).toHaveLength(5);
    expect(a[0]).toBe(-a[4]!);
    expect(a[2]).toBe(0);
  });

  it('shows one straight back for one card and none for an empty hand', () => {
    expect(fanAngles(1)).toEqual([0]);
    expect(fanAngles(0)).toEqual([]);
  });
});

describe('seatColumns', () => {
  it('keeps up to four other players in one row and uses at most two rows for seven', () => {
    expect([1, 2, 3, 4].map(seatColumns)).toEqual([1, 2, 3, 4]);
    expect(seatColumns(5)).toBe(3);
    expect(seatColumns(6)).toBe(3);
    expect(Math.ceil(7 / seatColumns(7))).toBe(2);
    expect(Math.ceil(8 / seatColumns(8))).toBe(2);
  });
});
