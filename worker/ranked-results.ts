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
import * as v from 'valibot';
import type { Outcome } from '../shared/engine/types';
import type { RatingChange } from '../shared/protocol';
import type { GameResult } from '../shared/ranked/api';
import type { RankedResult } from '../shared/room/ranked';
import { displayRating, isProvisional, newRating, PROVISIONAL_GAMES, rateGame, type PlayerRating } from '../shared/ranked/rating';

/** One seat's rating change, as the room sends it in its `rated` frame. */
export type RankedChange = RatingChange;

/** What one call wrote (or, for a game already written, had written). */
export interface RecordedResult {
  changes: RankedChange[];
}

const Text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max));
const Input = v.pipe(
  v.object({
    room: Text(64),
    gameNo: v.pipe(v.number(), v.integer(), v.minValue(1)),
    game: Text(40),
    tier: Text(40),
    endedAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
    teams: v.nullable(v.array(v.pipe(v.number(), v.integer(), v.minValue(0)))),
    seats: v.pipe(v.array(v.object({ player: Text(64), botPlayedAtEnd: v.boolean() })), v.minLength(2), v.maxLength(16)),
    outcome: v.object({ winners: v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), scores: v.array(v.pipe(v.number(), v.finite())) }),
  }),
  v.check((i) => i.outcome.scores.length === i.seats.length, 'outcome.scores must have one score per seat'),
  v.check((i) => i.outcome.winners.every((s) => s < i.seats.length), 'outcome.winners names a seat the table does not have'),
  v.check((i) => i.teams === null || i.teams.length === i.seats.length, 'teams must name one team per seat'),
  v.check((i) => new Set(i.seats.map((s) => s.player)).size === i.seats.length, 'a player sits in two seats'),
);

/** A result the room should not retry: the input itself is wrong. */
export class BadRankedResult extends Error {
  override name = 'BadRankedResult';
}

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

function changeFromRow(r: HistoryRow): RankedChange {
  return {
    seat: r.seat,
    player: r.player,
    rating: r.rating,
    change: r.change,
    games: r.games,
    provisional: r.games < PROVISIONAL_GAMES,
    penalized: r.penalized === 1,
  };
}

/** Each seat's result as a profile shows it: a bot-played seat was rated as last, so it lost. */
function resultOf(seat: number, seatCount: number, outcome: Outcome, penalized: boolean): GameResult {
  if (penalized) return 'lost';
  const winners = new Set(outcome.winners);
  if (winners.size === 0 || winners.size === seatCount) return 'draw';
  return winners.has(seat) ? 'won' : 'lost';
}

/**
 * Write a finished ranked game's result once; any later call for the same room and game number
 * returns the stored changes and writes nothing. Throws `BadRankedResult` for an input that can
 * never be written, and D1's own error (to be retried) otherwise.
 */
export async function recordRankedResult(db: D1Database, input: RankedResult): Promise<RecordedResult> {
  const parsed = v.safeParse(Input, input);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join('.');
    throw new BadRankedResult(`Ranked result for ${input?.room} #${input?.gameNo}: ${path ? `${path}: ` : ''}${issue.message}`);
  }
  const { room, gameNo, game, tier, endedAt, teams, seats, outcome } = parsed.output;
  const players = seats.map((s) => s.player);
  const inList = players.map(() => '?').join(', ');

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    // One read round trip: the stored changes (a retry) and the players' current ratings.
    const [stored, current] = await db.batch<HistoryRow | RatingRow>([
      db.prepare(STORED_CHANGES).bind(room, gameNo),
      db.prepare(`SELECT player, mu, sigma, games FROM ratings WHERE game = ? AND player IN (${inList})`).bind(game, ...players),
    ]);
    if (stored!.results.length > 0) return { changes: (stored!.results as HistoryRow[]).map(changeFromRow) };

    const byPlayer = new Map((current!.results as RatingRow[]).map((r) => [r.player, r]));
    const before: PlayerRating[] = players.map((p) => {
      const row = byPlayer.get(p);
      return row ? { mu: row.mu, sigma: row.sigma, games: row.games } : newRating();
    });
    const rated = rateGame(
      seats.map((s, i) => ({ player: s.player, rating: before[i]!, botPlayedAtEnd: s.botPlayedAtEnd })),
      outcome,
      teams ? { teams } : {},
    );

    const token = crypto.randomUUID();
    const ours = 'EXISTS (SELECT 1 FROM ranked_games WHERE room = ?1 AND game_no = ?2 AND token = ?3)';
    // The seats' rows travel as one JSON parameter each (read by json_each), so the batch is three
    // statements whatever the seat count, and within D1's 100 bound parameters a statement.
    const rows = JSON.stringify(
      rated.map((c) => ({
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
        result: resultOf(c.seat, seats.length, outcome, c.penalized),
        penalized: c.penalized ? 1 : 0,
      })),
    );
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
    if (gameRow!.meta.changes === 1) {
      return {
        changes: rated.map((c) => ({
          seat: c.seat,
          player: c.player,
          rating: displayRating(c.after),
          change: c.change,
          games: c.after.games,
          provisional: isProvisional(c.after),
          penalized: c.penalized,
        })),
      };
    }
    // Not ours: either another call wrote this game (the next read returns its changes) or a
    // player's rating moved since we read it (the next read rates from the new one).
  }
  throw new Error(`Ranked result for ${room} #${gameNo}: the players' ratings kept changing during ${MAX_ATTEMPTS} attempts`);
}
