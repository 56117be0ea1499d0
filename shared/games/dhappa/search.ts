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
import { faceAt, faceOf, isJoker, isTwo, isWild, positionOf, rankOf, suitOf, type Suit } from './cards';
import { applySteps, canEnd, onBoard, type StepEnv } from './draft';
import { faceShown, positions, type Run } from './melds';
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
 * Steps that put `env.deepest` on the table and let the turn end legally from `ctx`, or null
 * when the search finds none. An empty list when nothing more is needed.
 */
export function findPlacement(ctx: DraftCtx, env: StepEnv): DraftStep[] | null {
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
