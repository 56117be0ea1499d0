import * as v from 'valibot';
import { numberOption } from '../catalog';
import type { RngState } from '../../cards/rng';
import type { Seat } from '../../engine/types';
import type { Meld, MeldCard, MeldKind } from './melds';

/** The points limit's bounds are the home page's (shared/games/catalog.ts). */
const limit = numberOption('rummy', 'limit');

export const optionsSchema = v.object({
  /** 'single': one deal decides. 'match': deals until someone's total reaches `limit`; the lowest total wins. */
  deals: v.optional(v.picklist(['single', 'match']), 'single'),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(limit.min), v.maxValue(limit.max)), 500),
});
export type RummyOptions = v.InferOutput<typeof optionsSchema>;

const cardId = v.pipe(v.string(), v.maxLength(8));
const cardList = v.pipe(v.array(cardId), v.minLength(1), v.maxLength(21));
/** Which face each joker stands for, by joker id: `{ X2: '9D' }`. Needed only when ambiguous. */
const standIns = v.optional(v.record(v.pipe(v.string(), v.maxLength(4)), v.pipe(v.string(), v.maxLength(4))));

export const moveSchema = v.variant('type', [
  /** Start the turn: the top of the draw pile, or the top discard (which must then be melded this turn). */
  v.strictObject({ type: v.literal('draw'), from: v.picklist(['pile', 'discard']) }),
  /** Draft: lay a new meld from the hand. */
  v.strictObject({ type: v.literal('meld'), cards: cardList, as: standIns }),
  /** Draft: add cards from the hand to a meld on the table (or one laid this turn). */
  v.strictObject({ type: v.literal('extend'), meldId: v.pipe(v.string(), v.maxLength(12)), cards: cardList, as: standIns }),
  /** Draft: put the natural card a table joker stands for in its place; the joker comes to the hand. */
  v.strictObject({ type: v.literal('swapJoker'), meldId: v.pipe(v.string(), v.maxLength(12)), card: cardId }),
  /**
   * Draft: take back everything laid this turn (back to just after the draw). With
   * `returnDiscard`, also put a card taken from the discard pile back and draw again.
   */
  v.strictObject({ type: v.literal('undo'), returnDiscard: v.optional(v.boolean()) }),
  /**
   * End the turn: commits the draft and discards a card. With `dropDraft` the draft is
   * thrown away first, as if undone (what a timed-out turn does).
   */
  v.strictObject({ type: v.literal('discard'), card: cardId, dropDraft: v.optional(v.boolean()) }),
  /** End the deal: commits the draft and lays the last card face down. */
  v.strictObject({ type: v.literal('close'), card: cardId }),
]);
export type RummyMove = v.InferOutput<typeof moveSchema>;
export type RummyMoveType = RummyMove['type'];

/** The part of a turn laid but not yet committed by a discard (only the player sees it). */
export interface Draft {
  /** The player's hand as the draft leaves it. */
  hand: string[];
  /** The whole table as the draft leaves it. */
  table: Meld[];
  nextMeldId: number;
  /** Melds laid this turn. */
  newMeldIds: string[];
  /** Melds already on the table that this turn extended or took a joker from. */
  changedMeldIds: string[];
  /** Jokers swapped out of table melds this turn. */
  freedJokers: string[];
  /** The draft moves so far, in order (bots use them to resume a plan). */
  actions: RummyMove[];
}

export interface DealRow {
  seat: Seat;
  points: number;
  declared: boolean;
  cardsLeft: number;
  jokersLeft: number;
}

/** How one deal ended. */
export interface DealResult {
  deal: number;
  /** Who closed; null when the deal ended because the cards ran out. */
  closer: Seat | null;
  rows: DealRow[];
}

export type RummyPhase = 'draw' | 'play' | 'over';

