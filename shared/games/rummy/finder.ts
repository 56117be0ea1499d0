/**
 * The meld finder: an exact search for the best melds a hand can lay.
 *
 * - `findDeclaration`: the initial declaration with the most points (≥ 48, with a pure
 *   sequence), as new melds only.
 * - `findPlay`: after declaring, the best new melds, extensions of table melds and joker
 *   swaps, by hand value melded or by fewest cards left (to close).
 *
 * Cards with the same face (the two copies of a card) are interchangeable, so the search
 * works on face counts: every candidate meld or extension is enumerated once, then a
 * memoised depth-first search decides, face by face in a fixed order, which candidate
 * takes each copy or whether it stays in hand. A face that fits no candidate stays in hand.
 */
import { SUITS } from '../../cards/playing-cards';
import { faceAt, faceOf, handValue, isJoker, positionValue, rankNumber, rankOf, setCardValue, suitOf } from './cards';
import { MAX_SET, runPositions, shownFace, type Meld, type StandIns } from './melds';

export const DECLARATION_MINIMUM = 48;

export interface PlanMeld {
  cards: string[];
  as: StandIns;
}
export interface PlanExtension {
  meldId: string;
  cards: string[];
  as: StandIns;
}
export interface PlanSwap {
  meldId: string;
  card: string;
  /** The joker it frees. */
  joker: string;
}
/** What to lay this turn, in this order: swaps, new melds, extensions. */
export interface Plan {
  swaps: PlanSwap[];
  melds: PlanMeld[];
  extensions: PlanExtension[];
  /** Points of the new melds (the declaration total). */
  points: number;
  /** Hand value of the cards that leave the hand. */
  value: number;
  /** Cards left in hand afterwards. */
  left: string[];
}

export interface FinderOptions {
  /** A card that must end up on the table (the discard taken this turn). */
  mustUse?: string | null;
  /** How many of the hand's own jokers may be used (jokers freed by swaps always may). */
  jokerBudget?: number;
  /** findPlay only: 'value' melds the most hand value, 'cards' leaves the fewest cards. */
  objective?: 'value' | 'cards';
  /** findPlay only: allow joker swaps (default true). */
  swaps?: boolean;
}

const FACES = 52;
const NONE = -1e9;

/** The face string and hand value of each face index, precomputed for the hot loops. */
const FACE_NAMES: string[] = Array.from({ length: FACES }, (_, i) => faceAt(SUITS[Math.floor(i / 13)]!, (i % 13) + 1));
const FACE_VALUES: number[] = FACE_NAMES.map((f) => handValue(f));

function faceIndex(face: string): number {
  return SUITS.indexOf(suitOf(face)) * 13 + rankNumber(rankOf(face)) - 1;
}
function faceName(index: number): string {
  return FACE_NAMES[index]!;
}
function indexAt(suit: number, pos: number): number {
  return suit * 13 + ((pos - 1) % 13);
}

interface Candidate {
  /** Natural faces, ascending, each once. */
  nat: number[];
  jokers: number;
  score: number;
  pure: boolean;
  /** -1 for a new meld, else the extension slot it fills. */
  slot: number;
  /** The meld or extension card by card: a face index, or a joker's stand-in face as a string. */
  parts: (number | string)[];
  meldPoints: number;
}

interface Slot {
  meld: Meld;
  /** Face a lone joker would stand for here, when one may be added alone. */
  lonelyJoker: string | null;
}

interface Scoring {
  /** Score of a candidate from its meld points, naturals' hand value, card and joker counts. */
  candidate(meldPoints: number, natValue: number, cards: number, jokers: number): number;
  /** Score of a joker laid alone on a table meld. */
  joker: number;
  /** Most that one natural of this hand value, or one joker, can add to a score (for pruning). */
  natBound(value: number): number;
  jokerBound: number;
}

