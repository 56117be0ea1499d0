/**
 * The Dhappa Baaji bot. It plans its whole turn from the position just after its pick (a
 * pure function of that position, so every call finds the same plan and replays the next
 * step from the draft made so far):
 *
 * 1. place the deepest picked card (the placement search);
 * 2. open with its longest pure run or set, lay every pure meld, feed the team's melds with
 *    naturals (moving 2s aside where that works), swap jokers out when the joker can go
 *    straight back into a meld;
 * 3. lay 2s where they do not spoil the team's lock; keep jokers for the lock, using them
 *    only when that lets the bot go out;
 * 4. go out when the lock holds and one natural card is left, otherwise discard the card it
 *    least needs, keeping back what the next opponent's team could add to its melds.
 *
 * In the pick phase it weighs drawing against every legal N-pick by planning the turn that
 * each would allow. It plans on a redacted copy of the state: other hands and the draw pile
 * are blanks and the random generator is zeroed, so it cannot peek.
 *
 * Levels share this planner and differ in its knobs (`DhappaBotParams`): Normal is the bot
 * described above; Easy and Strong are described where their knobs are set.
 */
import type { BotLevel, Seat } from '../../engine/types';
import { cardPoints, faceAt, faceOf, isJoker, isTwo, isWild, positionOf, rankOf, suitOf, sumPoints, type Suit } from './cards';
import { applySteps, blockers, goingOutError, legalDiscards, type StepEnv } from './draft';
import { faceShown, lockOf, positions, wildsIn, type Run } from './melds';
import { legalPicks, stepEnv, teamOf, timeoutMove, workingCtx } from './rules';
import { findPlacement, wildMelds } from './search';
import type { DhappaMove, DhappaState, DraftCtx, DraftStep } from './types';

const HIDDEN = '??';

/** Knobs of the planner; Normal is the long-standing bot, Strong the same planner tuned by matches against it. */
export interface DhappaBotParams {
  /** Weighing a turn: what a point left in hand costs, against a point laid. */
  handWeight: number;
  /** Each picked card kept adds a little risk beyond its face value. */
  pickedCardRisk: number;
  /** What a drawn card is worth on average. */
  drawValue: number;
  /** Discard a 2 (the Dhappa) once the discard pile holds this many cards. */
  dhappaPile: number;
  /** Keeping a card: per meld partner in hand, if it fits the own board, if the next team could use it. */
  partnerKeep: number;
  ownKeep: number;
  theirsKeep: number;
  /** Whether it weighs picking from the discard pile at all (else it always draws). */
  picks: boolean;
  /** Whether it swaps jokers out of its melds. */
  swaps: boolean;
  /** Whether it lays jokers on an ordinary turn too (else only to go out). */
  jokersEarly: boolean;
  /** Whether a wild laid on an ordinary turn must leave the team's lock no worse. */
  guardLock: boolean;
  /** In a single deal, what a card in a hand it cannot see is guessed to cost when deciding to go out. */
  unseenCard: number;
  /** How many orders of laying cards it tries (see `greedy`); Normal tries one. */
  orders: number;
}

export const NORMAL_PARAMS: DhappaBotParams = {
  handWeight: 0.5,
  pickedCardRisk: 0.5,
  drawValue: 4,
  dhappaPile: 6,
  partnerKeep: 12,
  ownKeep: 25,
  theirsKeep: 40,
  picks: true,
  swaps: true,
  jokersEarly: false,
  guardLock: true,
  unseenCard: 10,
  orders: 1,
};

/**
 * Easy: the same planner for its own cards, but it always draws, never swaps a joker out,
 * never throws a 2 to kill the pile, and discards without minding what the other team wants.
 */
export const EASY_PARAMS: DhappaBotParams = { ...NORMAL_PARAMS, picks: false, swaps: false, dhappaPile: 999, theirsKeep: 0 };

/**
 * Strong: a deal is a race that ends when a player goes out, and cards still in hand then
 * count against the team, so it lays its jokers on ordinary turns too (Normal keeps them
 * back for going out) and tries several orders of laying its cards, keeping the best turn.
 */
export const STRONG_PARAMS: DhappaBotParams = { ...NORMAL_PARAMS, jokersEarly: true, orders: 4 };

const LEVEL_PARAMS: Record<BotLevel, DhappaBotParams> = { easy: EASY_PARAMS, normal: NORMAL_PARAMS, strong: STRONG_PARAMS };

