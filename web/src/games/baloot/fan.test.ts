import { describe, expect, it } from 'vitest';
import { CARD_RATIO, LIFT_PX, fanCardWidth, fanLayout } from './fan';

/** Horizontal extent of a rotated card, from its unrotated box. */
function extent(slot: { left: number; top: number; rotate: number }, w: number, h: number) {
  const a = (slot.rotate * Math.PI) / 180;
  const ax = slot.left + w / 2;
  const ay = slot.top + h;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [dx, dy] of [
    [-w / 2, 0],
    [w / 2, 0],
    [-w / 2, -h],
    [w / 2, -h],
  ] as const) {
    xs.push(ax + dx * Math.cos(a) - dy * Math.sin(a));
    ys.push(ay + dx * Math.sin(a) + dy * Math.cos(a));
  }
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

describe('hand fan geometry', () => {
  it('fits eight cards on a 390 px phone with every card inside the box', () => {
    const fan = fanLayout(8, 374);
    expect(fan.width).toBeLessThanOrEqual(374);
    for (const s of fan.slots) {
      const e = extent(s, fan.cardWidth, fan.cardHeight);
      expect(e.minX).toBeGreaterThanOrEqual(-0.5);
      expect(e.maxX).toBeLessThanOrEqual(fan.width + 0.5);
      expect(e.minY).toBeGreaterThanOrEqual(LIFT_PX - 0.5);
      expect(e.maxY).toBeLessThanOrEqual(fan.height + 0.5);
    }
  });

  it('fits every hand size from 1 to 8 in widths from 300 to 1200 px', () => {
    for (const width of [300, 320, 360, 390, 600, 900, 1200]) {
      for (let n = 1; n <= 8; n++) {
        const fan = fanLayout(n, width);
        expect(fan.width, `${n} cards in ${width}px`).toBeLessThanOrEqual(width);
        expect(fan.slots).toHaveLength(n);
      }
    }
  });

  it('layers the cards left to right so each top-left index stays visible', () => {
    const fan = fanLayout(8, 374);
    const z = fan.slots.map((s) => s.z);
    expect(z).toEqual([...z].sort((a, b) => a - b));
    for (let i = 1; i < 8; i++) expect(fan.slots[i]!.left).toBeGreaterThan(fan.slots[i - 1]!.left);
  });

  it('leaves at least 0.3 of a card between neighbours, enough for the corner index', () => {
    for (const width of [320, 390, 1000]) {
      const fan = fanLayout(8, width);
      for (let i = 1; i < 8; i++) {
        expect(fan.slots[i]!.left - fan.slots[i - 1]!.left).toBeGreaterThanOrEqual(fan.cardWidth * 0.3 - 0.01);
      }
    }
  });

  it('curves: the middle cards stand highest, the outer ones dip and tilt outward symmetrically', () => {
    const fan = fanLayout(8, 374);
    const [first, mid, last] = [fan.slots[0]!, fan.slots[3]!, fan.slots[7]!];
    expect(first.top).toBeGreaterThan(mid.top);
    expect(last.top).toBeGreaterThan(mid.top);
    expect(first.rotate).toBeLessThan(0);
    expect(last.rotate).toBeGreaterThan(0);
    expect(first.rotate).toBeCloseTo(-last.rotate, 6);
    expect(first.top).toBeCloseTo(last.top, 6);
    // Total spread stays near the spec's gentle arc.
    expect(last.rotate - first.rotate).toBeLessThanOrEqual(40 + 1e-9);
  });

  it('keeps the spec 5:7 card shape and a phone-sized card', () => {
    const fan = fanLayout(8, 374);
    expect(fan.cardHeight / fan.cardWidth).toBeCloseTo(CARD_RATIO, 1);
    expect(fan.cardWidth).toBeGreaterThanOrEqual(80);
    expect(fanCardWidth(2000)).toBe(116);
    expect(fanCardWidth(100)).toBe(60);
  });

  it('shrinks cards rather than overflow a very narrow box', () => {
    const fan = fanLayout(8, 200, 90);
    expect(fan.width).toBeLessThanOrEqual(200);
    expect(fan.cardWidth).toBeLessThan(90);
  });

  it('draws a single card upright in the middle', () => {
    const fan = fanLayout(1, 374);
    expect(fan.slots[0]!.rotate).toBe(0);
    expect(fan.width).toBe(fan.cardWidth);
  });
});
