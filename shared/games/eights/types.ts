import * as v from 'valibot';
import { numberOption } from '../catalog';
import type { RngState } from '../../cards/rng';
import type { Seat } from '../../engine/types';
import { COLOURS, type Colour } from './cards';

export interface EightsOptions {
  /** Every draw is a fresh random card with the pack's proportions; the pile never runs out. */
  endless: boolean;
  /** A Skip skips two players instead of one. */
  skipTwo: boolean;
  /** +cards may be stacked on pending draws. */
  stacking: boolean;
  /** 'hand': the first empty hand wins the game. 'match': hands until someone reaches `target`. */
  scoring: 'hand' | 'match';
  /** Match target (match scoring only). */
  target: number;
}

/** The match target's bounds are the home page's (shared/games/catalog.ts). */
const target = numberOption('eights', 'target');

export const optionsSchema: v.GenericSchema<unknown, EightsOptions> = v.object({
  endless: v.optional(v.boolean(), false),
  skipTwo: v.optional(v.boolean(), false),
  stacking: v.optional(v.boolean(), true),
  scoring: v.optional(v.picklist(['hand', 'match']), 'hand'),
  target: v.optional(v.pipe(v.number(), v.integer(), v.minValue(target.min), v.maxValue(target.max)), 500),
});

export type EightsMove =
  /** Play a card; `color` names the next colour (wild cards only); `lastCard` announces the last card. */
  | { type: 'play'; card: string; color?: Colour; lastCard?: boolean }
  /** Draw one card, or take the whole pending stack. */
  | { type: 'draw' }
  /** Keep the card just drawn and end the turn. */
  | { type: 'keep' }
  /** Catch a player who did not announce their last card: they draw 2. */
  | { type: 'catch'; target: Seat };

const colourSchema = v.picklist(COLOURS);

export const moveSchema: v.GenericSchema<unknown, EightsMove> = v.variant('type', [
  v.strictObject({
    type: v.literal('play'),
    card: v.pipe(v.string(), v.maxLength(16)),
    color: v.optional(colourSchema),
    lastCard: v.optional(v.boolean()),
  }),
  v.strictObject({ type: v.literal('draw') }),
  v.strictObject({ type: v.literal('keep') }),
  v.strictObject({ type: v.literal('catch'), target: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7)) }),
]);

/** How the last finished hand went (match scoring, and the final hand in either mode). */
export interface EightsHandSummary {
  hand: number;
  winner: Seat;
  /** Points the winner scored: the sum of the cards left in the other hands. */
  points: number;
  /** Cards left in each seat's hand when it ended. */
  cardsLeft: number[];
  /** Points of the cards left in each seat's hand. */
  pointsLeft: number[];
}

/** The stored state: plain JSON. */
export interface EightsState {
  options: EightsOptions;
  names: string[];
  rng: RngState;
  hands: string[][];
  /** Finite deck only; the last element is the top card. */
  drawPile: string[];
  /** The last element is the top card. The endless deck keeps only the top card. */
  discard: string[];
  /** Endless deck: discards no longer kept (they never come back). */
  buried: number;
  /** Endless deck: copy number for the next generated card, so ids stay unique. */
  serial: number;
  colour: Colour;
  direction: 1 | -1;
  turn: Seat;
  /** Increases each time the turn passes (also when the same seat goes again). */
  turnNumber: number;
  pendingDraw: number;
  /** Reverses played in a row on the pile. */
  reverses: number;
  /** The card just drawn that may still be played this turn. */
  drawn: string | null;
  /** Seats that announced their last card and still hold exactly one. */
  announced: boolean[];
  /** Seat that went down to one card without announcing, until the next player acts. */
  catchable: Seat | null;
  handNumber: number;
  scores: number[];
  lastHand: EightsHandSummary | null;
  /** Winner of the game (of the single hand, or of the match). */
  winner: Seat | null;
}

export interface EightsSeatView {
  name: string;
  cards: number;
  /** Announced "last card" and holds one card. */
  announced: boolean;
  /** Match points so far (hand scoring: the points of the winning hand). */
  score: number;
}

/**
 * What one seat (or a spectator, seat null) sees. `playable`, `canDraw`, `canKeep`,
 * `drawnCard` and `catchable` describe what the viewer may do right now.
 */
export interface EightsView {
  seat: Seat | null;
  /** Own hand; null for spectators. */
  hand: string[] | null;
  /** Card ids of `hand` the viewer may play now. */
  playable: string[];
  /** May draw a card now, or take the stack when `pendingDraw` > 0. */
  canDraw: boolean;
  /** Drew a playable card and may keep it (ending the turn). */
  canKeep: boolean;
  /** The card just drawn that may be played or kept (own view only). */
  drawnCard: string | null;
  /** Seats the viewer may catch now (spectator: seats anyone may catch). */
  catchable: Seat[];
  seats: EightsSeatView[];
  /** Whose turn it is; null when the game is over. */
  turn: Seat | null;
  /** 'play': normal turn; 'drawn': the player drew a playable card and decides; 'stack': draws pending. */
  step: 'play' | 'drawn' | 'stack' | 'over';
  topCard: string;
  colour: Colour;
  /** 1 = seat order (clockwise), -1 = reversed. */
  direction: 1 | -1;
  pendingDraw: number;
  /** Reverses in a row on the pile; at `reverseLimit` another Reverse is refused. */
  reverses: number;
  reverseLimit: number;
  /** null with the endless deck. */
  drawPileCount: number | null;
  discardCount: number;
  handNumber: number;
  /** Match target; null with single-hand scoring. */
  target: number | null;
  options: EightsOptions;
  lastHand: EightsHandSummary | null;
  winner: Seat | null;
}
