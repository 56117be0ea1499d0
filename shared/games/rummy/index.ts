/**
 * Rummy with Jokers as a Game: see RULES.md for the ruleset.
 */
import * as v from 'valibot';
import type { Rng } from '../../cards/rng';
import type { BotLevel, Game, GameEvent, Outcome, Seat } from '../../engine/types';
import type { RummyRefusal } from './refusals';
import { chooseBotMove } from './bot';
import { applyMove, MELD_ROUND, roundOf, setupState, timeoutMove } from './rules';
import { moveSchema, optionsSchema, type RummyMove, type RummyOptions, type RummyState, type RummyView } from './types';
import { viewFor } from './view';
import { behind } from './behind';
import { ranking } from './ranking';
import { rummyHint } from './hint';

export { DECK_SIZE, HAND_SIZE, handValue, isRummyCard, JOKERS, rummyDeck } from './cards';
export { canUseCard, DECLARATION_MINIMUM, findDeclaration, findPlay } from './finder';
export type { FinderOptions, Plan, PlanExtension, PlanMeld, PlanSwap } from './finder';
export { isPureRun, layoutMeld, meldPoints, shownFace, swapJoker, validateMeld } from './melds';
export type { Layout, LayoutResult, Meld, MeldCard, MeldKind, StandIns } from './melds';
export { JOKER_PENALTY, MELD_ROUND, meldLabel, UNDECLARED_PENALTY } from './rules';
export type { RummyRefusal } from './refusals';
export { chooseBotMove } from './bot';
export { moveSchema, optionsSchema, viewFor };
export type {
  DealResult,
  DealRow,
  DraftView,
  MeldView,
  RummyMove,
  RummyMoveType,
  RummyOptions,
  RummyPhase,
  RummyPlayerView,
  RummyState,
  RummyView,
  RummyYouView,
} from './types';

const defaultOptions: RummyOptions = v.parse(optionsSchema, {});

function outcome(s: RummyState): Outcome | null {
  if (s.phase !== 'over' || !s.winners) return null;
  const scores = s.options.deals === 'single' && s.lastDeal ? s.lastDeal.rows.map((r) => r.points) : [...s.totals];
  return { winners: [...s.winners], scores };
}

/**
 * Moves worth offering now: the draws, every discard or the close, undo, and the bot's next
 * planned meld move. Not every possible meld (there are far too many).
 */
function legalMoves(s: RummyState, seat: Seat): RummyMove[] {
  if (s.phase === 'over' || seat !== s.turn) return [];
  if (s.phase === 'draw') {
    const moves: RummyMove[] = [{ type: 'draw', from: 'pile' }];
    if (roundOf(s) >= MELD_ROUND && s.discard.length > 0) moves.push({ type: 'draw', from: 'discard' });
    return moves;
  }
  const view = viewFor(s, seat);
  const moves: RummyMove[] = [];
  const planned = chooseBotMove(s, seat);
  if (planned.type === 'meld' || planned.type === 'extend' || planned.type === 'swapJoker') moves.push(planned);
  for (const card of view.you!.discardable) moves.push({ type: 'discard', card });
  if (view.you!.canClose) moves.push({ type: 'close', card: view.hand![0]! });
  if (s.draft) moves.push({ type: 'undo' });
  if (s.takenDiscard !== null) moves.push({ type: 'undo', returnDiscard: true });
  return moves;
}

export const rummy: Game<RummyState, RummyMove, RummyView, RummyOptions, GameEvent, RummyRefusal> = {
  id: 'rummy',
  name: 'Rummy with Jokers',
  playerCounts: [2, 3, 4, 5, 6],
  optionsSchema,
  defaultOptions,
  moveSchema,
  // The room parses the options (shared/room/core.ts): setup gets them whole.
  setup: (players, options, seed) => setupState(players, options, seed),
  apply: applyMove,
  view: viewFor,
  legalMoves,
  activeSeats: (s) => (s.phase === 'over' ? [] : [s.turn]),
  timeoutMove,
  botMove: (s: RummyState, seat: Seat, rng: Rng, level?: BotLevel) => chooseBotMove(s, seat, level, rng),
  hint: (s: RummyState, seat: Seat) => rummyHint(viewFor(s, seat)),
  // "How to play": one deal; the seed is chosen by scripts/tutorial-seeds.ts.
  tutorial: { players: 2, options: { deals: 'single', limit: 500 }, seed: 'learn-rummy-195', seat: 0 },
  outcome,
  // One clock for the whole turn: draw, draft moves and the discard.
  turnKey: (s) => `${s.deal}:${s.turnsTaken}`,
  // A replay's chapters: each deal of a match.
  chapters: { deal: ['deal'] },
  behind,
  ranking,
};
