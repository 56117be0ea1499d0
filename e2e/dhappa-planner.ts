/**
 * Plans a Dhappa Baaji person's next click from that person's own view — the DhappaView their
 * browser was sent, nothing more — with the game's own bot: the view is turned back into a
 * state whose hidden parts (other hands, the draw pile, removed cards, the RNG) are blanks,
 * the bot plans the turn, and the test carries the plan's next step out by clicking.
 *
 * The table sends what a person can click: melds and additions without chosen stand-ins, so
 * after every step the test plans again from the view the server sent back. A joker swap is
 * the one step kept together with the next (the freed joker must go back this turn).
 *
 * Pure (no Playwright): `e2e/dhappa-planner.test.ts` plays whole deals with it under Node
 * through the moves the table would send.
 */
import { chooseBotMove, planTurn, redactFor } from '../shared/games/dhappa/bot';
import { faceOf, isJoker, isWild, positionOf, suitOf } from '../shared/games/dhappa/cards';
import { applySteps, blockers, legalDiscards } from '../shared/games/dhappa/draft';
import { stepEnv, timeoutMove, workingCtx } from '../shared/games/dhappa/rules';
import { openingMelds, wildMelds } from '../shared/games/dhappa/search';
import type { Run } from '../shared/games/dhappa/melds';
import type { DhappaState, DhappaView, DraftCtx, DraftStep } from '../shared/games/dhappa/types';

const HIDDEN = '??';
/** Discards the table's N-pick fan shows. */
export const FAN = 16;

/** The seat's view as a state the bot can plan on: the draft counted as laid, hidden cards blank. */
export function stateFromView(view: DhappaView, aside: readonly string[] = []): DhappaState {
  const seat = view.seat!;
  const boards: Run[][] = [0, 1].map((team) =>
    (view.teams.find((t) => t.team === team)?.runs ?? []).map((r) => ({ id: r.id, kind: r.kind, cards: r.cards.map((mc) => ({ ...mc })) })),
  );
  const ids = boards.flat().map((r) => Number(r.id.slice(1)));
  const owed = view.draft?.deepest && !view.draft.deepestPlaced && view.picked ? { cards: [...view.picked.cards], deepest: view.draft.deepest } : null;
  return {
    options: { ...view.options },
    names: view.players.map((p) => p.name),
    rng: { s: [0, 0, 0, 0] },
    deal: view.deal,
    dealer: view.dealer,
    hands: view.players.map((p) => (p.seat === seat ? view.hand!.filter((c) => !aside.includes(c)) : Array.from({ length: p.cards }, () => HIDDEN))),
    pile: Array.from({ length: view.pileCount }, () => HIDDEN),
    discard: [...view.discard],
    removed: Array.from({ length: view.removedCount }, () => HIDDEN),
    boards,
    opened: view.players.map((p) => (p.seat === seat ? (view.draft?.opened ?? view.you!.opened) : p.opened)),
    turn: view.turn,
    phase: view.phase,
    picked: owed,
    draft: null,
    nextRunId: Math.max(0, ...ids) + 1,
    turnsTaken: 0,
    totals: [0, 1].map((team) => view.teams.find((t) => t.team === team)?.total ?? 0),
    lastDeal: null,
    winners: null,
  };
}

export type Action =
  | { type: 'draw' }
  | { type: 'pick'; count: number }
  /** Draft steps to click now (two for a swap and the freed joker's new place). */
  | { type: 'steps'; steps: DraftStep[] }
  | { type: 'discard'; card: string };

/**
 * The next thing this person does, planned by the bot from their view. Cards `aside` are
 * left out of the plan (kept for a purpose of the test's own, such as a Dhappa).
 */
