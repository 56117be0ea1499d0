/**
 * Rummy's hint, from the seat's view alone (so it never peeks): which pile to draw from, the
 * next meld, extension or joker swap of the meld finder's best plan, the card to throw, or how to
 * undo a turn gone wrong; and why, as data the browser words (web/src/games/rummy/hints.ts). A
 * hint is one step: asking again after playing it gives the next. The table's Hint button works
 * it out in the browser (web/src/games/rummy/hint.ts) and the room for "How to play": the same
 * function, so the same advice.
 */
import { faceOf, isJoker } from '../../cards/playing-cards';
import type { Hint, RefusalsFrom } from '../../engine/types';
import { chooseDiscard } from './bot';
import { findDeclaration, findPlay, type FinderOptions, type Plan } from './finder';
import { isPureRun, layoutMeld, type Meld, type StandIns } from './melds';
import type { DraftBlocker, MeldView, RummyMove, RummyView } from './types';

/** Why the hint suggests its move. `owner`: whose meld (a seat). */
export type RummyHintWhy = RefusalsFrom<{
  take_discard: { card: string };
  draw_pile: Record<never, never>;
  close: { card: string };
  /** The melds laid this turn are not the best declaration: undo them. */
  off_plan: Record<never, never>;
  /** The card taken from the discard pile cannot be melded now: put it back and draw. */
  cannot_meld_taken: { card: string };
  /** The turn cannot end as laid (the draft's first blocker, flattened): undo. */
  blocked: { blocker: DraftBlocker['code']; card: string | null; need: number | null; points: number | null };
  discard: { card: string };
  /** `points`: what the declaration can reach (null once declared). */
  meld: { cards: string[]; points: number | null };
  extend: { cards: string[]; owner: number };
  swap: { card: string; owner: number };
}>;

type Step = Extract<RummyMove, { type: 'meld' | 'extend' | 'swapJoker' }>;

function planSteps(plan: Plan): Step[] {
  return [
    ...plan.swaps.map((s): Step => ({ type: 'swapJoker', meldId: s.meldId, card: s.card })),
    ...plan.melds.map((m): Step => ({ type: 'meld', cards: [...m.cards], as: { ...m.as } })),
    ...plan.extensions.map((e): Step => ({ type: 'extend', meldId: e.meldId, cards: [...e.cards], as: { ...e.as } })),
  ];
}

const sameFace = (a: string, b: string) => faceOf(a) === faceOf(b);

/** A meld's cards up to interchangeable copies: the two copies of a face, and any joker for any other. */
function faceKey(cards: readonly string[]): string {
  return cards
    .map((c) => (isJoker(c) ? 'X' : faceOf(c)))
    .sort()
    .join(' ');
}

/** The plan's meld with the cards actually held (the plan may name the other copy, or another joker). */
function fromHand(meld: { cards: string[]; as: StandIns }, held: string[]): Step {
  const as: StandIns = {};
  const cards = meld.cards.map((c) => {
    // The very card first: the taken discard must be the copy that goes down.
    let i = held.indexOf(c);
    if (i < 0) i = held.findIndex((h) => (isJoker(c) ? isJoker(h) : sameFace(h, c)));
    const card = i < 0 ? c : held.splice(i, 1)[0]!;
    if (isJoker(c) && meld.as[c]) as[card] = meld.as[c]!;
    return card;
  });
  return { type: 'meld', cards, as };
}

function tableMelds(view: RummyView): Meld[] {
  return view.table.flat().map((m) => ({ id: m.id, owner: m.owner, kind: m.kind, cards: m.cards }));
}

/** The best way to finish a first declaration, given the melds already laid this turn. */
function declarationSteps(view: RummyView, hand: string[], taken: string | null): { steps: Step[]; points: number } | 'off-plan' | null {
  const laid: MeldView[] = view.draft ? view.table.flat().filter((m) => view.draft!.newMeldIds.includes(m.id)) : [];
  const laidCards = laid.flatMap((m) => m.cards.map((mc) => mc.card));
  const whole = [...hand, ...laidCards];
  let plan = findDeclaration(whole, { mustUse: taken });
  // A taken card that fits no declaration may still go onto the table right after declaring.
  if (!plan && taken !== null) plan = findDeclaration(whole.filter((c) => c !== taken));
  if (!plan) return null;
  const remaining = plan.melds.map((m) => faceKey(m.cards));
  for (const m of laid) {
    const at = remaining.indexOf(faceKey(m.cards.map((mc) => mc.card)));
    if (at < 0) return 'off-plan';
    remaining.splice(at, 1);
  }
  const held = [...hand];
  const steps: Step[] = [];
  for (const m of plan.melds) {
    if (!remaining.includes(faceKey(m.cards))) continue;
    remaining.splice(remaining.indexOf(faceKey(m.cards)), 1);
    steps.push(fromHand(m, held));
  }
  return { steps, points: plan.points };
}

