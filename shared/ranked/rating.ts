/**
 * Ranked ratings: OpenSkill (Weng–Lin, Plackett–Luce model, the `openskill` package's defaults),
 * one rating per player per game. Teams and free-for-all go through the same `rate` call: in a
 * free-for-all every seat is a team of one.
 *
 * Points: ratings are shown on one linear scale, `BASE + POINTS_PER_MU · x`. The number a player
 * sees is the conservative value x = μ − 3σ (openskill's `ordinal`), so a new player starts at
 * BASE and rises as the system grows sure of them; matchmaking uses the skill estimate x = μ − μ₀
 * on the same scale, so a queue window of 100 points is the same skill distance as 100 points of
 * a shown rating.
 */
import { ordinal, rate, rating as openRating, type Rating } from 'openskill';
import type { Outcome, Seat } from '../engine/types';

/** One player's rating in one game. Plain JSON: it is stored as a row. */
export interface PlayerRating {
  mu: number;
  sigma: number;
  /** Ranked games rated so far. */
  games: number;
}

export const BASE_POINTS = 1000;
export const POINTS_PER_MU = 40;
/** A rating is provisional (shown marked) until this many games have been rated. */
export const PROVISIONAL_GAMES = 10;

const DEFAULT = openRating();

export function newRating(): PlayerRating {
  return { mu: DEFAULT.mu, sigma: DEFAULT.sigma, games: 0 };
}

/** The shown rating: conservative (μ − 3σ), in points, rounded. */
export function displayRating(r: PlayerRating): number {
  return Math.round(ordinal(r, { alpha: POINTS_PER_MU, target: BASE_POINTS }));
}

/** The skill estimate the queue pairs by, in the same points as `displayRating` (a new player: BASE_POINTS). */
export function matchRating(r: PlayerRating): number {
  return BASE_POINTS + POINTS_PER_MU * (r.mu - DEFAULT.mu);
}

export function isProvisional(r: PlayerRating): boolean {
  return r.games < PROVISIONAL_GAMES;
}

/** One seat of a finished ranked game, in seat order. */
export interface RatedSeat {
  player: string;
  rating: PlayerRating;
  /** The seat was bot-played when the game ended (its player had left): the penalty applies. */
  botPlayedAtEnd: boolean;
}

export interface RatingChange {
  player: string;
  seat: Seat;
  before: PlayerRating;
  after: PlayerRating;
  /** Change of the shown rating ("+14"): displayRating(after) − displayRating(before). */
  change: number;
  penalized: boolean;
  /** The rank of the seat's side in the update it was rated from (1 = first). */
  place: number;
}

export interface RateOptions {
  /** Team games: the team of each seat (the game's `teams(playerCount)`). Absent: free-for-all. */
  teams?: readonly number[];
  /**
   * Each seat's place at the end by the game's own rule (its `ranking`: 1 = first, equal places
   * tie), e.g. cards left. Absent: from the outcome (winners first, the rest by `scoreOrder`).
   */
  places?: readonly number[];
  /**
   * How to order the seats that did not win, from their scores: 'higher' or 'lower' score is
   * better. The Outcome shape does not say which way a game counts, so without it (and without
   * `places`) every non-winner shares second place.
   */
  scoreOrder?: 'higher' | 'lower';
}

/** The sides of a table: each a list of seats (teams, or one seat each in a free-for-all). */
function sidesOf(seatCount: number, teams: readonly number[] | undefined): Seat[][] {
  if (!teams) return Array.from({ length: seatCount }, (_, s) => [s]);
  if (teams.length !== seatCount) throw new RangeError(`teams has ${teams.length} entries for ${seatCount} seats`);
  const byTeam = new Map<number, Seat[]>();
  teams.forEach((t, s) => {
    const side = byTeam.get(t);
    if (side) side.push(s);
    else byTeam.set(t, [s]);
  });
  return [...byTeam.keys()].sort((a, b) => a - b).map((t) => byTeam.get(t)!);
}

/**
 * Rank of each side (1 = best, equal ranks tie), from the outcome: sides holding a winner
 * first, then the rest by score when the score order is known, else tied.
 */
export function ranksFromOutcome(sides: Seat[][], outcome: Outcome, scoreOrder?: 'higher' | 'lower'): number[] {
  const winners = new Set(outcome.winners);
  const key = sides.map((side) => {
    const won = side.some((s) => winners.has(s));
    if (won || !scoreOrder) return won ? [0, 0] : [1, 0];
    const score = outcome.scores[side[0]!] ?? 0;
    return [1, scoreOrder === 'higher' ? -score : score];
  });
  const cmp = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]!;
  // Competition ranking: a side's rank is 1 + the number of sides strictly ahead of it.
  return key.map((k) => 1 + key.filter((o) => cmp(o, k) < 0).length);
}

