/**
 * A finished ranked game's result as the room hands it over, checked, and rated: what the D1
 * writer (worker/d1/ratings.ts) and its memory twin (worker/d1/memory.ts) store. Nothing here
 * knows a game or a database.
 */
import * as v from 'valibot';
import type { Outcome } from '../engine/types';
import type { RatingChange as RatedFrameChange } from '../protocol';
import type { GameResult } from './api';
import { displayRating, PROVISIONAL_GAMES, rateGame, type PlayerRating } from './rating';

/** What the host writes when a ranked game ends. */
export interface RankedResult {
  room: string;
  gameNo: number;
  game: string;
  tier: string;
  endedAt: number;
  /** The team of each seat (the game's `teams(playerCount)`), or null for a free-for-all. */
  teams: number[] | null;
  /** In seat order: who held the seat, and whether a bot was playing it when the game ended. */
  seats: { player: string; botPlayedAtEnd: boolean }[];
  outcome: Outcome;
  /** Each seat's place by the game's own rule (its `ranking`: 1 = first, equal places tie); absent: from the outcome. */
  places?: number[];
}

const Text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max));
const SeatNumber = v.pipe(v.number(), v.integer(), v.minValue(0));
const ResultSchema = v.pipe(
  v.object({
    room: Text(64),
    gameNo: v.pipe(v.number(), v.integer(), v.minValue(1)),
    game: Text(40),
    tier: Text(40),
    endedAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
    teams: v.nullable(v.array(SeatNumber)),
    seats: v.pipe(v.array(v.object({ player: Text(64), botPlayedAtEnd: v.boolean() })), v.minLength(2), v.maxLength(16)),
    outcome: v.object({ winners: v.array(SeatNumber), scores: v.array(v.pipe(v.number(), v.finite())) }),
    places: v.optional(v.array(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  }),
  v.check((i) => i.outcome.scores.length === i.seats.length, 'outcome.scores must have one score per seat'),
  v.check((i) => i.outcome.winners.every((s) => s < i.seats.length), 'outcome.winners names a seat the table does not have'),
  v.check((i) => i.teams === null || i.teams.length === i.seats.length, 'teams must name one team per seat'),
  v.check((i) => i.places === undefined || i.places.length === i.seats.length, 'places must name one place per seat'),
  v.check((i) => new Set(i.seats.map((s) => s.player)).size === i.seats.length, 'a player sits in two seats'),
);

/** A result the room should not retry: the input itself is wrong. */
export class BadRankedResult extends Error {
  override name = 'BadRankedResult';
}

/** The result checked, or `BadRankedResult` naming the first thing wrong with it. */
export function checkedResult(input: RankedResult): RankedResult {
  const parsed = v.safeParse(ResultSchema, input);
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.');
  throw new BadRankedResult(`Ranked result for ${input?.room} #${input?.gameNo}: ${path ? `${path}: ` : ''}${issue.message}`);
}

/** One seat of a rated game, as stored: its new rating and how the profile shows the game. */
export interface RatedSeatRow {
  seat: number;
  player: string;
  /** The player's game count the rating was computed from (its version). */
  before: number;
  mu: number;
  sigma: number;
  games: number;
  rating: number;
  change: number;
  team: number | null;
  score: number;
  result: GameResult;
  penalized: boolean;
}

/** Each seat's result as a profile shows it, from the place it was rated at: alone first won, all level drew. */
function resultOf(place: number, places: readonly number[], penalized: boolean): GameResult {
  if (penalized) return 'lost';
  if (places.every((p) => p === place)) return 'draw';
  return place === 1 ? 'won' : 'lost';
}

/** Rates a checked result from each seat's rating before it (in seat order). */
export function rateResult(result: RankedResult, before: readonly PlayerRating[]): RatedSeatRow[] {
  const { seats, outcome, teams, places } = result;
  const rated = rateGame(
    seats.map((s, i) => ({ player: s.player, rating: before[i]!, botPlayedAtEnd: s.botPlayedAtEnd })),
    outcome,
    { ...(teams && { teams }), ...(places && { places }) },
  );
  const ratedPlaces = rated.map((c) => c.place);
  return rated.map((c) => ({
    seat: c.seat,
    player: c.player,
    before: before[c.seat]!.games,
    mu: c.after.mu,
    sigma: c.after.sigma,
    games: c.after.games,
    rating: displayRating(c.after),
    change: c.change,
    team: teams ? teams[c.seat]! : null,
    score: outcome.scores[c.seat]!,
    result: resultOf(c.place, ratedPlaces, c.penalized),
    penalized: c.penalized,
  }));
}

/** A stored seat as the room's `rated` frame carries it. */
export function changeOf(row: Pick<RatedSeatRow, 'seat' | 'player' | 'rating' | 'change' | 'games' | 'penalized'>): RatedFrameChange {
  return {
    seat: row.seat,
    player: row.player,
    rating: row.rating,
    change: row.change,
    games: row.games,
    provisional: row.games < PROVISIONAL_GAMES,
    penalized: row.penalized,
  };
}