/**
 * Whether a plan leaves this turn's declaration standing: the new melds must keep a pure
 * sequence, so a joker may not go onto the turn's last pure one.
 */
function keepsDeclaration(view: RummyView, plan: Plan): boolean {
  if (view.you?.declared !== false) return true;
  if (
    plan.melds.some((m) => {
      const laid = layoutMeld(m.cards, m.as);
      return laid.ok && isPureRun(laid.layout);
    })
  ) {
    return true;
  }
  const newIds = view.draft?.newMeldIds ?? [];
  const pure = new Set(
    view.table
      .flat()
      .filter((m) => newIds.includes(m.id) && isPureRun(m))
      .map((m) => m.id),
  );
  for (const e of plan.extensions) if (e.cards.some(isJoker)) pure.delete(e.meldId);
  for (const sw of plan.swaps) pure.delete(sw.meldId);
  return pure.size > 0;
}

/**
 * After declaring (or once this turn's melds make a declaration): the fewest cards left when
 * that closes, else the most value laid. While the declaration is still a draft, plans that
 * keep the jokers come first, and none may spoil the declaration's pure sequence.
 */
function playSteps(view: RummyView, hand: string[], taken: string | null): Step[] {
  const table = tableMelds(view);
  const declaring = view.you?.declared === false;
  const tries: FinderOptions[] = declaring ? [{ jokerBudget: 0, swaps: false }, {}] : [{}];
  for (const base of tries) {
    const closing = findPlay(hand, table, { ...base, objective: 'cards', mustUse: taken });
    if (closing && closing.left.length === 1 && keepsDeclaration(view, closing)) return planSteps(closing);
    const plan = findPlay(hand, table, { ...base, mustUse: taken });
    if (plan && keepsDeclaration(view, plan)) return planSteps(plan);
  }
  return [];
}

function stepHint(view: RummyView, step: Step, points: number | null): Hint<RummyMove, RummyHintWhy> {
  const owner = (id: string) => view.table.flat().find((m) => m.id === id)?.owner ?? -1;
  switch (step.type) {
    case 'meld':
      return { move: step, why: { code: 'meld', cards: step.cards, points } };
    case 'extend':
      return { move: step, why: { code: 'extend', cards: step.cards, owner: owner(step.meldId) } };
    case 'swapJoker':
      return { move: step, why: { code: 'swap', card: step.card, owner: owner(step.meldId) } };
  }
}

/** What the finder suggests now for the viewing seat; null when it is not the seat's turn. */
export function rummyHint(view: RummyView): Hint<RummyMove, RummyHintWhy> | null {
  const you = view.you;
  const hand = view.hand;
  if (!you || !hand || !you.isTurn || view.phase === 'over') return null;
  if (view.phase === 'draw') {
    if (you.canTakeDiscard && you.discardUsable && view.discardTop) {
      return { move: { type: 'draw', from: 'discard' }, why: { code: 'take_discard', card: view.discardTop } };
    }
    return { move: { type: 'draw', from: 'pile' }, why: { code: 'draw_pile' } };
  }
  if (you.canClose && hand.length === 1) return { move: { type: 'close', card: hand[0]! }, why: { code: 'close', card: hand[0]! } };

  if (view.round >= view.meldRound) {
    const draft = view.draft;
    const taken = draft && draft.takenDiscard !== null && !draft.takenDiscardMelded ? draft.takenDiscard : null;
    if (!you.mayExtend) {
      // Once the taken card is laid the plan must still hold it, or it would be a different plan.
      const found = declarationSteps(view, hand, draft?.takenDiscard ?? null);
      if (found === 'off-plan') return { move: { type: 'undo' }, why: { code: 'off_plan' } };
      if (found && found.steps.length > 0) return stepHint(view, found.steps[0]!, found.points);
    } else {
      const steps = playSteps(view, hand, taken);
      if (steps.length > 0) return stepHint(view, steps[0]!, null);
    }
    if (taken !== null) return { move: { type: 'undo', returnDiscard: true }, why: { code: 'cannot_meld_taken', card: taken } };
    const blocker = draft?.blockers[0];
    if (blocker) {
      const why: RummyHintWhy = {
        code: 'blocked',
        blocker: blocker.code,
        card: 'card' in blocker ? blocker.card : null,
        need: 'need' in blocker ? blocker.need : null,
        points: 'points' in blocker ? blocker.points : null,
      };
      return { move: { type: 'undo' }, why };
    }
  }
  const card = chooseDiscard(hand);
  return { move: { type: 'discard', card }, why: { code: 'discard', card } };
}
