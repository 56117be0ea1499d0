/**
 * The Rummy engine: dealing, turns with an undoable draft, commits, closing, scoring and
 * the match. Every function here is pure: `applyMove` works on a clone of the state.
 */
import { nextInt, seedRng, shuffleInPlace } from '../../cards/rng';
import { err as refused, type ApplyResult as Applied, type GameEvent, type PlayerInfo, type Seat } from '../../engine/types';
import type { RummyRefusal } from './refusals';
import { cardLabel } from '../../cards/playing-cards';
import { HAND_SIZE, handValue, isJoker, rummyDeck } from './cards';
import { DECLARATION_MINIMUM } from './finder';
import { isPureRun, layoutMeld, meldPoints, swapJoker, type Meld } from './melds';
import type { DealResult, Draft, DraftBlocker, RummyMove, RummyOptions, RummyState } from './types';

type GameError = RummyRefusal;
type ApplyResult = Applied<RummyState, GameEvent, RummyRefusal>;
const err = (error: RummyRefusal) => refused(error);

/** Melds, extensions, joker swaps and taking the discard are allowed from this round on. */
export const MELD_ROUND = 4;
/** Undeclared players pay this, plus JOKER_PENALTY per joker they hold. */
export const UNDECLARED_PENALTY = 100;
export const JOKER_PENALTY = 50;

type Ok = ApplyResult & { ok: true };

export function roundOf(s: RummyState): number {
  return Math.floor(s.turnsTaken / s.names.length) + 1;
}

export function workingHand(s: RummyState, seat: Seat): string[] {
  return seat === s.turn && s.draft ? s.draft.hand : s.hands[seat]!;
}

export function workingTable(s: RummyState): Meld[] {
  return s.draft ? s.draft.table : s.table;
}

export function meldLabel(meld: Pick<Meld, 'cards'>): string {
  return meld.cards.map((mc) => (isJoker(mc.card) ? `Joker(${cardLabel(mc.as ?? '')})` : cardLabel(mc.card))).join(' ');
}

// ---------------------------------------------------------------- dealing

function dealCards(s: RummyState): void {
  const deck = shuffleInPlace(s.rng, rummyDeck());
  const n = s.names.length;
  s.hands = Array.from({ length: n }, (_, i) => deck.slice(i * HAND_SIZE, (i + 1) * HAND_SIZE));
  s.pile = deck.slice(n * HAND_SIZE);
  s.discard = [s.pile.pop()!];
  s.table = [];
  s.declared = Array.from({ length: n }, () => false);
  s.turn = s.starter;
  s.turnsTaken = 0;
  s.phase = 'draw';
  s.takenDiscard = null;
  s.draft = null;
  s.nextMeldId = 1;
  s.faceDown = null;
}

export function setupState(players: PlayerInfo[], options: RummyOptions, seed: string): RummyState {
  const rng = seedRng(seed);
  const starter = nextInt(rng, players.length);
  const s: RummyState = {
    options,
    names: players.map((p) => p.name),
    rng,
    deal: 1,
    starter,
    hands: [],
    pile: [],
    discard: [],
    table: [],
    declared: [],
    turn: starter,
    turnsTaken: 0,
    phase: 'draw',
    takenDiscard: null,
    draft: null,
    nextMeldId: 1,
    totals: players.map(() => 0),
    lastDeal: null,
    faceDown: null,
    winners: null,
  };
  dealCards(s);
  return s;
}

// ---------------------------------------------------------------- the draft

/** Where a turn's draft stands: its declaration points and what still blocks ending the turn. */
export interface DraftStatus {
  points: number;
  hasPure: boolean;
  newMelds: Meld[];
  takenMelded: boolean;
  unmeldedJokers: string[];
  /** The draft's new melds make a valid first declaration (or the player had declared). */
  declarationOk: boolean;
  blockers: DraftBlocker[];
}

function onTable(table: readonly Meld[], card: string): boolean {
  return table.some((m) => m.cards.some((mc) => mc.card === card));
}

/** A blocker as the rules' refusal: the same data. */
export function blockerError(b: DraftBlocker): GameError {
  return b;
}

