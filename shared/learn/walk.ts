/**
 * A tutorial deal played as "How to play" plays it: the person's seat follows the game's hint
 * every turn, and the bots choose as a scripted deal's bots do in the room (their generator
 * seeded by the deal and the version, shared/room/clock.ts). Used to choose seeds
 * (scripts/tutorial-seeds.ts) and to test that each tutorial ends, and soon.
 */
import { Rng } from '../cards/rng';
import type { AnyGame, Hint, Outcome } from '../engine/types';

export interface Walk {
  /** The reason of each hint the person was given, in order. */
  whys: Hint['why'][];
  /** Moves made at the table, the bots' included. */
  moves: number;
  outcome: Outcome | null;
  /** The lesson is over: the game ended, or a move reported an event of the tutorial's `endsAfter`. */
  ended: boolean;
}

/**
 * Play `game`'s tutorial (or `seed` in its place) to its end, or stop after `limit` moves. `bots`
 * varies the bots' choices (to test that a lesson holds whatever they choose); the room's are ''.
 */
export function walkTutorial(game: AnyGame, seed = game.tutorial!.seed, limit = 2000, bots = ''): Walk {
  const lesson = game.tutorial!;
  const ends = new Set(lesson.endsAfter ?? []);
  let ended = false;
  const players = Array.from({ length: lesson.players }, (_, i) => ({ name: i === lesson.seat ? 'You' : `Bot ${i + 1}` }));
  let state = game.setup(players, lesson.options, seed);
  const whys: Hint['why'][] = [];
  let version = 0;
  while (!game.outcome(state) && !ended && version < limit) {
    const active: number[] = game.activeSeats(state);
    if (active.length === 0) break;
    let seat: number;
    let move: unknown;
    if (active.includes(lesson.seat)) {
      const hint = game.hint!(state, lesson.seat);
      if (!hint) throw new Error(`no hint for the person's turn at version ${version}`);
      whys.push(hint.why);
      seat = lesson.seat;
      move = hint.move;
    } else {
      seat = active[0]!;
      move = game.botMove(state, seat, new Rng(`${seed}:${bots}${version}`));
    }
    const result = game.apply(state, seat, move);
    if (!result.ok) throw new Error(`seat ${seat}'s move at version ${version} was refused: ${result.error.code}`);
    state = result.state;
    version++;
    if (result.events.some((e: { type: string }) => ends.has(e.type))) ended = true;
  }
  const outcome = game.outcome(state);
  return { whys, moves: version, outcome, ended: ended || outcome !== null };
}
