/**
 * The Dhappa Baaji engine: dealing, the pick, the undoable draft, the discard (and the
 * Dhappa), going out, scoring and the match. `applyMove` works on a clone of the state.
 */
import { nextInt, seedRng, shuffleInPlace } from '../../cards/rng';
import { err as refused, type ApplyResult as Applied, type GameEvent, type PlayerInfo, type Seat } from '../../engine/types';
import type { DhappaRefusal } from './refusals';
import { cardPoints, dhappaDeck, HAND_SIZES, isJoker, isTwo, isWild, sumPoints } from './cards';
import { applyStep, applySteps, blockers, discardError, legalDiscards, type StepEnv } from './draft';
import { lockOf } from './melds';
import { findPlacement, naturalMelds } from './search';
import {
  MATCH_TARGET,
  OUT_BONUS,
  type DhappaMove,
  type DhappaOptions,
  type DhappaState,
  type DraftCtx,
  type DraftStep,
  type HandPenalty,
  type TeamDealRow,
} from './types';

type GameError = DhappaRefusal;
type ApplyResult = Applied<DhappaState, GameEvent, DhappaRefusal>;
const err = (error: GameError) => refused(error);

type Ok = ApplyResult & { ok: true };

export function teamOf(seat: Seat): number {
  return seat % 2;
}

export function teamSeats(s: Pick<DhappaState, 'names'>, team: number): Seat[] {
  return s.names.map((_, i) => i).filter((i) => teamOf(i) === team);
}

function name(s: DhappaState, seat: Seat): string {
  return s.names[seat]!;
}

// ---------------------------------------------------------------- dealing

function dealCards(s: DhappaState): GameEvent[] {
  const n = s.names.length;
  const size = HAND_SIZES[n]!;
  const deck = shuffleInPlace(s.rng, dhappaDeck());
  s.hands = Array.from({ length: n }, (_, i) => deck.slice(i * size, (i + 1) * size));
  s.pile = deck.slice(n * size);
  s.discard = [];
  s.removed = [];
  const events: GameEvent[] = [];
  // The turned card may not be wild: a 2 or a joker goes back into the pile, which is shuffled.
  for (;;) {
    const card = s.pile.pop()!;
    if (!isWild(card)) {
      s.discard.push(card);
      events.push({ type: 'turnUp', card });
      break;
    }
    s.pile.push(card);
    shuffleInPlace(s.rng, s.pile);
    events.push({ type: 'turnBack', card });
  }
  s.boards = [[], []];
  s.opened = s.names.map(() => false);
  s.turn = (s.dealer + 1) % n;
  s.phase = 'pick';
  s.picked = null;
  s.draft = null;
  s.nextRunId = 1;
  s.turnsTaken = 0;
  return events;
}

export function setupState(players: PlayerInfo[], options: DhappaOptions, seed: string): DhappaState {
  const n = players.length;
  if (!HAND_SIZES[n]) throw new Error(`Dhappa Baaji is played by 4 or 6, not ${n}`);
  const rng = seedRng(seed);
  const s: DhappaState = {
    options,
    names: players.map((p) => p.name),
    rng,
    deal: 1,
    dealer: nextInt(rng, n),
    hands: [],
    pile: [],
    discard: [],
    removed: [],
    boards: [[], []],
    opened: [],
    turn: 0,
    phase: 'pick',
    picked: null,
    draft: null,
    nextRunId: 1,
    turnsTaken: 0,
    totals: [0, 0],
    lastDeal: null,
    winners: null,
  };
  dealCards(s);
  return s;
}

// ---------------------------------------------------------------- the working copy

export function stepEnv(s: DhappaState, seat: Seat = s.turn): StepEnv {
  const team = teamOf(seat);
  return { seat, team, who: name(s, seat), deepest: seat === s.turn ? (s.picked?.deepest ?? null) : null, otherBoard: s.boards[1 - team]! };
}

/** The mover's working copy: the draft's, or a fresh one from the committed state. */
export function workingCtx(s: DhappaState, seat: Seat = s.turn): DraftCtx {
  if (seat === s.turn && s.draft) return s.draft.ctx;
  return { hand: s.hands[seat]!, board: s.boards[teamOf(seat)]!, opened: s.opened[seat]!, freed: [], nextRunId: s.nextRunId, log: [] };
}

