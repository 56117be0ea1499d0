/**
 * Draft steps: creating a meld, adding to a team meld, merging two team runs and swapping a
 * joker out. Each works on a small working copy of what a turn may change (the mover's hand,
 * the team board, the opened flag, the freed jokers) and returns a new copy, never touching
 * its input, so the engine can keep every earlier copy for undo and the search can try steps
 * cheaply.
 */
import type { GameEvent, Seat } from '../../engine/types';
import { isJoker, isWild } from './cards';
import { layoutAdd, layoutNew, lockOf, mergeRuns, swapOut, wildsIn, type Fail, type Run } from './melds';
import type { DhappaRefusal, DiscardBlock } from './refusals';
import type { DraftCtx, DraftStep, TurnBlocker } from './types';

type GameError = DhappaRefusal;

/** What a step needs to know besides the working copy. */
export interface StepEnv {
  seat: Seat;
  team: number;
  /** The mover's name, for the event texts. */
  who: string;
  /** The deepest card of this turn's N-pick, owed to the table. */
  deepest: string | null;
  /** The other team's board: its runs cannot be touched. */
  otherBoard: readonly Run[];
}

export type StepResult = { ok: true; ctx: DraftCtx } | Fail;

function refuse(error: GameError): Fail {
  return { ok: false, error };
}

export function onBoard(board: readonly Run[], card: string): boolean {
  for (const r of board) for (const mc of r.cards) if (mc.card === card) return true;
  return false;
}

function missingFromHand(hand: readonly string[], cards: readonly string[]): string | undefined {
  return cards.find((c) => !hand.includes(c));
}

function withoutCards(hand: readonly string[], cards: readonly string[]): string[] {
  const drop = new Set(cards);
  return hand.filter((c) => !drop.has(c));
}

function findRun(ctx: DraftCtx, env: StepEnv, id: string): Run | Fail {
  const run = ctx.board.find((r) => r.id === id);
  if (run) return run;
  if (env.otherBoard.some((r) => r.id === id)) return refuse({ code: 'not_your_team' });
  return refuse({ code: 'no_such_run', run: id });
}

function isFail(x: Run | Fail): x is Fail {
  return (x as Fail).ok === false;
}

function event(env: StepEnv, type: string, fields: Record<string, unknown>): GameEvent {
  return { type, seat: env.seat, team: env.team, ...fields };
}

function meldStep(ctx: DraftCtx, env: StepEnv, cards: string[], as: Record<string, string> | undefined): StepResult {
  if (new Set(cards).size !== cards.length) return refuse({ code: 'duplicate_card', card: null, kind: null });
  const missing = missingFromHand(ctx.hand, cards);
  if (missing !== undefined) return refuse({ code: 'card_not_in_hand', card: missing });
  if (!ctx.opened && cards.some(isWild)) return refuse({ code: 'not_opened', action: 'wild' });
  const laid = layoutNew(cards, as ?? {});
  if (!laid.ok) return laid;
  const run: Run = { id: `r${ctx.nextRunId}`, kind: laid.layout.kind, cards: laid.layout.cards };
  const pure = !cards.some(isWild);
  const opens = !ctx.opened && pure;
  return {
    ok: true,
    ctx: {
      ...ctx,
      hand: withoutCards(ctx.hand, cards),
      board: [...ctx.board, run],
      opened: ctx.opened || pure,
      nextRunId: ctx.nextRunId + 1,
      log: [...ctx.log, event(env, 'meld', { run: run.id, kind: run.kind, cards: [...cards], opens })],
    },
  };
}

function replaceRun(board: readonly Run[], run: Run): Run[] {
  return board.map((r) => (r.id === run.id ? run : r));
}

function addStep(
  ctx: DraftCtx,
  env: StepEnv,
  id: string,
  cards: string[],
  as: Record<string, string> | undefined,
  shift: 'low' | 'high' | undefined,
): StepResult {
  const run = findRun(ctx, env, id);
  if (isFail(run)) return run;
  if (!ctx.opened) return refuse({ code: 'not_opened', action: 'add' });
  if (new Set(cards).size !== cards.length) return refuse({ code: 'duplicate_card', card: null, kind: null });
  const missing = missingFromHand(ctx.hand, cards);
  if (missing !== undefined) return refuse({ code: 'card_not_in_hand', card: missing });
  const added = layoutAdd(run, cards, as ?? {}, shift);
  if (!added.ok) return added;
  return {
    ok: true,
    ctx: {
      ...ctx,
      hand: withoutCards(ctx.hand, cards),
      board: replaceRun(ctx.board, { ...run, cards: added.cards }),
      log: [...ctx.log, event(env, 'add', { run: id, cards: [...cards], shifted: added.shifted })],
    },
  };
}

