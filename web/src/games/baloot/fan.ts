/**
 * The hand as a radial fan: every card stands on an arc around a pivot far below the
 * screen, turned to face away from it, so the middle cards sit highest and the outer ones
 * dip and tilt. Cards are layered left to right (the rightmost on top) so that each card's
 * top-left index stays visible under its right-hand neighbour. Pure geometry, no DOM.
 */

/** Height over width of a card face (the spec's 5:7). */
export const CARD_RATIO = 1.4;
export const cardHeightOf = (width: number): number => Math.round(width * CARD_RATIO);

/** How far a tapped card rises; the fan keeps this much room above itself. */
export const LIFT_PX = 26;

export interface FanSlot {
  /** Box of the unrotated card, relative to the fan's top-left corner. */
  left: number;
  top: number;
  /** Degrees, clockwise, about the card's bottom centre. */
  rotate: number;
  /** Stacking order: left to right. */
  z: number;
}

export interface Fan {
  cardWidth: number;
  cardHeight: number;
  /** Size of the box the fan (with room for a lifted card) occupies. */
  width: number;
  height: number;
  slots: FanSlot[];
}

/** Card width for a hand area `width` px wide: about a quarter of a phone screen, capped on desktops. */
export function fanCardWidth(width: number): number {
  return Math.round(Math.min(116, Math.max(60, width * 0.24)));
}

const MAX_STEP_DEG = 6;
const MAX_SPREAD_DEG = 40;
/** Horizontal distance between neighbouring cards, as a share of the card width. */
const MAX_SPACING = 0.62;
const MIN_SPACING = 0.3;

interface Placed {
  x: number;
  y: number;
  deg: number;
}

function place(n: number, spacing: number, stepDeg: number): Placed[] {
  const step = (stepDeg * Math.PI) / 180;
  const radius = step > 0 ? spacing / Math.sin(step) : 0;
  const out: Placed[] = [];
  for (let i = 0; i < n; i++) {
    const k = i - (n - 1) / 2;
    const a = k * step;
    out.push(step > 0 ? { x: radius * Math.sin(a), y: radius * (1 - Math.cos(a)), deg: k * stepDeg } : { x: k * spacing, y: 0, deg: 0 });
  }
  return out;
}

/** Bounding box of the rotated cards standing on their bottom-centre anchors. */
function bounds(cards: Placed[], w: number, h: number) {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const c of cards) {
    const a = (c.deg * Math.PI) / 180;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    for (const [dx, dy] of [
      [-w / 2, 0],
      [w / 2, 0],
      [-w / 2, -h],
      [w / 2, -h],
    ] as const) {
      const x = c.x + dx * cos - dy * sin;
      const y = c.y + dx * sin + dy * cos;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return { minX, maxX, minY, maxY };
}

/**
 * Lay out `n` cards in a box `available` px wide. Neighbours spread apart up to 0.62 of a
 * card and close up (down to 0.3, then smaller cards) when the box is narrow, so 8 cards
 * always fit a 390 px phone with every index readable.
 */
export function fanLayout(n: number, available: number, cardWidth = fanCardWidth(available)): Fan {
  let w = cardWidth;
  if (n === 0) return { cardWidth: w, cardHeight: cardHeightOf(w), width: 0, height: cardHeightOf(w) + LIFT_PX, slots: [] };
  const stepDeg = n > 1 ? Math.min(MAX_STEP_DEG, MAX_SPREAD_DEG / (n - 1)) : 0;
  for (;;) {
    const h = cardHeightOf(w);
    for (let share = MAX_SPACING; share >= MIN_SPACING - 1e-9; share -= 0.02) {
      const cards = place(n, share * w, stepDeg);
      const b = bounds(cards, w, h);
      if (b.maxX - b.minX <= available || (share - 0.02 < MIN_SPACING - 1e-9 && w <= 40)) {
        const width = b.maxX - b.minX;
        const dx = -b.minX;
        const dy = LIFT_PX - b.minY;
        return {
          cardWidth: w,
          cardHeight: h,
          width: Math.ceil(width),
          height: Math.ceil(b.maxY - b.minY + LIFT_PX),
          slots: cards.map((c, i) => ({ left: c.x + dx - w / 2, top: c.y + dy - h, rotate: c.deg, z: i + 1 })),
        };
      }
    }
    w -= 4;
  }
}
