/**
 * Dhappa Baaji's melds ("runs" in the rules: sequences and the sets of aces or 3s): laying a
 * new one, adding to one (with the 2 that moves aside), merging two, swapping a joker out,
 * checking one as stored, and the team's 3-run lock. The geometry is shared with Rummy
 * (shared/cards/melds.ts); the rules and the messages are Dhappa's.
 */
import {
  arrangeSet,
  countWilds,
  pinStandIns,
  runLayouts,
  runPositions,
  shownFace,
  wildsAdjacent,
  type MeldCard,
  type RunReason,
  type StandIns,
} from '../../cards/melds';
import type { DhappaRefusal } from './refusals';
import { faceAt, faceOf, GEOMETRY, isJoker, isNaturalFace, isTwo, isWild, MAX_RUN, MAX_SET, positionOf, rankOf, suitOf, type Rank, type Suit } from './cards';

export type { MeldCard, StandIns };
export type RunKind = 'run' | 'set';

/** A meld on a team's board. Sequences are in rank order 3 … A; sets in suit order. */
export interface Run {
  id: string;
  kind: RunKind;
  cards: MeldCard[];
}

export interface Layout {
  kind: RunKind;
  cards: MeldCard[];
}

type GameError = DhappaRefusal;
export type Fail = { ok: false; error: GameError };
export type LayoutResult = { ok: true; layout: Layout; alternatives: Layout[] } | Fail;
/** Where a 2 moved when the natural card for its place was added. */
export interface Shift {
  card: string;
  from: string;
  to: string;
}
export type AddResult = { ok: true; cards: MeldCard[]; shifted: Shift | null } | Fail;
export type SwapResult = { ok: true; cards: MeldCard[]; joker: string } | Fail;

export function fail(error: DhappaRefusal): Fail {
  return { ok: false, error };
}

/** The face a meld card shows: its own face, or the one its wild stands for. */
export function faceShown(mc: MeldCard): string {
  return shownFace(mc, isWild);
}

export function positions(cards: readonly MeldCard[]): number[] {
  return runPositions(cards, GEOMETRY);
}

export function wildsIn(run: Pick<Run, 'cards'>): number {
  return countWilds(run.cards, isWild).wilds;
}

/** A pure meld has no wild card at all. */
export function isPure(run: Pick<Run, 'cards'>): boolean {
  return run.cards.every((mc) => !isWild(mc.card));
}

export function runCards(run: Pick<Run, 'cards'>): string[] {
  return run.cards.map((mc) => mc.card);
}

function runError(reasons: Set<RunReason>, naturals: readonly string[] = []): Fail {
  const wraps = naturals.some((c) => rankOf(c) === 'A') && naturals.some((c) => positionOf(c) <= 5);
  if (wraps) return fail({ code: 'no_wrap', why: 'ace_high' });
  if (reasons.has('duplicate')) return fail({ code: 'duplicate_card', card: null, kind: 'run' });
  if (reasons.has('adjacent')) return fail({ code: 'wilds_adjacent' });
  if (reasons.has('tooLong')) return fail({ code: 'run_too_long', max: MAX_RUN });
  if (reasons.has('edge')) return fail({ code: 'no_wrap', why: 'edge' });
  return fail({ code: 'not_consecutive' });
}

function wildCountError(naturals: number, wilds: number): Fail | null {
  if (wilds >= naturals) return fail({ code: 'too_many_wilds' });
  return null;
}

function checkStandIns(wilds: readonly string[], wanted: StandIns): GameError | null {
  for (const [w, face] of Object.entries(wanted)) {
    if (!wilds.includes(w)) return { code: 'bad_stand_in', why: 'not_placed', cards: [w], rank: null };
    if (!isNaturalFace(face)) return { code: 'bad_stand_in', why: 'not_a_card', cards: [], rank: null };
  }
  const faces = Object.values(wanted);
  if (new Set(faces).size !== faces.length) return { code: 'bad_stand_in', why: 'same_card', cards: [], rank: null };
  return null;
}

/** Pins requested stand-ins on the first layout that has room for them. */
function chooseLayout(layouts: MeldCard[][], wanted: StandIns, newWilds: readonly string[]): MeldCard[] | null {
  for (const cards of layouts) {
    const pinned = pinStandIns(cards, wanted, newWilds);
    if (pinned) return pinned;
  }
  return null;
}

// ---------------------------------------------------------------- a new meld

/**
 * Lays out `cards` as a new meld. A run's spare wilds go to the high end when there is room,
 * else the low end (unless `wanted` pins them); `alternatives` lists every legal layout.
 */
