/**
 * A finished ranked game's result, written to D1 exactly once per (room, game number).
 *
 * One batch (a D1 batch is one transaction) writes the game row, every player's new rating and a
 * rating-history row per seat. The game row decides: it is inserted with `ON CONFLICT DO NOTHING`
 * and a token naming this call, and every other statement of the batch writes only where the game
 * row carries that token. So a retry, a restarted room or two concurrent calls write the game once,
 * and the losers read the stored changes back. The game row is also inserted only while each
 * player's rating is still the one this call rated from (its game count is its version), so a
 * player's other game finishing at the same moment cannot be overwritten: the call then re-reads
 * and rates again. Ratings come from `shared/ranked/rating.ts`; nothing here knows a game.
 */
import type { GameResult } from '../../shared/ranked/api';
import { checkedResult, changeOf, rateResult, type RankedResult } from '../../shared/ranked/result';
import { matchRating, newRating, type PlayerRating } from '../../shared/ranked/rating';
import type { RankedResults, RecordedResult } from './ports';

export { BadRankedResult } from '../../shared/ranked/result';
export type { RankedChange, RecordedResult } from './ports';

/** How many times a call re-rates when another game of one of its players was written in between. */
const MAX_ATTEMPTS = 8;

interface RatingRow {
  player: string;
  mu: number;
  sigma: number;
  games: number;
}
interface HistoryRow {
  seat: number;
  player: string;
  rating: number;
  change: number;
  games: number;
  penalized: number;
}

const STORED_CHANGES = 'SELECT seat, player, rating, change, games, penalized FROM rating_history WHERE room = ? AND game_no = ? ORDER BY seat';

/**
 * Write a finished ranked game's result once; any later call for the same room and game number
 * returns the stored changes and writes nothing. Throws `BadRankedResult` for an input that can
 * never be written, and D1's own error (to be retried) otherwise.
 */
export async function recordRankedResult(db: D1Database, input: RankedResult): Promise<RecordedResult> {
  const result = checkedResult(input);
  const { room, gameNo, game, tier, endedAt, seats } = result;
  const players = seats.map((s) => s.player);
  const inList = players.map(() => '?').join(', ');

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    // One read round trip: the stored changes (a retry) and the players' current ratings.
    const [stored, current] = await db.batch<HistoryRow | RatingRow>([
      db.prepare(STORED_CHANGES).bind(room, gameNo),
      db.prepare(`SELECT player, mu, sigma, games FROM ratings WHERE game = ? AND player IN (${inList})`).bind(game, ...players),
    ]);
    if (stored!.results.length > 0) return { changes: (stored!.results as HistoryRow[]).map((r) => changeOf({ ...r, penalized: r.penalized === 1 })) };

    const byPlayer = new Map((current!.results as RatingRow[]).map((r) => [r.player, r]));
    const before: PlayerRating[] = players.map((p) => {
      const row = byPlayer.get(p);
      return row ? { mu: row.mu, sigma: row.sigma, games: row.games } : newRating();
    });
    const rated = rateResult(result, before);

    const token = crypto.randomUUID();
    const ours = 'EXISTS (SELECT 1 FROM ranked_games WHERE room = ?1 AND game_no = ?2 AND token = ?3)';
    // The seats' rows travel as one JSON parameter each (read by json_each), so the batch is three
    // statements whatever the seat count, and within D1's 100 bound parameters a statement.
    const rows = JSON.stringify(rated.map((r) => ({ ...r, penalized: r.penalized ? 1 : 0 })));
    const seat = (field: string) => `json_extract(j.value, '$.${field}')`;
    const statements = [
      // Written only while each player's rating is still the one rated from: its game count is
      // unchanged (0: no row yet).
      db
        .prepare(
          `INSERT INTO ranked_games (room, game_no, game, tier, ended_at, seats, token) SELECT ?1, ?2, ?4, ?5, ?6, ?7, ?3
           WHERE NOT EXISTS (SELECT 1 FROM json_each(?8) j WHERE COALESCE((SELECT games FROM ratings WHERE player = ${seat('player')} AND game = ?4), 0) != ${seat('before')})
           ON CONFLICT DO NOTHING`,
        )
        .bind(room, gameNo, token, game, tier, endedAt, seats.length, rows),
      db
        .prepare(
          `INSERT INTO ratings (player, game, mu, sigma, games, rating, updated_at)
           SELECT ${seat('player')}, ?4, ${seat('mu')}, ${seat('sigma')}, ${seat('games')}, ${seat('rating')}, ?5 FROM json_each(?6) j WHERE ${ours}
           ON CONFLICT (player, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, rating = excluded.rating, updated_at = excluded.updated_at`,
        )
        .bind(room, gameNo, token, game, endedAt, rows),
      db
        .prepare(
          `INSERT INTO rating_history (room, game_no, seat, player, game, at, team, score, result, penalized, mu, sigma, games, rating, change)
           SELECT ?1, ?2, ${seat('seat')}, ${seat('player')}, ?4, ?5, ${seat('team')}, ${seat('score')}, ${seat('result')}, ${seat('penalized')},
                  ${seat('mu')}, ${seat('sigma')}, ${seat('games')}, ${seat('rating')}, ${seat('change')}
           FROM json_each(?6) j WHERE ${ours}`,
        )
        .bind(room, gameNo, token, game, endedAt, rows),
    ];
    const [gameRow] = await db.batch(statements);
    if (gameRow!.meta.changes === 1) return { changes: rated.map(changeOf) };
    // Not ours: either another call wrote this game (the next read returns its changes) or a
    // player's rating moved since we read it (the next read rates from the new one).
  }
  throw new Error(`Ranked result for ${room} #${gameNo}: the players' ratings kept changing during ${MAX_ATTEMPTS} attempts`);
}