const DECLARE_SCORING: Scoring = {
  // Most points; then fewer jokers (keep them); then more cards.
  candidate: (points, _v, cards, jokers) => points * 1000 - jokers * 50 + cards,
  joker: 0,
  natBound: (value) => value * 1000 + 1,
  jokerBound: 10 * 1000 - 50 + 1,
};
const VALUE_SCORING: Scoring = {
  candidate: (_p, natValue, cards, jokers) => (natValue + 10 * jokers) * 100 + cards,
  joker: 10 * 100 + 1,
  natBound: (value) => value * 100 + 1,
  jokerBound: 10 * 100 + 1,
};
const CARDS_SCORING: Scoring = {
  candidate: (_p, natValue, cards, jokers) => cards * 1000 + natValue + 10 * jokers,
  joker: 1000 + 10,
  natBound: (value) => 1000 + value,
  jokerBound: 1000 + 10,
};

/** Collects candidates, keeping the best score for each distinct use of cards. */
class CandidateSet {
  private byKey = new Map<string, Candidate>();
  add(c: Candidate): void {
    let natMask = 0;
    for (const f of c.nat) natMask += 2 ** f;
    const key = `${natMask}|${c.slot}|${c.jokers}|${c.pure ? 1 : 0}`;
    const old = this.byKey.get(key);
    if (!old || old.score < c.score) this.byKey.set(key, c);
  }
  list(): Candidate[] {
    return [...this.byKey.values()];
  }
}

function natValueOf(nat: number[]): number {
  let v = 0;
  for (const f of nat) v += FACE_VALUES[f]!;
  return v;
}

/**
 * A walk along one suit from a starting position, one card at a time in one direction:
 * each place takes the natural (if held) or a joker (if one is left and the previous place
 * is not a joker). `emit` sees every prefix.
 */
interface ChainWalk {
  counts: Int8Array;
  suit: number;
  step: 1 | -1;
  /** Last position the walk may reach. */
  limit: number;
  maxJokers: number;
  nat: number[];
  parts: (number | string)[];
  emit(jokers: number, points: number): void;
}

function walkChain(w: ChainWalk, pos: number, used: number, points: number, lastJoker: boolean): void {
  if (w.step === 1 ? pos > w.limit : pos < w.limit) return;
  const f = indexAt(w.suit, pos);
  const total = points + positionValue(pos);
  if (w.counts[f]! > 0) {
    w.nat.push(f);
    w.parts.push(f);
    w.emit(used, total);
    walkChain(w, pos + w.step, used, total, false);
    w.parts.pop();
    w.nat.pop();
  }
  if (used < w.maxJokers && !lastJoker) {
    w.parts.push(FACE_NAMES[f]!);
    w.emit(used + 1, total);
    walkChain(w, pos + w.step, used + 1, total, true);
    w.parts.pop();
  }
}

function sortedCopy(nat: number[]): number[] {
  return [...nat].sort((a, b) => a - b);
}

/** Sequences of one suit from `counts`, jokers filling single places. */
function addRuns(out: CandidateSet, counts: Int8Array, jokers: number, scoring: Scoring): void {
  const w: ChainWalk = {
    counts,
    suit: 0,
    step: 1,
    limit: 14,
    maxJokers: jokers,
    nat: [],
    parts: [],
    emit(used, points) {
      const len = this.parts.length;
      if (len < 3 || this.nat.length <= used) return;
      const nat = sortedCopy(this.nat);
      out.add({
        nat,
        jokers: used,
        score: scoring.candidate(points, natValueOf(nat), len, used),
        pure: used === 0,
        slot: -1,
        parts: [...this.parts],
        meldPoints: points,
      });
    },
  };
  for (let s = 0; s < 4; s++) {
    w.suit = s;
    for (let lo = 1; lo <= 12; lo++) {
      // A sequence starting with the low ace stops at the king: one ace only.
      w.limit = lo === 1 ? 13 : 14;
      walkChain(w, lo, 0, 0, false);
    }
  }
}