export function layoutNew(cards: readonly string[], wanted: StandIns = {}): LayoutResult {
  if (new Set(cards).size !== cards.length) return fail({ code: 'duplicate_card', card: null, kind: null });
  const naturals = cards.filter((c) => !isWild(c));
  const wilds = cards.filter(isWild);
  const standIn = checkStandIns(wilds, wanted);
  if (standIn) return { ok: false, error: standIn };
  if (cards.length < 3) return fail({ code: 'meld_too_short' });
  const tooMany = wildCountError(naturals.length, wilds.length);
  if (tooMany) return tooMany;
  const rank = rankOf(naturals[0]!);
  if (naturals.every((c) => rankOf(c) === rank)) {
    if (rank !== 'A' && rank !== '3') {
      return fail({ code: 'set_rank', cards: naturals.slice(0, 2), rank: null });
    }
    const arranged = arrangeSet(rank, naturals, wilds, wanted, MAX_SET);
    if (!arranged.ok) return setError(arranged.reason, rank, arranged.face);
    const layout: Layout = { kind: 'set', cards: arranged.cards };
    return { ok: true, layout, alternatives: [layout] };
  }
  const suit = suitOf(naturals[0]!);
  if (!naturals.every((c) => suitOf(c) === suit)) {
    return fail({ code: 'not_a_meld' });
  }
  const found = runLayouts(GEOMETRY, suit, new Map(), naturals, wilds);
  if (found.layouts.length === 0) return runError(found.reasons, naturals);
  const chosen = chooseLayout(found.layouts, wanted, wilds);
  if (!chosen) return fail({ code: 'bad_stand_in', why: 'no_place', cards: Object.values(wanted), rank: null });
  return { ok: true, layout: { kind: 'run', cards: chosen }, alternatives: found.layouts.map((c) => ({ kind: 'run', cards: c })) };
}

function setError(reason: 'sameSuit' | 'tooBig' | 'badStandIn', rank: Rank, face?: string): Fail {
  if (reason === 'sameSuit') return fail({ code: 'set_same_suit' });
  if (reason === 'tooBig') return fail({ code: 'set_too_big' });
  return fail({ code: 'bad_stand_in', why: 'set_rank', cards: face ? [face] : [], rank });
}

// ---------------------------------------------------------------- adding to a meld

/**
 * Adds `cards` to a meld. A natural card put where a 2 stands moves that 2 to an open end
 * (room left in 3 … A, not next to another wild; for a set, a missing suit): `shift` says
 * which end when both are open. A natural card put where a joker stands is a swap, not an add.
 */
export function layoutAdd(run: Pick<Run, 'kind' | 'cards'>, cards: readonly string[], wanted: StandIns = {}, shift?: 'low' | 'high'): AddResult {
  if (cards.length === 0) return fail({ code: 'no_cards' });
  if (new Set(cards).size !== cards.length) return fail({ code: 'duplicate_card', card: null, kind: null });
  const naturals = cards.filter((c) => !isWild(c));
  const wilds = cards.filter(isWild);
  const standIn = checkStandIns(wilds, wanted);
  if (standIn) return { ok: false, error: standIn };
  const before = countWilds(run.cards, isWild);
  const tooMany = wildCountError(before.naturals + naturals.length, before.wilds + wilds.length);
  if (tooMany) return tooMany;
  return run.kind === 'set' ? addToSet(run.cards, naturals, wilds, wanted) : addToRun(run.cards, naturals, wilds, wanted, shift);
}

function placeTaken(mc: MeldCard, face: string, kind: RunKind): Fail | 'two' {
  if (isJoker(mc.card)) {
    return fail({ code: 'swap_instead', card: face, kind });
  }
  if (isTwo(mc.card)) return 'two';
  return fail({ code: 'duplicate_card', card: face, kind });
}