export function workingHand(s: DhappaState, seat: Seat): string[] {
  return workingCtx(s, seat).hand;
}

// ---------------------------------------------------------------- picks

/** Why taking the top `count` discards is refused now; null when it is accepted. */
export function pickError(s: DhappaState, count: number): GameError | null {
  if (s.discard.length === 0) return { code: 'discard_empty' };
  if (!Number.isInteger(count) || count < 1 || count > s.discard.length) {
    return { code: 'bad_count', count, max: s.discard.length };
  }
  return pickPlan(s, count) === null ? unplayableError(s, count) : null;
}

function afterPick(s: DhappaState, count: number): { ctx: DraftCtx; env: StepEnv } {
  const taken = s.discard.slice(s.discard.length - count);
  const ctx = { ...workingCtx(s, s.turn), hand: [...s.hands[s.turn]!, ...taken] };
  return { ctx, env: { ...stepEnv(s, s.turn), deepest: taken[0]! } };
}

/** The steps that would place the deepest card of a `count`-pick, or null if there are none. */
export function pickPlan(s: DhappaState, count: number): DraftStep[] | null {
  const { ctx, env } = afterPick(s, count);
  return findPlacement(ctx, env);
}

function unplayableError(s: DhappaState, count: number): GameError {
  const { ctx, env } = afterPick(s, count);
  const card = env.deepest!;
  if (!ctx.opened && findPlacement({ ...ctx, opened: true }, env) !== null) return { code: 'pick_unplayable', card, count, why: 'open_first' };
  if (!ctx.opened && isWild(card)) return { code: 'pick_unplayable', card, count, why: 'wild' };
  const canMeld = naturalMelds(ctx.hand, card, ctx.opened).length > 0;
  return { code: 'pick_unplayable', card, count, why: canMeld ? 'no_discard' : 'no_fit' };
}

/** Every count the mover may pick now (pick phase). */
export function legalPicks(s: DhappaState): number[] {
  const out: number[] = [];
  for (let n = 1; n <= s.discard.length; n++) if (pickPlan(s, n) !== null) out.push(n);
  return out;
}

export function anyLegalPick(s: DhappaState): boolean {
  for (let n = 1; n <= s.discard.length; n++) if (pickPlan(s, n) !== null) return true;
  return false;
}

function drawMove(s: DhappaState): ApplyResult {
  if (s.pile.length === 0) return err({ code: 'pile_empty' });
  const card = s.pile.pop()!;
  s.hands[s.turn]!.push(card);
  s.phase = 'play';
  return ok(s, [{ type: 'draw', seat: s.turn, count: 1 }]);
}

function pickMove(s: DhappaState, count: number): ApplyResult {
  const problem = pickError(s, count);
  if (problem) return refuse(problem);
  const taken = s.discard.splice(s.discard.length - count, count);
  s.hands[s.turn]!.push(...taken);
  s.picked = { cards: taken, deepest: taken[0]! };
  s.phase = 'play';
  return ok(s, [
    {
      type: 'pick',
      seat: s.turn,
      team: teamOf(s.turn),
      count,
      cards: [...taken],
      deepest: taken[0]!,
    },
  ]);
}

// ---------------------------------------------------------------- the draft

function draftMove(s: DhappaState, steps: readonly DraftStep[]): ApplyResult {
  const env = stepEnv(s);
  let ctx = workingCtx(s);
  const history = s.draft ? [...s.draft.history] : [];
  const done = s.draft ? [...s.draft.steps] : [];
  for (const step of steps) {
    const r = applyStep(ctx, step, env);
    if (!r.ok) return r;
    history.push(ctx);
    done.push(step);
    ctx = r.ctx;
  }
  s.draft = { ctx, history, steps: done };
  return ok(s, []);
}

function undoMove(s: DhappaState, all: boolean): ApplyResult {
  if (!s.draft || s.draft.steps.length === 0) return err({ code: 'nothing_to_undo' });
  if (all || s.draft.steps.length === 1) {
    s.draft = null;
    return ok(s, []);
  }
  const history = [...s.draft.history];
  const ctx = history.pop()!;
  s.draft = { ctx, history, steps: s.draft.steps.slice(0, -1) };
  return ok(s, []);
}