/** The stored state: plain JSON. */
export interface RummyState {
  options: RummyOptions;
  names: string[];
  rng: RngState;
  /** Deal number, from 1. */
  deal: number;
  /** Who played first in this deal. */
  starter: Seat;
  hands: string[][];
  /** Draw pile; the last element is the top. */
  pile: string[];
  /** Discard pile; the last element is the top. */
  discard: string[];
  /** Committed melds. */
  table: Meld[];
  declared: boolean[];
  turn: Seat;
  /** Turns finished in this deal; round = floor(turnsTaken / players) + 1. */
  turnsTaken: number;
  phase: RummyPhase;
  /** The card taken from the discard pile this turn, which must end up melded. */
  takenDiscard: string | null;
  draft: Draft | null;
  nextMeldId: number;
  totals: number[];
  lastDeal: DealResult | null;
  /** The closing card, face down, kept once the game is over. */
  faceDown: string | null;
  winners: Seat[] | null;
}

/** A meld as the view shows it. Jokers carry the face they stand for in `as`. */
export interface MeldView {
  id: string;
  owner: Seat;
  kind: MeldKind;
  cards: MeldCard[];
  /** Points the meld counts toward a declaration. */
  points: number;
  /** Own view only: laid or changed by the current, uncommitted draft. */
  draft?: true;
}

export interface RummyPlayerView {
  seat: Seat;
  name: string;
  /** Cards in hand (as of the last committed move). */
  cards: number;
  declared: boolean;
  /** Running total over the deals. */
  total: number;
}

export interface DraftView {
  /** Points of the melds laid this turn, toward the 48 of a first declaration. */
  points: number;
  hasPureSequence: boolean;
  newMeldIds: string[];
  changedMeldIds: string[];
  /** The card taken from the discard pile this turn, and whether it is melded yet. */
  takenDiscard: string | null;
  takenDiscardMelded: boolean;
  /** Jokers swapped out this turn that still have to be melded. */
  unmeldedJokers: string[];
  /** Draft moves made this turn. */
  actions: number;
  /** Why the turn cannot end yet (empty when a discard or close would be accepted), as data. */
  blockers: DraftBlocker[];
}

/** Why a turn cannot end yet: a code and what the sentence needs (the browser words it). */
export type DraftBlocker =
  | { code: 'discard_not_melded'; card: string }
  | { code: 'joker_not_melded' }
  | { code: 'declaration_too_small'; need: number; points: number }
  | { code: 'declaration_needs_pure' };

/** What the viewing seat may do now. */
export interface RummyYouView {
  isTurn: boolean;
  declared: boolean;
  /** Move types accepted now. */
  actions: RummyMoveType[];
  /** Taking the discard is allowed now (round 4 on). */
  canTakeDiscard: boolean;
  /** Hint: the meld finder sees a way to meld the top discard this turn. */
  discardUsable: boolean;
  /** New melds may be laid (round 4 on, own turn, after the draw). */
  mayMeld: boolean;
  /** The first declaration can be made now: may meld and not declared yet. */
  mayDeclare: boolean;
  /** Table melds may be extended and jokers swapped: declared, or this turn's melds already make a valid declaration. */
  mayExtend: boolean;
  /** Cards the turn could end by discarding now (empty while `draft.blockers` is not). */
  discardable: string[];
  /** The hand is down to one card and the draft allows closing with it. */
  canClose: boolean;
}

export interface RummyView {
  game: 'rummy';
  seat: Seat | null;
  options: RummyOptions;
  deal: number;
  /** Round of this deal, from 1: every player has one turn per round. */
  round: number;
  /** Round from which melds may be laid. */
  meldRound: number;
  /** Points a first declaration needs. */
  declarationMinimum: number;
  turn: Seat;
  phase: RummyPhase;
  players: RummyPlayerView[];
  /** Own hand (as the draft leaves it); null for spectators. */
  hand: string[] | null;
  /** Melds by owner seat. The player whose turn it is sees the draft in place, marked `draft`. */
  table: MeldView[][];
  discardTop: string | null;
  discardCount: number;
  pileCount: number;
  /** Own draft during the play phase; null otherwise and for everybody else. */
  draft: DraftView | null;
  you: RummyYouView | null;
  lastDeal: DealResult | null;
  /** Set when the game is over. */
  /** The winners (several share a win) and their score: the last deal's in a single deal, else the match total. */
  result: { winners: Seat[]; points: number } | null;
}