function mergeStep(ctx: DraftCtx, env: StepEnv, a: string, b: string): StepResult {
  const ra = findRun(ctx, env, a);
  if (isFail(ra)) return ra;
  const rb = findRun(ctx, env, b);
  if (isFail(rb)) return rb;
  if (!ctx.opened) return refuse({ code: 'not_opened', action: 'merge' });
  if (a === b) return refuse({ code: 'merge_same' });
  const merged = mergeRuns(ra, rb);
  if (!merged.ok) return merged;
  const board = ctx.board.filter((r) => r.id !== b).map((r) => (r.id === a ? { ...r, cards: merged.cards } : r));
  return {
    ok: true,
    ctx: { ...ctx, board, log: [...ctx.log, event(env, 'merge', { run: a, merged: b })] },
  };
}

function swapStep(ctx: DraftCtx, env: StepEnv, id: string, card: string): StepResult {
  const run = findRun(ctx, env, id);
  if (isFail(run)) return run;
  if (!ctx.opened) return refuse({ code: 'not_opened', action: 'swap' });
  if (!ctx.hand.includes(card)) return refuse({ code: 'card_not_in_hand', card });
  const swapped = swapOut(run, card);
  if (!swapped.ok) return swapped;
  return {
    ok: true,
    ctx: {
      ...ctx,
      hand: [...withoutCards(ctx.hand, [card]), swapped.joker],
      board: replaceRun(ctx.board, { ...run, cards: swapped.cards }),
      freed: [...ctx.freed, swapped.joker],
      log: [...ctx.log, event(env, 'swap', { run: id, card, joker: swapped.joker })],
    },
  };
}

/** Why the turn cannot end yet, whatever the discard: the picked card or a freed joker still off the table. */
export function blockers(ctx: DraftCtx, env: StepEnv): TurnBlocker[] {
  const out: TurnBlocker[] = [];
  if (env.deepest !== null && !onBoard(ctx.board, env.deepest)) {
    out.push({ code: 'pick_not_placed', card: env.deepest });
  }
  const loose = ctx.freed.filter((j) => !onBoard(ctx.board, j));
  if (loose.length > 0) out.push({ code: 'joker_not_placed' });
  return out;
}

function noLock(board: readonly Run[]): GameError {
  const clean = board.filter((r) => wildsIn(r) <= 2).length;
  return { code: 'no_lock', clean, wilds: lockOf(board).wilds };
}

/** Why discarding `card` as the last card would not go out; null if it would. */
export function goingOutError(ctx: DraftCtx, env: StepEnv, card: string): GameError | null {
  const blocked = blockers(ctx, env);
  if (blocked.length > 0) return blocked[0]!;
  if (!lockOf(ctx.board).holds) return noLock(ctx.board);
  if (isJoker(card)) return { code: 'joker_last' };
  return null;
}

/** Why the turn cannot end by discarding `card` now; null if it can. */
export function discardError(ctx: DraftCtx, env: StepEnv, card: string): GameError | null {
  if (!ctx.hand.includes(card)) return { code: 'card_not_in_hand', card };
  if (ctx.hand.length === 1) return goingOutError(ctx, env, card);
  const blocked = blockers(ctx, env);
  return blocked.length > 0 ? blocked[0]! : null;
}

/** Cards the turn may end by discarding now. */
export function legalDiscards(ctx: DraftCtx, env: StepEnv): string[] {
  if (ctx.hand.length === 1) return goingOutError(ctx, env, ctx.hand[0]!) === null ? [...ctx.hand] : [];
  return blockers(ctx, env).length > 0 ? [] : [...ctx.hand];
}

/** A step must leave a card that can still end the turn: never an empty hand, and a lone card only to go out. */
function leavesDiscard(ctx: DraftCtx, env: StepEnv): GameError | null {
  if (ctx.hand.length === 0) return { code: 'keep_a_card' };
  if (ctx.hand.length === 1) {
    const last = ctx.hand[0]!;
    const why = goingOutError(ctx, env, last);
    if (why) return { code: 'no_discard_left', card: last, why: why.code as DiscardBlock };
  }
  return null;
}

/** Applies one draft step to a working copy; refuses it with a reason if any rule is broken. */
export function applyStep(ctx: DraftCtx, step: DraftStep, env: StepEnv): StepResult {
  let r: StepResult;
  switch (step.type) {
    case 'meld':
      r = meldStep(ctx, env, step.cards, step.as);
      break;
    case 'add':
      r = addStep(ctx, env, step.run, step.cards, step.as, step.shift);
      break;
    case 'merge':
      r = mergeStep(ctx, env, step.a, step.b);
      break;
    case 'swap':
      r = swapStep(ctx, env, step.run, step.card);
      break;
  }
  if (!r.ok) return r;
  const left = leavesDiscard(r.ctx, env);
  return left ? { ok: false, error: left } : r;
}

/** Applies steps in order; the first refusal stops it. */
export function applySteps(ctx: DraftCtx, steps: readonly DraftStep[], env: StepEnv): StepResult {
  let cur = ctx;
  for (const step of steps) {
    const r = applyStep(cur, step, env);
    if (!r.ok) return r;
    cur = r.ctx;
  }
  return { ok: true, ctx: cur };
}

/** The turn could end now: nothing owed to the table and a legal discard in hand. */
export function canEnd(ctx: DraftCtx, env: StepEnv): boolean {
  return legalDiscards(ctx, env).length > 0;
}