/** Subsets of `items` (all of them, including the empty one). */
function subsets<T>(items: T[]): T[][] {
  const out: T[][] = [[]];
  for (const item of items) {
    const n = out.length;
    for (let i = 0; i < n; i++) out.push([...out[i]!, item]);
  }
  return out;
}

function addSets(out: CandidateSet, counts: Int8Array, jokers: number, scoring: Scoring): void {
  for (let r = 1; r <= 13; r++) {
    const faces = [0, 1, 2, 3].map((s) => s * 13 + r - 1).filter((f) => counts[f]! > 0);
    if (faces.length < 2) continue;
    const rank = rankOf(faceName(r - 1));
    for (const nat of subsets(faces)) {
      for (let j = 0; j <= Math.min(1, jokers); j++) {
        const size = nat.length + j;
        if (size < 3 || size > MAX_SET || nat.length <= j) continue;
        const missing = [0, 1, 2, 3].map((s) => s * 13 + r - 1).filter((f) => !nat.includes(f));
        const points = size * setCardValue(rank);
        out.add({
          nat,
          jokers: j,
          score: scoring.candidate(points, natValueOf(nat), size, j),
          pure: false,
          slot: -1,
          parts: [...nat, ...missing.slice(0, j).map(faceName)],
          meldPoints: points,
        });
      }
    }
  }
}

/**
 * Extensions of the table's melds. A sequence has a slot at each end; each end may add at
 * most half of the meld's spare naturals in extra jokers, so both ends together keep the
 * naturals ahead of the jokers whatever the other end does.
 */
function addExtensions(out: CandidateSet, slots: Slot[], table: readonly Meld[], counts: Int8Array, jokers: number, scoring: Scoring): void {
  for (const meld of table) {
    const nJ = meld.cards.filter((mc) => isJoker(mc.card)).length;
    const nN = meld.cards.length - nJ;
    if (meld.kind === 'set') {
      const rankN = rankNumber(rankOf(shownFace(meld.cards[0]!)));
      const naturalSuits = meld.cards.filter((mc) => !isJoker(mc.card)).map((mc) => SUITS.indexOf(suitOf(mc.card)));
      const room = MAX_SET - meld.cards.length;
      if (room <= 0) continue;
      const slot = slots.length;
      const missingFaces = [0, 1, 2, 3].filter((s) => !naturalSuits.includes(s)).map((s) => s * 13 + rankN - 1);
      const lonely = nN > nJ + 1 ? faceName(missingFaces.find((f) => !meld.cards.some((mc) => mc.as === faceName(f))) ?? missingFaces[0]!) : null;
      slots.push({ meld, lonelyJoker: lonely });
      const available = missingFaces.filter((f) => counts[f]! > 0);
      for (const nat of subsets(available)) {
        if (nat.length === 0) continue;
        for (let j = 0; j <= Math.min(1, jokers); j++) {
          if (nat.length + j > room || nN + nat.length <= nJ + j) continue;
          const rest = missingFaces.filter((f) => !nat.includes(f));
          out.add({
            nat,
            jokers: j,
            score: scoring.candidate(0, natValueOf(nat), nat.length + j, j),
            pure: false,
            slot,
            parts: [...nat, ...rest.slice(0, j).map(faceName)],
            meldPoints: 0,
          });
        }
      }
      continue;
    }
    const pos = runPositions(meld.cards);
    const lo = pos[0]!;
    const hi = pos[pos.length - 1]!;
    const s = SUITS.indexOf(suitOf(shownFace(meld.cards[0]!)));
    const allowance = Math.floor((nN - nJ - 1) / 2);
    const ends: { step: 1 | -1; from: number; limit: number; jokerEnd: boolean }[] = [
      { step: -1, from: lo - 1, limit: hi === 14 ? 2 : 1, jokerEnd: isJoker(meld.cards[0]!.card) },
      { step: 1, from: hi + 1, limit: lo === 1 ? 13 : 14, jokerEnd: isJoker(meld.cards[meld.cards.length - 1]!.card) },
    ];
    for (const end of ends) {
      const slot = slots.length;
      const inRange = end.step === 1 ? end.from <= end.limit : end.from >= end.limit;
      const lonely = allowance >= 1 && !end.jokerEnd && inRange ? faceAt(SUITS[s]!, end.from) : null;
      slots.push({ meld, lonelyJoker: lonely });
      const w: ChainWalk = {
        counts,
        suit: s,
        step: end.step,
        limit: end.limit,
        maxJokers: jokers,
        nat: [],
        parts: [],
        emit(used) {
          if (this.nat.length === 0 || used - this.nat.length > allowance) return;
          const nat = sortedCopy(this.nat);
          out.add({
            nat,
            jokers: used,
            score: scoring.candidate(0, natValueOf(nat), this.parts.length, used),
            pure: false,
            slot,
            parts: end.step === 1 ? [...this.parts] : [...this.parts].reverse(),
            meldPoints: 0,
          });
        },
      };
      walkChain(w, end.from, 0, 0, end.jokerEnd);
    }
  }
}