/**
 * A copy of the state with everything `seat` may not know blanked out. The rest is shared
 * with `s`: the planner only reads it, and the engine copies before it changes anything.
 */
export function redactFor(s: DhappaState, seat: Seat): DhappaState {
  return {
    ...s,
    hands: s.hands.map((h, i) => (i === seat ? [...h] : h.map(() => HIDDEN))),
    pile: s.pile.map(() => HIDDEN),
    removed: s.removed.map(() => HIDDEN),
    rng: { s: [0, 0, 0, 0] },
    draft: seat === s.turn ? s.draft : null,
  };
}

/** The position just after picking the top `count` discards (the pick assumed legal). */
function afterPick(view: DhappaState, seat: Seat, count: number): DhappaState {
  const taken = view.discard.slice(view.discard.length - count);
  return {
    ...view,
    hands: view.hands.map((h, i) => (i === seat ? [...h, ...taken] : h)),
    discard: view.discard.slice(0, view.discard.length - count),
    picked: { cards: taken, deepest: taken[0]! },
    phase: 'play',
  };
}

// ---------------------------------------------------------------- candidate steps

/** Maximal runs of held naturals in one suit (each face once), longest first. */
function pureRuns(hand: readonly string[]): string[][] {
  const bySuit = new Map<Suit, Map<number, string>>();
  for (const c of hand) {
    if (isWild(c)) continue;
    const s = suitOf(c);
    if (!bySuit.has(s)) bySuit.set(s, new Map());
    const m = bySuit.get(s)!;
    if (!m.has(positionOf(c))) m.set(positionOf(c), c);
  }
  const out: string[][] = [];
  for (const m of bySuit.values()) {
    let cur: string[] = [];
    for (let p = 3; p <= 15; p++) {
      const c = m.get(p);
      if (c) cur.push(c);
      else {
        if (cur.length >= 3) out.push(cur);
        cur = [];
      }
    }
  }
  return out.sort((a, b) => b.length - a.length || sumPoints(b) - sumPoints(a));
}

/** Pure sets of aces or 3s in hand (as many suits as held, up to 4). */
function pureSets(hand: readonly string[]): string[][] {
  const out: string[][] = [];
  for (const rank of ['A', '3']) {
    const first = new Map<string, string>();
    for (const c of hand) if (!isWild(c) && rankOf(c) === rank && !first.has(suitOf(c))) first.set(suitOf(c), c);
    if (first.size >= 3) out.push([...first.values()]);
  }
  return out;
}

/** Natural additions: for each team meld, held cards for the places next to its ends or under its 2s. */
function naturalAdds(hand: readonly string[], board: readonly Run[]): DraftStep[] {
  const byFace = new Map<string, string>();
  for (const c of hand) if (!isWild(c) && !byFace.has(faceOf(c))) byFace.set(faceOf(c), c);
  const out: DraftStep[] = [];
  for (const run of board) {
    if (run.kind === 'set') {
      const rank = rankOf(faceShown(run.cards[0]!));
      for (const s of ['S', 'H', 'D', 'C']) {
        const c = byFace.get(`${rank}${s}`);
        if (!c) continue;
        const there = run.cards.find((mc) => suitOf(faceShown(mc)) === s);
        if (!there || isTwo(there.card)) out.push({ type: 'add', run: run.id, cards: [c] });
      }
      continue;
    }
    const suit = suitOf(faceShown(run.cards[0]!));
    const pos = positions(run.cards);
    const lo = pos[0]!;
    const hi = pos[pos.length - 1]!;
    const below = lo > 3 ? byFace.get(faceAt(suit, lo - 1)) : undefined;
    const above = hi < 14 ? byFace.get(faceAt(suit, hi + 1)) : undefined;
    if (below) out.push({ type: 'add', run: run.id, cards: [below] });
    if (above) out.push({ type: 'add', run: run.id, cards: [above] });
    run.cards.forEach((mc) => {
      if (!isTwo(mc.card)) return;
      const c = byFace.get(mc.as!);
      if (!c) return;
      out.push({ type: 'add', run: run.id, cards: [c], shift: 'high' });
      out.push({ type: 'add', run: run.id, cards: [c], shift: 'low' });
      out.push({ type: 'add', run: run.id, cards: [c] });
    });
  }
  return out;
}

