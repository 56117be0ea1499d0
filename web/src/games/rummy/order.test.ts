import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dropSlot, dropTargetOf, fitHand, handBoxes, moveCard, reconcileOrder, splitRows, stepSlot } from './order';

describe('hand order', () => {
  it('a sorted hand follows the sort as cards come and go', () => {
    expect(reconcileOrder(['AS#1', 'KS#1'], ['KS#1', '5S#1', 'AS#1'], 'suit', false)).toEqual(['AS#1', '5S#1', 'KS#1']);
  });

  it('an arranged hand keeps the player order, drops cards that left and puts new cards at the end', () => {
    const prev = ['KS#1', 'X1', 'AS#1', '7D#1'];
    expect(reconcileOrder(prev, ['AS#1', '7D#1', 'KS#1', '3C#2'], 'suit', true)).toEqual(['KS#1', 'AS#1', '7D#1', '3C#2']);
  });

  it('moves a card to a slot counted before the move, both directions', () => {
    const order = ['a', 'b', 'c', 'd'];
    expect(moveCard(order, 'a', 3)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveCard(order, 'a', 4)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveCard(order, 'd', 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveCard(order, 'c', 1)).toEqual(['a', 'c', 'b', 'd']);
    // Dropping a card next to itself leaves the order alone.
    expect(moveCard(order, 'b', 1)).toEqual(order);
    expect(moveCard(order, 'b', 2)).toEqual(order);
    expect(moveCard(order, 'z', 0)).toEqual(order);
  });

  it('keyboard steps move one place and stop at the ends', () => {
    const order = ['a', 'b', 'c'];
    expect(moveCard(order, 'b', stepSlot(order, 'b', -1))).toEqual(['b', 'a', 'c']);
    expect(moveCard(order, 'b', stepSlot(order, 'b', 1))).toEqual(['a', 'c', 'b']);
    expect(moveCard(order, 'a', stepSlot(order, 'a', -1))).toEqual(order);
    expect(moveCard(order, 'c', stepSlot(order, 'c', 1))).toEqual(order);
  });

  it('moving keeps every card exactly once (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 21 }), fc.nat(), fc.nat(), (order, pick, slot) => {
        const card = order[pick % order.length]!;
        const moved = moveCard(order, card, slot % (order.length + 1));
        expect([...moved].sort()).toEqual([...order].sort());
      }),
      { numRuns: 200 },
    );
  });
});

describe('hand layout', () => {
  it('one row without overlap when the cards fit', () => {
    expect(fitHand(1000, 13, 70)).toEqual({ strip: 74, perRow: 13, rows: 1 });
  });

  it('a 21-card hand on a 390 px phone wraps into balanced rows that fit the width', () => {
    const fit = fitHand(374, 21, 52);
    expect(fit.rows).toBe(2);
    expect(fit.perRow).toBe(11);
    expect((fit.perRow - 1) * fit.strip + 52).toBeLessThanOrEqual(374);
    expect(fit.strip).toBeGreaterThanOrEqual(Math.ceil(52 * 0.56));
  });

  it('never lays a hand wider than the space, and shows enough of every card (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 1400 }), fc.integer({ min: 1, max: 21 }), fc.integer({ min: 36, max: 90 }), (width, count, card) => {
        const fit = fitHand(width, count, card);
        expect(fit.perRow * fit.rows).toBeGreaterThanOrEqual(count);
        expect((fit.perRow - 1) * fit.strip + card).toBeLessThanOrEqual(Math.max(width, card));
        if (fit.perRow > 1) expect(fit.strip).toBeGreaterThanOrEqual(Math.min(Math.ceil(card * 0.56), card + 4) - 1);
        expect(
          splitRows(
            Array.from({ length: count }, (_, i) => i),
            fit.perRow,
          ).flat(),
        ).toHaveLength(count);
      }),
      { numRuns: 300 },
    );
  });

  it('splits the order into rows of the chosen length', () => {
    expect(splitRows([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(splitRows([], 3)).toEqual([]);
  });
});

describe('drop slot under the pointer', () => {
  // Two rows of three cards, 40 px apart, 60 px tall, 70 px apart vertically.
  const fit = { strip: 40, perRow: 3, rows: 2 };
  const boxes = handBoxes(fit, 6, { width: 56, height: 60 }, 70, { x: 100, y: 500 });

  it('boxes follow the layout; the last card of a row shows whole', () => {
    expect(boxes[0]).toEqual({ left: 100, top: 500, width: 40, height: 60 });
    expect(boxes[2]).toEqual({ left: 180, top: 500, width: 56, height: 60 });
    expect(boxes[3]).toEqual({ left: 100, top: 570, width: 40, height: 60 });
  });

  it('left half of a card inserts before it, right half after it', () => {
    expect(dropSlot(boxes, 105, 520)).toBe(0);
    expect(dropSlot(boxes, 135, 520)).toBe(1);
    expect(dropSlot(boxes, 145, 520)).toBe(1);
  });

  it('past the end of a row inserts after its last card; the nearest row is used above or below the hand', () => {
    expect(dropSlot(boxes, 400, 520)).toBe(3);
    expect(dropSlot(boxes, 400, 600)).toBe(6);
    expect(dropSlot(boxes, 105, 300)).toBe(0);
    expect(dropSlot(boxes, 145, 900)).toBe(4);
  });

  it('an empty hand has only slot 0', () => {
    expect(dropSlot([], 10, 10)).toBe(0);
  });
});

describe('drop targets', () => {
  it('melds and the discard pile are targets; anything else is not', () => {
    expect(dropTargetOf({ drop: 'meld', meldId: 'm4' })).toEqual({ kind: 'meld', meldId: 'm4' });
    expect(dropTargetOf({ drop: 'discard' })).toEqual({ kind: 'discard' });
    expect(dropTargetOf({ drop: 'meld' })).toBeNull();
    expect(dropTargetOf({})).toBeNull();
    expect(dropTargetOf(undefined)).toBeNull();
  });
});