function addToRun(base: readonly MeldCard[], naturals: string[], wilds: string[], wanted: StandIns, shift?: 'low' | 'high'): AddResult {
  const suit = suitOf(faceShown(base[0]!));
  const stray = naturals.find((c) => suitOf(c) !== suit);
  if (stray) return fail({ code: 'run_suit', card: stray, suit });
  const faces = naturals.map(faceOf);
  if (new Set(faces).size !== faces.length) return fail({ code: 'duplicate_card', card: null, kind: 'run' });
  const pos = positions(base);
  const fixed = new Map<number, MeldCard>();
  base.forEach((mc, i) => fixed.set(pos[i]!, mc));
  let displaced: { mc: MeldCard; face: string } | null = null;
  for (const c of naturals) {
    const p = positionOf(c);
    const there = fixed.get(p);
    if (!there) continue;
    const taken = placeTaken(there, faceOf(c), 'run');
    if (taken !== 'two') return taken;
    if (displaced) return fail({ code: 'one_shift' });
    if (wilds.length > 0) return fail({ code: 'shift_with_wilds' });
    displaced = { mc: there, face: faceOf(c) };
    fixed.delete(p);
  }
  const found = runLayouts(GEOMETRY, suit, fixed, naturals, wilds);
  if (found.layouts.length === 0) return runError(found.reasons, [...naturals, ...base.filter((mc) => !isWild(mc.card)).map((mc) => mc.card)]);
  if (!displaced) {
    const chosen = chooseLayout(found.layouts, wanted, wilds);
    if (!chosen) return fail({ code: 'bad_stand_in', why: 'no_place', cards: Object.values(wanted), rank: null });
    return { ok: true, cards: chosen, shifted: null };
  }
  const laid = found.layouts[0]!;
  const lp = positions(laid);
  const lo = lp[0]!;
  const hi = lp[lp.length - 1]!;
  const roomy = laid.length + 1 <= MAX_RUN;
  const lowOpen = roomy && lo - 1 >= GEOMETRY.low && !isWild(laid[0]!.card);
  const highOpen = roomy && hi + 1 <= GEOMETRY.high && !isWild(laid[laid.length - 1]!.card);
  const two = displaced.mc.card;
  if (!lowOpen && !highOpen) return fail({ code: 'no_room_for_two', two, card: displaced.face, kind: 'run' });
  let end: 'low' | 'high';
  if (shift === undefined) {
    if (lowOpen && highOpen) return fail({ code: 'choose_shift', two, card: displaced.face });
    end = lowOpen ? 'low' : 'high';
  } else {
    if ((shift === 'low' && !lowOpen) || (shift === 'high' && !highOpen)) {
      return fail({ code: 'bad_shift', two, card: displaced.face, shift });
    }
    end = shift;
  }
  const to = faceAt(suit, end === 'low' ? lo - 1 : hi + 1);
  const moved: MeldCard = { card: two, as: to };
  const cards = end === 'low' ? [moved, ...laid] : [...laid, moved];
  return { ok: true, cards, shifted: { card: two, from: displaced.face, to } };
}

function addToSet(base: readonly MeldCard[], naturals: string[], wilds: string[], wanted: StandIns): AddResult {
  const rank = rankOf(faceShown(base[0]!));
  const stray = naturals.find((c) => rankOf(c) !== rank);
  if (stray) return fail({ code: 'set_rank', cards: [stray], rank });
  const bySuit = new Map<Suit, MeldCard>();
  for (const mc of base) bySuit.set(suitOf(faceShown(mc)), mc);
  let displaced: { mc: MeldCard; face: string } | null = null;
  const newSuits = new Set<Suit>();
  for (const c of naturals) {
    const s = suitOf(c);
    if (newSuits.has(s)) return fail({ code: 'set_same_suit' });
    newSuits.add(s);
    const there = bySuit.get(s);
    if (!there) continue;
    const taken = placeTaken(there, faceOf(c), 'set');
    if (taken !== 'two') return taken;
    if (displaced) return fail({ code: 'one_shift' });
    if (wilds.length > 0) return fail({ code: 'shift_with_wilds' });
    displaced = { mc: there, face: faceOf(c) };
  }
  // Wilds already in the set keep their suits; a displaced 2 takes a free one.
  const keep: StandIns = {};
  const baseNaturals: string[] = [];
  const baseWilds: string[] = [];
  for (const mc of base) {
    if (!isWild(mc.card)) baseNaturals.push(mc.card);
    else {
      baseWilds.push(mc.card);
      if (mc !== displaced?.mc) keep[mc.card] = mc.as!;
    }
  }
  const arranged = arrangeSet(rank, [...baseNaturals, ...naturals], [...baseWilds, ...wilds], { ...keep, ...wanted }, MAX_SET);
  if (!arranged.ok) {
    if (displaced && arranged.reason === 'tooBig') {
      return fail({ code: 'no_room_for_two', two: displaced.mc.card, card: displaced.face, kind: 'set' });
    }
    return setError(arranged.reason, rank, arranged.face);
  }
  let shifted: Shift | null = null;
  if (displaced) {
    const moved = arranged.cards.find((mc) => mc.card === displaced.mc.card)!;
    shifted = { card: moved.card, from: displaced.face, to: moved.as! };
  }
  return { ok: true, cards: arranged.cards, shifted };
}

// ---------------------------------------------------------------- merging, swapping

