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
}

/** Play `game`'s tutorial (or `seed` in its place) to its end, or stop after `limit` moves. */
export function walkTutorial(game: AnyGame, seed = game.tutorial!.seed, limit = 2000): Walk {
  const lesson = game.tutorial!;
  const players = Array.from({ length: lesson.players }, (_, i) => ({ name: i === lesson.seat ? 'You' : `Bot ${i + 1}` }));
  let state = game.setup(players, lesson.options, seed);
  const whys: Hint['why'][] = [];
  let version = 0;
  while (!game.outcome(state) && version < limit) {
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
      move = game.botMove(state, seat, new Rng(`${seed}:${version}`));
    }
    const result = game.apply(state, seat, move);
    if (!result.ok) throw new Error(`seat ${seat}'s move at version ${version} was refused: ${result.error.code}`);
    state = result.state;
    version++;
  }
  return { whys, moves: version, outcome: game.outcome(state) };
}
