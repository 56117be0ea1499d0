import type { Game, GameEvent } from '../../engine/types';
import type { BalootRefusal } from './refusals';
import { botMove } from './bot';
import { activeSeats, apply, canHandBack, legalMoves, sawaFollow, setup, timeoutMove } from './engine';
import { defaultOptions, moveSchema, optionsSchema } from './schema';
import type { BalootMove, BalootOptions, BalootState, BalootView } from './types';
import { view } from './view';
import { behind } from './behind';
import { hint } from './hint';
import { tutorial } from './tutorial';

export type * from './types';
export type { BalootRefusal } from './refusals';
export type { BalootHintWhy } from './hint';

/** A Sawa answer gets a fixed window; everything else runs on the room's clock. */
export const SAWA_ANSWER_SECONDS = 15;
/** The longest the next deal waits for the people at the table to close the round summary. */
export const ROUND_SUMMARY_SECONDS = 8;

export const baloot: Game<BalootState, BalootMove, BalootView, BalootOptions, GameEvent, BalootRefusal> = {
  id: 'baloot',
  name: 'Baloot',
  playerCounts: [4],
  teams: () => [0, 1, 0, 1],
  optionsSchema,
  defaultOptions,
  moveSchema,
  setup,
  apply,
  view,
  legalMoves,
  activeSeats,
  timeoutMove,
  // A bot answering a Sawa after its partner gives the partner's answer (engine.ts, sawaFollow).
  botMove: (state, seat, rng, level) => sawaFollow(state, seat) ?? botMove(state, seat, rng, level),
  hint,
  tutorial,
  outcome: (state) => state.outcome,
  canHandBack: (state) => canHandBack(state),
  turnSeconds: (state, roomClock) => (state.phase === 'sawa' ? SAWA_ANSWER_SECONDS : roomClock),
  // A replay's chapters: each deal (a Kawesh redeal too) and each trick.
  chapters: { deal: ['deal', 'redeal'], trick: ['trick'] },
  // The round summary covers the next deal: its first bid waits until the people have read it.
  readingPause: { events: ['round'], seconds: ROUND_SUMMARY_SECONDS },
  behind,
  // Kammelna's table talk: a partner to apologise to, and a table that waits on a slow bid.
  reactions: ['well_played', 'sorry_partner', 'hurry', 'good_luck', 'clap', 'laugh', 'wow', 'think'],
};
