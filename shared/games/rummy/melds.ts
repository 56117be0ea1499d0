/**
 * Meld rules: what makes a legal sequence or set, where jokers stand, what a meld is worth,
 * and how a meld on the table may be extended or have a joker swapped out.
 */
import {
  arrangeSet,
  pinStandIns,
  runLayouts as sharedRunLayouts,
  runPositions as sharedRunPositions,
  runSuit as sharedRunSuit,
  shownFace as sharedShownFace,
  type MeldCard,
  type RunGeometry,
  type RunReason,
  type StandIns,
} from '../../cards/melds';
import type { Rank, Suit } from '../../cards/playing-cards';
import type { Seat } from '../../engine/types';
import type { RummyRefusal } from './refusals';
import { faceOf, isJoker, positionValue, rankNumber, rankOf, setCardValue, suitOf } from './cards';

export type { MeldCard, StandIns };

export type MeldKind = 'run' | 'set';

export interface Meld {
  id: string;
  owner: Seat;
  kind: MeldKind;
  /** Sequences ascending (ace low at the start, ace high at the end); sets in suit order. */
  cards: MeldCard[];
}

export interface Layout {
  kind: MeldKind;
  cards: MeldCard[];
}

type GameError = RummyRefusal;

export type LayoutResult = { ok: true; layout: Layout; alternatives: Layout[] } | { ok: false; error: GameError };

export const MAX_SET = 4;

function fail(error: GameError): { ok: false; error: GameError } {
  return { ok: false, error };
}

/** Rummy's sequences: positions 1..14, the ace low (first) or high (last), 13 cards at most, jokers wild. */
const GEOMETRY: RunGeometry = { low: 1, high: 14, acePositions: [1, 14], maxLength: 13, isWild: isJoker };

/** The face a meld card shows: its own face, or the face its joker stands for. */
export function shownFace(mc: MeldCard): string {
  return sharedShownFace(mc, isJoker);
}

/** Sequence positions 1..14 of a run's cards, in order (an ace first is low, last is high). */
export function runPositions(cards: readonly MeldCard[]): number[] {
  return sharedRunPositions(cards, GEOMETRY);
}

export function runSuit(cards: readonly MeldCard[]): Suit {
  return sharedRunSuit(cards, isJoker);
}

/** Points toward a declaration: jokers count as the card they stand for, the low ace 1. */
export function meldPoints(meld: Pick<Meld, 'kind' | 'cards'>): number {
  if (meld.kind === 'set') return meld.cards.length * setCardValue(rankOf(shownFace(meld.cards[0]!)));
  return runPositions(meld.cards).reduce((sum, p) => sum + positionValue(p), 0);
}

/** A pure sequence: a run without jokers. */
export function isPureRun(meld: Pick<Meld, 'kind' | 'cards'>): boolean {
  return meld.kind === 'run' && meld.cards.every((mc) => !isJoker(mc.card));
}

function naturalsAndJokers(cards: readonly MeldCard[]): { naturals: number; jokers: number } {
  let jokers = 0;
  for (const mc of cards) if (isJoker(mc.card)) jokers++;
  return { naturals: cards.length - jokers, jokers };
}

// ---------------------------------------------------------------- sequences

interface RunAttempt {
  layouts: Layout[];
  reasons: Set<RunReason>;
}

/**
 * Every legal sequence made of `fixed` (cards already in place, by position) plus new
 * naturals and jokers. New jokers may fill single gaps and one place at each end.
 */
function runLayouts(suit: Suit, fixed: ReadonlyMap<number, MeldCard>, naturals: string[], jokers: string[]): RunAttempt {
  const found = sharedRunLayouts(GEOMETRY, suit, fixed, naturals, jokers);
  // The only sequence longer than 13 cards would hold the ace at both ends.
  if (found.reasons.delete('tooLong')) found.reasons.add('twoAces');
  return { layouts: found.layouts.map((cards) => ({ kind: 'run', cards })), reasons: found.reasons };
}

function runError(reasons: Set<RunReason>, allRanks: number[]): { ok: false; error: GameError } {
  if (reasons.has('adjacent')) return fail({ code: 'jokers_adjacent' });
  if (reasons.has('twoAces')) return fail({ code: 'two_aces' });
  if (reasons.has('duplicate')) return fail({ code: 'duplicate_card' });
  const wraps = allRanks.some((r) => r <= 3) && allRanks.some((r) => r >= 12);
  if (wraps || reasons.has('edge')) {
    return fail({ code: 'no_wrap' });
  }
  return fail({ code: 'not_consecutive' });
}

