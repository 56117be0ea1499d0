/**
 * Dhappa Baaji as a Game: see RULES.md for the ruleset.
 */
import * as v from 'valibot';
import type { Rng } from '../../cards/rng';
import type { Game, GameEvent, Outcome, Seat } from '../../engine/types';
import type { DhappaRefusal } from './refusals';
import { chooseBotMove } from './bot';
import { legalDiscards } from './draft';
import { applyMove, legalPicks, setupState, stepEnv, teamOf, teamScores, timeoutMove, workingCtx } from './rules';
import { moveSchema, optionsSchema, stepSchema, type DhappaMove, type DhappaOptions, type DhappaState, type DhappaView } from './types';
import { viewFor } from './view';
import { behind } from './behind';
import { hint } from './hint';
import { tutorial } from './tutorial';

export { cardPoints, DECK_SIZE, dhappaDeck, HAND_SIZES, isDhappaCard, isTwo, isWild, JOKERS, MAX_RUN, MAX_SET } from './cards';
export { isPure, layoutAdd, layoutNew, lockOf, LOCK_RUNS, LOCK_WILDS, LOCK_WILDS_PER_RUN, mergeRuns, swapOut, validateRun, wildsIn } from './melds';
export type { AddResult, Layout, LayoutResult, Lock, MeldCard, Run, RunKind, Shift, StandIns } from './melds';
export { chooseBotMove } from './bot';
export { legalPicks, pickError, teamOf, timeoutMove } from './rules';
export { moveSchema, optionsSchema, stepSchema, viewFor };
export { MATCH_TARGET, OUT_BONUS } from './types';
export type { DhappaRefusal, DiscardBlock } from './refusals';
export type { DhappaHintWhy } from './hint';
export type {
  DealResult,
  DhappaMove,
  DhappaMoveType,
  DhappaOptions,
  DhappaPhase,
  DhappaState,
  DhappaView,
  DraftStep,
  DraftView,
  HandPenalty,
  PlayerView,
  RunView,
  TeamDealRow,
  TeamView,
  YouView,
} from './types';

const defaultOptions: DhappaOptions = v.parse(optionsSchema, {});

function outcome(s: DhappaState): Outcome | null {
  if (s.phase !== 'over' || !s.winners) return null;
  const scores = teamScores(s);
  return { winners: [...s.winners], scores: s.names.map((_, i) => scores[teamOf(i)]!) };
}

/**
 * Moves worth offering now: the draw and every legal pick; then the bot's next planned step,
 * undo, and every legal discard. Not every possible meld (there are far too many).
 */
function legalMoves(s: DhappaState, seat: Seat): DhappaMove[] {
  if (s.phase === 'over' || seat !== s.turn) return [];
  if (s.phase === 'pick') {
    const moves: DhappaMove[] = s.pile.length > 0 ? [{ type: 'draw' }] : [];
    for (const count of legalPicks(s)) moves.push({ type: 'pick', count });
    return moves;
  }
  const moves: DhappaMove[] = [];
  const planned = chooseBotMove(s, seat);
  if (planned.type !== 'discard' && planned.type !== 'undo' && planned.type !== 'undoAll') moves.push(planned);
  for (const card of legalDiscards(workingCtx(s), stepEnv(s))) moves.push({ type: 'discard', card });
  if (s.draft) moves.push({ type: 'undo' }, { type: 'undoAll' });
  const fallback = timeoutMove(s, seat);
  if (moves.length === 0 && fallback) moves.push(fallback);
  return moves;
}

export const dhappa: Game<DhappaState, DhappaMove, DhappaView, DhappaOptions, GameEvent, DhappaRefusal> = {
  id: 'dhappa',
  name: 'Dhappa Baaji',
  playerCounts: [4, 6],
  teams: (n) => Array.from({ length: n }, (_, i) => i % 2),
  reactions: ['well_played', 'sorry_partner', 'nice_one', 'good_luck', 'clap', 'laugh', 'wow', 'thumbs_up'],
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
  botMove: (s: DhappaState, seat: Seat, _rng: Rng, level) => chooseBotMove(s, seat, level),
  hint,
  tutorial,
  outcome,
  // One clock for the whole turn: the pick, the draft steps and the discard.
  turnKey: (s) => `${s.deal}:${s.turnsTaken}`,
  // A match's deal breakdown is read over the next deal: its first turn waits (up to 8 s) until the people at the table close it.
  readingPause: { events: ['dealScore'], seconds: 8 },
  // A replay's chapters: each deal of a match.
  chapters: { deal: ['deal'] },
  behind,
};
