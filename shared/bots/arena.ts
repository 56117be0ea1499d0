/**
 * The bot arena: one match of a game between two bot levels, played with duplicate deals so that
 * the luck of the cards cancels. The same seed is played twice: once with level A on one side and
 * B on the other, then with the sides' levels swapped, so each level is dealt both sides' cards.
 *
 * Sides: a team game is team 0 against team 1 at its smallest table (Baloot and Dhappa: 2 against 2),
 * so a level plays with a partner of its own level; any other game is played heads-up (2 seats), where
 * "A beats B" has one meaning and one deal's cards are exactly swapped between the two levels.
 *
 * Pure TypeScript: no platform API beyond a clock, which the caller may pass.
 */
import { Rng } from '../cards/rng';
import type { AnyGame, BotLevel, Seat } from '../engine/types';

/** The side (0 or 1) of each seat of the arena's table for `game`, indexed by seat. */
export function arenaSides(game: AnyGame): number[] {
  if (game.teams) {
    const players = Math.min(...game.playerCounts);
    return game.teams(players).map((t) => (t === 0 ? 0 : 1));
  }
  if (!game.playerCounts.includes(2)) throw new Error(`${game.id}: the arena plays heads-up and the game does not seat 2`);
  return [0, 1];
}

/** One game of a match. */
export interface ArenaGame {
  /** The level of each seat. */
  levels: BotLevel[];
  winners: Seat[];
  /** A's share of the win: 1 won, 0 lost, ½ when both sides are among the winners or the game was cut off. */
  scoreA: number;
  moves: number;
  /** The game did not end within `maxMoves` (it counts as shared). */
  cutOff: boolean;
  /** Bot moves the rules refused (a bug: the arena then plays the timeout move, as the room does). */
  refused: number;
}

export interface ArenaMatch {
  game: string;
  a: BotLevel;
  b: BotLevel;
  seed: string;
  /** The deal played with A on side 0, then the same deal with A on side 1. */
  games: [ArenaGame, ArenaGame];
  /** A's score over both games: 0, ½, 1, 1½ or 2. */
  scoreA: number;
  /** Every bot decision's time in milliseconds, by the level that took it. */
  times: Record<BotLevel, number[]>;
}

export interface ArenaOptions {
  /** Milliseconds from some origin; `performance.now` by default. */
  now?: () => number;
  /** A guard against a game that never ends (a bot bug): the game is cut off and counts as shared. */
  maxMoves?: number;
  /** Options for `setup`; the game's defaults by default. */
  options?: unknown;
}

const DEFAULT_MAX_MOVES = 20_000;

/** `performance.now` where the platform has one (Node, browsers, workerd); the rules package declares no platform types. */
const platformClock = (): number => (globalThis as { performance?: { now(): number } }).performance?.now() ?? Date.now();

/** Plays one game of the match: `levelOfSide[side]` plays every seat of that side. */
function playOne(
  game: AnyGame,
  seed: string,
  sides: number[],
  levelOfSide: [BotLevel, BotLevel],
  sideOfA: number,
  times: ArenaMatch['times'],
  opts: ArenaOptions,
): ArenaGame {
  const now = opts.now ?? platformClock;
  const maxMoves = opts.maxMoves ?? DEFAULT_MAX_MOVES;
  const levels = sides.map((side) => levelOfSide[side]!);
  const players = sides.map((_, i) => ({ name: `Bot ${i + 1}` }));
  let state = game.setup(players, opts.options ?? game.defaultOptions, seed);
  // The bots' own randomness is per seat and per game of the pair, independent of the deal.
  const rngs = sides.map((_, i) => new Rng(`${seed}:bot:${sideOfA}:${i}`));
  let moves = 0;
  let refused = 0;
  while (game.outcome(state) === null && moves < maxMoves) {
    const seat = game.activeSeats(state)[0];
    if (seat === undefined) break;
    const level = levels[seat]!;
    const t0 = now();
    const move = game.botMove(state, seat, rngs[seat]!, level);
    times[level].push(now() - t0);
    let result = game.apply(state, seat, move);
    if (!result.ok) {
      refused++;
      const fallback = game.timeoutMove(state, seat);
      if (fallback === null) break;
      result = game.apply(state, seat, fallback);
      if (!result.ok) break;
    }
    state = result.state;
    moves++;
  }
  const outcome = game.outcome(state);
  const winners = outcome?.winners ?? [];
  const aWon = winners.some((s: Seat) => sides[s] === sideOfA);
  const bWon = winners.some((s: Seat) => sides[s] !== sideOfA);
  const scoreA = outcome === null || aWon === bWon ? 0.5 : aWon ? 1 : 0;
  return { levels, winners: [...winners], scoreA, moves, cutOff: outcome === null, refused };
}

/**
 * One match of `game` between levels `a` and `b` on the deal(s) of `seed`: the seed is played with
 * A on side 0, then again with A on side 1. Whole games to their end, with the game's default options.
 */
export function playMatch(game: AnyGame, a: BotLevel, b: BotLevel, seed: string, opts: ArenaOptions = {}): ArenaMatch {
  const sides = arenaSides(game);
  const times: ArenaMatch['times'] = { easy: [], normal: [], strong: [] };
  const first = playOne(game, seed, sides, [a, b], 0, times, opts);
  const second = playOne(game, seed, sides, [b, a], 1, times, opts);
  return { game: game.id, a, b, seed, games: [first, second], scoreA: first.scoreA + second.scoreA, times };
}

/** A win rate and its 95 % Wilson score interval. */
export interface Rate {
  rate: number;
  low: number;
  high: number;
  n: number;
}

/**
 * The Wilson score interval (95 %) of `wins` out of `n` games. Halves (shared games) are allowed.
 * Each game of a duplicate pair counts as one trial: the pair's swapped cards make its two games'
 * results negatively correlated (the luck cancels), so this interval is if anything a little wide.
 */
export function wilson(wins: number, n: number, z = 1.959964): Rate {
  if (n === 0) return { rate: 0, low: 0, high: 1, n };
  const p = wins / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half), n };
}

/** The `q` quantile (0..1) of `values` by the nearest rank; 0 for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}