/** Rank of each side from per-seat places (a side stands at its best seat's place), competition-ranked. */
export function ranksFromPlaces(sides: Seat[][], places: readonly number[]): number[] {
  if (places.some((p) => !Number.isFinite(p))) throw new RangeError('every seat needs a finite place');
  const best = sides.map((side) => Math.min(...side.map((s) => places[s]!)));
  return competition(best);
}

/** Competition ranking of keys (lower is better): 1 + the number of keys strictly ahead. */
const competition = (keys: readonly number[]) => keys.map((k) => 1 + keys.filter((o) => o < k).length);

/**
 * The new rating of every player of a finished ranked game.
 *
 * A seat bot-played at the end (its player left) is placed last, for everyone: the players who
 * stayed are rated as if every such side finished behind them (a leaver's bot that won costs
 * nobody who stayed), and the leaver's own update is a last place alone that counts double: the
 * same last-place update applied twice in a row (the second time from the first's result,
 * against the rest of the table at its pre-game ratings), whatever the side's real result.
 * A partner who stayed beside a leaver keeps the side's real result. Every player's game count
 * goes up by one. `place` is the side's rank in the update each seat was rated from.
 */
export function rateGame(seats: readonly RatedSeat[], outcome: Outcome, options: RateOptions = {}): RatingChange[] {
  if (outcome.scores.length !== seats.length) throw new RangeError(`outcome has ${outcome.scores.length} scores for ${seats.length} seats`);
  if (options.places && options.places.length !== seats.length) throw new RangeError(`places has ${options.places.length} entries for ${seats.length} seats`);
  const sides = sidesOf(seats.length, options.teams);
  const real = options.places ? ranksFromPlaces(sides, options.places) : ranksFromOutcome(sides, outcome, options.scoreOrder);
  const toTeams = (ratings: readonly Rating[]) => sides.map((side) => side.map((s) => ratings[s]!));
  const before: Rating[] = seats.map((s) => ({ mu: s.rating.mu, sigma: s.rating.sigma }));
  const penalized = seats.map((s) => s.botPlayedAtEnd);
  const leftSide = sides.map((side) => side.some((s) => penalized[s]));
  const sideOf = seats.map((_, s) => sides.findIndex((side) => side.includes(s)));

  // The table as the players who stayed finished it: every side with a leaver behind the rest.
  const stayedLast = Math.max(0, ...real.filter((_, i) => !leftSide[i])) + 1;
  const stayed = leftSide.some(Boolean) ? competition(real.map((r, i) => (leftSide[i] ? stayedLast : r))) : real;
  const after: Rating[] = [...before];
  const place: number[] = seats.map((_, s) => stayed[sideOf[s]!]!);
  const fromStayed = rate(toTeams(before), { rank: stayed });
  sides.forEach((side, i) => side.forEach((s, j) => (after[s] = fromStayed[i]![j]!)));
  if (leftSide.some(Boolean)) {
    const fromReal = rate(toTeams(before), { rank: real });
    sides.forEach((side, i) =>
      side.forEach((s, j) => {
        if (!leftSide[i] || penalized[s]) return;
        after[s] = fromReal[i]![j]!;
        place[s] = real[i]!;
      }),
    );
  }

  // Each side holding a bot-played seat is placed last on its own (two such sides do not tie
  // for last, which would rate as a draw); the other sides keep their real places.
  const last = Math.max(...real) + 1;
  sides.forEach((side, i) => {
    if (!leftSide[i]) return;
    const penaltyRanks = real.map((r, j) => (j === i ? last : r));
    let current = before;
    for (let round = 0; round < 2; round++) {
      const result = rate(toTeams(current), { rank: penaltyRanks });
      current = current.map((r, s) => (penalized[s] && side.includes(s) ? result[i]![side.indexOf(s)]! : r));
    }
    for (const s of side) if (penalized[s]) after[s] = current[s]!;
    for (const s of side) if (penalized[s]) place[s] = last;
  });

  return seats.map((seat, s) => {
    const next: PlayerRating = { mu: after[s]!.mu, sigma: after[s]!.sigma, games: seat.rating.games + 1 };
    return {
      player: seat.player,
      seat: s,
      before: seat.rating,
      after: next,
      change: displayRating(next) - displayRating(seat.rating),
      penalized: penalized[s]!,
      place: place[s]!,
    };
  });
}
