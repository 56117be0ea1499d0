/**
 * Hints from the meld finder, worked out from the seat's view alone: which pile to draw
 * from, the next meld, extension or joker swap of the best plan, or the card to throw.
 * A hint is one step; asking again after laying it gives the next one.
 */
import { faceOf, isJoker } from '../../../../shared/cards/playing-cards';
import { chooseDiscard } from '../../../../shared/games/rummy/bot';
import { findDeclaration, findPlay, type FinderOptions, type Plan } from '../../../../shared/games/rummy/finder';
import { isPureRun, layoutMeld, type Meld, type StandIns } from '../../../../shared/games/rummy/melds';
import type { MeldView, RummyView } from '../../../../shared/games/rummy/types';
import { sameFace } from './faces';
import type { RummyText } from './text';
import { isolate } from '../../i18n/games';

export type HintStep =
  | { kind: 'meld'; cards: string[]; as: StandIns }
  | { kind: 'extend'; meldId: string; cards: string[]; as: StandIns }
  | { kind: 'swap'; meldId: string; card: string };

export type Hint =
  | { kind: 'draw'; from: 'pile' | 'discard'; text: string }
  | { kind: 'step'; step: HintStep; text: string }
  | { kind: 'discard'; card: string; text: string }
  | { kind: 'close'; card: string; text: string }
  | { kind: 'none'; text: string };

function planSteps(plan: Plan): HintStep[] {
  return [
    ...plan.swaps.map((s): HintStep => ({ kind: 'swap', meldId: s.meldId, card: s.card })),
    ...plan.melds.map((m): HintStep => ({ kind: 'meld', cards: [...m.cards], as: { ...m.as } })),
    ...plan.extensions.map((e): HintStep => ({ kind: 'extend', meldId: e.meldId, cards: [...e.cards], as: { ...e.as } })),
  ];
}

/** A meld's cards up to interchangeable copies: the two copies of a face, and any joker for any other. */
function faceKey(cards: readonly string[]): string {
  return cards
    .map((c) => (isJoker(c) ? 'X' : faceOf(c)))
    .sort()
    .join(' ');
}

/** The plan's meld with the cards actually held (the plan may name the other copy, or another joker). */
function fromHand(meld: { cards: string[]; as: StandIns }, held: string[]): HintStep {
  const as: StandIns = {};
  const cards = meld.cards.map((c) => {
    // The very card first: the taken discard must be the copy that goes down.
    let i = held.indexOf(c);
    if (i < 0) i = held.findIndex((h) => (isJoker(c) ? isJoker(h) : sameFace(h, c)));
    const card = i < 0 ? c : held.splice(i, 1)[0]!;
    if (isJoker(c) && meld.as[c]) as[card] = meld.as[c]!;
    return card;
  });
  return { kind: 'meld', cards, as };
}

function tableMelds(view: RummyView): Meld[] {
  return view.table.flat().map((m) => ({ id: m.id, owner: m.owner, kind: m.kind, cards: m.cards }));
}

/** The best way to finish a first declaration, given the melds already laid this turn. */
function declarationSteps(view: RummyView, hand: string[], taken: string | null): { steps: HintStep[]; points: number } | 'off-plan' | null {
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
  const steps: HintStep[] = [];
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
function playSteps(view: RummyView, hand: string[], taken: string | null): HintStep[] {
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

function stepText(view: RummyView, step: HintStep, declaring: { points: number } | null, tx: RummyText): string {
  const meld = (id: string) => view.table.flat().find((m) => m.id === id);
  const owner = (id: string) => {
    const m = meld(id);
    if (!m) return tx.t('hint.aMeld');
    return m.owner === view.seat ? tx.t('hint.yourMeld') : tx.t('hint.theirMeld', { name: isolate(view.players[m.owner]?.name ?? '') });
  };
  switch (step.kind) {
    case 'meld':
      return declaring
        ? tx.t('hint.meldDeclaring', { cards: tx.cards(step.cards), n: isolate(declaring.points) })
        : tx.t('hint.meld', { cards: tx.cards(step.cards) });
    case 'extend':
      return tx.t('hint.extend', { cards: tx.cards(step.cards), meld: owner(step.meldId) });
    case 'swap':
      return tx.t('hint.swap', { card: tx.card(step.card), meld: owner(step.meldId) });
  }
}

/** What the finder suggests now for the viewing seat, worded by `tx`. */
export function hintFor(view: RummyView, tx: RummyText): Hint {
  const you = view.you;
  const hand = view.hand;
  if (!you || !hand || !you.isTurn || view.phase === 'over') return { kind: 'none', text: tx.t('hint.notYourTurn') };
  if (view.phase === 'draw') {
    if (you.canTakeDiscard && you.discardUsable && view.discardTop) {
      return { kind: 'draw', from: 'discard', text: tx.t('hint.takeDiscard', { card: tx.card(view.discardTop) }) };
    }
    return { kind: 'draw', from: 'pile', text: tx.t('hint.drawPile') };
  }
  if (you.canClose && hand.length === 1) return { kind: 'close', card: hand[0]!, text: tx.t('hint.close', { card: tx.card(hand[0]!) }) };

  if (view.round >= view.meldRound) {
    const draft = view.draft;
    const taken = draft && draft.takenDiscard !== null && !draft.takenDiscardMelded ? draft.takenDiscard : null;
    if (!you.mayExtend) {
      // Once the taken card is laid the plan must still hold it, or it would be a different plan.
      const found = declarationSteps(view, hand, draft?.takenDiscard ?? null);
      if (found === 'off-plan') return { kind: 'none', text: tx.t('hint.offPlan') };
      if (found && found.steps.length > 0) return { kind: 'step', step: found.steps[0]!, text: stepText(view, found.steps[0]!, found, tx) };
    } else {
      const steps = playSteps(view, hand, taken);
      if (steps.length > 0) return { kind: 'step', step: steps[0]!, text: stepText(view, steps[0]!, null, tx) };
    }
    if (taken !== null) return { kind: 'none', text: tx.t('hint.cannotMeldTaken', { card: tx.card(taken) }) };
    if (draft && draft.blockers.length > 0) return { kind: 'none', text: tx.t('hint.blocked', { reason: tx.blocker(draft.blockers[0]!) }) };
  }
  const card = chooseDiscard(hand);
  return { kind: 'discard', card, text: tx.t('hint.discard', { card: tx.card(card) }) };
}