export function draftStatus(s: RummyState): DraftStatus {
  const draft = s.draft;
  const table = workingTable(s);
  const newMelds = draft ? table.filter((m) => draft.newMeldIds.includes(m.id)) : [];
  const points = newMelds.reduce((sum, m) => sum + meldPoints(m), 0);
  const hasPure = newMelds.some(isPureRun);
  const declared = s.declared[s.turn]!;
  const declarationOk = declared || (newMelds.length > 0 && points >= DECLARATION_MINIMUM && hasPure);
  const takenMelded = s.takenDiscard === null || onTable(table, s.takenDiscard);
  const unmeldedJokers = (draft?.freedJokers ?? []).filter((j) => !onTable(table, j));
  const blockers: DraftBlocker[] = [];
  if (!takenMelded) blockers.push({ code: 'discard_not_melded', card: s.takenDiscard! });
  if (unmeldedJokers.length > 0) blockers.push({ code: 'joker_not_melded' });
  if (!declared && newMelds.length > 0) {
    if (points < DECLARATION_MINIMUM) blockers.push({ code: 'declaration_too_small', need: DECLARATION_MINIMUM, points });
    if (!hasPure) blockers.push({ code: 'declaration_needs_pure' });
  }
  return { points, hasPure, newMelds, takenMelded, unmeldedJokers, declarationOk, blockers };
}

function openDraft(s: RummyState): Draft {
  if (!s.draft) {
    s.draft = {
      hand: [...s.hands[s.turn]!],
      table: structuredClone(s.table),
      nextMeldId: s.nextMeldId,
      newMeldIds: [],
      changedMeldIds: [],
      freedJokers: [],
      actions: [],
    };
  }
  return s.draft;
}

function missingCard(hand: readonly string[], cards: readonly string[]): string | undefined {
  return cards.find((c) => !hand.includes(c));
}

function checkCardsInHand(hand: readonly string[], cards: readonly string[]): GameError | null {
  const missing = missingCard(hand, cards);
  if (missing !== undefined) return { code: 'card_not_in_hand', card: missing };
  if (cards.length >= hand.length) {
    return { code: 'keep_one_card' };
  }
  return null;
}

/** May this turn touch melds already on the table (extend, swap jokers)? */
function tableAccessError(s: RummyState): GameError | null {
  if (s.declared[s.turn]) return null;
  const status = draftStatus(s);
  if (status.declarationOk) return null;
  const points = status.newMelds.length === 0 ? null : status.points;
  return { code: 'not_declared', points, need: DECLARATION_MINIMUM, pure: status.hasPure };
}

function removeCards(hand: string[], cards: readonly string[]): string[] {
  return hand.filter((c) => !cards.includes(c));
}

// ---------------------------------------------------------------- moves

function refuse(error: GameError): { ok: false; error: GameError } {
  return refused(error);
}

function drawMove(s: RummyState, from: 'pile' | 'discard'): ApplyResult {
  if (s.phase !== 'draw') return err({ code: 'already_drawn' });
  const seat = s.turn;
  if (from === 'discard') {
    if (roundOf(s) < MELD_ROUND) {
      return err({ code: 'discard_closed', opens: MELD_ROUND });
    }
    const card = s.discard.pop();
    if (card === undefined) return err({ code: 'discard_empty' });
    s.hands[seat]!.push(card);
    s.takenDiscard = card;
    s.phase = 'play';
    return ok(s, [{ type: 'draw', seat, from, card }]);
  }
  const events: GameEvent[] = [];
  if (s.pile.length === 0) rebuildPile(s, events);
  const card = s.pile.pop();
  if (card === undefined) return err({ code: 'pile_empty' });
  s.hands[seat]!.push(card);
  s.phase = 'play';
  events.push({ type: 'draw', seat, from });
  return ok(s, events);
}

function meldMove(s: RummyState, cards: string[], as: Record<string, string> | undefined): ApplyResult {
  const draft = openDraft(s);
  const bad = checkCardsInHand(draft.hand, cards);
  if (bad) return refuse(bad);
  const laid = layoutMeld(cards, as ?? {});
  if (!laid.ok) return refuse(laid.error);
  const meld: Meld = { id: `m${draft.nextMeldId++}`, owner: s.turn, kind: laid.layout.kind, cards: laid.layout.cards };
  draft.hand = removeCards(draft.hand, cards);
  draft.table.push(meld);
  draft.newMeldIds.push(meld.id);
  return ok(s, []);
}

function findMeld(draft: Draft, meldId: string): Meld | undefined {
  return draft.table.find((m) => m.id === meldId);
}

function extendMove(s: RummyState, meldId: string, cards: string[], as: Record<string, string> | undefined): ApplyResult {
  const draft = openDraft(s);
  const meld = findMeld(draft, meldId);
  if (!meld) return err({ code: 'no_such_meld' });
  if (!draft.newMeldIds.includes(meldId)) {
    const denied = tableAccessError(s);
    if (denied) return refuse(denied);
  }
  const bad = checkCardsInHand(draft.hand, cards);
  if (bad) return refuse(bad);
  const laid = layoutMeld(cards, as ?? {}, meld);
  if (!laid.ok) return refuse(laid.error);
  meld.cards = laid.layout.cards;
  draft.hand = removeCards(draft.hand, cards);
  if (!draft.newMeldIds.includes(meldId) && !draft.changedMeldIds.includes(meldId)) draft.changedMeldIds.push(meldId);
  return ok(s, []);
}