interface SwapOption {
  meld: Meld;
  face: number;
  joker: string;
}

function swapOptions(table: readonly Meld[], counts: Int8Array): SwapOption[] {
  const out: SwapOption[] = [];
  for (const meld of table) {
    if (meld.kind === 'set' && meld.cards.length < MAX_SET) continue;
    for (const mc of meld.cards) {
      if (isJoker(mc.card) && mc.as && counts[faceIndex(mc.as)]! > 0) out.push({ meld, face: faceIndex(mc.as), joker: mc.card });
    }
  }
  return out;
}

interface SearchSetup {
  counts: Int8Array;
  /** Jokers the search may place. */
  jokers: number;
  /** Jokers that must be placed (freed ones, and a taken joker). */
  requiredJokers: number;
  /** True when some card stays in hand whatever is chosen (a card outside the search). */
  keptAnyway: boolean;
  /** Face that must be used (the taken discard), or -1. */
  mustFace: number;
  needPure: boolean;
  candidates: Candidate[];
  slots: Slot[];
  scoring: Scoring;
}

interface SearchResult {
  score: number;
  chosen: Candidate[];
  lonely: number[];
}

/**
 * The memoised search. Only faces some candidate uses take part, renumbered 0..U-1 in face
 * order; the remaining counts (base 3), jokers left, flags and used slots pack into one
 * exact numeric memo key (a string when they would not fit in 53 bits).
 */
