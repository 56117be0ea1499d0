/**
 * A game's tutorial deal played the way "How to play" coaches it: the person's seat follows the
 * game's hints, every other seat plays its bot. Pure: used to choose a tutorial's seed and to test
 * that following the hints from it reaches each lesson.
 */
import { Rng } from '../cards/rng';
import type { AnyGame, GameEvent, Refusal, Seat } from './types';

export interface HintedStep {
  seat: Seat;
  move: unknown;
  /** The hint's reason, on the person's moves only. */
  why: Refusal | null;
  events: GameEvent[];
}

export interface Walk {
  steps: HintedStep[];
  /** The state after the last step. */
  state: unknown;
  /** Whether the walk stopped on an `until` event or the end of the game. */
  ended: boolean;
}

/**
 * Plays `game`'s tutorial from its seed until an event of a type in `until` (or the game's end),
 * at most `maxMoves` moves. `salt` varies the bots' random choices between walks.
 */
export function followHints(game: AnyGame, opts: { until?: readonly string[]; maxMoves?: number; salt?: string } = {}): Walk {
  const t = game.tutorial;
  if (!t || !game.hint) throw new Error(`${game.id} has no tutorial or no hint`);
  const players = Array.from({ length: t.players }, (_, i) => ({ name: `P${i + 1}` }));
  let state = game.setup(players, t.options, t.seed);
  const steps: HintedStep[] = [];
  const until = new Set(opts.until ?? []);
  for (let n = 0; n < (opts.maxMoves ?? 2000); n++) {
    if (game.outcome(state) !== null) return { steps, state, ended: true };
    const seat = game.activeSeats(state)[0];
    if (seat === undefined) break;
    let move: unknown;
    let why: Refusal | null = null;
    if (seat === t.seat) {
      const hint = game.hint(state, seat);
      if (!hint) throw new Error(`${game.id}: no hint for the person's seat ${seat}`);
      move = hint.move;
      why = hint.why;
    } else move = game.botMove(state, seat, new Rng(`${t.seed}:${opts.salt ?? ''}:${n}`));
    const r = game.apply(state, seat, move);
    if (!r.ok) throw new Error(`${game.id}: ${JSON.stringify(move)} by seat ${seat} refused: ${JSON.stringify(r.error)}`);
    state = r.state;
    steps.push({ seat, move, why, events: r.events });
    if (r.events.some((e: GameEvent) => until.has(e.type))) return { steps, state, ended: true };
  }
  return { steps, state, ended: false };
}

/** A lesson of a tutorial: shown by a hint with one of these reasons, or by one of these events. */
export interface Lesson {
  hints?: readonly string[];
  events?: readonly string[];
}

/** The lessons a walk reached, in the order it reached them. */
export function lessonsReached<L extends string>(walk: Walk, lessons: Record<L, Lesson>): L[] {
  const out: L[] = [];
  for (const step of walk.steps) {
    for (const [id, l] of Object.entries(lessons) as [L, Lesson][]) {
      if (out.includes(id)) continue;
      if ((step.why && l.hints?.includes(step.why.code)) || step.events.some((e) => l.events?.includes(e.type))) out.push(id);
    }
  }
  return out;
}
