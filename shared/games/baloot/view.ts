/**
 * What one seat may see. Other hands appear only as counts; the stock and the RNG never
 * appear. Public knowledge is included: the public card, played cards, counted projects
 * after trick 1, and a Sawa claimant's hand.
 */
import type { Seat } from '../../engine/types';
import { cardIndex, cardsOf, strength } from './cards';
import { canKawesh, canSawa, declareOptions, doubleOption, legalBids, playableMask, teamOf, trumpOf } from './engine';
import type { Pair } from './scoring';
import type { ActionsView, BalootKnowledge, BalootState, BalootView, ProjectView, RoundSummary, RoundSummaryView } from './types';

// Suits alternate colours in a sorted hand: spades, hearts, clubs, diamonds (trump first).
const DISPLAY_SUIT_ORDER = [0, 1, 3, 2];

/** Sort cards for display: trump suit first, then alternating colours, strongest first. */
export function sortForDisplay(cards: readonly string[], trump: number): string[] {
  // Keys computed once per card and an insertion sort: a hand is at most 8 cards, and this
  // runs for every seat on every move.
  const out = cards.slice();
  const keys = out.map((card) => {
    const i = cardIndex(card);
    const suit = i >> 3;
    const group = suit === trump ? -1 : DISPLAY_SUIT_ORDER.indexOf(suit);
    return group * 16 - strength(i, trump);
  });
  for (let i = 1; i < out.length; i++) {
    const card = out[i]!;
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) {
      out[j + 1] = out[j]!;
      keys[j + 1] = keys[j]!;
    }
    out[j + 1] = card;
    keys[j + 1] = key;
  }
  return out;
}

/** What `seat` may see, as sent to its browser. */
export function view(s: BalootState, seat: Seat | null): BalootView {
  const me = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < 4 ? seat : null;
  const c = s.contract;
  const trump = trumpOf(c);
  const tricksWon: Pair = [0, 0];
  const cardPoints: Pair = [0, 0];
  for (const t of s.tricks) {
    tricksWon[teamOf(t.winner)] += 1;
    cardPoints[teamOf(t.winner)] += t.points;
  }
  const resolved = s.tricks.length > 0;
  const projects: ProjectView[] = [];
  for (let owner = 0; owner < 4; owner++) {
    for (const p of s.declared[owner]!) {
      const counted = resolved ? teamOf(owner) === s.projectTeam : null;
      projects.push({ seat: owner, kind: p.kind, cards: counted || owner === me ? p.cards : null, counted });
    }
  }
  const actions: ActionsView =
    me === null || s.phase === 'over'
      ? { bids: [], kawesh: false, double: null, declare: null, sawa: false, sawaAnswer: false }
      : {
          bids: legalBids(s, me),
          kawesh: canKawesh(s, me),
          double: doubleOption(s, me),
          declare: declareOptions(s, me),
          sawa: canSawa(s, me),
          sawaAnswer: s.phase === 'sawa' && s.sawa!.pending.includes(me),
        };
  return {
    seat: me,
    options: { ...s.options },
    phase: s.phase,
    roundNo: s.roundNo,
    dealer: s.dealer,
    turn: s.phase === 'sawa' || s.phase === 'over' ? null : s.turn,
    scores: [s.scores[0], s.scores[1]],
    hand: me === null ? [] : sortForDisplay(s.hands[me]!, trump),
    playable: me === null ? [] : sortForDisplay(cardsOf(playableMask(s, me)), trump),
    publicCard: s.publicCard,
    bidding: s.bidding && { ...s.bidding, bids: s.bidding.bids.slice() },
    contract: c && { ...c },
    trick: s.phase === 'playing' || s.phase === 'sawa' ? { leader: s.leader, plays: s.trick.slice() } : null,
    tricksWon,
    cardPoints,
    projects,
    baloot: s.balootAnnounced ? s.balootHolder : null,
    sawa: s.sawa && {
      claimant: s.sawa.claimant,
      hand: sortForDisplay(s.hands[s.sawa.claimant]!, trump),
      pending: s.sawa.pending.slice(),
      answers: (s.sawa.answers ?? []).map((a) => ({ ...a })),
      status: s.sawa.status,
    },
    actions,
    lastRound: s.lastRound && slimSummary(s.lastRound),
    outcome: s.outcome,
  };
}

/** The seat's view and this round's completed tricks (what the bot reasons from). */
export function knowledge(s: BalootState, seat: Seat | null): BalootKnowledge {
  return { ...view(s, seat), tricks: s.tricks.map((t) => ({ ...t })), handCounts: s.hands.map((h) => h.length) };
}

/**
 * The summary without the fields the table derives (see RoundSummaryView). A round's summary
 * stays the same object until the next round ends, so its slim form is made once and shared:
 * every seat's view on every move of a round reuses it, and the room's diff skips it by identity.
 */
const slimmed = new WeakMap<RoundSummary, RoundSummaryView>();
function slimSummary(r: RoundSummary): RoundSummaryView {
  let slim = slimmed.get(r);
  if (!slim) {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { scores, multiplier, contract, ...rest } = r;
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { levelName, multiplier: _m, ...c } = contract;
    slim = Object.freeze({ ...rest, contract: Object.freeze(c) }) as RoundSummaryView;
    slimmed.set(r, slim);
  }
  return slim;
}