/** Joker swaps whose joker can go straight back into a meld (off the lock runs when possible). */
function swapPlans(ctx: DraftCtx, env: StepEnv): DraftStep[][] {
  const out: DraftStep[][] = [];
  for (const run of ctx.board) {
    for (const mc of run.cards) {
      if (!isJoker(mc.card)) continue;
      const c = ctx.hand.find((h) => !isWild(h) && faceOf(h) === mc.as);
      if (!c) continue;
      const swap: DraftStep = { type: 'swap', run: run.id, card: c };
      const after = applySteps(ctx, [swap], env);
      if (!after.ok) continue;
      for (const m of wildMelds(after.ctx.hand, mc.card, 4)) out.push([swap, m]);
      for (const r of after.ctx.board) if (r.id !== run.id) out.push([swap, { type: 'add', run: r.id, cards: [mc.card] }]);
    }
  }
  return out;
}

/** How good the team's lock is: holding beats everything, then more clean runs, then fewer wilds. */
function lockScore(board: readonly Run[]): number {
  const lock = lockOf(board);
  if (lock.holds) return 1000 - lock.wilds;
  return lock.runs.length * 100 - lock.wilds * 10;
}

/** Wild placements: a 2 (or, when allowed, a joker) into a new meld or onto a meld end. */
function wildSteps(ctx: DraftCtx, jokers: boolean): DraftStep[] {
  const out: DraftStep[] = [];
  const wilds = ctx.hand.filter((c) => isTwo(c) || (jokers && isJoker(c)));
  const seen = new Set<string>();
  for (const w of wilds) {
    const kind = isJoker(w) ? 'X' : '2';
    if (seen.has(kind)) continue;
    seen.add(kind);
    out.push(...wildMelds(ctx.hand, w, 6));
    for (const run of ctx.board) if (wildsIn(run) < 2) out.push({ type: 'add', run: run.id, cards: [w] });
  }
  return out;
}

interface Planned {
  ctx: DraftCtx;
  steps: DraftStep[];
}

/** Takes the first candidate that applies; for wilds, only if the lock does not get worse. */
function firstThatApplies(p: Planned, env: StepEnv, candidates: DraftStep[][], guardLock: boolean, minHand: number): Planned | null {
  const before = guardLock ? lockScore(p.ctx.board) : 0;
  for (const steps of candidates) {
    const r = applySteps(p.ctx, steps, env);
    if (!r.ok || r.ctx.hand.length < minHand) continue;
    if (guardLock && lockScore(r.ctx.board) < before) continue;
    return { ctx: r.ctx, steps: [...p.steps, ...steps] };
  }
  return null;
}

/**
 * Lays what the hand allows, greedily. `out` also spends jokers, aiming to go out; otherwise
 * at least two cards stay in hand, so the turn ends with an ordinary discard.
 */
function greedy(start: Planned, env: StepEnv, out: boolean, params: DhappaBotParams, order = 0): Planned {
  let p = start;
  const minHand = out ? 1 : 2;
  for (let guard = 0; guard < 60; guard++) {
    const hand = p.ctx.hand;
    // Order 0 lays new melds first, longest first; 1 feeds the board first; 2 lays the shortest melds first; 3 sets before runs.
    const found = order === 3 ? [...pureSets(hand), ...pureRuns(hand)] : [...pureRuns(hand), ...pureSets(hand)];
    if (order === 2) found.reverse();
    const melds: DraftStep[][] = found.map((cards) => [{ type: 'meld', cards }]);
    const adds = () =>
      p.ctx.opened
        ? firstThatApplies(
            p,
            env,
            naturalAdds(hand, p.ctx.board).map((s) => [s]),
            false,
            minHand,
          )
        : null;
    let next = order === 1 ? (adds() ?? firstThatApplies(p, env, melds, false, minHand)) : firstThatApplies(p, env, melds, false, minHand);
    if (!next && p.ctx.opened) {
      next =
        (order === 1 ? null : adds()) ??
        (params.swaps ? firstThatApplies(p, env, swapPlans(p.ctx, env), true, minHand) : null) ??
        firstThatApplies(
          p,
          env,
          wildSteps(p.ctx, out || params.jokersEarly).map((s) => [s]),
          !out && params.guardLock,
          minHand,
        );
    }
    if (!next) break;
    p = next;
  }
  return p;
}

// ---------------------------------------------------------------- discarding

