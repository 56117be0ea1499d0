import * as v from 'valibot';
import type { RngState } from '../../cards/rng';
import type { GameEvent, Seat } from '../../engine/types';
import type { Lock, MeldCard, Run, RunKind } from './melds';
import type { DhappaRefusal } from './refusals';

/** What keeps a turn from ending, whatever the discard. */
export type TurnBlocker = Extract<DhappaRefusal, { code: 'pick_not_placed' | 'joker_not_placed' }>;

export const MATCH_TARGET = 500;
export const OUT_BONUS = 100;

export const optionsSchema = v.object({
  /** 'single': one deal decides. 'match': deals until a team reaches 500. */
  length: v.optional(v.picklist(['single', 'match']), 'single'),
});
export type DhappaOptions = v.InferOutput<typeof optionsSchema>;

const cardId = v.pipe(v.string(), v.maxLength(8));
const cardList = v.pipe(v.array(cardId), v.minLength(1), v.maxLength(40));
const runId = v.pipe(v.string(), v.maxLength(12));
/** Which face each wild stands for, by card id: `{ X2: '9D', '2H#1': 'AS' }`. Needed only when ambiguous. */
const standIns = v.optional(v.record(v.pipe(v.string(), v.maxLength(8)), v.pipe(v.string(), v.maxLength(4))));

const meldStep = v.strictObject({ type: v.literal('meld'), cards: cardList, as: standIns });
const addStep = v.strictObject({ type: v.literal('add'), run: runId, cards: cardList, as: standIns, shift: v.optional(v.picklist(['low', 'high'])) });
const mergeStep = v.strictObject({ type: v.literal('merge'), a: runId, b: runId });
const swapStep = v.strictObject({ type: v.literal('swap'), run: runId, card: cardId });
export const stepSchema = v.variant('type', [meldStep, addStep, mergeStep, swapStep]);

export const moveSchema = v.variant('type', [
  /** Pick phase: take the top card of the draw pile. */
  v.strictObject({ type: v.literal('draw') }),
  /** Pick phase: take the top `count` discards; the deepest of them must reach the table this turn. */
  v.strictObject({ type: v.literal('pick'), count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(162)) }),
  /** Draft: lay a new meld from the hand. */
  meldStep,
  /** Draft: add cards from the hand to a team meld; `shift` says where a displaced 2 goes when both ends are open. */
  addStep,
  /** Draft: join two team runs of one suit that meet end to end. */
  mergeStep,
  /** Draft: put the natural card a team joker stands for in its place; the joker comes to the hand. */
  swapStep,
  /** Draft: several steps at once, all or nothing (each still undoes on its own). */
  v.strictObject({ type: v.literal('batch'), steps: v.pipe(v.array(stepSchema), v.minLength(1), v.maxLength(40)) }),
  /** Draft: take back the last step. */
  v.strictObject({ type: v.literal('undo') }),
  /** Draft: take back every step of this turn (the pick stays). */
  v.strictObject({ type: v.literal('undoAll') }),
  /** End the turn: commit the draft and discard; the last card only to go out. */
  v.strictObject({ type: v.literal('discard'), card: cardId }),
]);
export type DhappaMove = v.InferOutput<typeof moveSchema>;
export type DhappaMoveType = DhappaMove['type'];
export type DraftStep = v.InferOutput<typeof stepSchema>;

/** The mover's working copy of what a draft may change. */
export interface DraftCtx {
  hand: string[];
  /** The mover's team board. */
  board: Run[];
  opened: boolean;
  /** Jokers swapped out this turn; each must be back in a meld before the discard. */
  freed: string[];
  nextRunId: number;
  /** What the steps did, reported when the discard commits them. */
  log: GameEvent[];
}

/** The uncommitted part of a turn: visible to the mover only until the discard. */
export interface Draft {
  ctx: DraftCtx;
  /** The context before each step, for undo (last = before the latest step). */
  history: DraftCtx[];
  /** The steps made so far, in order. */
  steps: DraftStep[];
}

export type DhappaPhase = 'pick' | 'play' | 'over';

export interface TeamDealRow {
  team: number;
  /** Points of the cards on the team's board. */
  table: number;
  /** Points of the cards left in its players' hands. */
  hands: number;
  /** 100 for going out, else 0. */
  bonus: number;
  points: number;
}

