/**
 * How Rummy cards are drawn and ordered in the browser, from card ids alone (no DOM), so
 * it runs under Node in tests.
 */
import { cardLabel, faceOf, isJoker, rankOf, SUIT_IS_RED, SUIT_SYMBOL, suitOf, type Suit } from '../../../../shared/cards/playing-cards';

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

/** Label of a list of cards: "5♥ 6♥ Joker". */
export function cardsLabel(ids: readonly string[]): string {
  return ids.map((id) => cardLabel(id)).join(' ');
}

export type SortMode = 'suit' | 'rank';

/** Suits alternate colours so neighbouring suits are easy to tell apart. */
const SUIT_ORDER: Suit[] = ['S', 'H', 'C', 'D'];
const RANK_ORDER = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];

function sortKey(id: string, mode: SortMode): [number, number, number, string] {
  if (isJoker(id)) return [1, 0, 0, id];
  const suit = SUIT_ORDER.indexOf(suitOf(id));
  const rank = RANK_ORDER.indexOf(rankOf(id));
  return mode === 'suit' ? [0, suit, rank, id] : [0, rank, suit, id];
}

/** The hand by suit (ace low, then up to the king) or by rank; jokers always last; copies side by side. */
export function sortCards(cards: readonly string[], mode: SortMode): string[] {
  const keys = new Map(cards.map((id) => [id, sortKey(id, mode)]));
  return [...cards].sort((a, b) => {
    const ka = keys.get(a)!;
    const kb = keys.get(b)!;
    for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return (ka[i] as number) - (kb[i] as number);
    return ka[3] < kb[3] ? -1 : ka[3] > kb[3] ? 1 : 0;
  });
}

/** Two copies of a card ("AS#1", "AS#2") look the same. */
export function sameFace(a: string, b: string): boolean {
  return faceOf(a) === faceOf(b);
}
