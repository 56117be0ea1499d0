/**
 * How Rummy cards are drawn and ordered in the browser, from card ids alone (no DOM), so
 * it runs under Node in tests.
 */
import { cardLabel, faceOf, isJoker, rankOf, SUIT_IS_RED, SUIT_SYMBOL, suitOf, type Suit } from '../../../../shared/cards/playing-cards';
import { sortByKey } from '../../cards/sort';

export interface CardFace {
  id: string;
  joker: boolean;
  /** "A", "2".."10", "J", "Q", "K"; "★" for a joker. */
  rank: string;
  /** Suit symbol; empty for a joker. */
  suit: string;
  red: boolean;
  /** Spoken label: "10♦", "Joker". */
  label: string;
}

const cache = new Map<string, CardFace>();

/** Face data of a card id ("TD#2", "X3") or of a bare face a joker stands for ("9D"). */
export function cardFace(id: string): CardFace {
  const hit = cache.get(id);
  if (hit) return hit;
  let face: CardFace;
  if (isJoker(id)) face = { id, joker: true, rank: '★', suit: '', red: false, label: 'Joker' };
  else {
    const r = rankOf(id);
    const s = suitOf(id);
    face = { id, joker: false, rank: r === 'T' ? '10' : r, suit: SUIT_SYMBOL[s], red: SUIT_IS_RED[s], label: cardLabel(id) };
  }
  cache.set(id, face);
  return face;
}

export type SortMode = 'suit' | 'rank';

/** Suits alternate colours so neighbouring suits are easy to tell apart. */
const SUIT_ORDER: Suit[] = ['S', 'H', 'C', 'D'];
const RANK_ORDER = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];

function sortKey(id: string, mode: SortMode): [number, number, number] {
  if (isJoker(id)) return [1, 0, 0];
  const suit = SUIT_ORDER.indexOf(suitOf(id));
  const rank = RANK_ORDER.indexOf(rankOf(id));
  return mode === 'suit' ? [0, suit, rank] : [0, rank, suit];
}

/** The hand by suit (ace low, then up to the king) or by rank; jokers always last; copies side by side. */
export function sortCards(cards: readonly string[], mode: SortMode): string[] {
  return sortByKey(cards, (id) => sortKey(id, mode));
}

/** Two copies of a card ("AS#1", "AS#2") look the same. */
export function sameFace(a: string, b: string): boolean {
  return faceOf(a) === faceOf(b);
}