// ---------------------------------------------------------------- sets

/** Jokers of a set take missing suits: the requested ones first, then in suit order. */
function setLayout(rank: string, naturals: string[], jokers: string[], wanted: StandIns): LayoutResult {
  const arranged = arrangeSet(rank as Rank, naturals, jokers, wanted, MAX_SET);
  if (!arranged.ok) {
    if (arranged.reason === 'sameSuit') return fail({ code: 'set_same_suit' });
    if (arranged.reason === 'tooBig') return fail({ code: 'set_too_big' });
    return fail({ code: 'bad_stand_in', why: 'set_rank', cards: [arranged.face!], rank });
  }
  const layout: Layout = { kind: 'set', cards: arranged.cards };
  return { ok: true, layout, alternatives: [layout] };
}

// ---------------------------------------------------------------- choosing a layout

function jokerPositionSum(layout: Layout): number {
  const pos = runPositions(layout.cards);
  return layout.cards.reduce((sum, mc, i) => sum + (isJoker(mc.card) ? pos[i]! : 0), 0);
}

/** Best first: most points, then jokers as low as possible (leaves the high end open, spares the ace). */
function rankLayouts(layouts: Layout[]): Layout[] {
  return [...layouts].sort((a, b) => meldPoints(b) - meldPoints(a) || jokerPositionSum(a) - jokerPositionSum(b));
}

/** Puts requested jokers on their faces; null if the layout has no place for a request. */
function applyStandIns(layout: Layout, wanted: StandIns, newJokers: readonly string[]): Layout | null {
  const cards = pinStandIns(layout.cards, wanted, newJokers);
  return cards === null ? null : { kind: layout.kind, cards };
}

function checkStandIns(jokers: readonly string[], wanted: StandIns | undefined): GameError | null {
  if (!wanted) return null;
  for (const [j, face] of Object.entries(wanted)) {
    if (!jokers.includes(j)) return { code: 'bad_stand_in', why: 'not_placed', cards: [j], rank: null };
    if (!/^[2-9TJQKA][SHDC]$/.test(face)) return { code: 'bad_stand_in', why: 'not_a_card', cards: [], rank: null };
  }
  const faces = Object.values(wanted);
  if (new Set(faces).size !== faces.length) return { code: 'bad_stand_in', why: 'same_card', cards: [], rank: null };
  return null;
}

/**
 * Lays out `cards` as a new meld, or as `base` extended by `cards`. `wanted` pins jokers to
 * faces when more than one layout is legal; otherwise the most valuable layout is taken.
 * `alternatives` lists every legal layout (best first), so a UI can ask which one is meant.
 */