/** Two runs of one suit that meet end to end become one run (sets never merge). */
export function mergeRuns(a: Pick<Run, 'kind' | 'cards'>, b: Pick<Run, 'kind' | 'cards'>): { ok: true; cards: MeldCard[] } | Fail {
  if (a.kind !== 'run' || b.kind !== 'run') return fail({ code: 'merge_sets' });
  const sa = suitOf(faceShown(a.cards[0]!));
  const sb = suitOf(faceShown(b.cards[0]!));
  if (sa !== sb) return fail({ code: 'merge_suits', suits: [sa, sb] });
  const pa = positions(a.cards);
  const pb = positions(b.cards);
  const [first, second, p1, p2] = pa[0]! < pb[0]! ? [a, b, pa, pb] : [b, a, pb, pa];
  const end = p1[p1.length - 1]!;
  if (p2[0]! <= end) return fail({ code: 'merge_overlap' });
  if (p2[0]! !== end + 1) return fail({ code: 'merge_gap' });
  const cards = [...first.cards, ...second.cards];
  if (cards.length > MAX_RUN) return fail({ code: 'run_too_long', max: MAX_RUN });
  if (wildsAdjacent(cards, isWild)) return fail({ code: 'wilds_adjacent' });
  const counts = countWilds(cards, isWild);
  const tooMany = wildCountError(counts.naturals, counts.wilds);
  if (tooMany) return tooMany;
  return { ok: true, cards: cards.map((mc) => ({ ...mc })) };
}

/** Puts the natural `card` in place of the joker that stands for it; the joker is freed. */
export function swapOut(run: Pick<Run, 'kind' | 'cards'>, card: string): SwapResult {
  if (isWild(card)) return fail({ code: 'swap_natural' });
  const face = faceOf(card);
  const i = run.cards.findIndex((mc) => isJoker(mc.card) && mc.as === face);
  if (i < 0) {
    const two = run.cards.find((mc) => isTwo(mc.card) && mc.as === face);
    if (two) {
      return fail({ code: 'static_two', card: face, kind: run.kind });
    }
    return fail({ code: 'swap_no_joker', card: face, kind: run.kind });
  }
  const cards = run.cards.map((mc) => ({ ...mc }));
  const joker = cards[i]!.card;
  cards[i] = { card };
  return { ok: true, cards, joker };
}

// ---------------------------------------------------------------- checks

/** Checks a meld as stored: every rule, the wilds' recorded faces and the order included. */
export function validateRun(run: Pick<Run, 'kind' | 'cards'>): string | null {
  const cards = run.cards;
  if (cards.length < 3) return 'too short';
  for (const mc of cards) {
    if (isWild(mc.card) && (!mc.as || !isNaturalFace(mc.as))) return `wild ${mc.card} has no face`;
    if (!isWild(mc.card) && mc.as !== undefined) return `natural ${mc.card} has a face`;
  }
  const counts = countWilds(cards, isWild);
  if (counts.wilds >= counts.naturals) return 'too many wilds';
  const faces = cards.map(faceShown);
  if (run.kind === 'set') {
    if (cards.length > MAX_SET) return 'set too big';
    const rank = rankOf(faces[0]!);
    if (rank !== 'A' && rank !== '3') return 'set rank';
    if (!faces.every((f) => rankOf(f) === rank)) return 'set ranks differ';
    if (new Set(faces.map(suitOf)).size !== faces.length) return 'set suits repeat';
    const order = 'SHDC';
    for (let i = 1; i < faces.length; i++) if (order.indexOf(suitOf(faces[i]!)) < order.indexOf(suitOf(faces[i - 1]!))) return 'set order';
    return null;
  }
  if (cards.length > MAX_RUN) return 'run too long';
  const suit = suitOf(faces[0]!);
  if (!faces.every((f) => suitOf(f) === suit)) return 'run suits differ';
  const pos = positions(cards);
  for (let i = 0; i < pos.length; i++) {
    if (pos[i]! < 3 || pos[i]! > 14) return 'run position';
    if (i > 0 && pos[i]! !== pos[i - 1]! + 1) return 'run not consecutive';
  }
  if (wildsAdjacent(cards, isWild)) return 'wilds adjacent';
  return null;
}

// ---------------------------------------------------------------- the lock

export interface Lock {
  /** The runs that count, fewest wilds first (up to 3). */
  runs: string[];
  /** Wilds in those runs. */
  wilds: number;
  /** Three runs with at most 2 wilds each and at most 4 in all. */
  holds: boolean;
}

export const LOCK_RUNS = 3;
export const LOCK_WILDS_PER_RUN = 2;
export const LOCK_WILDS = 4;

/** The team's best 3 runs for going out: the three with the fewest wilds (longer first on a tie). */
export function lockOf(board: readonly Run[]): Lock {
  const eligible = board
    .map((r, i) => ({ r, i, w: wildsIn(r) }))
    .filter((x) => x.w <= LOCK_WILDS_PER_RUN)
    .sort((x, y) => x.w - y.w || y.r.cards.length - x.r.cards.length || x.i - y.i)
    .slice(0, LOCK_RUNS);
  const wilds = eligible.reduce((n, x) => n + x.w, 0);
  return { runs: eligible.map((x) => x.r.id), wilds, holds: eligible.length === LOCK_RUNS && wilds <= LOCK_WILDS };
}
