/**
 * Meld geometry shared by the games that lay runs and sets (Rummy, Dhappa Baaji): where the
 * cards of a run sit, which places are holes, where a wild card stands, whether wilds touch,
 * duplicates, and which suits a set lacks. What counts as wild, which positions exist, how
 * long a run may be and every message a player reads stay in each game.
 *
 * A run position is a number along one suit: 1 is the ace below the 2, 2..13 the ranks 2 to
 * king, 14 the ace above the king.
 */
import { faceOf, SUITS, suitOf, type Rank, type Suit } from './playing-cards';

/** One card of a meld; a wild card records the face it stands for in `as` (e.g. "9D"). */
export interface MeldCard {
  card: string;
  as?: string;
}

/** Which face each wild card stands for, by card id: `{ X2: '9D' }`. */
export type StandIns = Record<string, string>;

/** The rules of a game's runs that the geometry needs. */
export interface RunGeometry {
  /** Lowest and highest position a run card may take (Rummy 1..14, Dhappa 3..14). */
  low: number;
  high: number;
  /** Positions an ace may take, in the order they are tried (Rummy [1, 14], Dhappa [14]). */
  acePositions: readonly number[];
  /** Longest run allowed. */
  maxLength: number;
  /** Whether a card is wild (stands for another card). */
  isWild(card: string): boolean;
}

/**
 * Why no layout was found: `twoAces` (a game with two ace positions got two aces),
 * `duplicate` (two cards for one place), `gap` (more holes than wilds), `edge` (past the
 * lowest or highest position), `tooLong`, `adjacent` (two wilds side by side).
 */
export type RunReason = 'twoAces' | 'duplicate' | 'gap' | 'edge' | 'tooLong' | 'adjacent';

const RANK_BY_NUMBER: Rank[] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];

/** Rank as a number with the ace low: A=1, 2..10, J=11, Q=12, K=13. */
export function rankNumber(rank: Rank): number {
  if (rank === 'A') return 1;
  if (rank === 'T') return 10;
  if (rank === 'J') return 11;
  if (rank === 'Q') return 12;
  if (rank === 'K') return 13;
  return Number(rank);
}

/** The rank at a run position 1..14 (1 and 14 are both the ace). */
export function rankAtPosition(pos: number): Rank {
  return RANK_BY_NUMBER[(pos - 1) % 13]!;
}

/** The face ("9D", "AH") at a run position of a suit. */
export function faceAt(suit: Suit, pos: number): string {
  return `${rankAtPosition(pos)}${suit}`;
}

/** The face a meld card shows: its own face, or the face its wild stands for. */
export function shownFace(mc: MeldCard, isWild: (card: string) => boolean): string {
  return isWild(mc.card) ? (mc.as ?? '') : faceOf(mc.card);
}

/**
 * Positions of a run's cards, in order. An ace is at the low position only where the game
 * has one and the ace comes first; otherwise it sits above the king.
 */
export function runPositions(cards: readonly MeldCard[], geometry: RunGeometry): number[] {
  const aceLow = geometry.acePositions.includes(1);
  return cards.map((mc, i) => {
    const n = rankNumber(shownFace(mc, geometry.isWild)[0] as Rank);
    return n === 1 && (i > 0 || !aceLow) ? 14 : n;
  });
}

/** The suit of a run, read from its first card. */
export function runSuit(cards: readonly MeldCard[], isWild: (card: string) => boolean): Suit {
  return suitOf(shownFace(cards[0]!, isWild));
}

/** How many cards of a meld are natural and how many wild. */
export function countWilds(cards: readonly MeldCard[], isWild: (card: string) => boolean): { naturals: number; wilds: number } {
  let wilds = 0;
  for (const mc of cards) if (isWild(mc.card)) wilds++;
  return { naturals: cards.length - wilds, wilds };
}

/** Whether two wild cards sit next to each other in a run laid out in order. */
export function wildsAdjacent(cards: readonly MeldCard[], isWild: (card: string) => boolean): boolean {
  for (let i = 1; i < cards.length; i++) if (isWild(cards[i - 1]!.card) && isWild(cards[i]!.card)) return true;
  return false;
}

/** Places from `lo` to `hi` that `occupied` leaves empty. */
export function holesBetween(occupied: ReadonlyMap<number, unknown>, lo: number, hi: number): number[] {
  const holes: number[] = [];
  for (let p = lo; p <= hi; p++) if (!occupied.has(p)) holes.push(p);
  return holes;
}

export interface RunLayouts {
  layouts: MeldCard[][];
  reasons: Set<RunReason>;
}

/**
 * Every legal run of one suit made of `fixed` (cards already in place, by position) plus new
 * natural and wild cards. New wilds fill the holes first; any left over go to the ends, every
 * split between the low and the high end being one layout. Layouts come low ends first.
 */
