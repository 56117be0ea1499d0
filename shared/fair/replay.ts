/**
 * A finished game as a replay: who played, the options, the seed (with the reveal it came
 * from) and the public move log. Recomputed by the same rules package that played it, so
 * anyone can check that the log reproduces the recorded outcome. Pure code: the browser,
 * the Worker and Node run it alike.
 */
import * as v from 'valibot';
import type { AnyGame, GameEvent, Outcome, Refusal } from '../engine/types';
import { issuePath } from '../protocol';
import { Reveal, verifyReveal, type VerifyProblem } from './index';

export const REPLAY_FORMAT = 'cardroom-replay';
export const REPLAY_VERSION = 1;

const SeatNumber = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15));
export const RecordedOutcome = v.object({ winners: v.array(SeatNumber), scores: v.array(v.number()) });

export const ReplayRecord = v.object({
  format: v.literal(REPLAY_FORMAT, `Not a Cardroom replay (its "format" must be "${REPLAY_FORMAT}").`),
  version: v.literal(REPLAY_VERSION, `This replay format version is not supported (expected ${REPLAY_VERSION}).`),
  /** The game's id in the registry. */
  game: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  /** The room code, or null for a game played offline. */
  room: v.nullable(v.string()),
  /** The game's number in its room (1, 2, …). */
  gameNo: v.pipe(v.number(), v.integer(), v.minValue(1)),
  players: v.pipe(v.array(v.object({ name: v.string() })), v.minLength(1), v.maxLength(16)),
  options: v.record(v.string(), v.unknown()),
  seed: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  /** How the seed was made and how to check it; null when the seed was not committed to. */
  reveal: v.nullable(Reveal),
  moves: v.pipe(v.array(v.object({ seat: SeatNumber, move: v.unknown() })), v.maxLength(100_000)),
  /** The outcome the room recorded when the game ended (null: abandoned before the end). */
  outcome: v.nullable(RecordedOutcome),
});
export type ReplayRecord = v.InferOutput<typeof ReplayRecord>;

/** Where a replay stopped agreeing with its record. */
export type Divergence =
  | { kind: 'unknown_game' }
  | { kind: 'bad_options'; message: string }
  /** A move the game (or the move schema: `bad_move`) refused, as the refusal's data (the page words it). */
  | { kind: 'refused'; index: number; refusal: Refusal }
  | { kind: 'outcome_differs'; index: number; expected: Outcome | null; actual: Outcome | null }
  | { kind: 'moves_after_end'; index: number }
  | { kind: 'seed'; problems: VerifyProblem[] };

export interface ReplayResult {
  /** State before any move, then after each move that applied. */
  states: unknown[];
  /** Public events of each applied move (index i: the move that led to states[i + 1]). */
  events: GameEvent[][];
  /** The outcome the moves reached. */
  outcome: Outcome | null;
  /** True when every move applied and the outcome equals the recorded one. */
  reproduced: boolean;
  divergence: Divergence | null;
}

/** Parse a replay file's text; a clear sentence naming what is wrong otherwise. */
export function parseReplay(text: string): { ok: true; record: ReplayRecord } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The file is not JSON.' };
  }
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== REPLAY_FORMAT) {
    return { ok: false, message: `Not a Cardroom replay (its "format" must be "${REPLAY_FORMAT}").` };
  }
  const parsed = v.safeParse(ReplayRecord, json);
  if (!parsed.success) {
    const issue = parsed.issues[0]!;
    const path = issue.path?.map((p) => String(p.key)).join('.');
    if (path && issue.input === undefined) return { ok: false, message: `${path} is missing.` };
    return { ok: false, message: path ? `${path}: ${issue.message}` : issue.message };
  }
  return { ok: true, record: parsed.output };
}

function sameOutcome(a: Outcome | null, b: Outcome | null): boolean {
  if (a === null || b === null) return a === b;
  return JSON.stringify(a.winners) === JSON.stringify(b.winners) && JSON.stringify(a.scores) === JSON.stringify(b.scores);
}

/**
 * Recompute a game from its record: set up from the seed, apply each move in order, and
 * compare the outcome with the recorded one. A move the rules refuse, or an outcome that
 * differs, is reported with the index of the move where it happened.
 */
export function replay(game: AnyGame | undefined, record: ReplayRecord): ReplayResult {
  const fail = (divergence: Divergence, states: unknown[] = [], events: GameEvent[][] = []): ReplayResult => ({
    states,
    events,
    outcome: null,
    reproduced: false,
    divergence,
  });
  if (!game || game.id !== record.game) return fail({ kind: 'unknown_game' });
  if (record.reveal) {
    const check = verifyReveal(record.reveal);
    if (!check.ok || record.reveal.seed !== record.seed) return fail({ kind: 'seed', problems: check.ok ? ['seed_mismatch'] : check.problems });
  }
  const options = v.safeParse(game.optionsSchema, record.options);
  if (!options.success) return fail({ kind: 'bad_options', message: options.issues[0]?.message ?? 'bad options' });
  let state = game.setup(record.players, options.output, record.seed);
  const states: unknown[] = [state];
  const events: GameEvent[][] = [];
  for (let i = 0; i < record.moves.length; i++) {
    const { seat, move } = record.moves[i]!;
    if (game.outcome(state)) return { states, events, outcome: game.outcome(state), reproduced: false, divergence: { kind: 'moves_after_end', index: i } };
    const parsed = v.safeParse(game.moveSchema, move);
    if (!parsed.success)
      return {
        states,
        events,
        outcome: null,
        reproduced: false,
        divergence: { kind: 'refused', index: i, refusal: { code: 'bad_move', field: issuePath(parsed.issues) } },
      };
    const result = game.apply(state, seat, parsed.output);
    if (!result.ok) return { states, events, outcome: null, reproduced: false, divergence: { kind: 'refused', index: i, refusal: result.error } };
    state = result.state;
    states.push(state);
    events.push(result.events);
  }
  const outcome: Outcome | null = game.outcome(state);
  if (!sameOutcome(outcome, record.outcome)) {
    return {
      states,
      events,
      outcome,
      reproduced: false,
      divergence: { kind: 'outcome_differs', index: record.moves.length, expected: record.outcome, actual: outcome },
    };
  }
  return { states, events, outcome, reproduced: true, divergence: null };
}
