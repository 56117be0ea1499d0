/**
 * The placement search behind N-picks: can the deepest picked card reach the table this
 * turn, and how? It tries, in order:
 *
 * 1. one step that places the card: a new 3-card meld with it (pure ones first), an addition
 *    to a team meld (with the cards from hand that bridge the gap, and either way a displaced
 *    2 may move), or a joker swap followed by one step placing the freed joker;
 * 2. if the player has not opened: a pure 3-card opening meld from the rest of the hand,
 *    then step 1 with wild cards allowed.
 *
 * Every candidate is played through the real draft steps, and it counts only if the turn can
 * then end with a legal discard. Three-card melds are enough: any longer meld that holds the
 * card contains a legal 3-card meld that holds it, and uses fewer cards.
 */
import { faceAt, faceOf, isJoker, isTwo, isWild, positionOf, rankOf, SUITS, suitOf, type Suit } from './cards';
import { applyStep, applySteps, canEnd, onBoard, type StepEnv } from './draft';
import { faceShown, layoutNew, positions, type Run } from './melds';
import type { DraftCtx, DraftStep } from './types';

/** The first card in `hand` with face `face` other than those in `not`. */
function cardWithFace(hand: readonly string[], face: string, not: readonly string[]): string | undefined {
  for (const c of hand) if (!isWild(c) && faceOf(c) === face && !not.includes(c)) return c;
  return undefined;
}

/** One 2 and one joker from the hand (2s first: jokers are worth more kept free). */
function wildChoices(hand: readonly string[], not: readonly string[]): string[] {
  const two = hand.find((c) => isTwo(c) && !not.includes(c));
  const joker = hand.find((c) => isJoker(c) && !not.includes(c));
  return [two, joker].filter((c): c is string => c !== undefined);
}

/** New 3-card melds holding the natural `card`: pure ones first, then with one wild. */
export function naturalMelds(hand: readonly string[], card: string, allowWild: boolean): DraftStep[] {
  const pure: DraftStep[] = [];
  const wild: DraftStep[] = [];
  const suit = suitOf(card);
  const p = positionOf(card);
  for (let start = p - 2; start <= p; start++) {
    if (start < 3 || start + 2 > 14) continue;
    const cards: string[] = [];
    const holes: number[] = [];
    for (let q = start; q <= start + 2; q++) {
      if (q === p) {
        cards.push(card);
        continue;
      }
      const c = cardWithFace(hand, faceAt(suit, q), [card, ...cards]);
      if (c) cards.push(c);
      else holes.push(q);
    }
    if (holes.length === 0) pure.push({ type: 'meld', cards });
    else if (holes.length === 1 && allowWild) {
      for (const w of wildChoices(hand, cards)) wild.push({ type: 'meld', cards: [...cards, w], as: { [w]: faceAt(suit, holes[0]!) } });
    }
  }
  const rank = rankOf(card);
  if (rank === 'A' || rank === '3') {
    const others: string[] = [];
    for (const s of ['S', 'H', 'D', 'C'] as Suit[]) {
      if (s === suitOf(card)) continue;
      const c = cardWithFace(hand, `${rank}${s}`, [card]);
      if (c) others.push(c);
    }
    for (let i = 0; i < others.length; i++) {
      for (let j = i + 1; j < others.length; j++) pure.push({ type: 'meld', cards: [card, others[i]!, others[j]!] });
      if (allowWild) for (const w of wildChoices(hand, [])) wild.push({ type: 'meld', cards: [card, others[i]!, w] });
    }
  }
  return [...pure, ...wild];
}