function search(setup: SearchSetup): SearchResult | null {
  const { slots, scoring, needPure } = setup;
  const present = new Uint8Array(FACES);
  for (const c of setup.candidates) for (const f of c.nat) present[f] = 1;
  const faces: number[] = [];
  const compact = new Int8Array(FACES).fill(-1);
  let kept = setup.keptAnyway;
  for (let f = 0; f < FACES; f++) {
    if (setup.counts[f] === 0) continue;
    if (!present[f]) {
      // A face no candidate uses stays in hand.
      if (f === setup.mustFace) return null;
      kept = true;
      continue;
    }
    compact[f] = faces.length;
    faces.push(f);
  }
  const size = faces.length;
  const counts = new Int8Array(size);
  faces.forEach((f, i) => (counts[i] = setup.counts[f]!));
  const original = Int8Array.from(counts);
  const mustAt = setup.mustFace >= 0 ? compact[setup.mustFace]! : -1;
  const byFace: { c: Candidate; nat: number[] }[][] = Array.from({ length: size }, () => []);
  for (const c of setup.candidates) {
    const nat = c.nat.map((f) => compact[f]!);
    if (nat.some((i) => i < 0)) continue;
    byFace[nat[0]!]!.push({ c, nat });
  }
  const pow3 = Array.from({ length: size }, (_, i) => 3 ** i);
  let countsKey = 0;
  for (let i = 0; i < size; i++) countsKey += counts[i]! * pow3[i]!;
  const slotUsed = new Uint8Array(slots.length);
  // A slot matters to the rest of the search only while candidates for it may still be
  // taken (up to the last face that starts one); after that only whether it is free for a
  // lone joker counts. So the key holds the live slots' bits and a count of the used
  // lone-joker slots among the others.
  const lastFace = new Int32Array(slots.length).fill(-1);
  for (let f = 0; f < size; f++) for (const e of byFace[f]!) if (e.c.slot >= 0) lastFace[e.c.slot] = f;
  const liveAt: number[][] = Array.from({ length: size }, (_, f) => slots.map((_, i) => i).filter((i) => lastFace[i]! >= f));
  const maxLive = Math.max(0, ...liveAt.map((l) => l.length));
  const lonelySlots = slots.filter((sl) => sl.lonelyJoker !== null).length;
  let usedLonely = 0;
  const liveFactor = 2 ** maxLive;
  const numericKey = size * Math.log2(3) + 6 + maxLive + Math.log2(lonelySlots + 1) <= 52;
  const startJokers = setup.jokers;

  const keyOf = (f: number, jokers: number, flags: number): number | string => {
    let live = 0;
    let liveLonely = 0;
    const list = liveAt[f]!;
    for (let j = 0; j < list.length; j++) {
      const slot = list[j]!;
      if (slotUsed[slot]) {
        live += 2 ** j;
        if (slots[slot]!.lonelyJoker !== null) liveLonely++;
      }
    }
    const deadLonely = usedLonely - liveLonely;
    if (!numericKey) return `${countsKey}:${jokers}:${flags}:${live}:${deadLonely}`;
    return (((countsKey * 16 + jokers) * 4 + flags) * liveFactor + live) * (lonelySlots + 1) + deadLonely;
  };
  // What the remaining cards could add at most, kept up to date as counts change.
  const natBound = faces.map((f) => scoring.natBound(FACE_VALUES[f]!));
  let potential = 0;
  for (let i = 0; i < size; i++) potential += counts[i]! * natBound[i]!;
  const change = (i: number, n: number): void => {
    counts[i]! -= n;
    countsKey -= n * pow3[i]!;
    potential -= n * natBound[i]!;
  };
  const useSlot = (slot: number, on: boolean): void => {
    slotUsed[slot] = on ? 1 : 0;
    if (slots[slot]!.lonelyJoker !== null) usedLonely += on ? 1 : -1;
  };
  const lonelyPlacement = (jokersLeft: number, keptFlag: boolean): number => {
    let cap = 0;
    for (let i = 0; i < slots.length; i++) if (!slotUsed[i] && slots[i]!.lonelyJoker) cap++;
    return Math.max(0, Math.min(cap, jokersLeft - (keptFlag ? 0 : 1)));
  };
  const finish = (jokersLeft: number, flags: number): number => {
    if (needPure && !(flags & 2)) return NONE;
    const keptFlag = (flags & 1) !== 0;
    const place = lonelyPlacement(jokersLeft, keptFlag);
    const left = jokersLeft - place;
    if (!keptFlag && left === 0) return NONE;
    if (startJokers - left < setup.requiredJokers) return NONE;
    return place * scoring.joker;
  };
  const fits = (e: { c: Candidate; nat: number[] }, jokers: number): boolean => {
    if (e.c.jokers > jokers || (e.c.slot >= 0 && slotUsed[e.c.slot])) return false;
    for (let k = 0; k < e.nat.length; k++) if (counts[e.nat[k]!] === 0) return false;
    return true;
  };
  const apply = (e: { c: Candidate; nat: number[] }, sign: 1 | -1): void => {
    for (let k = 0; k < e.nat.length; k++) change(e.nat[k]!, sign);
    if (e.c.slot >= 0) useSlot(e.c.slot, sign === 1);
  };

  for (const list of byFace) list.sort((a, b) => b.c.score - a.c.score);
  const leaveAllowed = (f: number) => f !== mustAt || counts[f]! < original[f]!;
  const exact = new Map<number | string, number>();
  const bounds = new Map<number | string, number>();

  /**
   * Best score reachable from here. Fail-soft branch and bound: when nothing beats `alpha`
   * the result is only an upper bound (kept apart from exact results in the memo).
   * flags: 1 = a card stays in hand, 2 = a pure sequence is laid.
   */
  const solve = (start: number, jokers: number, flags: number, alpha: number): number => {
    let f = start;
    while (f < size && counts[f] === 0) f++;
    if (f === size) return finish(jokers, flags);
    const key = keyOf(f, jokers, flags);
    const known = exact.get(key);
    if (known !== undefined) return known;
    const bound = bounds.get(key);
    if (bound !== undefined && bound <= alpha) return bound;
    const ceiling = potential + jokers * scoring.jokerBound;
    if (ceiling <= alpha) return ceiling;
    let best = NONE;
    const list = byFace[f]!;
    for (let i = 0; i < list.length; i++) {
      const e = list[i]!;
      if (!fits(e, jokers)) continue;
      apply(e, 1);
      const sub = solve(f, jokers - e.c.jokers, flags | (e.c.pure ? 2 : 0), Math.max(alpha, best) - e.c.score);
      apply(e, -1);
      if (sub > NONE / 2 && sub + e.c.score > best) best = sub + e.c.score;
    }
    // Leave the remaining copies of f in hand (not the taken card's last copy).
    if (leaveAllowed(f)) {
      const n = counts[f]!;
      change(f, n);
      const sub = solve(f + 1, jokers, flags | 1, Math.max(alpha, best));
      change(f, -n);
      if (sub > best) best = sub;
    }
    if (best > alpha) exact.set(key, best);
    else bounds.set(key, best);
    return best;
  };

  let flags = kept ? 1 : 0;
  const score = solve(0, startJokers, flags, -Infinity);
  if (score <= NONE / 2) return null;

  // Walk down the best path again: at each face take an option whose exact value makes the target.
  const chosen: Candidate[] = [];
  let jokers = startJokers;
  let f = 0;
  let target = score;
  for (;;) {
    while (f < size && counts[f] === 0) f++;
    if (f === size) break;
    let found = false;
    for (const e of byFace[f]!) {
      if (!fits(e, jokers)) continue;
      apply(e, 1);
      const nextFlags = flags | (e.c.pure ? 2 : 0);
      const sub = solve(f, jokers - e.c.jokers, nextFlags, target - e.c.score - 1);
      if (sub + e.c.score === target) {
        chosen.push(e.c);
        jokers -= e.c.jokers;
        flags = nextFlags;
        target = sub;
        found = true;
        break;
      }
      apply(e, -1);
    }
    if (found) continue;
    if (!leaveAllowed(f)) throw new Error('meld finder: best path lost');
    change(f, counts[f]!);
    flags |= 1;
    f++;
  }
  const place = lonelyPlacement(jokers, (flags & 1) !== 0);
  const lonely: number[] = [];
  for (let i = 0; i < slots.length && lonely.length < place; i++) if (!slotUsed[i] && slots[i]!.lonelyJoker) lonely.push(i);
  return { score, chosen, lonely };
}

