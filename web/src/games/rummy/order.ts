/**
 * The player's arrangement of their hand: sorting, keeping a hand-made order as cards come
 * and go, moving one card, laying the hand out in rows, and finding the slot a dragged card
 * is over. Pure maths, so it is tested under Node.
 */
import { sortCards, type SortMode } from './faces';

/**
 * The hand in display order. A sorted hand simply follows the sort. A hand the player has
 * arranged keeps their order for the cards still held; new cards (just drawn or taken,
 * a freed joker) go to the end, where the player will look for them.
 */
export function reconcileOrder(previous: readonly string[], hand: readonly string[], mode: SortMode, arranged: boolean): string[] {
  if (!arranged) return sortCards(hand, mode);
  const held = new Set(hand);
  const kept = previous.filter((c) => held.has(c));
  const known = new Set(kept);
  return [...kept, ...hand.filter((c) => !known.has(c))];
}

/**
 * Moves `card` into insertion slot `slot` (0 = before the first card, length = after the
 * last), slots counted in the order before the move. Unknown cards leave the order as is.
 */
export function moveCard(order: readonly string[], card: string, slot: number): string[] {
  const from = order.indexOf(card);
  if (from < 0) return [...order];
  const to = Math.max(0, Math.min(order.length, slot));
  const rest = order.filter((_, i) => i !== from);
  rest.splice(to > from ? to - 1 : to, 0, card);
  return rest;
}

/** One step left or right for the keyboard: the slot that moves `card` by `delta` places. */
export function stepSlot(order: readonly string[], card: string, delta: -1 | 1): number {
  const at = order.indexOf(card);
  return delta < 0 ? Math.max(0, at - 1) : Math.min(order.length, at + 2);
}

export interface HandFit {
  /** Horizontal distance between the left edges of neighbouring cards (less than the width: they overlap). */
  strip: number;
  /** Cards per row (the last row may have fewer). */
  perRow: number;
  rows: number;
}

/** Gap between cards when they do not overlap. */
const GAP = 4;

/**
 * Lays `count` cards `cardWidth` wide into `available` pixels: one row without overlap when
 * they fit, else overlapping by at most `1 - minShow` of a card (the corner index must stay
 * readable), in as few balanced rows as that allows. Never wider than `available`.
 */
export function fitHand(available: number, count: number, cardWidth: number, minShow = 0.56): HandFit {
  if (count <= 0) return { strip: cardWidth + GAP, perRow: 0, rows: 0 };
  const full = cardWidth + GAP;
  const room = Math.max(0, available - cardWidth);
  if ((count - 1) * full <= room) return { strip: full, perRow: count, rows: 1 };
  const minStrip = Math.max(1, Math.ceil(cardWidth * minShow));
  const most = Math.max(1, Math.floor(room / minStrip) + 1);
  const rows = Math.ceil(count / most);
  const perRow = Math.ceil(count / rows);
  const strip = perRow > 1 ? Math.min(full, Math.floor(room / (perRow - 1))) : full;
  return { strip, perRow, rows };
}

/** Splits the display order into the rows `fitHand` chose. */
export function splitRows<T>(items: readonly T[], perRow: number): T[][] {
  if (perRow <= 0) return items.length ? [[...items]] : [];
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += perRow) rows.push(items.slice(i, i + perRow));
  return rows;
}

/** Where a card shows on screen: the visible part only (the next card covers the rest). */
export interface CardBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The insertion slot under a point, given each card's visible box in display order:
 * the row nearest the point vertically, then before the first card whose middle lies right
 * of the point, or after the row's last card.
 */
export function dropSlot(boxes: readonly CardBox[], x: number, y: number): number {
  if (boxes.length === 0) return 0;
  let bestTop = boxes[0]!.top;
  let bestDistance = Infinity;
  for (const b of boxes) {
    const distance = y < b.top ? b.top - y : y > b.top + b.height ? y - (b.top + b.height) : 0;
    if (distance < bestDistance) {
      bestDistance = distance;
      bestTop = b.top;
    }
  }
  let lastInRow = -1;
  for (let i = 0; i < boxes.length; i++) {
    const b = boxes[i]!;
    if (Math.abs(b.top - bestTop) > 1) continue;
    if (x < b.left + b.width / 2) return i;
    lastInRow = i;
  }
  return lastInRow + 1;
}

/**
 * Visible boxes of the cards as `fitHand` lays them out from `origin` (the hand's top-left
 * corner on screen), rows `rowPitch` apart; the last card of a row shows whole.
 */
export function handBoxes(fit: HandFit, count: number, card: { width: number; height: number }, rowPitch: number, origin: { x: number; y: number }): CardBox[] {
  const boxes: CardBox[] = [];
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / Math.max(1, fit.perRow));
    const col = i - row * fit.perRow;
    const lastInRow = col === fit.perRow - 1 || i === count - 1;
    boxes.push({
      left: origin.x + col * fit.strip,
      top: origin.y + row * rowPitch,
      width: lastInRow ? card.width : Math.min(fit.strip, card.width),
      height: card.height,
    });
  }
  return boxes;
}

/** Where a card dragged out of the hand can land, besides another place in the hand. */
export type DropTarget = { kind: 'meld'; meldId: string } | { kind: 'discard' };

/** Reads a drop target from an element's data attributes (`data-drop`, `data-meld-id`). */
export function dropTargetOf(data: { drop?: string; meldId?: string } | undefined): DropTarget | null {
  if (data?.drop === 'meld' && data.meldId) return { kind: 'meld', meldId: data.meldId };
  if (data?.drop === 'discard') return { kind: 'discard' };
  return null;
}