/** New 3-card melds holding the wild `w` and two naturals from the hand. */
export function wildMelds(hand: readonly string[], w: string, limit = 12): DraftStep[] {
  const out: DraftStep[] = [];
  const bySuit = new Map<Suit, Map<number, string>>();
  for (const c of hand) {
    if (isWild(c)) continue;
    const s = suitOf(c);
    if (!bySuit.has(s)) bySuit.set(s, new Map());
    const m = bySuit.get(s)!;
    const p = positionOf(c);
    if (!m.has(p)) m.set(p, c);
  }
  for (const [suit, m] of bySuit) {
    for (const [p, c] of m) {
      const next = m.get(p + 1);
      if (next) {
        if (p + 2 <= 14) out.push({ type: 'meld', cards: [c, next, w], as: { [w]: faceAt(suit, p + 2) } });
        else if (p - 1 >= 3) out.push({ type: 'meld', cards: [c, next, w], as: { [w]: faceAt(suit, p - 1) } });
      }
      const skip = m.get(p + 2);
      if (skip && !m.has(p + 1)) out.push({ type: 'meld', cards: [c, skip, w], as: { [w]: faceAt(suit, p + 1) } });
      if (out.length >= limit) return out;
    }
  }
  for (const rank of ['A', '3']) {
    const suits = hand.filter((c) => !isWild(c) && rankOf(c) === rank);
    const first = new Map<string, string>();
    for (const c of suits) if (!first.has(suitOf(c))) first.set(suitOf(c), c);
    const list = [...first.values()];
    if (list.length >= 2) out.push({ type: 'meld', cards: [list[0]!, list[1]!, w] });
  }
  return out.slice(0, limit);
}

/** Additions of the natural `card` to a team meld, bridging from the run's end with hand cards or wilds. */
function naturalAdds(hand: readonly string[], board: readonly Run[], card: string, allowWild: boolean): DraftStep[] {
  const out: DraftStep[] = [];
  const face = faceOf(card);
  for (const run of board) {
    if (run.kind === 'set') {
      if (rankOf(faceShown(run.cards[0]!)) === rankOf(card)) out.push({ type: 'add', run: run.id, cards: [card] });
      continue;
    }
    const suit = suitOf(faceShown(run.cards[0]!));
    if (suit !== suitOf(card)) continue;
    const pos = positions(run.cards);
    const lo = pos[0]!;
    const hi = pos[pos.length - 1]!;
    const p = positionOf(card);
    if (p >= lo && p <= hi) {
      const there = run.cards[p - lo]!;
      if (isTwo(there.card) && faceShown(there) === face) {
        out.push({ type: 'add', run: run.id, cards: [card] });
        out.push({ type: 'add', run: run.id, cards: [card], shift: 'low' });
        out.push({ type: 'add', run: run.id, cards: [card], shift: 'high' });
      }
      continue;
    }
    const bridge = p < lo ? range(p + 1, lo - 1) : range(hi + 1, p - 1);
    const cards = [card];
    const as: Record<string, string> = {};
    const wilds = allowWild ? wildChoicesAll(hand) : [];
    let ok = true;
    for (const q of bridge) {
      const c = cardWithFace(hand, faceAt(suit, q), cards);
      if (c) cards.push(c);
      else {
        const w = wilds.shift();
        if (!w) {
          ok = false;
          break;
        }
        cards.push(w);
        as[w] = faceAt(suit, q);
      }
    }
    if (ok) out.push(Object.keys(as).length > 0 ? { type: 'add', run: run.id, cards, as } : { type: 'add', run: run.id, cards });
  }
  return out;
}

function wildChoicesAll(hand: readonly string[]): string[] {
  return [...hand.filter(isTwo), ...hand.filter(isJoker)];
}

function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let i = a; i <= b; i++) out.push(i);
  return out;
}

/** Ways to place a freed or held wild: onto a team meld, or in a new meld with two naturals. */
function wildPlacements(ctx: DraftCtx, w: string): DraftStep[][] {
  const out: DraftStep[][] = [];
  for (const run of ctx.board) out.push([{ type: 'add', run: run.id, cards: [w] }]);
  for (const m of wildMelds(ctx.hand, w)) out.push([m]);
  return out;
}

