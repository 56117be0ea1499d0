/**
 * Geometry of the hand: cards overlap sideways so each shows at least its corner index,
 * wrap into balanced rows when one row would squeeze them further, and rows overlap
 * downwards so the top of every card (index and colour shape) stays visible.
 */

export interface CardSize {
  width: number;
  height: number;
  /** Smallest visible slice of an overlapped card: the corner index plus a finger's width. */
  minStrip: number;
  /** Space between cards when there is room for them side by side. */
  gap: number;
  /** Visible height of a row that another row overlaps. */
  rowPitch: number;
}

/** Height over width of every card face. */
export const CARD_RATIO = 1.45;
export const cardHeight = (width: number) => Math.round(width * CARD_RATIO);

/** Card geometry for a card `width` pixels wide; the slices scale with the card. */
export function cardSize(width: number): CardSize {
  const height = cardHeight(width);
  return { width, height, minStrip: Math.max(40, Math.round(width * 0.6)), gap: Math.round(width * 0.1), rowPitch: Math.round(height * 0.68) };
}

/** Containers narrower than this get the phone-sized cards. */
export const PHONE_BREAKPOINT = 600;
/** Card widths to try, largest first: the largest that keeps the hand in one row wins. */
export const PHONE_WIDTHS = [76, 68, 62] as const;
export const DESKTOP_WIDTHS = [100, 90, 80] as const;
/** A phone on its side has little height: small cards, in as few rows as fit. */
export const SHORT_WIDTHS = [58, 50] as const;

export function cardWidthsFor(containerWidth: number): readonly number[] {
  return containerWidth < PHONE_BREAKPOINT ? PHONE_WIDTHS : DESKTOP_WIDTHS;
}

export interface HandLayout {
  /** Number of cards in each row, first row first. */
  rows: number[];
  /** Distance between the left edges of neighbouring cards in a row. */
  strip: number;
  /** Distance between the tops of neighbouring rows. */
  rowPitch: number;
  /** Width of the widest row and height of all rows. */
  width: number;
  height: number;
}

/** Lays `count` cards of `size` out in a container `available` pixels wide. */
export function handLayout(available: number, count: number, size: CardSize): HandLayout {
  if (count <= 0) return { rows: [], strip: size.width + size.gap, rowPitch: size.height, width: 0, height: 0 };
  const room = Math.max(0, available - size.width);
  const maxPerRow = Math.max(1, Math.floor(room / size.minStrip) + 1);
  const rowCount = Math.ceil(count / maxPerRow);
  // Balanced rows (e.g. 20 + 20, not 36 + 4) keep the overlap even across the hand.
  const base = Math.floor(count / rowCount);
  const rows = Array.from({ length: rowCount }, (_, i) => (i < count % rowCount ? base + 1 : base));
  const perRow = rows[0]!;
  const strip = perRow > 1 ? Math.max(1, Math.floor(Math.min(size.width + size.gap, room / (perRow - 1)))) : size.width + size.gap;
  const rowPitch = rows.length > 1 ? size.rowPitch : size.height;
  return {
    rows,
    strip,
    rowPitch,
    width: size.width + (perRow - 1) * strip,
    height: size.height + (rows.length - 1) * rowPitch,
  };
}

/**
 * Picks the card size for the hand: the largest of `widths` that fits the hand in one row,
 * else the smallest (which then wraps into the fewest rows).
 */
export function fitHand(available: number, count: number, widths: readonly number[]): { size: CardSize; layout: HandLayout } {
  let best: { size: CardSize; layout: HandLayout } | null = null;
  for (const width of widths) {
    const size = cardSize(width);
    best = { size, layout: handLayout(available, count, size) };
    if (best.layout.rows.length <= 1) break;
  }
  if (!best) throw new RangeError('fitHand needs at least one card width');
  return best;
}

/** Splits `items` into consecutive rows of the given lengths. */
export function splitRows<T>(items: readonly T[], rows: readonly number[]): T[][] {
  const out: T[][] = [];
  let start = 0;
  for (const n of rows) {
    out.push(items.slice(start, start + n));
    start += n;
  }
  return out;
}

/** Rotation (degrees) of each card back in an opponent's small fanned stack. */
export function fanAngles(cards: number, maxShown = 5, spread = 36): number[] {
  const shown = Math.max(0, Math.min(cards, maxShown));
  if (shown <= 1) return shown === 1 ? [0] : [];
  const step = spread / (shown - 1);
  return Array.from({ length: shown }, (_, i) => Math.round((-spread / 2 + i * step) * 10) / 10);
}

/** Columns of the other players' tiles on a phone: one row up to four, then rows of three or four. */
export function seatColumns(others: number): number {
  if (others <= 4) return Math.max(1, others);
  return others <= 6 ? 3 : 4;
}