/** What one player's hand cost at the end of a deal (the hands are shown then): its cards by kind. */
export interface HandPenalty {
  seat: Seat;
  team: number;
  /** Jokers left in the hand (50 each). */
  jokers: number;
  /** 2s left in the hand (20 each). */
  twos: number;
  /** How many other cards, and their points (3–10 face value, J/Q/K 10, A 15). */
  others: number;
  othersPoints: number;
  /** The hand's whole value, taken off its team's deal score. */
  points: number;
}

export interface DealResult {
  deal: number;
  /** Who went out; null when the deal ended with nobody out. */
  out: Seat | null;
  rows: TeamDealRow[];
  /** Each hand's penalty, by seat (each team's `hands` is the sum of its players'). Absent from states saved before it was kept. */
  penalties?: HandPenalty[];
  /** The running totals after this deal. */
  totals: number[];
}

/** The stored state: plain JSON. */
export interface DhappaState {
  options: DhappaOptions;
  names: string[];
  rng: RngState;
  deal: number;
  dealer: Seat;
  hands: string[][];
  /** Draw pile; the last element is the top. */
  pile: string[];
  /** Discard pile, face up; the last element is the top. */
  discard: string[];
  /** Cards taken out of the game by Dhappas. */
  removed: string[];
  /** Committed boards by team (team = seat % 2). */
  boards: Run[][];
  opened: boolean[];
  turn: Seat;
  phase: DhappaPhase;
  /** This turn's N-pick: the cards taken (deepest first) and the one that must reach the table. */
  picked: { cards: string[]; deepest: string } | null;
  draft: Draft | null;
  nextRunId: number;
  /** Turns finished in this deal. */
  turnsTaken: number;
  totals: number[];
  lastDeal: DealResult | null;
  winners: Seat[] | null;
}

// ---------------------------------------------------------------- the view

export interface RunView {
  id: string;
  kind: RunKind;
  /** Cards in order; every wild carries the face it stands for in `as`. */
  cards: MeldCard[];
  wilds: number;
  pure: boolean;
  points: number;
  /** Own view during the turn only: laid or changed by the uncommitted draft. */
  draft?: true;
}

export interface TeamView {
  team: number;
  seats: Seat[];
  runs: RunView[];
  /** The 3 runs that count toward going out and the wilds they use (of 4). */
  lock: Lock;
  /** Running total over the deals. */
  total: number;
}

export interface PlayerView {
  seat: Seat;
  name: string;
  team: number;
  /** Cards in hand as of the last committed move. */
  cards: number;
  opened: boolean;
}

export interface DraftView {
  /** Draft steps that undo can take back. */
  steps: number;
  /** Whether the draft has opened the player (or they had already). */
  opened: boolean;
  /** The deepest card of this turn's N-pick, and whether the draft has it on the table. */
  deepest: string | null;
  deepestPlaced: boolean;
  /** Jokers swapped out this turn that are not back on the table yet. */
  unplacedJokers: string[];
  newRunIds: string[];
  changedRunIds: string[];
  /** Why the turn cannot end yet, as refusals (data the browser words); empty when a discard would be accepted. */
  blockers: TurnBlocker[];
}

export interface YouView {
  isTurn: boolean;
  team: number;
  opened: boolean;
  /** Move types accepted now. */
  actions: DhappaMoveType[];
  canDraw: boolean;
  /** Pick phase: the N-picks that would be accepted now. */
  picks: number[];
  /** Play phase: cards the turn could end by discarding now. */
  discardable: string[];
  /** Discarding the last card now would go out. */
  canGoOut: boolean;
}

export interface DhappaView {
  game: 'dhappa';
  seat: Seat | null;
  options: DhappaOptions;
  deal: number;
  dealer: Seat;
  turn: Seat;
  phase: DhappaPhase;
  players: PlayerView[];
  /** Own hand (as the draft leaves it); null for spectators. */
  hand: string[] | null;
  /** By team; the mover sees the own team's board as the draft leaves it. */
  teams: TeamView[];
  /** The whole discard pile, bottom first (public). */
  discard: string[];
  pileCount: number;
  removedCount: number;
  /** This turn's N-pick (public): who took which cards and the one owed to the table. */
  picked: { seat: Seat; cards: string[]; deepest: string } | null;
  draft: DraftView | null;
  you: YouView | null;
  lastDeal: DealResult | null;
  /** The winners (every seat for a tie) and each team's final score. */
  result: { winners: Seat[]; scores: number[] } | null;
}