/** Candidate step lists that put `card` on the table from `ctx` (no opening step included). */
function placements(ctx: DraftCtx, env: StepEnv, card: string): DraftStep[][] {
  const out: DraftStep[][] = [];
  if (isWild(card)) {
    if (!ctx.opened) return out;
    return wildPlacements(ctx, card);
  }
  for (const m of naturalMelds(ctx.hand, card, ctx.opened)) out.push([m]);
  if (!ctx.opened) return out;
  for (const a of naturalAdds(ctx.hand, ctx.board, card, true)) out.push([a]);
  const face = faceOf(card);
  for (const run of ctx.board) {
    if (!run.cards.some((mc) => isJoker(mc.card) && mc.as === face)) continue;
    const swap: DraftStep = { type: 'swap', run: run.id, card };
    const after = applySteps(ctx, [swap], env);
    if (!after.ok) continue;
    const joker = after.ctx.freed[after.ctx.freed.length - 1]!;
    for (const then of wildPlacements(after.ctx, joker)) out.push([swap, ...then]);
  }
  return out;
}

/** Pure 3-card melds in the hand that leave `keep` out: the possible openings. */
export function openingMelds(hand: readonly string[], keep: string | null): DraftStep[] {
  const out: DraftStep[] = [];
  const rest = hand.filter((c) => c !== keep && !isWild(c));
  const bySuit = new Map<Suit, Map<number, string>>();
  for (const c of rest) {
    const s = suitOf(c);
    if (!bySuit.has(s)) bySuit.set(s, new Map());
    const m = bySuit.get(s)!;
    if (!m.has(positionOf(c))) m.set(positionOf(c), c);
  }
  for (const m of bySuit.values()) {
    for (let p = 3; p <= 12; p++) {
      const a = m.get(p);
      const b = m.get(p + 1);
      const c = m.get(p + 2);
      if (a && b && c) out.push({ type: 'meld', cards: [a, b, c] });
    }
  }
  for (const rank of ['A', '3']) {
    const first = new Map<string, string>();
    for (const c of rest) if (rankOf(c) === rank && !first.has(suitOf(c))) first.set(suitOf(c), c);
    const list = [...first.values()];
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) for (let k = j + 1; k < list.length; k++) out.push({ type: 'meld', cards: [list[i]!, list[j]!, list[k]!] });
    }
  }
  return out;
}

function tryPlan(ctx: DraftCtx, env: StepEnv, steps: DraftStep[]): boolean {
  const r = applySteps(ctx, steps, env);
  return r.ok && canEnd(r.ctx, env);
}

/**
 * The quick search: one step placing the card (after an opening if needed). It finds most
 * placements at once; `findPlacement` falls back on the complete search when it fails.
 */
export function quickPlacement(ctx: DraftCtx, env: StepEnv): DraftStep[] | null {
  const card = env.deepest;
  if (card === null) return canEnd(ctx, env) ? [] : null;
  if (onBoard(ctx.board, card)) return canEnd(ctx, env) ? [] : null;
  if (!ctx.hand.includes(card)) return null;
  for (const steps of placements(ctx, env, card)) if (tryPlan(ctx, env, steps)) return steps;
  if (ctx.opened) return null;
  // Not opened: a pure meld first, then the card with everything open. Quick test first:
  // could the card be placed at all if the player were open?
  if (placements({ ...ctx, opened: true }, env, card).length === 0) return null;
  for (const opening of openingMelds(ctx.hand, card)) {
    const opened = applySteps(ctx, [opening], env);
    if (!opened.ok) continue;
    for (const steps of placements(opened.ctx, env, card)) if (tryPlan(opened.ctx, env, steps)) return [opening, ...steps];
  }
  return null;
}

/**
 * Steps that put `env.deepest` on the table and let the turn end legally from `ctx`, or null
 * when no sequence of draft steps does: the quick search, then the complete one.
 */
export function findPlacement(ctx: DraftCtx, env: StepEnv): DraftStep[] | null {
  return quickPlacement(ctx, env) ?? completePlacement(ctx, env);
}

// ---------------------------------------------------------------- the complete search