export function layoutMeld(cards: readonly string[], wanted: StandIns = {}, base?: Pick<Meld, 'kind' | 'cards'>): LayoutResult {
  if (new Set(cards).size !== cards.length) return fail({ code: 'duplicate_card' });
  const naturals = cards.filter((c) => !isJoker(c));
  const jokers = cards.filter((c) => isJoker(c));
  const standInError = checkStandIns(jokers, wanted);
  if (standInError) return { ok: false, error: standInError };
  const baseCards = base?.cards ?? [];
  const counts = naturalsAndJokers(baseCards);
  const totalNaturals = counts.naturals + naturals.length;
  const totalJokers = counts.jokers + jokers.length;
  if (baseCards.length + cards.length < 3) return fail({ code: 'meld_too_short' });
  if (totalNaturals <= totalJokers) return fail({ code: 'too_many_jokers' });

  const kind = base ? base.kind : guessKind(naturals);
  if (kind === null) {
    return fail({ code: 'not_a_meld' });
  }
  if (kind === 'set') {
    const rank = base ? rankOf(shownFace(baseCards[0]!)) : rankOf(naturals[0]!);
    const stray = naturals.find((c) => rankOf(c) !== rank);
    if (stray) return fail({ code: 'set_rank', card: stray, rank });
    const baseNaturals = baseCards.filter((mc) => !isJoker(mc.card)).map((mc) => mc.card);
    const baseJokers = baseCards.filter((mc) => isJoker(mc.card));
    // Jokers already in a set keep their suit while it is still missing, otherwise move.
    const keep: StandIns = {};
    const newSuits = new Set(naturals.map((c) => suitOf(c)));
    for (const mc of baseJokers) if (mc.as && !newSuits.has(suitOf(mc.as))) keep[mc.card] = mc.as;
    return setLayout(rank, [...baseNaturals, ...naturals], [...baseJokers.map((mc) => mc.card), ...jokers], { ...keep, ...wanted });
  }

  const suit = base ? runSuit(baseCards) : suitOf(naturals[0]!);
  const stray = naturals.find((c) => suitOf(c) !== suit);
  if (stray) return fail({ code: 'run_suit', card: stray, suit });
  const fixed = new Map<number, MeldCard>();
  const basePos = runPositions(baseCards);
  baseCards.forEach((mc, i) => fixed.set(basePos[i]!, mc));
  const attempt = runLayouts(suit, fixed, naturals, jokers);
  if (attempt.layouts.length === 0) {
    const ranks = [...naturals.map((c) => rankNumber(rankOf(c))), ...baseCards.map((mc) => rankNumber(rankOf(shownFace(mc))))];
    return runError(attempt.reasons, ranks);
  }
  const ranked = rankLayouts(attempt.layouts);
  const fitting = ranked.map((l) => applyStandIns(l, wanted, jokers)).filter((l): l is Layout => l !== null);
  if (fitting.length === 0) {
    if (attempt.reasons.has('adjacent')) return runError(attempt.reasons, []);
    return fail({ code: 'bad_stand_in', why: 'no_place', cards: Object.values(wanted), rank: null });
  }
  return { ok: true, layout: fitting[0]!, alternatives: ranked };
}

function guessKind(naturals: string[]): MeldKind | null {
  if (naturals.length === 0) return null;
  const rank = rankOf(naturals[0]!);
  if (naturals.every((c) => rankOf(c) === rank)) return 'set';
  const suit = suitOf(naturals[0]!);
  if (naturals.every((c) => suitOf(c) === suit)) return 'run';
  return null;
}

/** Checks a meld as stored: every rule, including the jokers' recorded faces. */
export function validateMeld(meld: Pick<Meld, 'kind' | 'cards'>): GameError | null {
  const cards = meld.cards.map((mc) => mc.card);
  const wanted: StandIns = {};
  for (const mc of meld.cards) {
    if (isJoker(mc.card)) {
      if (!mc.as) return { code: 'bad_stand_in', why: 'unassigned', cards: [], rank: null };
      wanted[mc.card] = mc.as;
    }
  }
  const result = layoutMeld(cards, wanted);
  if (!result.ok) return result.error;
  if (result.layout.kind !== meld.kind) return { code: 'not_a_meld' };
  const isStored = (l: Layout) =>
    l.cards.length === meld.cards.length && l.cards.every((mc, i) => mc.card === meld.cards[i]?.card && mc.as === meld.cards[i]?.as);
  // A meld with more than one legal order (ace to king: the ace low or high) stands in any of them.
  return isStored(result.layout) || result.alternatives.some(isStored) ? null : { code: 'bad_order' };
}

// ---------------------------------------------------------------- joker swap

export type SwapResult = { ok: true; cards: MeldCard[]; joker: string } | { ok: false; error: GameError };

/**
 * Replaces the joker that stands for `card`'s face with `card`. In a set the face of a joker
 * is only settled when the set has all four suits, so a set joker can be swapped only then.
 */
export function swapJoker(meld: Pick<Meld, 'kind' | 'cards'>, card: string): SwapResult {
  if (isJoker(card)) return fail({ code: 'swap_joker_for_joker' });
  const face = faceOf(card);
  if (meld.kind === 'set' && meld.cards.length < MAX_SET) {
    return fail({ code: 'swap_set_incomplete' });
  }
  const i = meld.cards.findIndex((mc) => isJoker(mc.card) && mc.as === face);
  if (i < 0) return fail({ code: 'swap_no_joker', card });
  const cards = meld.cards.map((mc) => ({ ...mc }));
  const joker = cards[i]!.card;
  cards[i] = { card };
  return { ok: true, cards, joker };
}
