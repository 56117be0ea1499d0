/**
 * Rummy's cards: two 52-card decks told apart by a copy suffix ("AS#1", "AS#2") plus four
 * jokers ("X1".."X4"), and the values the rules give them.
 */
import { faceOf, isJoker, rankOf, RANKS, SUITS, suitOf, type Rank, type Suit } from '../../cards/playing-cards';

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
 * Rank as a number with the ace low: A=1, 2..10, J=11, Q=12, K=13. In a sequence the ace
 * may also sit above the king, at position 14.
 */
export function rankNumber(rank: Rank): number {
  if (rank === 'A') return 1;
  if (rank === 'T') return 10;
  if (rank === 'J') return 11;
  if (rank === 'Q') return 12;
  if (rank === 'K') return 13;
  return Number(rank);
}

const RANK_BY_NUMBER: Rank[] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];

/** The rank at a sequence position 1..14 (1 and 14 are both the ace). */
function rankAtPosition(pos: number): Rank {
  return RANK_BY_NUMBER[(pos - 1) % 13]!;
}

/** The face ("9D", "AH") at a sequence position of a suit. */
export function faceAt(suit: Suit, pos: number): string {
  return `${rankAtPosition(pos)}${suit}`;
}

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