/** States the complete search may visit before it gives up; real positions stay far below. */
export const STATE_BUDGET = 4000;

interface Search {
  env: StepEnv;
  card: string;
  seen: Set<string>;
  every: boolean;
  budget: number;
  /** Jokers on the board when the search began: only these are worth swapping out. */
  jokers: Set<string>;
}

export interface SearchOptions {
  /** Try every step, not only those that can matter: the brute force the tests measure against. */
  every?: boolean;
  budget?: number;
  /** Filled in with the number of positions visited and whether the budget ran out. */
  stats?: { states: number; exhausted: boolean };
}

function stateKey(ctx: DraftCtx): string {
  const hand = [...ctx.hand].sort().join(',');
  const board = ctx.board.map((r) => `${r.id}:${r.cards.map((mc) => (mc.as ? `${mc.card}=${mc.as}` : mc.card)).join(',')}`).join('|');
  return `${ctx.opened ? 1 : 0};${ctx.freed.join(',')};${hand};${board}`;
}

/**
 * One natural card per face in the hand (copies of a card are interchangeable), the owed card
 * standing for its face, so no plan lays a copy and leaves the owed card in hand.
 */
function naturalsByFace(hand: readonly string[], owed: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of hand) if (!isWild(c) && (!out.has(faceOf(c)) || c === owed)) out.set(faceOf(c), c);
  return out;
}

/**
 * The wild cards worth trying, one of each kind: the owed card (when it is wild), a freed
 * joker (it must go back anyway), a 2, another joker. Further wilds of a kind behave alike.
 */
function wildKinds(ctx: DraftCtx, owed: string): string[] {
  const out: string[] = [];
  const add = (c: string | undefined) => c !== undefined && !out.includes(c) && out.push(c);
  if (ctx.hand.includes(owed) && isWild(owed)) add(owed);
  add(ctx.hand.find((c) => ctx.freed.includes(c)));
  add(ctx.hand.find(isTwo));
  add(ctx.hand.find((c) => isJoker(c) && !ctx.freed.includes(c)));
  return out;
}

/** Every wild in hand, in the order they are best spent: freed jokers, 2s, other jokers. */
function wildsToSpend(ctx: DraftCtx): string[] {
  const freed = ctx.hand.filter((c) => ctx.freed.includes(c));
  return [...freed, ...ctx.hand.filter(isTwo), ...ctx.hand.filter((c) => isJoker(c) && !freed.includes(c))];
}

/** Three-card melds: pure ones, and (opened) ones with one wild; only those holding `must` when given. */
function threeCardMelds(ctx: DraftCtx, owed: string, must: string | null): DraftStep[] {
  const out: DraftStep[] = [];
  const faces = naturalsByFace(ctx.hand, owed);
  const wilds = ctx.opened ? wildKinds(ctx, owed) : [];
  const mustWild = must !== null && isWild(must);
  for (const suit of SUITS) {
    for (let start = 3; start <= 12; start++) {
      const cards: string[] = [];
      const holes: number[] = [];
      for (let q = start; q <= start + 2; q++) {
        const c = faces.get(faceAt(suit, q));
        if (c) cards.push(c);
        else holes.push(q);
      }
      if (holes.length === 0 && !mustWild && (must === null || cards.includes(must))) out.push({ type: 'meld', cards });
      if (holes.length === 1 && cards.length === 2) {
        for (const w of mustWild ? [must] : wilds) {
          if (must !== null && !mustWild && !cards.includes(must)) continue;
          out.push({ type: 'meld', cards: [...cards, w], as: { [w]: faceAt(suit, holes[0]!) } });
        }
      }
    }
  }
  for (const rank of ['A', '3']) {
    const present = SUITS.map((su) => faces.get(`${rank}${su}`)).filter((c): c is string => c !== undefined);
    for (let i = 0; i < present.length; i++) {
      for (let j = i + 1; j < present.length; j++) {
        const pair = [present[i]!, present[j]!];
        for (let k = j + 1; k < present.length; k++) {
          const trio = [...pair, present[k]!];
          if (!mustWild && (must === null || trio.includes(must))) out.push({ type: 'meld', cards: trio });
        }
        if (must !== null && !mustWild && !pair.includes(must)) continue;
        for (const w of mustWild ? [must] : wilds) out.push({ type: 'meld', cards: [...pair, w] });
      }
    }
  }
  return out;
}