/** Faces the other team could add to its melds next turn. */
function wantedBy(board: readonly Run[]): Set<string> {
  const out = new Set<string>();
  for (const run of board) {
    if (run.kind === 'set') {
      const rank = rankOf(faceShown(run.cards[0]!));
      for (const s of ['S', 'H', 'D', 'C']) out.add(`${rank}${s}`);
      continue;
    }
    const suit = suitOf(faceShown(run.cards[0]!));
    const pos = positions(run.cards);
    if (pos[0]! > 3) out.add(faceAt(suit, pos[0]! - 1));
    if (pos[pos.length - 1]! < 14) out.add(faceAt(suit, pos[pos.length - 1]! + 1));
    for (const mc of run.cards) if (isWild(mc.card)) out.add(mc.as!);
  }
  return out;
}

/** How much the bot wants to keep a card: meld partners in hand, use on its own board, danger to give away. */
function keepScore(card: string, hand: readonly string[], own: Set<string>, theirs: Set<string>, params: DhappaBotParams): number {
  if (isJoker(card)) return 1000;
  if (isTwo(card)) return 500;
  const face = faceOf(card);
  const p = positionOf(card);
  let partners = 0;
  for (const other of hand) {
    if (other === card || isWild(other) || faceOf(other) === face) continue;
    if (suitOf(other) === suitOf(card) && Math.abs(positionOf(other) - p) <= 2) partners++;
    if ((rankOf(card) === 'A' || rankOf(card) === '3') && rankOf(other) === rankOf(card)) partners++;
  }
  let score = partners * params.partnerKeep - cardPoints(card);
  if (own.has(face)) score += params.ownKeep;
  if (theirs.has(face)) score += params.theirsKeep;
  return score;
}

