/**
 * What the site's one French card face needs to know about a card, from its id alone (no
 * DOM, tested under Node): the corner index, the suit, whether the middle shows a framed
 * court letter or a single big pip, and the suit's ink in the two- or four-colour deck.
 * Games with their own indices (Baloot's Arabic ones) pass their own `rank` text.
 */
import { isJoker, rankOf, suitOf, type Suit } from '../../../shared/cards/playing-cards';

export type SuitInk = 'black' | 'red' | 'blue' | 'green';

export interface FaceSpec {
  /** Corner index: "A", "2".."10", "J", "Q", "K", "★" for a joker, or a game's own sign. */
  rank: string;
  /** null: a joker. */
  suit: Suit | null;
  court: boolean;
  ace: boolean;
}

export const SUIT_SIGN: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** Two colours: spades and clubs black, hearts and diamonds red. Four: diamonds blue, clubs green. */
export function suitInk(suit: Suit, fourColour: boolean): SuitInk {
  if (suit === 'H') return 'red';
  if (suit === 'S') return 'black';
  if (suit === 'D') return fourColour ? 'blue' : 'red';
  return fourColour ? 'green' : 'black';
}

const cache = new Map<string, FaceSpec>();

/** The face of a card id ("QH", "TD#2", a joker "X3"); `rank` overrides the printed index. */
export function faceSpec(id: string, rank?: string): FaceSpec {
  const key = rank === undefined ? id : `${id}|${rank}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let face: FaceSpec;
  if (isJoker(id)) face = { rank: rank ?? '★', suit: null, court: false, ace: false };
  else {
    const r = rankOf(id);
    face = { rank: rank ?? (r === 'T' ? '10' : r), suit: suitOf(id), court: r === 'J' || r === 'Q' || r === 'K', ace: r === 'A' };
  }
  cache.set(key, face);
  return face;
}