function runSuitOf(run: Run): Suit {
  return suitOf(faceShown(run.cards[0]!));
}

/** Additions putting the natural `card` into a team meld, bridging a gap with hand cards, then wilds. */
function addsWith(ctx: DraftCtx, owed: string, card: string): DraftStep[] {
  const out: DraftStep[] = [];
  const faces = naturalsByFace(ctx.hand, owed);
  const p = positionOf(card);
  for (const run of ctx.board) {
    if (run.kind === 'set') {
      if (rankOf(faceShown(run.cards[0]!)) === rankOf(card)) out.push({ type: 'add', run: run.id, cards: [card] });
      continue;
    }
    if (runSuitOf(run) !== suitOf(card)) continue;
    const pos = positions(run.cards);
    const lo = pos[0]!;
    const hi = pos[pos.length - 1]!;
    if (p >= lo && p <= hi) {
      if (isTwo(run.cards[p - lo]!.card))
        for (const shift of [undefined, 'low', 'high'] as const) out.push({ type: 'add', run: run.id, cards: [card], ...(shift ? { shift } : {}) });
      continue;
    }
    const bridge = p < lo ? range(p + 1, lo - 1) : range(hi + 1, p - 1);
    const spare = ctx.opened ? wildsToSpend(ctx) : [];
    const cards = [card];
    const as: Record<string, string> = {};
    let ok = true;
    for (const q of bridge) {
      const c = faces.get(faceAt(runSuitOf(run), q));
      if (c !== undefined && c !== card) cards.push(c);
      else {
        const w = spare.shift();
        if (w === undefined) {
          ok = false;
          break;
        }
        cards.push(w);
        as[w] = faceAt(runSuitOf(run), q);
      }
    }
    if (ok) out.push(Object.keys(as).length > 0 ? { type: 'add', run: run.id, cards, as } : { type: 'add', run: run.id, cards });
  }
  return out;
}

/** The wild `w` onto either open end of a team meld (any place of a set), or in a new meld with two naturals. */
function wildSteps(ctx: DraftCtx, owed: string, w: string, suits: readonly Suit[] | null): DraftStep[] {
  const out: DraftStep[] = [];
  for (const run of ctx.board) {
    if (run.kind === 'set') {
      if (suits === null) out.push({ type: 'add', run: run.id, cards: [w] });
      continue;
    }
    const suit = runSuitOf(run);
    if (suits !== null && !suits.includes(suit)) continue;
    const pos = positions(run.cards);
    for (const q of [pos[0]! - 1, pos[pos.length - 1]! + 1])
      if (q >= 3 && q <= 14) out.push({ type: 'add', run: run.id, cards: [w], as: { [w]: faceAt(suit, q) } });
  }
  if (suits === null) out.push(...threeCardMelds({ ...ctx, opened: true }, owed, w));
  return out;
}

/** Natural cards from hand added one at a time to an end of a team meld, or in place of a 2. */
function naturalSingles(ctx: DraftCtx, owed: string, suits: readonly Suit[] | null): DraftStep[] {
  const out: DraftStep[] = [];
  const faces = naturalsByFace(ctx.hand, owed);
  for (const run of ctx.board) {
    if (run.kind === 'set') {
      if (suits !== null) continue;
      const rank = rankOf(faceShown(run.cards[0]!));
      for (const su of SUITS) {
        const c = faces.get(`${rank}${su}`);
        if (c && c !== owed) out.push({ type: 'add', run: run.id, cards: [c] });
      }
      continue;
    }
    const suit = runSuitOf(run);
    if (suits !== null && !suits.includes(suit)) continue;
    const pos = positions(run.cards);
    for (const q of [pos[0]! - 1, pos[pos.length - 1]! + 1]) {
      const c = q >= 3 && q <= 14 ? faces.get(faceAt(suit, q)) : undefined;
      if (c && c !== owed) out.push({ type: 'add', run: run.id, cards: [c] });
    }
    run.cards.forEach((mc, i) => {
      if (!isTwo(mc.card)) return;
      const c = faces.get(faceAt(suit, pos[i]!));
      if (c && c !== owed) for (const shift of ['low', 'high'] as const) out.push({ type: 'add', run: run.id, cards: [c], shift });
    });
  }
  return out;
}