function swapMove(s: RummyState, meldId: string, card: string): ApplyResult {
  const draft = openDraft(s);
  const meld = findMeld(draft, meldId);
  if (!meld) return err({ code: 'no_such_meld' });
  if (!draft.newMeldIds.includes(meldId)) {
    const denied = tableAccessError(s);
    if (denied) return refuse(denied);
  }
  if (!draft.hand.includes(card)) return err({ code: 'card_not_in_hand', card });
  const swapped = swapJoker(meld, card);
  if (!swapped.ok) return refuse(swapped.error);
  meld.cards = swapped.cards;
  draft.hand = [...removeCards(draft.hand, [card]), swapped.joker];
  draft.freedJokers.push(swapped.joker);
  if (!draft.newMeldIds.includes(meldId) && !draft.changedMeldIds.includes(meldId)) draft.changedMeldIds.push(meldId);
  return ok(s, []);
}

function undoMove(s: RummyState, returnDiscard: boolean): ApplyResult {
  if (returnDiscard) {
    const card = s.takenDiscard;
    if (card === null) return err({ code: 'nothing_to_return' });
    s.draft = null;
    s.hands[s.turn] = removeCards(s.hands[s.turn]!, [card]);
    s.discard.push(card);
    s.takenDiscard = null;
    s.phase = 'draw';
    return ok(s, [{ type: 'return', seat: s.turn, card }]);
  }
  if (!s.draft) return err({ code: 'nothing_to_undo' });
  s.draft = null;
  return ok(s, []);
}

/** Checks that the turn may end with `card` leaving the hand (discarded or laid face down). */
export function endTurnError(s: RummyState, card: string, closing: boolean): GameError | null {
  const status = draftStatus(s);
  if (status.blockers.length > 0) return blockerError(status.blockers[0]!);
  const hand = workingHand(s, s.turn);
  if (!hand.includes(card)) return { code: 'card_not_in_hand', card };
  if (closing) {
    if (hand.length !== 1) {
      return { code: 'cannot_close', why: 'cards_left', left: hand.length - 1 };
    }
    if (!s.declared[s.turn] && status.newMelds.length === 0) {
      return { code: 'cannot_close', why: 'not_declared', left: 0 };
    }
  } else if (hand.length === 1) {
    return { code: 'last_card' };
  }
  return null;
}

/** Makes the draft part of the table and reports it; returns the events. */
function commitDraft(s: RummyState): GameEvent[] {
  const seat = s.turn;
  const draft = s.draft;
  const events: GameEvent[] = [];
  if (!draft) return events;
  const status = draftStatus(s);
  for (const meld of status.newMelds) {
    events.push({ type: 'meld', seat, meldId: meld.id, kind: meld.kind, cards: meld.cards.map((mc) => mc.card) });
  }
  if (!s.declared[seat] && status.newMelds.length > 0) {
    events.push({ type: 'declare', seat, points: status.points });
    s.declared[seat] = true;
  }
  for (const action of draft.actions) {
    if (action.type === 'swapJoker' && !draft.newMeldIds.includes(action.meldId)) {
      const meld = findMeld(draft, action.meldId)!;
      events.push({ type: 'swap', seat, meldId: meld.id, card: action.card, owner: meld.owner, kind: meld.kind });
    }
  }
  for (const id of draft.changedMeldIds) {
    const meld = findMeld(draft, id)!;
    events.push({ type: 'extend', seat, meldId: id, owner: meld.owner, kind: meld.kind });
  }
  s.hands[seat] = draft.hand;
  s.table = draft.table;
  s.nextMeldId = draft.nextMeldId;
  s.draft = null;
  s.takenDiscard = null;
  return events;
}

function discardMove(s: RummyState, card: string, dropDraft: boolean): ApplyResult {
  if (dropDraft) s.draft = null;
  const problem = endTurnError(s, card, false);
  if (problem) return refuse(problem);
  const seat = s.turn;
  const events = commitDraft(s);
  s.hands[seat] = removeCards(s.hands[seat]!, [card]);
  s.discard.push(card);
  events.push({ type: 'discard', seat, card });
  nextTurn(s, events);
  return ok(s, events);
}

function closeMove(s: RummyState, card: string): ApplyResult {
  const problem = endTurnError(s, card, true);
  if (problem) return refuse(problem);
  const seat = s.turn;
  const events = commitDraft(s);
  s.hands[seat] = [];
  s.faceDown = card;
  events.push({ type: 'close', seat });
  endDeal(s, seat, events);
  return ok(s, events);
}