/** The results writer in D1, as the ranked room uses it. */
export function d1RankedResults(db: D1Database): RankedResults {
  return { record: (result) => recordRankedResult(db, result) };
}

/** The statement reading a player's rating in a game (for a batch of the queue's door). */
export function ratingStatement(db: D1Database, player: string, game: string): D1PreparedStatement {
  return db.prepare('SELECT mu, sigma, games FROM ratings WHERE player = ? AND game = ?').bind(player, game);
}

/** The pairing rating (`matchRating`) from a `ratingStatement` result: a player with no row pairs as new. */
export function pairingRating(result: D1Result): number {
  return matchRating((result.results[0] as PlayerRating | undefined) ?? newRating());
}

export interface LeaderboardRow {
  player: string;
  name: string;
  rating: number;
  games: number;
}

/**
 * A game's top `size` by shown rating with their names (players.ts owns the names: this reads
 * them in the same query), and the asker's own rating and rank (one more than the players with a
 * higher shown rating: ties share a rank).
 */
export async function leaderboard(
  db: D1Database,
  game: string,
  me: string | null,
  size: number,
): Promise<{ top: LeaderboardRow[]; mine: { rating: number; games: number; rank: number } | null }> {
  const [top, mine] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT r.player, p.name, r.rating, r.games FROM ratings r JOIN players p ON p.id = r.player
         WHERE r.game = ? ORDER BY r.rating DESC, r.games DESC, r.player LIMIT ?`,
      )
      .bind(game, size),
    db
      .prepare(
        `SELECT r.rating, r.games, (SELECT count(*) FROM ratings o WHERE o.game = r.game AND o.rating > r.rating) + 1 AS rank
         FROM ratings r WHERE r.game = ? AND r.player = ?`,
      )
      .bind(game, me ?? ''),
  ]);
  return {
    top: top!.results as unknown as LeaderboardRow[],
    mine: (mine!.results[0] as { rating: number; games: number; rank: number } | undefined) ?? null,
  };
}

export interface ProfileRows {
  ratings: { game: string; rating: number; games: number }[];
  /** The latest `points` of each game's history, oldest first. */
  history: { game: string; at: number; rating: number }[];
  recent: { room: string; game_no: number; game: string; at: number; result: GameResult; change: number }[];
}

/** A player's ratings, the history a profile draws and their recent games. */
export async function profileRows(db: D1Database, player: string, points: number, recentGames: number): Promise<ProfileRows> {
  const [ratings, history, recent] = await db.batch<Record<string, unknown>>([
    db.prepare('SELECT game, rating, games FROM ratings WHERE player = ? ORDER BY games DESC, game').bind(player),
    db
      .prepare(
        `SELECT game, at, rating FROM (
           SELECT game, at, rating, row_number() OVER (PARTITION BY game ORDER BY at DESC, games DESC) AS k FROM rating_history WHERE player = ?
         ) WHERE k <= ? ORDER BY game, at, rating`,
      )
      .bind(player, points),
    db
      .prepare('SELECT room, game_no, game, at, result, change FROM rating_history WHERE player = ? ORDER BY at DESC, games DESC LIMIT ?')
      .bind(player, recentGames),
  ]);
  return {
    ratings: ratings!.results as unknown as ProfileRows['ratings'],
    history: history!.results as unknown as ProfileRows['history'],
    recent: recent!.results as unknown as ProfileRows['recent'],
  };
}

/** Whether a finished ranked game exists (null: no such game) and `player` sat in it. */
export async function satInRankedGame(db: D1Database, room: string, gameNo: number, player: string): Promise<boolean | null> {
  const row = await db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM rating_history h WHERE h.room = g.room AND h.game_no = g.game_no AND h.player = ?) AS sat
       FROM ranked_games g WHERE g.room = ? AND g.game_no = ?`,
    )
    .bind(player, room, gameNo)
    .first<{ sat: number }>();
  return row ? row.sat === 1 : null;
}

/** Rows a room's ranked games left (tests and checks): games written, and their seats' history rows. */
export async function rankedGameRows(db: D1Database, room: string): Promise<{ games: number; seats: number }> {
  const row = await db
    .prepare('SELECT (SELECT count(*) FROM ranked_games WHERE room = ?1) AS games, (SELECT count(*) FROM rating_history WHERE room = ?1) AS seats')
    .bind(room)
    .first<{ games: number; seats: number }>();
  return row!;
}

/** Whether the room's game `gameNo` has been written (reads the game row only). */
export async function rankedGameWritten(db: D1Database, room: string, gameNo: number): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS x FROM ranked_games WHERE room = ? AND game_no = ?').bind(room, gameNo).first()) !== null;
}
