/**
 * Dhappa Baaji's cards: three 52-card decks told apart by a copy suffix ("AS#1".."AS#3")
 * plus six jokers ("X1".."X6"). Every 2 is a static wild, every joker a flying wild; the
 * natural ranks run 3 … A with the ace high only.
 */
import { faceAt, rankNumber, type RunGeometry } from '../../cards/melds';
import { cardLabel, faceOf, isJoker, RANKS, rankOf, SUITS, suitOf, type Rank, type Suit } from '../../cards/playing-cards';

export { cardLabel, faceAt, faceOf, isJoker, rankOf, SUITS, suitOf };
export type { Rank, Suit };

export const JOKERS = ['X1', 'X2', 'X3', 'X4', 'X5', 'X6'] as const;
export const DECK_SIZE = 162;
/** Cards dealt to each player, by table size. */
export const HAND_SIZES: Record<number, number> = { 4: 27, 6: 21 };
/** Longest run: 3 up to the ace. */
export const MAX_RUN = 12;
export const MAX_SET = 4;

/** The 162 card ids, unshuffled. */
export function dhappaDeck(): string[] {
  const deck: string[] = [];
  for (const copy of [1, 2, 3]) for (const s of SUITS) for (const r of RANKS) deck.push(`${r}${s}#${copy}`);
  deck.push(...JOKERS);
  return deck;
}

/** Whether a string is a card id of this game. */
export function isDhappaCard(id: string): boolean {
  if ((JOKERS as readonly string[]).includes(id)) return true;
  return /^[2-9TJQKA][SHDC]#[123]$/.test(id);
}

export function isTwo(card: string): boolean {
  return card[0] === '2';
}

/** 2s (static) and jokers (flying) are wild. */
export function isWild(card: string): boolean {
  return isJoker(card) || isTwo(card);
}

/** Run geometry: positions 3..14 (the ace only above the king), at most 12 cards. */
export const GEOMETRY: RunGeometry = { low: 3, high: 14, acePositions: [14], maxLength: MAX_RUN, isWild };

/** The run position of a natural card: 3..13, the ace 14. */
export function positionOf(face: string): number {
  const n = rankNumber(rankOf(face));
  return n === 1 ? 14 : n;
}

/** A natural face a run or set may hold ("9D"); wild faces and the 2s are not. */
export function isNaturalFace(face: string): boolean {
  return /^[3-9TJQKA][SHDC]$/.test(face);
}

/** Points of a card on the table or in hand: 3–10 face value, J/Q/K 10, A 15, a 2 20, a joker 50. */
export function cardPoints(card: string): number {
  if (isJoker(card)) return 50;
  const r = rankOf(card);
  if (r === '2') return 20;
  if (r === 'A') return 15;
  const n = rankNumber(r);
  return n >= 10 ? 10 : n;
}

export function sumPoints(cards: readonly string[]): number {
  let total = 0;
  for (const c of cards) total += cardPoints(c);
  return total;
}

/** The face at a run position (3..14) of a suit. */
export function runFace(suit: Suit, pos: number): string {
  return faceAt(suit, pos);
}

export const SUIT_NAMES: Record<Suit, string> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };

/** "2♠", "Joker", "10♦": a readable card name. */
export function label(card: string): string {
  return cardLabel(card);
}

export function labels(cards: readonly string[]): string {
  return cards.map(cardLabel).join(' ');
}
