/**
 * French-suited playing cards shared by Baloot, Rummy and Dhappa Baaji.
 * A card is a short string so that states and views stay small and readable:
 * rank then suit, e.g. "AS", "TD" (ten of diamonds), "7H"; jokers are "X" plus an id ("X1").
 * Games that deal several decks add a copy suffix to keep each physical card unique: "AS#2".
 */
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof SUITS)[number];
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];

export const SUIT_SYMBOL: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
export const SUIT_IS_RED: Record<Suit, boolean> = { S: false, H: true, D: true, C: false };

export function isJoker(card: string): boolean {
  return card.startsWith('X');
}
/** Rank of a non-joker card ("T" for ten). */
export function rankOf(card: string): Rank {
  return card[0] as Rank;
}
/** Suit of a non-joker card. */
export function suitOf(card: string): Suit {
  return card[1] as Suit;
}
/** The card without its copy suffix: "AS#2" -> "AS". */
export function faceOf(card: string): string {
  const i = card.indexOf('#');
  return i < 0 ? card : card.slice(0, i);
}
/** Human label, e.g. "10♦". */
export function cardLabel(card: string): string {
  if (isJoker(card)) return 'Joker';
  const r = rankOf(card);
  return `${r === 'T' ? '10' : r}${SUIT_SYMBOL[suitOf(card)]}`;
}
/** A standard 52-card deck, optionally limited to some ranks, with a copy suffix. */
export function standardDeck(ranks: readonly Rank[] = RANKS, copy?: number): string[] {
  const out: string[] = [];
  for (const s of SUITS) for (const r of ranks) out.push(copy === undefined ? `${r}${s}` : `${r}${s}#${copy}`);
  return out;
}
