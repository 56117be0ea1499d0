/**
 * What one seat may see. Other hands appear only as counts; the stock and the RNG never
 * appear. Public knowledge is included: the public card, played cards, counted projects
 * after trick 1, and a Sawa claimant's hand.
 */
import type { Seat } from '../../engine/types';
import { cardIndex, cardsOf, strength } from './cards';
import {
  canKawesh,
  canSawa,
  declareOptions,
  doubleOption,
  legalBids,
  playableMask,
  teamOf,
  trumpOf,
} from './engine';
import type { Pair } from './scoring';
import type { ActionsView, BalootKnowledge, BalootState, BalootView, ProjectView, RoundSummary, RoundSummaryView } from './types';

// Suits alternate colours in a sorted hand: spades, hearts, clubs, diamonds (trump first).
const DISPLAY_SUIT_ORDER = [0, 1, 3, 2];

/** Sort cards for display: trump suit first, then alternating colours, strongest first. */
export function sortForDisplay(cards: readonly string[], trump: number): string[] {
  const key = (card: string) => {
    const i = cardIndex(card);
    const suit = i >> 3;
    const group = suit === trump ? -1 : DISPLAY_SUIT_ORDER.indexOf(suit);
    return group * 16 - strength(i, trump);
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** What `seat` may see, as sent to its browser. */
export function view(s: BalootState, seat: Seat | null): BalootView {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { tricks, handCounts, ...shown } = knowledge(s, seat);
  return shown;
}

/** The seat's view and this round's completed tricks (what the bot reasons from). */
export function knowledge(s: BalootState, seat: Seat | null): BalootKnowledge {
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
    handCounts: s.hands.map((h) => h.length),
    playable: me === null ? [] : sortForDisplay(cardsOf(playableMask(s, me)), trump),
    publicCard: s.publicCard,
    bidding: s.bidding && { ...s.bidding, bids: s.bidding.bids.slice() },
    contract: c && { ...c },
    trick: s.phase === 'playing' || s.phase === 'sawa' ? { leader: s.leader, plays: s.trick.slice() } : null,
    tricks: s.tricks.map((t) => ({ ...t })),
    tricksWon,
    cardPoints,
    projects,
    baloot: s.balootAnnounced ? s.balootHolder : null,
    sawa: s.sawa && {
      claimant: s.sawa.claimant,
      hand: sortForDisplay(s.hands[s.sawa.claimant]!, trump),
      pending: s.sawa.pending.slice(),
      status: s.sawa.status,
    },
    actions,
    lastRound: s.lastRound && slimSummary(s.lastRound),
    outcome: s.outcome,
  };
}

/** The summary without the fields the table derives (see RoundSummaryView). */
function slimSummary(r: RoundSummary): RoundSummaryView {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { scores, multiplier, contract, ...rest } = r;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { levelName, multiplier: _m, ...c } = contract;
  return { ...rest, contract: c };
}
