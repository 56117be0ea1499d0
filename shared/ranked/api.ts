/**
 * The ranked HTTP answers (worker/ranked-api.ts) as valibot schemas, one description for the
 * Worker (which types its answers with them) and the browser (which checks each answer with them
 * before it draws it). Ratings are shown ratings (`displayRating`); `provisional` marks a
 * player's first games.
 */
import * as v from 'valibot';
import { PlayerSchema } from '../players/player';

export const GAME_RESULTS = ['won', 'lost', 'draw'] as const;
export type GameResult = (typeof GAME_RESULTS)[number];

/** A player's standing in one game's ranking. */
const Standing = {
  /** 1-based; players with the same shown rating share a rank. */
  rank: v.number(),
  rating: v.number(),
  games: v.number(),
  provisional: v.boolean(),
};

/** GET /api/leaderboard/:game */
export const LeaderboardResponse = v.object({
  game: v.string(),
  /** The top 100 by shown rating. */
  top: v.array(v.object({ ...Standing, player: PlayerSchema })),
  /** The asker's own standing (from their cookie); null without a player or a rating in this game. */
  me: v.nullable(v.object(Standing)),
});
export type LeaderboardResponse = v.InferOutput<typeof LeaderboardResponse>;
export type LeaderboardEntry = LeaderboardResponse['top'][number];

/** GET /api/players/:id */
export const ProfileResponse = v.object({
  player: PlayerSchema,
  ratings: v.array(
    v.object({
      game: v.string(),
      rating: v.number(),
      games: v.number(),
      provisional: v.boolean(),
      /** The shown rating after each ranked game (the last 200), oldest first. */
      history: v.array(v.object({ at: v.number(), rating: v.number() })),
    }),
  ),
  /** The last 20 ranked games, newest first. A seat bot-played at the end reads 'lost'. */
  recent: v.array(
    v.object({
      room: v.string(),
      gameNo: v.number(),
      game: v.string(),
      endedAt: v.number(),
      result: v.picklist(GAME_RESULTS),
      change: v.number(),
      replay: v.string(),
    }),
  ),
});
export type ProfileResponse = v.InferOutput<typeof ProfileResponse>;

/** POST /api/ranked/:room/:n/report answers 201 with this. */
export interface ReportResponse {
  ok: true;
  room: string;
  gameNo: number;
  /** The reason as stored (cleaned like chat). */
  reason: string;
}