/**
 * Jokers swapped out with a natural card from hand. Only jokers that were on the board before
 * the plan: taking back a joker the plan laid only adds a joker to place again.
 */
function swaps(ctx: DraftCtx, owed: string, jokers: ReadonlySet<string>): DraftStep[] {
  const out: DraftStep[] = [];
  const faces = naturalsByFace(ctx.hand, owed);
  for (const run of ctx.board) {
    for (const mc of run.cards) {
      if (!isJoker(mc.card) || !mc.as || !jokers.has(mc.card)) continue;
      const c = faces.get(mc.as);
      if (c) out.push({ type: 'swap', run: run.id, card: c });
    }
  }
  return out;
}

function merges(ctx: DraftCtx): DraftStep[] {
  const out: DraftStep[] = [];
  const runs = ctx.board.filter((r) => r.kind === 'run');
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) if (runSuitOf(runs[i]!) === runSuitOf(runs[j]!)) out.push({ type: 'merge', a: runs[i]!.id, b: runs[j]!.id });
  }
  return out;
}

/**
 * The steps that can matter for placing the owed card from here: placing it (new meld,
 * addition, swap), and what can make that possible — an opening, swapping jokers free,
 * merging runs, and growing the runs of its suit with naturals or wilds; once it is down,
 * placing the jokers freed on the way.
 */
function relevantSteps(ctx: DraftCtx, sr: Search): DraftStep[] {
  const owed = sr.card;
  const out: DraftStep[] = [];
  const placed = onBoard(ctx.board, owed);
  const loose = ctx.freed.filter((j) => ctx.hand.includes(j));
  if (!ctx.opened) out.push(...openings(ctx, owed));
  if (!placed) {
    if (isWild(owed)) {
      if (ctx.opened) out.push(...wildSteps(ctx, owed, owed, null));
    } else {
      out.push(...threeCardMelds(ctx, owed, owed));
      if (ctx.opened) {
        out.push(...addsWith(ctx, owed, owed));
        for (const run of ctx.board)
          if (run.cards.some((mc) => isJoker(mc.card) && mc.as === faceOf(owed))) out.push({ type: 'swap', run: run.id, card: owed });
      }
    }
  }
  if (!ctx.opened) return out;
  for (const j of loose) out.push(...wildSteps(ctx, owed, j, null));
  out.push(...swaps(ctx, owed, sr.jokers), ...merges(ctx));
  // Other suits' runs matter only as room for wilds still to place once the owed card is down.
  const suits = (placed && loose.length > 0) || isWild(owed) ? null : [suitOf(owed)];
  out.push(...naturalSingles(ctx, owed, suits));
  if (!placed && !isWild(owed)) for (const w of wildKinds(ctx, owed)) out.push(...wildSteps(ctx, owed, w, [suitOf(owed)]));
  return out;
}

/**
 * The pure openings worth trying. Those using no card that matters for the owed card (one of
 * its suit, its rank for a set of aces or 3s, a card a joker on the board stands for) leave
 * the same chances, so one of them is enough.
 */
