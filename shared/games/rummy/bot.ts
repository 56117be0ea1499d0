/**
 * The Rummy bot, built on the meld finder. It plans a whole turn at once (declare, lay,
 * extend, swap, then discard or close) from what its seat knows, and replays that plan one
 * move at a time: the plan is a pure function of the turn's starting position, so each call
 * finds the next step from the draft moves already made.
 *
 * To be sure it cannot peek, the bot plans on a redacted copy of the state: other hands and
 * the draw pile become blanks and the random generator is zeroed.
 */
import type { Rng } from '../../cards/rng';
import type { BotLevel, Seat } from '../../engine/types';
import { handValue, isJoker, rankNumber, rankOf, suitOf } from './cards';
import { canUseCard, findDeclaration, findPlay, type Plan } from './finder';
import { layoutMeld, type Meld } from './melds';
import { applyMove, endTurnError, MELD_ROUND, roundOf, timeoutMove } from './rules';
import type { RummyMove, RummyState } from './types';

const HIDDEN = '??';

/** A copy of the state with everything `seat` may not know blanked out. */
export function redactFor(s: RummyState, seat: Seat): RummyState {
  const copy = structuredClone(s);
  copy.hands = s.hands.map((h, i) => (i === seat ? [...h] : h.map(() => HIDDEN)));
  copy.pile = s.pile.map(() => HIDDEN);
  copy.rng = { s: [0, 0, 0, 0] };
  copy.faceDown = s.faceDown === null ? null : HIDDEN;
  if (seat !== s.turn) copy.draft = null;
  return copy;
}

function planToMoves(plan: Plan): RummyMove[] {
  const moves: RummyMove[] = [];
  for (const sw of plan.swaps) moves.push({ type: 'swapJoker', meldId: sw.meldId, card: sw.card });
  for (const m of plan.melds) moves.push({ type: 'meld', cards: m.cards, as: m.as });
  for (const e of plan.extensions) moves.push({ type: 'extend', meldId: e.meldId, cards: e.cards, as: e.as });
  return moves;
}

function jokerCount(cards: readonly string[]): number {
  return cards.filter(isJoker).length;
}

/** The declaration the bot would make: the fewest jokers that reach 48, then the most points. */
function chooseDeclaration(hand: string[], mustUse: string | null): Plan | null {
  const jokers = jokerCount(hand);
  const first = mustUse !== null && isJoker(mustUse) ? 1 : 0;
  for (let budget = first; budget <= jokers; budget++) {
    const plan = findDeclaration(hand, { mustUse, jokerBudget: budget });
    if (plan) return plan;
  }
  return null;
}

/** The table once a plan's new melds are laid (with the ids they will get), so later steps can extend them. */
function withPlannedMelds(table: Meld[], plan: Plan, seat: Seat, nextId: number): Meld[] {
  const laid: Meld[] = [];
  plan.melds.forEach((m, i) => {
    const layout = layoutMeld(m.cards, m.as);
    if (layout.ok) laid.push({ id: `m${nextId + i}`, owner: seat, kind: layout.layout.kind, cards: layout.layout.cards });
  });
  return [...table, ...laid];
}

/**
 * How much the bot wants to keep a card: partners in hand that could make a set or a
 * sequence with it count most; a high card left in hand costs points if someone closes.
 */
function keepScore(card: string, hand: readonly string[]): number {
  if (isJoker(card)) return 1000;
  const rank = rankNumber(rankOf(card));
  const suit = suitOf(card);
  const partners = new Set<string>();
  for (const other of hand) {
    if (other === card || isJoker(other)) continue;
    const r = rankNumber(rankOf(other));
    const face = other.slice(0, 2);
    if (face === card.slice(0, 2)) continue;
    if (r === rank && suitOf(other) !== suit) partners.add(face);
    if (suitOf(other) === suit) {
      const d = Math.min(Math.abs(r - rank), Math.abs((r === 1 ? 14 : r) - (rank === 1 ? 14 : rank)));
      if (d >= 1 && d <= 2) partners.add(face);
    }
  }
  return partners.size * 12 - handValue(card);
}

/**
 * What Strong knows that Normal ignores when it throws a card: whether it has declared. Until it
 * has, a hand scores 100 whatever its cards are worth, so their points do not count against
 * keeping them (and high cards bring the 48 of the declaration closer); after, they do.
 */
interface Sight {
  declared: boolean;
}

