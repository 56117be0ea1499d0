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
import type { GameError } from '../../engine/types';
import {
  faceAt,
  faceOf,
  GEOMETRY,
  isJoker,
  isNaturalFace,
  isTwo,
  isWild,
  label,
  MAX_RUN,
  MAX_SET,
  positionOf,
  rankOf,
  SUIT_NAMES,
  suitOf,
  type Rank,
  type Suit,
} from './cards';

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

export function fail(code: string, message: string): Fail {
  return { ok: false, error: { code, message } };
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

const RANK_WORD: Record<string, string> = { A: 'aces', '3': '3s' };

function kindWord(kind: RunKind): string {
  return kind === 'run' ? 'run' : 'set';
}

function runError(reasons: Set<RunReason>, naturals: readonly string[] = []): Fail {
  const wraps = naturals.some((c) => rankOf(c) === 'A') && naturals.some((c) => positionOf(c) <= 5);
  if (wraps) return fail('no_wrap', 'The ace is high only: a run goes from 3 up to the ace and never wraps round.');
  if (reasons.has('duplicate')) return fail('duplicate_card', 'A run cannot hold the same card twice.');
  if (reasons.has('adjacent')) return fail('wilds_adjacent', 'Two wild cards cannot sit next to each other.');
  if (reasons.has('tooLong')) return fail('run_too_long', `A run has at most ${MAX_RUN} cards, 3 up to the ace.`);
  if (reasons.has('edge')) return fail('no_wrap', 'A run goes from 3 up to the ace and never past it: no wrapping, no 2 as a natural card.');
  return fail('not_consecutive', 'These cards leave gaps that your wild cards cannot fill.');
}

function wildCountError(naturals: number, wilds: number): Fail | null {
  if (wilds >= naturals) return fail('too_many_wilds', 'A meld needs more natural cards than wild cards.');
  return null;
}

function checkStandIns(wilds: readonly string[], wanted: StandIns): GameError | null {
  for (const [w, face] of Object.entries(wanted)) {
    if (!wilds.includes(w)) return { code: 'bad_stand_in', message: `${label(w)} is not one of the wild cards you are placing.` };
    if (!isNaturalFace(face)) return { code: 'bad_stand_in', message: `"${face}" is not a card a wild can stand for (3 to ace).` };
  }
  const faces = Object.values(wanted);
  if (new Set(faces).size !== faces.length) return { code: 'bad_stand_in', message: 'Two wild cards cannot stand for the same card.' };
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

function askedFaces(wanted: StandIns): string {
  return Object.values(wanted).map(label).join(', ');
}

// ---------------------------------------------------------------- a new meld

/**
 * Lays out `cards` as a new meld. A run's spare wilds go to the high end when there is room,
 * else the low end (unless `wanted` pins them); `alternatives` lists every legal layout.
 */
export function layoutNew(cards: readonly string[], wanted: StandIns = {}): LayoutResult {
  if (new Set(cards).size !== cards.length) return fail('duplicate_card', 'The same card is listed twice.');
  const naturals = cards.filter((c) => !isWild(c));
  const wilds = cards.filter(isWild);
  const standIn = checkStandIns(wilds, wanted);
  if (standIn) return { ok: false, error: standIn };
  if (cards.length < 3) return fail('meld_too_short', 'A new meld needs at least 3 cards.');
  const tooMany = wildCountError(naturals.length, wilds.length);
  if (tooMany) return tooMany;
  const rank = rankOf(naturals[0]!);
  if (naturals.every((c) => rankOf(c) === rank)) {
    if (rank !== 'A' && rank !== '3') {
      return fail('set_rank', `Only aces and 3s make sets; ${label(naturals[0]!)} and ${label(naturals[1]!)} would be a set of another rank.`);
    }
    const arranged = arrangeSet(rank, naturals, wilds, wanted, MAX_SET);
    if (!arranged.ok) return setError(arranged.reason, rank, arranged.face);
    const layout: Layout = { kind: 'set', cards: arranged.cards };
    return { ok: true, layout, alternatives: [layout] };
  }
  const suit = suitOf(naturals[0]!);
  if (!naturals.every((c) => suitOf(c) === suit)) {
    return fail('not_a_meld', 'A meld is a run (one suit, consecutive ranks) or a set of aces or 3s (one rank, different suits).');
  }
  const found = runLayouts(GEOMETRY, suit, new Map(), naturals, wilds);
  if (found.layouts.length === 0) return runError(found.reasons, naturals);
  const chosen = chooseLayout(found.layouts, wanted, wilds);
  if (!chosen) return fail('bad_stand_in', `The wild cards cannot stand for ${askedFaces(wanted)} in this run.`);
  return { ok: true, layout: { kind: 'run', cards: chosen }, alternatives: found.layouts.map((c) => ({ kind: 'run', cards: c })) };
}

function setError(reason: 'sameSuit' | 'tooBig' | 'badStandIn', rank: Rank, face?: string): Fail {
  if (reason === 'sameSuit') return fail('set_same_suit', 'A set cannot hold two cards of the same suit.');
  if (reason === 'tooBig') return fail('set_too_big', 'A set has at most 4 cards, one of each suit.');
  return fail('bad_stand_in', `A wild card in this set can stand only for a missing ${rank === 'A' ? 'ace' : '3'}, not ${label(face ?? '')}.`);
}

// ---------------------------------------------------------------- adding to a meld

/**
 * Adds `cards` to a meld. A natural card put where a 2 stands moves that 2 to an open end
 * (room left in 3 … A, not next to another wild; for a set, a missing suit): `shift` says
 * which end when both are open. A natural card put where a joker stands is a swap, not an add.
 */
export function layoutAdd(run: Pick<Run, 'kind' | 'cards'>, cards: readonly string[], wanted: StandIns = {}, shift?: 'low' | 'high'): AddResult {
  if (cards.length === 0) return fail('no_cards', 'Name at least one card to add.');
  if (new Set(cards).size !== cards.length) return fail('duplicate_card', 'The same card is listed twice.');
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
    return fail('swap_instead', `A joker stands for ${label(face)} in this ${kindWord(kind)}: swap it out instead of adding.`);
  }
  if (isTwo(mc.card)) return 'two';
  return fail('duplicate_card', `This ${kindWord(kind)} already holds ${label(face)}.`);
}

function addToRun(base: readonly MeldCard[], naturals: string[], wilds: string[], wanted: StandIns, shift?: 'low' | 'high'): AddResult {
  const suit = suitOf(faceShown(base[0]!));
  const stray = naturals.find((c) => suitOf(c) !== suit);
  if (stray) return fail('run_suit', `${label(stray)} is not one of the ${SUIT_NAMES[suit]}: a run is all one suit.`);
  const faces = naturals.map(faceOf);
  if (new Set(faces).size !== faces.length) return fail('duplicate_card', 'A run cannot hold the same card twice.');
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
    if (displaced) return fail('one_shift', 'Only one 2 can move at a time: add these cards one by one.');
    if (wilds.length > 0) return fail('shift_with_wilds', 'Add wild cards separately from the card that moves a 2.');
    displaced = { mc: there, face: faceOf(c) };
    fixed.delete(p);
  }
  const found = runLayouts(GEOMETRY, suit, fixed, naturals, wilds);
  if (found.layouts.length === 0) return runError(found.reasons, [...naturals, ...base.filter((mc) => !isWild(mc.card)).map((mc) => mc.card)]);
  if (!displaced) {
    const chosen = chooseLayout(found.layouts, wanted, wilds);
    if (!chosen) return fail('bad_stand_in', `The wild cards cannot stand for ${askedFaces(wanted)} here.`);
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
  const where = `${label(two)} standing for ${label(displaced.face)}`;
  if (!lowOpen && !highOpen) {
    return fail('no_room_for_two', `The ${where} has no open end to move to, so ${label(displaced.face)} cannot be added.`);
  }
  let end: 'low' | 'high';
  if (shift === undefined) {
    if (lowOpen && highOpen) return fail('choose_shift', `The ${where} can move to either end of the run: choose low or high.`);
    end = lowOpen ? 'low' : 'high';
  } else {
    if ((shift === 'low' && !lowOpen) || (shift === 'high' && !highOpen)) {
      return fail('bad_shift', `The ${where} cannot move to the ${shift} end; it can only go ${lowOpen ? 'low' : 'high'}.`);
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
  if (stray) return fail('set_rank', `${label(stray)} does not belong in this set of ${RANK_WORD[rank] ?? rank}.`);
  const bySuit = new Map<Suit, MeldCard>();
  for (const mc of base) bySuit.set(suitOf(faceShown(mc)), mc);
  let displaced: { mc: MeldCard; face: string } | null = null;
  const newSuits = new Set<Suit>();
  for (const c of naturals) {
    const s = suitOf(c);
    if (newSuits.has(s)) return fail('set_same_suit', 'A set cannot hold two cards of the same suit.');
    newSuits.add(s);
    const there = bySuit.get(s);
    if (!there) continue;
    const taken = placeTaken(there, faceOf(c), 'set');
    if (taken !== 'two') return taken;
    if (displaced) return fail('one_shift', 'Only one 2 can move at a time: add these cards one by one.');
    if (wilds.length > 0) return fail('shift_with_wilds', 'Add wild cards separately from the card that moves a 2.');
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
      return fail(
        'no_room_for_two',
        `The ${label(displaced.mc.card)} standing for ${label(displaced.face)} has no missing suit to move to, so ${label(displaced.face)} cannot be added.`,
      );
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
  if (a.kind !== 'run' || b.kind !== 'run') return fail('merge_sets', 'Only runs can be merged: a set cannot join another meld.');
  const sa = suitOf(faceShown(a.cards[0]!));
  const sb = suitOf(faceShown(b.cards[0]!));
  if (sa !== sb) return fail('merge_suits', `These runs are not of one suit (${SUIT_NAMES[sa]} and ${SUIT_NAMES[sb]}).`);
  const pa = positions(a.cards);
  const pb = positions(b.cards);
  const [first, second, p1, p2] = pa[0]! < pb[0]! ? [a, b, pa, pb] : [b, a, pb, pa];
  const end = p1[p1.length - 1]!;
  if (p2[0]! <= end) return fail('merge_overlap', 'These runs overlap, so they cannot be merged.');
  if (p2[0]! !== end + 1) return fail('merge_gap', 'These runs do not meet: fill the gap between them first.');
  const cards = [...first.cards, ...second.cards];
  if (cards.length > MAX_RUN) return fail('run_too_long', `A run has at most ${MAX_RUN} cards, 3 up to the ace.`);
  if (wildsAdjacent(cards, isWild)) return fail('wilds_adjacent', 'Merging would put two wild cards next to each other.');
  const counts = countWilds(cards, isWild);
  const tooMany = wildCountError(counts.naturals, counts.wilds);
  if (tooMany) return tooMany;
  return { ok: true, cards: cards.map((mc) => ({ ...mc })) };
}

/** Puts the natural `card` in place of the joker that stands for it; the joker is freed. */
export function swapOut(run: Pick<Run, 'kind' | 'cards'>, card: string): SwapResult {
  if (isWild(card)) return fail('swap_natural', 'A joker is swapped out with the natural card it stands for, not with a wild card.');
  const face = faceOf(card);
  const i = run.cards.findIndex((mc) => isJoker(mc.card) && mc.as === face);
  if (i < 0) {
    const two = run.cards.find((mc) => isTwo(mc.card) && mc.as === face);
    if (two) {
      return fail(
        'static_two',
        `A 2 stands for ${label(face)} here and never leaves the table: add ${label(face)} to the ${kindWord(run.kind)} to move the 2.`,
      );
    }
    return fail('swap_no_joker', `No joker in this ${kindWord(run.kind)} stands for ${label(face)}.`);
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