/** Hands out real card ids for the faces and jokers a search chose. */
class CardPool {
  private byFace = new Map<number, string[]>();
  private jokers: string[];
  constructor(hand: readonly string[], mustUse: string | null | undefined, freed: string[]) {
    const own: string[] = [];
    for (const c of hand) {
      if (isJoker(c)) {
        own.push(c);
        continue;
      }
      const f = faceIndex(faceOf(c));
      const list = this.byFace.get(f) ?? [];
      if (c === mustUse) list.unshift(c);
      else list.push(c);
      this.byFace.set(f, list);
    }
    // Jokers that must be placed go first.
    own.sort((a, b) => (a === mustUse ? -1 : b === mustUse ? 1 : 0));
    this.jokers = [...freed, ...own];
  }
  natural(f: number): string {
    return this.byFace.get(f)!.shift()!;
  }
  joker(): string {
    return this.jokers.shift()!;
  }
  rest(): string[] {
    return [...[...this.byFace.values()].flat(), ...this.jokers];
  }
}

function partsToCards(parts: (number | string)[], pool: CardPool): { cards: string[]; as: StandIns } {
  const cards: string[] = [];
  const as: StandIns = {};
  for (const p of parts) {
    if (typeof p === 'number') cards.push(pool.natural(p));
    else {
      const j = pool.joker();
      cards.push(j);
      as[j] = p;
    }
  }
  return { cards, as };
}