export function runLayouts(
  geometry: RunGeometry,
  suit: Suit,
  fixed: ReadonlyMap<number, MeldCard>,
  naturals: readonly string[],
  wilds: readonly string[],
): RunLayouts {
  const reasons = new Set<RunReason>();
  const layouts: MeldCard[][] = [];
  const aces = naturals.filter((c) => c[0] === 'A');
  const others = naturals.filter((c) => c[0] !== 'A');
  const twoAcePlaces = geometry.acePositions.length > 1;
  if (twoAcePlaces) {
    const fixedAces = [...fixed.values()].filter((mc) => shownFace(mc, geometry.isWild)[0] === 'A').length;
    if (aces.length + fixedAces > 1) {
      reasons.add('twoAces');
      return { layouts, reasons };
    }
  }
  // With one ace place every ace goes there; with two, the single ace tries each.
  const aceChoices: (number | null)[] = aces.length === 0 ? [null] : twoAcePlaces ? [...geometry.acePositions] : [geometry.acePositions[0]!];
  for (const acePos of aceChoices) {
    const occupied = new Map(fixed);
    let clash = false;
    for (const c of others) {
      const p = rankNumber(c[0] as Rank);
      if (occupied.has(p)) clash = true;
      occupied.set(p, { card: c });
    }
    if (acePos !== null) {
      for (const ace of aces) {
        if (occupied.has(acePos)) clash = true;
        occupied.set(acePos, { card: ace });
      }
    }
    if (clash) {
      reasons.add('duplicate');
      continue;
    }
    const positions = [...occupied.keys()].sort((a, b) => a - b);
    const minP = positions[0]!;
    const maxP = positions[positions.length - 1]!;
    if (minP < geometry.low || maxP > geometry.high) {
      reasons.add('edge');
      continue;
    }
    const holes = holesBetween(occupied, minP, maxP);
    if (holes.length > wilds.length) {
      reasons.add('gap');
      continue;
    }
    const extra = wilds.length - holes.length;
    for (let below = 0; below <= extra; below++) {
      const lo = minP - below;
      const hi = maxP + (extra - below);
      if (lo < geometry.low || hi > geometry.high) {
        reasons.add('edge');
        continue;
      }
      if (hi - lo + 1 > geometry.maxLength) {
        reasons.add('tooLong');
        continue;
      }
      const wildAt = new Set<number>(holes);
      for (let p = lo; p < minP; p++) wildAt.add(p);
      for (let p = maxP + 1; p <= hi; p++) wildAt.add(p);
      const isWildAt = (p: number) => wildAt.has(p) || (occupied.has(p) && geometry.isWild(occupied.get(p)!.card));
      let adjacent = false;
      for (let p = lo; p < hi; p++) if (isWildAt(p) && isWildAt(p + 1)) adjacent = true;
      if (adjacent) {
        reasons.add('adjacent');
        continue;
      }
      const cards: MeldCard[] = [];
      let next = 0;
      for (let p = lo; p <= hi; p++) {
        const mc = occupied.get(p);
        cards.push(mc ?? { card: wilds[next++]!, as: faceAt(suit, p) });
      }
      layouts.push(cards);
    }
  }
  return { layouts, reasons };
}

/**
 * Puts requested wilds on their faces in a layout whose `newWilds` were placed in order;
 * null when the layout has no place for a request.
 */
export function pinStandIns(cards: readonly MeldCard[], wanted: StandIns, newWilds: readonly string[]): MeldCard[] | null {
  const requested = newWilds.filter((w) => wanted[w] !== undefined);
  if (requested.length === 0) return [...cards];
  const slots = cards.map((mc, i) => (newWilds.includes(mc.card) ? i : -1)).filter((i) => i >= 0);
  const out = cards.map((mc) => ({ ...mc }));
  const taken = new Set<number>();
  for (const w of requested) {
    const slot = slots.find((i) => !taken.has(i) && out[i]!.as === wanted[w]);
    if (slot === undefined) return null;
    taken.add(slot);
    out[slot] = { card: w, as: wanted[w]! };
  }
  const rest = newWilds.filter((w) => wanted[w] === undefined);
  let k = 0;
  for (const i of slots) if (!taken.has(i)) out[i] = { card: rest[k++]!, as: out[i]!.as! };
  return out;
}

// ---------------------------------------------------------------- sets

/** The suits of `cards` (naturals) that appear more than once; empty when all differ. */
export function repeatedSuits(naturals: readonly string[]): Suit[] {
  const seen = new Set<Suit>();
  const twice = new Set<Suit>();
  for (const c of naturals) {
    const s = suitOf(c);
    if (seen.has(s)) twice.add(s);
    seen.add(s);
  }
  return [...twice];
}

/** Suits not in `present`, in suit order. */
export function missingSuits(present: Iterable<Suit>): Suit[] {
  const have = new Set(present);
  return SUITS.filter((s) => !have.has(s));
}

export type SetArrangement = { ok: true; cards: MeldCard[] } | { ok: false; reason: 'sameSuit' | 'tooBig' | 'badStandIn'; face?: string };

/**
 * Lays out a set of `rank`: naturals by suit, each wild on a missing suit (the requested one
 * when `wanted` names it, otherwise the first free suit in suit order), all in suit order.
 */
export function arrangeSet(rank: Rank, naturals: readonly string[], wilds: readonly string[], wanted: StandIns, maxSize: number): SetArrangement {
  if (repeatedSuits(naturals).length > 0) return { ok: false, reason: 'sameSuit' };
  if (naturals.length + wilds.length > maxSize) return { ok: false, reason: 'tooBig' };
  const bySuit = new Map<Suit, MeldCard>();
  for (const c of naturals) bySuit.set(suitOf(c), { card: c });
  const free = missingSuits(bySuit.keys());
  const unplaced: string[] = [];
  for (const w of wilds) {
    const face = wanted[w];
    if (face === undefined) {
      unplaced.push(w);
      continue;
    }
    const s = suitOf(face);
    if (face[0] !== rank || !free.includes(s)) return { ok: false, reason: 'badStandIn', face };
    free.splice(free.indexOf(s), 1);
    bySuit.set(s, { card: w, as: `${rank}${s}` });
  }
  for (const w of unplaced) {
    const s = free.shift()!;
    bySuit.set(s, { card: w, as: `${rank}${s}` });
  }
  return { ok: true, cards: SUITS.filter((s) => bySuit.has(s)).map((s) => bySuit.get(s)!) };
}
