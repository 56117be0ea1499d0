/**
 * What one seat sees. Other seats' hands become counts; the draft of the player whose turn
 * it is stays in that player's own view until a discard commits it.
 */
import type { Seat } from '../../engine/types';
import { canUseCard, DECLARATION_MINIMUM } from './finder';
import { meldPoints, type Meld } from './melds';
import { draftStatus, MELD_ROUND, roundOf, workingHand } from './rules';
import type { DraftView, MeldView, RummyMoveType, RummyState, RummyView, RummyYouView } from './types';

function meldView(meld: Meld, draft: boolean): MeldView {
  const out: MeldView = { id: meld.id, owner: meld.owner, kind: meld.kind, cards: meld.cards.map((mc) => ({ ...mc })), points: meldPoints(meld) };
  if (draft) out.draft = true;
  return out;
}

function tableBySeat(s: RummyState, melds: readonly Meld[], draftIds: ReadonlySet<string>): MeldView[][] {
  const out: MeldView[][] = s.names.map(() => []);
  for (const m of melds) out[m.owner]!.push(meldView(m, draftIds.has(m.id)));
  return out;
}

function draftView(s: RummyState): DraftView {
  const status = draftStatus(s);
  return {
    points: status.points,
    hasPureSequence: status.hasPure,
    newMeldIds: [...(s.draft?.newMeldIds ?? [])],
    changedMeldIds: [...(s.draft?.changedMeldIds ?? [])],
    takenDiscard: s.takenDiscard,
    takenDiscardMelded: s.takenDiscard !== null && status.takenMelded,
    unmeldedJokers: status.unmeldedJokers,
    actions: s.draft?.actions.length ?? 0,
    blockers: status.blockers.map((b) => ({ ...b })),
  };
}

function youView(s: RummyState, seat: Seat): RummyYouView {
  const isTurn = s.phase !== 'over' && s.turn === seat;
  const declared = s.declared[seat]!;
  const open = roundOf(s) >= MELD_ROUND;
  const you: RummyYouView = {
    isTurn,
    declared,
    actions: [],
    canTakeDiscard: false,
    discardUsable: false,
    mayMeld: false,
    mayDeclare: false,
    mayExtend: false,
    discardable: [],
    canClose: false,
  };
  if (!isTurn) return you;
  if (s.phase === 'draw') {
    you.actions = ['draw'];
    const top = s.discard[s.discard.length - 1];
    you.canTakeDiscard = open && top !== undefined;
    if (you.canTakeDiscard) you.discardUsable = canUseCard(s.hands[seat]!, s.table, declared, top!);
    return you;
  }
  const status = draftStatus(s);
  const hand = workingHand(s, seat);
  const actions: RummyMoveType[] = [];
  if (open) {
    you.mayMeld = true;
    you.mayDeclare = !declared;
    you.mayExtend = status.declarationOk;
    actions.push('meld', 'extend', 'swapJoker');
  }
  if (s.draft || s.takenDiscard !== null) actions.push('undo');
  if (status.blockers.length === 0) {
    if (hand.length >= 2) {
      you.discardable = [...hand];
      actions.push('discard');
    } else if (hand.length === 1 && (declared || status.newMelds.length > 0)) {
      you.canClose = true;
      actions.push('close');
    }
  }
  you.actions = actions;
  return you;
}

export function viewFor(s: RummyState, seat: Seat | null): RummyView {
  const own = seat !== null && seat === s.turn && s.phase === 'play';
  const draftIds = new Set(own && s.draft ? [...s.draft.newMeldIds, ...s.draft.changedMeldIds] : []);
  const melds = own && s.draft ? s.draft.table : s.table;
  return {
    game: 'rummy',
    seat,
    options: { ...s.options },
    deal: s.deal,
    round: roundOf(s),
    meldRound: MELD_ROUND,
    declarationMinimum: DECLARATION_MINIMUM,
    turn: s.turn,
    phase: s.phase,
    players: s.names.map((name, i) => ({ seat: i, name, cards: s.hands[i]!.length, declared: s.declared[i]!, total: s.totals[i]! })),
    hand: seat === null ? null : [...workingHand(s, seat)],
    table: tableBySeat(s, melds, draftIds),
    discardTop: s.discard[s.discard.length - 1] ?? null,
    discardCount: s.discard.length,
    pileCount: s.pile.length,
    draft: own ? draftView(s) : null,
    you: seat === null ? null : youView(s, seat),
    lastDeal: s.lastDeal ? structuredClone(s.lastDeal) : null,
    result: s.phase === 'over' && s.winners ? { winners: [...s.winners], points: resultPoints(s) } : null,
  };
}

function resultPoints(s: RummyState): number {
  const scores = s.options.deals === 'single' && s.lastDeal ? s.lastDeal.rows.map((r) => r.points) : s.totals;
  return scores[s.winners![0]!] ?? 0;
}