/** The card to throw: least useful, then most valuable, then by id (so the plan is stable). */
export function chooseDiscard(hand: readonly string[], sight: Sight | null = null): string {
  let best: string | null = null;
  let bestScore = Infinity;
  for (const c of [...hand].sort()) {
    const score = keepScore(c, hand) + (sight && !sight.declared ? handValue(c) : 0);
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best ?? hand[0]!;
}

interface TurnPlan {
  steps: RummyMove[];
  final: RummyMove;
}

/**
 * Plays `steps` on the redacted state and keeps the longest legal prefix, then picks the
 * final move: close when one card is left and allowed, otherwise a discard.
 */
function settle(start: RummyState, seat: Seat, steps: RummyMove[], wantClose: boolean, sight: Sight | null): TurnPlan | null {
  let s = start;
  const done: RummyMove[] = [];
  for (const step of steps) {
    const r = applyMove(s, seat, step);
    if (!r.ok) break;
    s = r.state;
    done.push(step);
  }
  const hand = s.draft ? s.draft.hand : s.hands[seat]!;
  if (hand.length === 1 && wantClose && endTurnError(s, hand[0]!, true) === null) {
    return { steps: done, final: { type: 'close', card: hand[0]! } };
  }
  const card = chooseDiscard(hand, sight && { ...sight, declared: s.declared[seat]! });
  if (hand.length >= 2 && endTurnError(s, card, false) === null) return { steps: done, final: { type: 'discard', card } };
  return null;
}

/** The bot's whole turn from the position just after its draw. */
function planTurn(start: RummyState, seat: Seat, sight: Sight | null): TurnPlan | null {
  const hand = start.hands[seat]!;
  const taken = start.takenDiscard;
  const empty: RummyMove[] = [];
  if (roundOf(start) < MELD_ROUND) return settle(start, seat, empty, false, sight);
  const declared = start.declared[seat]!;
  const attempts: RummyMove[][] = [];
  if (!declared) {
    const declaration = chooseDeclaration(hand, taken);
    if (declaration) {
      const table = withPlannedMelds(start.table, declaration, seat, start.nextMeldId);
      const rest = declaration.left;
      const closing = findPlay(rest, table, { objective: 'cards' });
      const careful = findPlay(rest, table, { jokerBudget: 0 }) ?? findPlay(rest, table, {});
      if (closing && closing.left.length === 1) attempts.push([...planToMoves(declaration), ...planToMoves(closing)]);
      attempts.push([...planToMoves(declaration), ...(careful ? planToMoves(careful) : [])]);
    } else if (taken !== null) {
      // Declare without the taken card, then place it on the table.
      const plain = chooseDeclaration(
        hand.filter((c) => c !== taken),
        null,
      );
      if (plain) {
        const table = withPlannedMelds(start.table, plain, seat, start.nextMeldId);
        const place = findPlay([...plain.left, taken], table, { mustUse: taken });
        if (place) attempts.push([...planToMoves(plain), ...planToMoves(place)]);
      }
    }
  } else {
    const closing = findPlay(hand, start.table, { objective: 'cards', mustUse: taken });
    if (closing && closing.left.length === 1) attempts.push(planToMoves(closing));
    const keepJokers = taken !== null && isJoker(taken) ? 1 : 0;
    const careful = findPlay(hand, start.table, { jokerBudget: keepJokers, mustUse: taken }) ?? findPlay(hand, start.table, { mustUse: taken });
    if (careful) attempts.push(planToMoves(careful));
  }
  attempts.push(empty);
  for (const steps of attempts) {
    const plan = settle(start, seat, steps, true, sight);
    if (plan) return plan;
  }
  return null;
}

function sameMove(a: RummyMove, b: RummyMove): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function drawChoice(view: RummyState, seat: Seat, sight: Sight | null): RummyMove {
  const top = view.discard[view.discard.length - 1];
  if (top !== undefined && roundOf(view) >= MELD_ROUND && canUseCard(view.hands[seat]!, view.table, view.declared[seat]!, top)) {
    const taken = applyMove(view, seat, { type: 'draw', from: 'discard' });
    // Take it only when the whole turn then works out with it melded.
    if (taken.ok) {
      const plan = planTurn(taken.state, seat, sight);
      if (plan && plan.steps.length > 0) return { type: 'draw', from: 'discard' };
    }
  }
  return { type: 'draw', from: 'pile' };
}

/**
 * The bot's next move for `seat`, which must be the seat to play. Easy never takes the discard
 * and throws a card at random (a joker too); Strong judges its discards by what is still live.
 */
export function chooseBotMove(state: RummyState, seat: Seat, level: BotLevel = 'normal', rng?: Rng): RummyMove {
  const fallback = timeoutMove(state, seat) ?? { type: 'undo' };
  if (state.phase === 'over' || seat !== state.turn) return fallback;
  const view = redactFor(state, seat);
  const sight: Sight | null = level === 'strong' ? { declared: view.declared[seat]! } : null;
  if (view.phase === 'draw') return level === 'easy' ? { type: 'draw', from: 'pile' } : drawChoice(view, seat, sight);
  const start: RummyState = { ...view, draft: null };
  const plan = planTurn(start, seat, sight);
  if (!plan) return fallback;
  const done = view.draft?.actions ?? [];
  const onPlan = done.length <= plan.steps.length && done.every((m, i) => sameMove(m, plan.steps[i]!));
  if (!onPlan) return { type: 'undo' };
  const next = plan.steps[done.length] ?? plan.final;
  if (level === 'easy' && next.type === 'discard' && rng) {
    const hand = view.draft ? view.draft.hand : view.hands[seat]!;
    const throwable = hand.filter((c) => endTurnError(view, c, false) === null);
    if (throwable.length > 0) return { type: 'discard', card: rng.pick(throwable) };
  }
  return next;
}