function chooseDiscard(s: DhappaState, seat: Seat, ctx: DraftCtx, legal: readonly string[], params: DhappaBotParams): string {
  const own = wantedBy(ctx.board);
  const theirs = wantedBy(s.boards[1 - teamOf(seat)]!);
  // A Dhappa (discarding a 2) wipes a pile the opponents could feast on.
  const two = legal.find(isTwo);
  if (two && s.discard.length >= params.dhappaPile && ctx.hand.length >= 3) return two;
  let best: string | null = null;
  let bestScore = Infinity;
  for (const c of [...legal].sort()) {
    const score = keepScore(c, ctx.hand, own, theirs, params);
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best ?? legal[0]!;
}

// ---------------------------------------------------------------- the turn

export interface TurnPlan {
  steps: DraftStep[];
  final: DhappaMove;
  /** Points laid this turn, minus half the points left in hand, plus going out: for weighing picks. */
  value: number;
}

/**
 * Plans are pure functions of the position after the pick, and the bot asks for the same plan
 * at every step of its turn: a few recent ones are kept, keyed by everything a plan reads.
 */
const PLAN_CACHE = new Map<string, TurnPlan | null>();
const PLAN_CACHE_SIZE = 64;

/** Forgets the cached plans (benchmarks time cold decisions with it). */
export function clearPlanCache(): void {
  PLAN_CACHE.clear();
}

function planKey(s: DhappaState, seat: Seat, params: DhappaBotParams): string {
  return JSON.stringify([seat, s.hands[seat], s.boards, s.discard.length, s.picked, s.opened[seat], s.nextRunId, params]);
}

/** The bot's whole turn from the committed position just after its pick. */
export function planTurn(start: DhappaState, seat: Seat, params: DhappaBotParams = NORMAL_PARAMS): TurnPlan | null {
  const key = planKey(start, seat, params);
  if (PLAN_CACHE.has(key)) return PLAN_CACHE.get(key)!;
  const plan = computePlan(start, seat, params);
  if (PLAN_CACHE.size >= PLAN_CACHE_SIZE) PLAN_CACHE.delete(PLAN_CACHE.keys().next().value!);
  PLAN_CACHE.set(key, plan);
  return plan;
}

function computePlan(start: DhappaState, seat: Seat, params: DhappaBotParams): TurnPlan | null {
  const env = stepEnv(start, seat);
  const ctx0 = workingCtx({ ...start, draft: null }, seat);
  let base: Planned = { ctx: ctx0, steps: [] };
  const placement = findPlacement(ctx0, env);
  if (placement === null) return null;
  const placed = applySteps(ctx0, placement, env);
  if (!placed.ok) return null;
  base = { ctx: placed.ctx, steps: placement };
  const tableBefore = sumPoints(ctx0.board.flatMap((r) => r.cards.map((mc) => mc.card)));
  const valueOf = (p: Planned, out: boolean) =>
    sumPoints(p.ctx.board.flatMap((r) => r.cards.map((mc) => mc.card))) -
    tableBefore -
    sumPoints(p.ctx.hand) * params.handWeight +
    (out ? 150 : 0) +
    lockScore(p.ctx.board) / 20;

  // Going out: spend everything, jokers included, down to one natural card with the lock held.
  const orders = Array.from({ length: params.orders }, (_, i) => i);
  for (const order of orders) {
    const bold = greedy(base, env, true, params, order);
    if (bold.ctx.hand.length === 1 && goingOutError(bold.ctx, env, bold.ctx.hand[0]!) === null && worthGoingOut(start, seat, bold.ctx, params)) {
      return { steps: bold.steps, final: { type: 'discard', card: bold.ctx.hand[0]! }, value: valueOf(bold, true) };
    }
  }
  // Otherwise the order that leaves the turn worth most (the first on a tie).
  let best: TurnPlan | null = null;
  for (const order of orders) {
    const careful = greedy(base, env, false, params, order);
    for (const p of [careful, base]) {
      const legal = legalDiscards(p.ctx, env).filter((c) => p.ctx.hand.length > 1 || goingOutError(p.ctx, env, c) === null);
      if (legal.length === 0 || blockers(p.ctx, env).length > 0) continue;
      const value = valueOf(p, p.ctx.hand.length === 1);
      if (!best || value > best.value) best = { steps: p.steps, final: { type: 'discard', card: chooseDiscard(start, seat, p.ctx, legal, params) }, value };
      break;
    }
  }
  return best;
}

/**
 * Going out ends the deal. In a match the 100 points always count; in a single deal it is
 * worth it only if the team then wins, by what the bot can see: the boards, its own hand and
 * the other players' card counts.
 */
function worthGoingOut(s: DhappaState, seat: Seat, ctx: DraftCtx, params: DhappaBotParams): boolean {
  if (s.options.length === 'match') return true;
  const team = teamOf(seat);
  const tablePoints = (board: readonly Run[]) => sumPoints(board.flatMap((r) => r.cards.map((mc) => mc.card)));
  let mine = tablePoints(ctx.board) + 100;
  let theirs = tablePoints(s.boards[1 - team]!);
  s.hands.forEach((h, i) => {
    if (i === seat) return;
    if (teamOf(i) === team) mine -= h.length * params.unseenCard;
    else theirs -= h.length * params.unseenCard;
  });
  return mine > theirs;
}

function sameStep(a: DraftStep, b: DraftStep): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Draw, or the N-pick whose planned turn is worth most (and clearly more than a draw). */
function pickChoice(view: DhappaState, seat: Seat, params: DhappaBotParams): DhappaMove {
  const picks = legalPicks(view);
  const canDraw = view.pile.length > 0;
  if (picks.length === 0 || (!params.picks && canDraw)) return { type: 'draw' };
  const baseline = planTurn({ ...view, phase: 'play', picked: null }, seat, params);
  // A drawn card is worth a little on average.
  let bestValue = canDraw ? (baseline?.value ?? 0) + params.drawValue : -Infinity;
  let best: DhappaMove = canDraw ? { type: 'draw' } : { type: 'pick', count: picks[0]! };
  for (const count of picks.slice(0, 12)) {
    const plan = planTurn(afterPick(view, seat, count), seat, params);
    if (!plan) continue;
    // Cards picked but kept add risk beyond their face value.
    const value = plan.value - count * params.pickedCardRisk;
    if (value > bestValue) {
      bestValue = value;
      best = { type: 'pick', count };
    }
  }
  return best;
}

/** The bot's next move for `seat` (the seat to play). */
export function chooseBotMove(state: DhappaState, seat: Seat, level: BotLevel = 'normal', params: DhappaBotParams = LEVEL_PARAMS[level]): DhappaMove {
  const fallback = timeoutMove(state, seat) ?? { type: 'undoAll' };
  if (state.phase === 'over' || seat !== state.turn) return fallback;
  const view = redactFor(state, seat);
  if (view.phase === 'pick') return pickChoice(view, seat, params);
  const plan = planTurn(view, seat, params);
  if (!plan) return fallback;
  const done = view.draft?.steps ?? [];
  const onPlan = done.length <= plan.steps.length && done.every((m, i) => sameStep(m, plan.steps[i]!));
  if (!onPlan) return { type: 'undoAll' };
  return plan.steps[done.length] ?? plan.final;
}