function nextTurn(s: RummyState, events: GameEvent[]): void {
  s.turnsTaken++;
  s.turn = (s.turn + 1) % s.names.length;
  s.phase = 'draw';
  s.takenDiscard = null;
  if (s.pile.length === 0) rebuildPile(s, events);
  if (s.pile.length === 0) {
    events.push({ type: 'exhausted' });
    endDeal(s, null, events);
  }
}

/** The discards under the top card are shuffled into a new draw pile. */
function rebuildPile(s: RummyState, events: GameEvent[]): void {
  if (s.discard.length <= 1) return;
  const top = s.discard.pop()!;
  s.pile = shuffleInPlace(s.rng, s.discard);
  s.discard = [top];
  events.push({ type: 'reshuffle' });
}

// ---------------------------------------------------------------- scoring

export function dealPoints(s: RummyState, seat: Seat, closer: Seat | null): number {
  if (seat === closer) return 0;
  const hand = s.hands[seat]!;
  if (!s.declared[seat]) return UNDECLARED_PENALTY + JOKER_PENALTY * hand.filter(isJoker).length;
  return hand.reduce((sum, c) => sum + handValue(c), 0);
}

function endDeal(s: RummyState, closer: Seat | null, events: GameEvent[]): void {
  const rows = s.names.map((_, seat) => ({
    seat,
    points: dealPoints(s, seat, closer),
    declared: s.declared[seat]!,
    cardsLeft: s.hands[seat]!.length,
    jokersLeft: s.hands[seat]!.filter(isJoker).length,
  }));
  const result: DealResult = { deal: s.deal, closer, rows };
  rows.forEach((r) => (s.totals[r.seat]! += r.points));
  s.lastDeal = result;
  events.push({
    type: 'dealScore',
    deal: s.deal,
    points: rows.map((r) => r.points),
  });
  const single = s.options.deals === 'single';
  const reached = s.totals.some((t) => t >= s.options.limit);
  if (single || reached) {
    const scores = single ? rows.map((r) => r.points) : s.totals;
    const low = Math.min(...scores);
    s.winners = scores.map((_, i) => i).filter((i) => scores[i] === low);
    s.phase = 'over';
    s.draft = null;
    events.push({ type: 'gameOver', winners: s.winners, points: low });
    return;
  }
  // Next deal: every card comes back, the next player starts.
  s.deal++;
  s.starter = (s.starter + 1) % s.names.length;
  dealCards(s);
  events.push({ type: 'deal', deal: s.deal, seat: s.starter });
}

// ---------------------------------------------------------------- apply

function ok(s: RummyState, events: GameEvent[]): Ok {
  return { ok: true, state: s, events };
}

export function applyMove(state: RummyState, seat: Seat, move: RummyMove): ApplyResult {
  if (state.phase === 'over') return err({ code: 'game_over' });
  if (seat !== state.turn) return err({ code: 'not_your_turn', seat: state.turn });
  const s = structuredClone(state);
  if (move.type === 'draw') return drawMove(s, move.from);
  if (s.phase === 'draw') return err({ code: 'draw_first' });
  const draftAction = move.type === 'meld' || move.type === 'extend' || move.type === 'swapJoker';
  if (draftAction && roundOf(s) < MELD_ROUND) {
    return err({ code: 'too_early', round: roundOf(s), opens: MELD_ROUND });
  }
  let result: ApplyResult;
  switch (move.type) {
    case 'meld':
      result = meldMove(s, move.cards, move.as);
      break;
    case 'extend':
      result = extendMove(s, move.meldId, move.cards, move.as);
      break;
    case 'swapJoker':
      result = swapMove(s, move.meldId, move.card);
      break;
    case 'undo':
      return undoMove(s, move.returnDiscard === true);
    case 'discard':
      return discardMove(s, move.card, move.dropDraft === true);
    case 'close':
      return closeMove(s, move.card);
  }
  if (result.ok) s.draft!.actions.push(move);
  return result;
}

/** The card a timed-out player discards: the most valuable non-joker (a joker only if nothing else). */
export function timeoutDiscard(hand: readonly string[]): string {
  let best = hand[0]!;
  for (const c of hand) {
    if (isJoker(c)) continue;
    if (isJoker(best) || handValue(c) > handValue(best)) best = c;
  }
  return best;
}

export function timeoutMove(s: RummyState, seat: Seat): RummyMove | null {
  if (s.phase === 'over' || seat !== s.turn) return null;
  if (s.phase === 'draw') return { type: 'draw', from: 'pile' };
  if (s.takenDiscard !== null) return { type: 'undo', returnDiscard: true };
  const card = timeoutDiscard(s.hands[seat]!);
  return s.draft ? { type: 'discard', card, dropDraft: true } : { type: 'discard', card };
}
