import type { RngState } from '../../cards/rng';
import type { Suit } from '../../cards/playing-cards';
import type { Outcome, Seat } from '../../engine/types';
import type { ProjectKind } from './projects';
import type { Pair, RoundResult, Team } from './scoring';

export type { ProjectKind, Pair, RoundResult, Team, Suit, Seat };

export interface BalootOptions {
  /** false (default): the first Sun ends the bidding. true: earlier bidders may still claim Sun over it. */
  priority: boolean;
  /** Match target (default 152). */
  target: number;
}

export type ContractType = 'sun' | 'hokum';
export type BidKind = 'pass' | 'hokum' | 'sun' | 'ashkal';
/** Names of the raises: Double (x2), Triple (x3), Four (x4), Gahwa (wins the match). */
export type DoubleLevel = 'double' | 'triple' | 'four' | 'gahwa';
export type Phase = 'bidding' | 'doubling' | 'playing' | 'sawa' | 'over';

/**
 * A move. Seats send:
 * - `bid` on their bidding turn. `hokum` takes `suit` (round 1: the public card's suit,
 *   may be omitted; round 2: required, any other suit). When asked to keep a standing Hokum
 *   or switch, `hokum` keeps it and `sun` switches; when asked to claim Sun by priority,
 *   `sun` or `pass`.
 * - `kawesh` at any time during the bidding, with a first hand of only 7s, 8s and 9s.
 * - `double` (raise to the named level; `open: false` makes it Closed, Hokum only) or
 *   `noDouble` when asked in the doubling window.
 * - `declare` during their first turn of trick 1, before playing: declares the best projects.
 * - `play` a card on their turn.
 * - `sawa` when about to lead (from trick 2 on): claims every remaining trick.
 * - `sawaAnswer` (opponents of the claimant) to accept or refuse the claim.
 */
export type BalootMove =
  | { type: 'bid'; bid: BidKind; suit?: Suit }
  | { type: 'kawesh' }
  | { type: 'double'; level: DoubleLevel; open?: boolean }
  | { type: 'noDouble' }
  | { type: 'declare' }
  | { type: 'play'; card: string }
  | { type: 'sawa' }
  | { type: 'sawaAnswer'; accept: boolean };

export interface BidOption {
  bid: BidKind;
  suit?: Suit;
}

/** A bid as said at the table; `round` 1 or 2, `stage` says whether it was a normal bid, a switch answer or a priority answer. */
export interface BidRecord {
  seat: Seat;
  round: 1 | 2;
  stage: BiddingStage;
  bid: BidKind;
  suit?: Suit;
}

/** bid: normal turn. switch: the lone Hokum bidder keeps Hokum or switches to Sun. priority: an earlier bidder may claim Sun. */
export type BiddingStage = 'bid' | 'switch' | 'priority';

export interface BiddingState {
  round: 1 | 2;
  stage: BiddingStage;
  bids: BidRecord[];
  /** Standing Hokum bid. */
  hokum: { seat: Seat; suit: Suit } | null;
  /** Standing Sun bid waiting for priority claims (priority option only). */
  sun: { seat: Seat; ashkal: boolean } | null;
}

export interface Contract {
  type: ContractType;
  trump: Suit | null;
  /** Seat that took the public card (the Ashkal caller's partner after Ashkal). */
  buyer: Seat;
  /** Seat whose bid won. */
  bidder: Seat;
  ashkal: boolean;
  /** 1 plain, 2 Double, 3 Triple, 4 Four, 5 Gahwa. */
  level: number;
  /** false = Closed (no trump lead while holding another suit). */
  open: boolean;
  /** Seat that made the last raise, null when not doubled. */
  raiser: Seat | null;
}

export interface Play {
  seat: Seat;
  card: string;
}
export interface DoneTrick {
  leader: Seat;
  plays: Play[];
  winner: Seat;
  /** Card points in the trick, last-trick bonus included. */
  points: number;
}

export interface DeclaredProject {
  kind: ProjectKind;
  /** Cards, high to low. */
  cards: string[];
  /** Comparison key (see projects.ts). */
  rank: number;
}

export interface SawaState {
  claimant: Seat;
  /** Opponents who have not answered yet. */
  pending: Seat[];
  /** The answers given so far, in order (absent in states stored before answers were kept). */
  answers?: SawaAnswer[];
  /** pending: waiting for answers; refused: play goes on with the claimant's hand shown. */
  status: 'pending' | 'refused';
}

export interface SawaAnswer {
  seat: Seat;
  accept: boolean;
}

export interface RoundProject {
  seat: Seat;
  kind: ProjectKind;
  cards: string[];
  /** Game points of the project (unmultiplied). */
  points: number;
  counted: boolean;
}

/** What the round-summary screen shows about the last finished round. */
export interface RoundSummary {
  roundNo: number;
  contract: {
    type: ContractType;
    trump: Suit | null;
    buyer: Seat;
    bidder: Seat;
    ashkal: boolean;
    level: number;
    levelName: DoubleLevel | null;
    multiplier: number;
    open: boolean;
  };
  /** How the round ended: all tricks played, accepted Sawa, or a foul after a refused Sawa. */
  end: 'played' | 'sawa' | 'qayd';
  tricks: Pair;
  /** Card points (abnat) per team, last-trick bonus included. */
  cardPoints: Pair;
  /** Card points converted to game points. */
  cardGamePoints: Pair;
  projects: RoundProject[];
  /** Game points of the projects that count, before any multiplier. */
  projectPoints: Pair;
  baloot: Pair;
  result: RoundResult;
  /** Team that won the round (took the pot); null when split. */
  winner: Team | null;
  kaboot: Team | null;
  qayd: Team | null;
  sawa: { claimant: Seat; accepted: boolean } | null;
  multiplier: number;
  /** Game points added to each team this round. */
  awarded: Pair;
  /** Match totals after the round. */
  scores: Pair;
}

