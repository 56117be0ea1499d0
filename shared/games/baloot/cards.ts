/**
 * Baloot's 32-card deck as small integers, so that rules, projects and the bot's playouts
 * work on 32-bit masks. Card index = suit * 8 + rank, with ranks in sequence order
 * 7 8 9 T J Q K A (index 0..7): adjacent indices are adjacent in a project run.
 * The stored state and the views keep the readable strings ("AS", "TD").
 */
import { SUITS, SUIT_SYMBOL, cardLabel, type Suit } from '../../cards/playing-cards';

export const BALOOT_RANKS = ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;
export const RANK_7 = 0;
export const RANK_9 = 2;
export const RANK_T = 3;
export const RANK_J = 4;
export const RANK_Q = 5;
export const RANK_K = 6;
export const RANK_A = 7;

/** No trump (Sun). */
export const NO_TRUMP = -1;
export const FULL_MASK = -1; // all 32 bits

/** Every card string, by index. */
export const DECK: readonly string[] = SUITS.flatMap((s) => BALOOT_RANKS.map((r) => `${r}${s}`));

// Char-code lookups: cardIndex runs for every card of every move, a Map is measurably slower.
const RANK_BY_CODE = new Int8Array(128).fill(-1);
const SUIT_BY_CODE = new Int8Array(128).fill(-1);
BALOOT_RANKS.forEach((r, i) => (RANK_BY_CODE[r.charCodeAt(0)] = i));
SUITS.forEach((s, i) => (SUIT_BY_CODE[s.charCodeAt(0)] = i));

/** Index of a card string, or -1 for anything that is not a Baloot card. */
export function cardIndex(card: string): number {
  if (card.length !== 2) return -1;
  const r = RANK_BY_CODE[card.charCodeAt(0) & 127]!;
  const s = SUIT_BY_CODE[card.charCodeAt(1) & 127]!;
  return r < 0 || s < 0 ? -1 : s * 8 + r;
}
export function cardName(i: number): string {
  return DECK[i]!;
}
export function suitIndex(suit: Suit): number {
  return SUITS.indexOf(suit);
}
export function suitName(i: number): Suit {
  return SUITS[i]!;
}
export const suitOfIdx = (i: number): number => i >> 3;
export const rankOfIdx = (i: number): number => i & 7;

export const SUIT_MASK: readonly number[] = [0xff, 0xff00, 0xff0000, 0xff000000 | 0];

// Order strength, index by rank: A 10 K Q J 9 8 7 for plain suits, J 9 A 10 K Q 8 7 for trump.
const PLAIN_STRENGTH = [0, 1, 2, 6, 3, 4, 5, 7];
const TRUMP_STRENGTH = [0, 1, 6, 4, 7, 2, 3, 5];
const PLAIN_POINTS = [0, 0, 0, 10, 2, 3, 4, 11];
const TRUMP_POINTS = [0, 0, 14, 10, 20, 3, 4, 11];

export function strength(card: number, trump: number): number {
  return (card >> 3 === trump ? TRUMP_STRENGTH : PLAIN_STRENGTH)[card & 7]!;
}
export function cardPoints(card: number, trump: number): number {
  return (card >> 3 === trump ? TRUMP_POINTS : PLAIN_POINTS)[card & 7]!;
}

function buildHigher(table: readonly number[]): number[] {
  return DECK.map((_, c) => {
    let m = 0;
    for (let r = 0; r < 8; r++) if (table[r]! > table[c & 7]!) m |= 1 << ((c & ~7) + r);
    return m;
  });
}
const HIGHER_PLAIN = buildHigher(PLAIN_STRENGTH);
const HIGHER_TRUMP = buildHigher(TRUMP_STRENGTH);

/** Cards of the same suit that outrank `card` (trump order when its suit is trump). */
export function higherMask(card: number, trump: number): number {
  return (card >> 3 === trump ? HIGHER_TRUMP : HIGHER_PLAIN)[card]!;
}

export function bit(card: number): number {
  return 1 << card;
}
export function maskOf(cards: readonly string[]): number {
  let m = 0;
  for (const c of cards) m |= 1 << cardIndex(c);
  return m;
}
/** Card indices of a mask, ascending. */
export function indicesOf(mask: number): number[] {
  const out: number[] = [];
  let m = mask;
  while (m !== 0) {
    const low = m & -m;
    out.push(31 - Math.clz32(low));
    m ^= low;
  }
  return out;
}
export function cardsOf(mask: number): string[] {
  return indicesOf(mask).map(cardName);
}
export function lowestIndex(mask: number): number {
  return 31 - Math.clz32(mask & -mask);
}
export function popcount(mask: number): number {
  let m = mask - ((mask >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Points of every card in a mask. */
export function maskPoints(mask: number, trump: number): number {
  let sum = 0;
  let m = mask;
  while (m !== 0) {
    const low = m & -m;
    sum += cardPoints(31 - Math.clz32(low), trump);
    m ^= low;
  }
  return sum;
}

export function suitLabel(suit: Suit): string {
  return SUIT_SYMBOL[suit];
}
const LABELS = DECK.map(cardLabel);
/** Human label of a Baloot card, e.g. "10♦". */
export function label(card: string): string {
  const i = cardIndex(card);
  return i < 0 ? card : LABELS[i]!;
}
export function labelOf(i: number): string {
  return LABELS[i]!;
}