function countFaces(hand: readonly string[]): { counts: Int8Array; jokers: number } {
  const counts = new Int8Array(FACES);
  let jokers = 0;
  for (const c of hand) {
    if (isJoker(c)) jokers++;
    else counts[faceIndex(faceOf(c))]!++;
  }
  return { counts, jokers };
}

/**
 * The best initial declaration in `hand`: new melds worth at least 48 points with a pure
 * sequence, leaving at least one card. Null when there is none.
 */
export function findDeclaration(hand: readonly string[], options: FinderOptions = {}): Plan | null {
  const { counts, jokers: handJokers } = countFaces(hand);
  const mustUse = options.mustUse ?? null;
  const budget = Math.min(handJokers, options.jokerBudget ?? handJokers);
  const mustJoker = mustUse !== null && isJoker(mustUse);
  if (mustJoker && budget === 0) return null;
  const set = new CandidateSet();
  addRuns(set, counts, budget, DECLARE_SCORING);
  addSets(set, counts, budget, DECLARE_SCORING);
  const result = search({
    counts: Int8Array.from(counts),
    jokers: budget,
    requiredJokers: mustJoker ? 1 : 0,
    keptAnyway: handJokers > budget,
    mustFace: mustUse !== null && !mustJoker ? faceIndex(faceOf(mustUse)) : -1,
    needPure: true,
    candidates: set.list(),
    slots: [],
    scoring: DECLARE_SCORING,
  });
  if (!result) return null;
  const pool = new CardPool(hand, mustUse, []);
  const melds = result.chosen.map((c) => partsToCards(c.parts, pool));
  const points = result.chosen.reduce((sum, c) => sum + c.meldPoints, 0);
  if (points < DECLARATION_MINIMUM) return null;
  const left = pool.rest();
  return { swaps: [], melds, extensions: [], points, value: handTotal(hand) - handTotal(left), left };
}

function handTotal(cards: readonly string[]): number {
  return cards.reduce((sum, c) => sum + handValue(c), 0);
}

/**
 * The best melds, extensions of `table` and joker swaps for a player who has declared,
 * leaving at least one card. Returns an empty plan when nothing can be laid (or null when
 * `mustUse` cannot be placed).
 */