function openings(ctx: DraftCtx, owed: string): DraftStep[] {
  const jokerFaces = new Set(ctx.board.flatMap((r) => r.cards.filter((mc) => isJoker(mc.card)).map((mc) => mc.as)));
  const setRank = !isWild(owed) && (rankOf(owed) === 'A' || rankOf(owed) === '3') ? rankOf(owed) : null;
  const matters = (c: string) => jokerFaces.has(faceOf(c)) || (!isWild(owed) && suitOf(c) === suitOf(owed)) || rankOf(c) === setRank;
  const out: DraftStep[] = [];
  let plain = false;
  for (const m of threeCardMelds(ctx, owed, null)) {
    if (m.type !== 'meld' || m.cards.some(isWild)) continue;
    if (m.cards.some(matters)) out.push(m);
    else if (!plain) {
      plain = true;
      out.push(m);
    }
  }
  return out;
}

/**
 * A quick necessary test: could any plan place the owed card? Every way needs, for a natural
 * card, a 3-card stretch around it with at most one gap (its own meld), a team meld it can
 * join with the gap bridged by hand cards and wilds never two side by side, or a joker it
 * stands for; and an opening, unless the card's own meld is the opening.
 */
function mightPlace(ctx: DraftCtx, owed: string): boolean {
  const canOpen = ctx.opened || threeCardMelds({ ...ctx, opened: false }, owed, null).length > 0;
  if (isWild(owed)) return canOpen;
  const faces = new Set(ctx.hand.filter((c) => !isWild(c)).map(faceOf));
  const face = faceOf(owed);
  const suit = suitOf(owed);
  const p = positionOf(owed);
  let wilds = ctx.hand.filter(isWild).length;
  for (const run of ctx.board) {
    for (const mc of run.cards) {
      if (isJoker(mc.card) && mc.as !== undefined && faces.has(mc.as)) wilds++;
      if (isTwo(mc.card) && run.kind === 'run' && runSuitOf(run) === suit) wilds++;
    }
  }
  if (canOpen && ctx.board.some((r) => r.cards.some((mc) => isJoker(mc.card) && mc.as === face))) return true;
  for (let start = p - 2; start <= p; start++) {
    if (start < 3 || start + 2 > 14) continue;
    let holes = 0;
    for (let q = start; q <= start + 2; q++) if (q !== p && !faces.has(faceAt(suit, q))) holes++;
    if (holes === 0 || (holes === 1 && canOpen && wilds > 0)) return true;
  }
  const rank = rankOf(owed);
  if (rank === 'A' || rank === '3') {
    const others = SUITS.filter((su) => su !== suit && faces.has(`${rank}${su}`)).length;
    if (others >= 2 || (others === 1 && canOpen && wilds > 0)) return true;
    if (canOpen && ctx.board.some((r) => r.kind === 'set' && rankOf(faceShown(r.cards[0]!)) === rank)) return true;
  }
  if (!canOpen) return false;
  for (const run of ctx.board) {
    if (run.kind !== 'run' || runSuitOf(run) !== suit) continue;
    const pos = positions(run.cards);
    const lo = pos[0]!;
    const hi = pos[pos.length - 1]!;
    if (p >= lo && p <= hi) {
      if (isTwo(run.cards[p - lo]!.card)) return true;
      continue;
    }
    const bridge = p < lo ? range(p + 1, lo - 1) : range(hi + 1, p - 1);
    if (run.cards.length + bridge.length + 1 > 12) continue;
    let gaps = 0;
    let twoInARow = false;
    let last = false;
    for (const q of bridge) {
      const gap = !faces.has(faceAt(suit, q));
      if (gap && last) twoInARow = true;
      if (gap) gaps++;
      last = gap;
    }
    if (!twoInARow && gaps <= wilds) return true;
  }
  return false;
}

/** Subsets of `items` with `min` to `max` members. */
function subsets<T>(items: readonly T[], min: number, max: number): T[][] {
  const out: T[][] = [];
  const pick = (from: number, acc: T[]) => {
    if (acc.length >= min) out.push([...acc]);
    if (acc.length === max) return;
    for (let i = from; i < items.length; i++) pick(i + 1, [...acc, items[i]!]);
  };
  pick(0, []);
  return out;
}

