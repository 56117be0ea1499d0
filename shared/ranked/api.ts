/**
 * The ranked HTTP answers (worker/ranked-api.ts), typed once for the Worker and the browser.
 * Ratings are shown ratings (`displayRating`); `provisional` marks a player's first games.
 */
import type { Player } from '../players/player';

export interface LeaderboardEntry {
  /** 1-based; players with the same shown rating share a rank. */
  rank: number;
  player: Player;
  rating: number;
  games: number;
  provisional: boolean;
}

/** GET /api/leaderboard/:game */
export interface LeaderboardResponse {
  game: string;
  /** The top 100 by shown rating. */
  top: LeaderboardEntry[];
  /** The asker's own standing (from their cookie); null without a player or a rating in this game. */
  me: { rank: number; rating: number; games: number; provisional: boolean } | null;
}

export type GameResult = 'won' | 'lost' | 'draw';

/** GET /api/players/:id */
export interface ProfileResponse {
  player: Player;
  ratings: {
    game: string;
    rating: number;
    games: number;
    provisional: boolean;
    /** The shown rating after each ranked game (the last 200), oldest first. */
    history: { at: number; rating: number }[];
  }[];
  /** The last 20 ranked games, newest first. A seat bot-played at the end reads 'lost'. */
  recent: { room: string; gameNo: number; game: string; endedAt: number; result: GameResult; change: number; replay: string }[];
}

/** POST /api/ranked/:room/:n/report answers 201 with this. */
export interface ReportResponse {
  ok: true;
  room: string;
  gameNo: number;
  /** The reason as stored (cleaned like chat). */
  reason: string;
}
