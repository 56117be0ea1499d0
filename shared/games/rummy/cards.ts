/**
 * Rummy's cards: two 52-card decks told apart by a copy suffix ("AS#1", "AS#2") plus four
 * jokers ("X1".."X4"), and the values the rules give them.
 */
import { rankNumber } from '../../cards/melds';
import { faceOf, isJoker, rankOf, RANKS, SUITS, suitOf, type Rank } from '../../cards/playing-cards';

export const JOKERS = ['X1', 'X2', 'X3', 'X4'] as const;
export const DECK_SIZE = 108;
export const HAND_SIZE = 13;

/** The 108 card ids of a Rummy game, unshuffled. */
export function rummyDeck(): string[] {
  const deck: string[] = [];
  for (const copy of [1, 2]) for (const s of SUITS) for (const r of RANKS) deck.push(`${r}${s}#${copy}`);
  deck.push(...JOKERS);
  return deck;
}

export { faceOf, isJoker, rankOf, suitOf };

/**
 * Rank as a number with the ace low (A=1 … K=13) and the face at a sequence position 1..14
 * (the ace may also sit above the king, at 14): the shared meld geometry.
 */
export { faceAt, rankNumber } from '../../cards/melds';

/** Penalty value of a card left in a declared player's hand: 2–10 face, J/Q/K/A 10, joker 10. */
export function handValue(card: string): number {
  if (isJoker(card)) return 10;
  const n = rankNumber(rankOf(card));
  return n === 1 || n > 10 ? 10 : n;
}

/** Value of a sequence position toward a declaration: the low ace counts 1, the high ace 10. */
export function positionValue(pos: number): number {
  if (pos === 1) return 1;
  return pos >= 10 ? 10 : pos;
}

/** Value of one card of a set of this rank (an ace counts 10 outside a low sequence). */
export function setCardValue(rank: Rank): number {
  const n = rankNumber(rank);
  return n === 1 || n > 10 ? 10 : n;
}

/** Whether a string is a card id of this game. */
export function isRummyCard(id: string): boolean {
  if ((JOKERS as readonly string[]).includes(id)) return true;
  return /^[2-9TJQKA][SHDC]#[12]$/.test(id);
}