// ---------------------------------------------------------------- discard, next turn, deal end

function discardMove(s: DhappaState, card: string): ApplyResult {
  const seat = s.turn;
  const env = stepEnv(s);
  const ctx = workingCtx(s);
  const problem = discardError(ctx, env, card);
  if (problem) return refuse(problem);
  const goingOut = ctx.hand.length === 1;
  const team = teamOf(seat);
  const events: GameEvent[] = [...ctx.log];
  s.hands[seat] = ctx.hand.filter((c) => c !== card);
  s.boards[team] = ctx.board;
  s.opened[seat] = ctx.opened;
  s.nextRunId = ctx.nextRunId;
  s.draft = null;
  s.picked = null;
  if (isTwo(card)) {
    const gone = [...s.discard, card];
    s.removed.push(...gone);
    s.discard = [];
    events.push({ type: 'dhappa', seat, team, card, cards: gone, count: gone.length });
  } else {
    s.discard.push(card);
    events.push({ type: 'discard', seat, team, card });
  }
  if (goingOut) {
    events.push({ type: 'out', seat, team });
    endDeal(s, seat, events);
    return ok(s, events);
  }
  nextTurn(s, events);
  return ok(s, events);
}

function nextTurn(s: DhappaState, events: GameEvent[]): void {
  s.turnsTaken++;
  s.turn = (s.turn + 1) % s.names.length;
  s.phase = 'pick';
  if (s.pile.length === 0 && !anyLegalPick(s)) {
    events.push({ type: 'stuck', seat: s.turn });
    endDeal(s, null, events);
  }
}

/** Each hand's value at the end of a deal, by kind of card. */
export function handPenalties(s: DhappaState): HandPenalty[] {
  return s.hands.map((hand, seat) => {
    const jokers = hand.filter(isJoker).length;
    const twos = hand.filter(isTwo).length;
    const rest = hand.filter((c) => !isWild(c));
    return { seat, team: teamOf(seat), jokers, twos, others: rest.length, othersPoints: sumPoints(rest), points: sumPoints(hand) };
  });
}

export function dealRows(s: DhappaState, out: Seat | null): TeamDealRow[] {
  return [0, 1].map((team) => {
    const table = sumPoints(s.boards[team]!.flatMap((r) => r.cards.map((mc) => mc.card)));
    const hands = teamSeats(s, team).reduce((sum, seat) => sum + sumPoints(s.hands[seat]!), 0);
    const bonus = out !== null && teamOf(out) === team ? OUT_BONUS : 0;
    return { team, table, hands, bonus, points: bonus + table - hands };
  });
}

function endDeal(s: DhappaState, out: Seat | null, events: GameEvent[]): void {
  const rows = dealRows(s, out);
  rows.forEach((r) => (s.totals[r.team]! += r.points));
  s.lastDeal = { deal: s.deal, out, rows, penalties: handPenalties(s), totals: [...s.totals] };
  events.push({
    type: 'dealScore',
    deal: s.deal,
    points: rows.map((r) => r.points),
    totals: [...s.totals],
  });
  const winner = winningTeam(s, rows);
  if (winner !== undefined) {
    s.winners = winner === null ? s.names.map((_, i) => i) : teamSeats(s, winner);
    s.phase = 'over';
    s.draft = null;
    s.picked = null;
    events.push({ type: 'gameOver', winners: [...s.winners], team: winner });
    return;
  }
  s.deal++;
  s.dealer = (s.dealer + 1) % s.names.length;
  const dealt = dealCards(s);
  events.push({ type: 'deal', deal: s.deal, seat: s.turn });
  events.push(...dealt);
}

/** The winning team (null for a shared single deal), or undefined when the match goes on. */
function winningTeam(s: DhappaState, rows: TeamDealRow[]): number | null | undefined {
  if (s.options.length === 'single') {
    const [a, b] = rows.map((r) => r.points) as [number, number];
    return a === b ? null : a > b ? 0 : 1;
  }
  const [a, b] = s.totals as [number, number];
  if (a < MATCH_TARGET && b < MATCH_TARGET) return undefined;
  if (a === b) return undefined;
  return a > b ? 0 : 1;
}

