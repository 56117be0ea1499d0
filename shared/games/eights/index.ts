/**
 * Eights, the wild-8 shedding game, as a Game: see RULES.md for the ruleset.
 */
import * as v from 'valibot';
import type { Rng } from '../../cards/rng';
import type { BotLevel, Game, GameEvent, Outcome, Seat } from '../../engine/types';
import type { EightsRefusal } from './refusals';
import { chooseBotMove } from './bot';
import { chooseEasyMove, chooseStrongMove } from './levels';
import { applyMove, legalMoves, setupState } from './rules';
import { moveSchema, optionsSchema, type EightsMove, type EightsOptions, type EightsState, type EightsView } from './types';
import { viewFor } from './view';
import { eightsHint } from './hint';
import { behind } from './behind';
import { ranking } from './ranking';

export {
  COLOURS,
  COLOUR_NAMES,
  DECK_SIZE,
  describeCard,
  eightsCardPoints,
  isCardId,
  matches,
  parseCard,
  type CardKind,
  type Colour,
  type EightsCard,
} from './cards';
export { REVERSE_LIMIT } from './rules';
export type { EightsRefusal } from './refusals';
export type { EightsHintWhy } from './hint';
export { moveSchema, optionsSchema } from './types';
export type { EightsHandSummary, EightsMove, EightsOptions, EightsSeatView, EightsState, EightsView } from './types';

const defaultOptions: EightsOptions = v.parse(optionsSchema, {});

function outcome(s: EightsState): Outcome | null {
  if (s.winner === null) return null;
  return { winners: [s.winner], scores: s.scores.slice() };
}

export const eights: Game<EightsState, EightsMove, EightsView, EightsOptions, GameEvent, EightsRefusal> = {
  id: 'eights',
  name: 'Eights',
  playerCounts: [2, 3, 4, 5, 6, 7, 8],
  optionsSchema,
  defaultOptions,
  moveSchema,
  // The room parses the options (shared/room/core.ts): setup gets them whole.
  setup: (players, options, seed) => setupState(players, options, seed),
  apply: applyMove,
  view: viewFor,
  legalMoves,
  activeSeats: (s) => (s.winner === null ? [s.turn] : []),
  timeoutMove(s: EightsState, seat: Seat): EightsMove | null {
    if (s.winner !== null || seat !== s.turn) return null;
    return s.drawn !== null ? { type: 'keep' } : { type: 'draw' };
  },
  botMove: (s: EightsState, seat: Seat, rng: Rng, level: BotLevel = 'normal') =>
    level === 'easy' ? chooseEasyMove(s, seat, rng) : level === 'strong' ? chooseStrongMove(s, seat, rng) : chooseBotMove(viewFor(s, seat), rng),
  hint: eightsHint,
  // "How to play": three at the table, one hand; the seed is chosen by scripts/tutorial-seeds.ts.
  tutorial: { players: 3, options: { ...defaultOptions, scoring: 'hand' }, seed: 'learn-eights-30', seat: 0 },
  outcome,
  // One clock per turn: drawing, then playing or keeping the drawn card, share it.
  turnKey: (s) => s.turnNumber,
  // A replay's chapters: each hand of a match.
  chapters: { deal: ['newHand'] },
  behind,
  ranking,
};