/**
 * The last round's summary as a view sends it: without what the table derives (the raise's
 * name and multiplier from its level, the match totals from the view's scores).
 */
export type RoundSummaryView = Omit<RoundSummary, 'scores' | 'multiplier' | 'contract'> & {
  contract: Omit<RoundSummary['contract'], 'levelName' | 'multiplier'>;
};

export interface BalootState {
  /**
   * The Sawa answer rule this game was set up with: true, the opponent answering last decides
   * for the team (RULES.md). Absent in games stored before it, which keep one refusal ending the
   * claim, so a room reloaded mid-game replays its moves exactly as they were played.
   */
  sawaLastWord?: boolean;
  players: string[];
  options: BalootOptions;
  rng: RngState;
  scores: Pair;
  /** Rounds started (a redeal keeps the number). */
  roundNo: number;
  dealer: Seat;
  phase: Phase;
  /** Seat to act in bidding, doubling and play. */
  turn: Seat;
  hands: string[][];
  /** Undealt cards (during the bidding). */
  stock: string[];
  publicCard: string;
  bidding: BiddingState | null;
  contract: Contract | null;
  /** Seats still to be asked at the current doubling level, first = asked now. */
  doubling: { queue: Seat[]; doubler: Seat | null } | null;
  leader: Seat;
  trick: Play[];
  tricks: DoneTrick[];
  declared: DeclaredProject[][];
  /** Team whose projects count, decided after trick 1. */
  projectTeam: Team | null;
  /** Seat dealt K and Q of trump (Hokum), and whether Baloot was announced. */
  balootHolder: Seat | null;
  balootAnnounced: boolean;
  sawa: SawaState | null;
  lastRound: RoundSummary | null;
  outcome: Outcome | null;
}

/**
 * What a bot decides from: the seat's view, the tricks already played this round and the
 * hand sizes. The tricks are public, but the table shows only the last one, so they stay off
 * the wire (a resync stays small whatever the point of the deal).
 */
export interface BalootKnowledge extends BalootView {
  /** Completed tricks of this round (at most 8). */
  tricks: TrickView[];
  /**
   * Cards each seat holds. The browser works them out from the phase, the tricks won and
   * the current trick (web/src/games/baloot/seats.ts), so a play does not send them.
   */
  handCounts: number[];
}

/* ---------------------------------------------------------------- views */

export interface ProjectView {
  seat: Seat;
  kind: ProjectKind;
  /** Shown after trick 1 for projects that count (and always to their owner). */
  cards: string[] | null;
  /** null during trick 1; then whether the project counts. */
  counted: boolean | null;
}

export interface TrickView {
  leader: Seat;
  plays: Play[];
  winner: Seat;
  points: number;
}

export interface DeclareOption {
  kind: ProjectKind;
  cards: string[];
}

/** What the viewing seat may do now. */
export interface ActionsView {
  /** Legal bids now (empty when it is not this seat's bidding turn). */
  bids: BidOption[];
  kawesh: boolean;
  /** Raise on offer (send `double` with this level, or `noDouble`); canClose: Open/Closed choice. */
  double: { level: DoubleLevel; canClose: boolean } | null;
  /** Projects `declare` would declare now (null when the window is not open or nothing to declare). */
  declare: DeclareOption[] | null;
  sawa: boolean;
  sawaAnswer: boolean;
}

/** What one seat sees. Seat names are not repeated here: the room's seats carry them. */
export interface BalootView {
  /** The viewing seat, null for a spectator. */
  seat: Seat | null;
  options: BalootOptions;
  phase: Phase;
  roundNo: number;
  dealer: Seat;
  /**
   * Seat to act (bidding, doubling, play); null while a Sawa is answered (the seats still to
   * answer are `sawa.pending`) and when over. The seats the clock waits for follow from these.
   */
  turn: Seat | null;
  /** Match totals per team (team 0 = seats 0 and 2). */
  scores: Pair;
  /** Own cards, sorted for display; [] for spectators. */
  hand: string[];
  /** Own cards that may be played now. */
  playable: string[];
  /** The face-up card of this deal (in the centre during the bidding, then in the buyer's hand). */
  publicCard: string;
  bidding: BiddingState | null;
  /** The contract as bought and raised (`level`: 1 plain, 2 Double … 5 Gahwa; the table derives the names). */
  contract: Contract | null;
  /** Current trick, leader first. */
  trick: { leader: Seat; plays: Play[] } | null;
  tricksWon: Pair;
  /** Card points per team in completed tricks of this round. */
  cardPoints: Pair;
  projects: ProjectView[];
  /** Seat that announced Baloot this round. */
  baloot: Seat | null;
  /** A Sawa claim: the claimant's hand is public. */
  sawa: { claimant: Seat; hand: string[]; pending: Seat[]; answers: SawaAnswer[]; status: 'pending' | 'refused' } | null;
  actions: ActionsView;
  lastRound: RoundSummaryView | null;
  outcome: Outcome | null;
}