/** The scores of the game: the deal's points (single deal) or the totals (match), per team. */
export function teamScores(s: DhappaState): number[] {
  if (s.options.length === 'single' && s.lastDeal) return s.lastDeal.rows.map((r) => r.points);
  return [...s.totals];
}

// ---------------------------------------------------------------- apply

function ok(s: DhappaState, events: GameEvent[]): Ok {
  return { ok: true, state: s, events };
}

function refuse(error: GameError): { ok: false; error: GameError } {
  return { ok: false, error };
}

/**
 * A copy safe to change: every array the engine changes in place is copied. Runs, draft
 * contexts and the draft history are never changed in place (steps build new ones), so
 * they are shared.
 */
export function cloneState(s: DhappaState): DhappaState {
  return {
    ...s,
    options: { ...s.options },
    names: [...s.names],
    rng: { s: [...s.rng.s] },
    hands: s.hands.map((h) => [...h]),
    pile: [...s.pile],
    discard: [...s.discard],
    removed: [...s.removed],
    boards: s.boards.map((b) => [...b]),
    opened: [...s.opened],
    totals: [...s.totals],
  };
}

function applyUnsafe(state: DhappaState, seat: Seat, move: DhappaMove): ApplyResult {
  if (state.phase === 'over') return err({ code: 'game_over' });
  if (seat !== state.turn) return err({ code: 'not_your_turn', seat: state.turn });
  const s = cloneState(state);
  if (move.type === 'draw' || move.type === 'pick') {
    if (s.phase !== 'pick') return err({ code: 'already_picked' });
    return move.type === 'draw' ? drawMove(s) : pickMove(s, move.count);
  }
  if (s.phase === 'pick') return err({ code: 'pick_first' });
  switch (move.type) {
    case 'meld':
    case 'add':
    case 'merge':
    case 'swap':
      return draftMove(s, [move]);
    case 'batch':
      return draftMove(s, move.steps);
    case 'undo':
      return undoMove(s, false);
    case 'undoAll':
      return undoMove(s, true);
    case 'discard':
      return discardMove(s, move.card);
  }
}

export function applyMove(state: DhappaState, seat: Seat, move: DhappaMove): ApplyResult {
  try {
    return applyUnsafe(state, seat, move);
  } catch {
    // A bug, not a rule: the move is refused rather than the room broken.
    return err({ code: 'internal' });
  }
}

// ---------------------------------------------------------------- timeouts

/** The card a timed-out player discards: the most valuable natural card, else any legal one. */
export function timeoutDiscard(cards: readonly string[]): string {
  let best: string | null = null;
  for (const c of cards) {
    if (isWild(c)) continue;
    if (best === null || cardPoints(c) > cardPoints(best)) best = c;
  }
  return best ?? cards.find((c) => !isJoker(c)) ?? cards[0]!;
}

/**
 * Finishes the turn in at most three moves: take a card (draw, or with an empty pile the
 * smallest legal pick); drop a draft that cannot end the turn; lay the steps that place a
 * picked card; discard.
 */
export function timeoutMove(s: DhappaState, seat: Seat): DhappaMove | null {
  if (s.phase === 'over' || seat !== s.turn) return null;
  if (s.phase === 'pick') {
    if (s.pile.length > 0) return { type: 'draw' };
    const n = legalPicks(s)[0];
    return n === undefined ? null : { type: 'pick', count: n };
  }
  const env = stepEnv(s);
  const ctx = workingCtx(s);
  const discards = legalDiscards(ctx, env);
  if (discards.length > 0) return { type: 'discard', card: timeoutDiscard(discards) };
  if (s.draft) return { type: 'undoAll' };
  const plan = findPlacement(ctx, env);
  if (plan && plan.length > 0) return { type: 'batch', steps: plan };
  return null;
}

/** Steps applied from the committed position (no draft): for bots and tests. */
export function replay(s: DhappaState, steps: readonly DraftStep[]): DraftCtx | null {
  const r = applySteps(workingCtx({ ...s, draft: null }), steps, stepEnv(s));
  return r.ok ? r.ctx : null;
}

export { blockers, lockOf };