/**
 * Every draft step from `ctx`, the brute force the tests hold the search to:
 * melds of 3 or 4 cards in every layout, additions of 1 to 3 cards with every shift and every
 * place a wild could stand, merges and swaps. Longer melds and additions are these in turn.
 */
export function everyStep(ctx: DraftCtx): DraftStep[] {
  const out: DraftStep[] = [];
  for (const cards of subsets(ctx.hand, 3, 4)) {
    const laid = layoutNew(cards);
    if (!laid.ok) continue;
    for (const alt of laid.alternatives) {
      const as: Record<string, string> = {};
      for (const mc of alt.cards) if (mc.as) as[mc.card] = mc.as;
      out.push(Object.keys(as).length ? { type: 'meld', cards, as } : { type: 'meld', cards });
    }
  }
  for (const run of ctx.board) {
    const faces: string[] = [];
    if (run.kind === 'run') {
      const pos = positions(run.cards);
      for (let q = Math.max(3, pos[0]! - 3); q <= Math.min(14, pos[pos.length - 1]! + 3); q++) faces.push(faceAt(runSuitOf(run), q));
    }
    for (const cards of subsets(ctx.hand, 1, 3)) {
      const wilds = cards.filter(isWild);
      for (const shift of [undefined, 'low', 'high'] as const) {
        out.push({ type: 'add', run: run.id, cards, ...(shift ? { shift } : {}) });
        if (shift || wilds.length === 0 || run.kind === 'set') continue;
        for (const f1 of faces) {
          if (wilds.length === 1) out.push({ type: 'add', run: run.id, cards, as: { [wilds[0]!]: f1 } });
          else for (const f2 of faces) if (f2 !== f1) out.push({ type: 'add', run: run.id, cards, as: { [wilds[0]!]: f1, [wilds[1]!]: f2 } });
        }
      }
    }
    for (const c of ctx.hand) out.push({ type: 'swap', run: run.id, card: c });
  }
  for (let i = 0; i < ctx.board.length; i++)
    for (let j = i + 1; j < ctx.board.length; j++) out.push({ type: 'merge', a: ctx.board[i]!.id, b: ctx.board[j]!.id });
  return out;
}

function dfs(ctx: DraftCtx, sr: Search): DraftStep[] | null {
  if (onBoard(ctx.board, sr.card) && canEnd(ctx, sr.env)) return [];
  const key = stateKey(ctx);
  if (sr.seen.has(key) || sr.seen.size >= sr.budget) return null;
  sr.seen.add(key);
  for (const step of sr.every ? everyStep(ctx) : relevantSteps(ctx, sr)) {
    const r = applyStep(ctx, step, sr.env);
    if (!r.ok) continue;
    const rest = dfs(r.ctx, sr);
    if (rest) return [step, ...rest];
  }
  return null;
}

/**
 * The complete search: after a quick necessary test, depth first over the draft steps that
 * can matter, never visiting a position twice; the draft rules judge every step. The tests
 * hold it to a brute force over every step. The budget of positions is a guard for the
 * server's time: the bench counts how often it runs out (never, so far).
 */
export function completePlacement(ctx: DraftCtx, env: StepEnv, opts: SearchOptions = {}): DraftStep[] | null {
  const card = env.deepest;
  if (card === null) return canEnd(ctx, env) ? [] : null;
  if (!ctx.hand.includes(card) && !onBoard(ctx.board, card)) return null;
  const sr: Search = {
    env,
    card,
    seen: new Set(),
    every: opts.every ?? false,
    budget: opts.budget ?? STATE_BUDGET,
    jokers: new Set(ctx.board.flatMap((r) => r.cards.filter((mc) => isJoker(mc.card)).map((mc) => mc.card))),
  };
  if (!sr.every && !mightPlace(ctx, card)) return null;
  const plan = dfs(ctx, sr);
  if (opts.stats) {
    opts.stats.states = sr.seen.size;
    opts.stats.exhausted = sr.seen.size >= sr.budget;
  }
  return plan;
}