export function findPlay(hand: readonly string[], table: readonly Meld[], options: FinderOptions = {}): Plan | null {
  const base = countFaces(hand);
  const mustUse = options.mustUse ?? null;
  const mustJoker = mustUse !== null && isJoker(mustUse);
  const budget = Math.min(base.jokers, options.jokerBudget ?? base.jokers);
  if (mustJoker && budget === 0) return null;
  const scoring = options.objective === 'cards' ? CARDS_SCORING : VALUE_SCORING;
  const swapChoices = options.swaps === false ? [[]] : subsets(swapOptions(table, base.counts));

  let best: { result: SearchResult; swaps: SwapOption[]; score: number } | null = null;
  for (const swaps of swapChoices) {
    const counts = Int8Array.from(base.counts);
    let feasible = true;
    let swapScore = 0;
    for (const sw of swaps) {
      if (counts[sw.face]! <= 0) feasible = false;
      counts[sw.face]!--;
      swapScore += scoring.candidate(0, handValue(faceName(sw.face)), 1, 0);
    }
    if (!feasible) continue;
    const jokers = budget + swaps.length;
    const set = new CandidateSet();
    addRuns(set, counts, jokers, scoring);
    addSets(set, counts, jokers, scoring);
    const slots: Slot[] = [];
    addExtensions(set, slots, table, counts, jokers, scoring);
    const mustFace = mustUse !== null && !mustJoker ? faceIndex(faceOf(mustUse)) : -1;
    // A taken card already used by a swap needs nothing more.
    const mustDone = mustFace >= 0 && swaps.some((sw) => sw.face === mustFace);
    const result = search({
      counts,
      jokers,
      requiredJokers: swaps.length + (mustJoker ? 1 : 0),
      keptAnyway: base.jokers > budget,
      mustFace: mustDone ? -1 : mustFace,
      needPure: false,
      candidates: set.list(),
      slots,
      scoring,
    });
    if (!result) continue;
    const score = result.score + swapScore;
    if (!best || score > best.score) best = { result, swaps, score };
  }
  if (!best) return null;

  const freed = best.swaps.map((sw) => sw.joker);
  const pool = new CardPool(hand, mustUse, freed);
  const swaps: PlanSwap[] = best.swaps.map((sw) => ({ meldId: sw.meld.id, card: pool.natural(sw.face), joker: sw.joker }));
  const melds: PlanMeld[] = [];
  const extensions: PlanExtension[] = [];
  let points = 0;
  // The slot list is rebuilt exactly as the winning search built it.
  const slotMelds = slotMeldIds(table);
  for (const c of best.result.chosen) {
    const laid = partsToCards(c.parts, pool);
    if (c.slot < 0) {
      melds.push(laid);
      points += c.meldPoints;
    } else extensions.push({ meldId: slotMelds[c.slot]!.id, ...laid });
  }
  const lonelyFaces = lonelyJokerFaces(table);
  for (const slot of best.result.lonely) {
    const j = pool.joker();
    extensions.push({ meldId: slotMelds[slot]!.id, cards: [j], as: { [j]: lonelyFaces[slot]! } });
  }
  const left = pool.rest();
  const value = handTotal(hand) - handTotal(left);
  return { swaps, melds, extensions, points, value, left };
}

/** The melds behind each extension slot, in the order addExtensions makes them. */
function slotMeldIds(table: readonly Meld[]): Meld[] {
  const out: Meld[] = [];
  for (const meld of table) {
    if (meld.kind === 'set') {
      if (meld.cards.length < MAX_SET) out.push(meld);
    } else out.push(meld, meld);
  }
  return out;
}

function lonelyJokerFaces(table: readonly Meld[]): (string | null)[] {
  const slots: Slot[] = [];
  addExtensions(new CandidateSet(), slots, table, new Int8Array(FACES), 0, VALUE_SCORING);
  return slots.map((s) => s.lonelyJoker);
}

/**
 * Whether `card` (say the top discard) could be melded this turn if it joined `hand`:
 * in a declaration, or (once declared) in new melds, extensions or a joker swap.
 */
export function canUseCard(hand: readonly string[], table: readonly Meld[], declared: boolean, card: string): boolean {
  const withCard = [...hand, card];
  if (declared) return findPlay(withCard, table, { mustUse: card }) !== null;
  if (findDeclaration(withCard, { mustUse: card }) !== null) return true;
  // Or declare without it, then add it to a meld already on the table.
  const declaration = findDeclaration(hand);
  if (!declaration) return false;
  return findPlay([...declaration.left, card], table, { mustUse: card }) !== null;
}