export function nextAction(view: DhappaView, aside: readonly string[] = []): Action {
  const seat = view.seat!;
  const s = stateFromView(view, aside);
  const you = view.you!;
  if (view.phase === 'pick') {
    const m = chooseBotMove(s, seat);
    // The table's fan shows the top 16 discards: a deeper pick cannot be clicked.
    const clickable = you.picks.filter((n) => n <= FAN);
    if (m.type === 'pick' && clickable.includes(m.count)) return { type: 'pick', count: m.count };
    if (you.canDraw) return { type: 'draw' };
    if (clickable.length === 0) throw new Error(`seat ${seat}: no pick the fan shows (legal: ${you.picks.join(' ')})`);
    return { type: 'pick', count: Math.max(...clickable) };
  }
  // A joker swapped out by a click the plan meant as an addition: put it back first.
  const loose = view.draft?.unplacedJokers[0];
  if (loose) return { type: 'steps', steps: [placeJoker(s, loose)] };
  const plan = planTurn(redactFor(s, seat), seat);
  const legal = you.discardable;
  if (plan) {
    const [first, second] = plan.steps;
    if (first) return { type: 'steps', steps: first.type === 'swap' && second ? [first, second] : [first] };
    if (plan.final.type === 'discard' && legal.includes(plan.final.card)) return { type: 'discard', card: plan.final.card };
  }
  if (legal.length > 0) {
    // The bot's card when it is legal now, else the first natural (a joker last).
    return { type: 'discard', card: legal.find((c) => !isWild(c)) ?? legal.find((c) => !isJoker(c)) ?? legal[0]! };
  }
  const fallback = timeoutMove(s, seat);
  if (fallback?.type === 'batch') return { type: 'steps', steps: [fallback.steps[0]!] };
  throw new Error(`no plan for seat ${seat}: hand ${view.hand?.join(' ')}; blockers ${view.draft?.blockers.join('; ')}`);
}

/** A step that puts a freed joker back on the team's board (an end of a run, or a new meld). */
function placeJoker(s: DhappaState, joker: string): DraftStep {
  const env = stepEnv(s);
  const ctx = { ...workingCtx(s), freed: [joker] };
  const tries: DraftStep[] = [...ctx.board.map((r): DraftStep => ({ type: 'add', run: r.id, cards: [joker] })), ...wildMelds(ctx.hand, joker, 12)];
  const step = tries.find((t) => applySteps(ctx, [t], env).ok);
  if (!step) throw new Error(`no place for the freed joker ${joker}`);
  return step;
}

/** Consecutive naturals of one suit in hand: [a, b, c] with b one above a and c one above b. */
function pureThrees(hand: readonly string[]): string[][] {
  const out: string[][] = [];
  for (const a of hand) {
    if (isWild(a)) continue;
    const at = (p: number) => hand.find((c) => !isWild(c) && suitOf(c) === suitOf(a) && positionOf(c) === p);
    const b = at(positionOf(a) + 1);
    const c = at(positionOf(a) + 2);
    if (b && c) out.push([a, b, c]);
  }
  return out;
}

/**
 * A joker swap this person can make now from the view (play phase, nothing owed): open with a
 * pure meld if needed, lay a pure three with the joker in the middle card's place, swap the
 * middle card in (the joker comes back to the hand) and lay the joker again on that run's end.
 * The steps name the new run by the id the engine would give it; the test maps it to the id
 * the table shows. Null when the hand has no way to do it with a legal discard left.
 */
export function swapScript(view: DhappaView): DraftStep[] | null {
  if (view.phase !== 'play' || (view.draft?.deepest && !view.draft.deepestPlaced)) return null;
  const joker = view.hand?.find(isJoker);
  if (!joker) return null;
  const s = stateFromView(view);
  const env = stepEnv(s);
  const start: DraftCtx = workingCtx(s);
  const openings: DraftStep[][] = start.opened
    ? [[]]
    : openingMelds(start.hand, null)
        .slice(0, 12)
        .map((m) => [m]);
  const works = (steps: DraftStep[]) => {
    const done = applySteps(start, steps, env);
    return done.ok && blockers(done.ctx, env).length === 0 && legalDiscards(done.ctx, env).length > 0 && done.ctx.hand.length > 1;
  };
  for (const opening of openings) {
    const opened = applySteps(start, opening, env);
    if (!opened.ok) continue;
    // The joker on a team run's end, where it stands for a card in hand.
    for (const run of opened.ctx.board) {
      const added = applySteps(opened.ctx, [{ type: 'add', run: run.id, cards: [joker] }], env);
      if (!added.ok) continue;
      const face = added.ctx.board.find((r) => r.id === run.id)?.cards.find((mc) => mc.card === joker)?.as;
      const natural = added.ctx.hand.find((c) => !isWild(c) && faceOf(c) === face);
      if (!natural) continue;
      const steps: DraftStep[] = [
        ...opening,
        { type: 'add', run: run.id, cards: [joker] },
        { type: 'swap', run: run.id, card: natural },
        { type: 'add', run: run.id, cards: [joker] },
      ];
      if (works(steps)) return steps;
    }
    // A pure three laid with the joker in the middle card's place.
    for (const [a, b, c] of pureThrees(opened.ctx.hand)) {
      const run = `r${opened.ctx.nextRunId}`;
      const steps: DraftStep[] = [...opening, { type: 'meld', cards: [a!, c!, joker] }, { type: 'swap', run, card: b! }, { type: 'add', run, cards: [joker] }];
      if (works(steps)) return steps;
    }
  }
  return null;
}
