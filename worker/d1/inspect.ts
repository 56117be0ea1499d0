/**
 * Reads and writes that only tests and benchmarks call, to set a case up or look at what a route
 * or a Durable Object left in D1 (a dependency-cruiser rule keeps the Worker from importing this
 * file). Unlike the owner modules, it names tables of several owners (migrations/README.md says
 * which): none of this is a path the Worker takes, and a write here skips the owner's rules (a
 * seeded rating is stored as given, not rated).
 */

// players (owner: players.ts)

export async function playerCount(db: D1Database): Promise<number> {
  const row = await db.prepare('SELECT count(*) AS n FROM players').first<{ n: number }>();
  return row!.n;
}

/** The first secret's hash stored for player `id`, or null when there is no such player. */
export async function secretHashOf(db: D1Database, id: string): Promise<string | null> {
  const row = await db.prepare('SELECT secret_hash FROM players WHERE id = ?').bind(id).first<{ secret_hash: string }>();
  return row?.secret_hash ?? null;
}

// passkey_challenges (owner: passkeys.ts)

/** Moves a stored challenge's expiry to `expiresAt` (a past time: the challenge has expired). */
export async function expireChallenge(db: D1Database, challenge: string, expiresAt: number): Promise<void> {
  await db.prepare('UPDATE passkey_challenges SET expires_at = ? WHERE id = ?').bind(expiresAt, challenge).run();
}

// ratings, rating_history, ranked_games (owner: ratings.ts), with players for seeding

export interface SeededRating {
  player: string;
  game: string;
  mu: number;
  sigma: number;
  games: number;
  /** The shown rating, stored as given. */
  rating: number;
}

/**
 * Stores ratings as given, in one batch, at time 0. With `players`, a bare player (named by
 * its id) is written before each rating.
 */
export async function seedRatings(db: D1Database, rows: readonly SeededRating[], options: { players?: boolean } = {}): Promise<void> {
  await db.batch(
    rows.flatMap((r) => [
      ...(options.players
        ? [db.prepare('INSERT INTO players (id, secret_hash, name, created_at, seen_at) VALUES (?, ?, ?, 0, 0)').bind(r.player, 'x', r.player)]
        : []),
      db
        .prepare('INSERT INTO ratings (player, game, mu, sigma, games, rating, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0)')
        .bind(r.player, r.game, r.mu, r.sigma, r.games, r.rating),
    ]),
  );
}

export interface StoredRating {
  player: string;
  games: number;
  mu: number;
  sigma: number;
  rating: number;
}

/** The stored ratings in `game` of those of `players` who have one, by player id. */
export async function ratingsOf(db: D1Database, game: string, players: readonly string[]): Promise<StoredRating[]> {
  const { results } = await db
    .prepare(`SELECT player, games, mu, sigma, rating FROM ratings WHERE game = ? AND player IN (${players.map(() => '?').join(',')}) ORDER BY player`)
    .bind(game, ...players)
    .all<StoredRating>();
  return results;
}

/** The rows game `gameNo` of `room` wrote: its game row (0 or 1) and its history rows (one a seat). */
export async function gameRowsOf(db: D1Database, room: string, gameNo: number): Promise<{ games: number; history: number }> {
  const row = await db
    .prepare(
      `SELECT (SELECT count(*) FROM ranked_games WHERE room = ?1 AND game_no = ?2) AS games,
              (SELECT count(*) FROM rating_history WHERE room = ?1 AND game_no = ?2) AS history`,
    )
    .bind(room, gameNo)
    .first<{ games: number; history: number }>();
  return row!;
}

/** The result stored in the room's history for `seat` (of its first game found, when it has several), or null. */
export async function seatResultOf(db: D1Database, room: string, seat: number): Promise<string | null> {
  const row = await db.prepare('SELECT result FROM rating_history WHERE room = ? AND seat = ?').bind(room, seat).first<{ result: string }>();
  return row?.result ?? null;
}

/** The game count after each of a player's rated games, in any game, lowest first. */
export async function historyGamesOf(db: D1Database, player: string): Promise<number[]> {
  const { results } = await db.prepare('SELECT games FROM rating_history WHERE player = ? ORDER BY games').bind(player).all<{ games: number }>();
  return results.map((r) => r.games);
}

/**
 * A statement that fails when run (its table does not exist), for a test that puts it in the
 * middle of a batch and checks D1 rolls the whole batch back.
 */
export function failingStatement(db: D1Database): D1PreparedStatement {
  return db.prepare('INSERT INTO no_such_table VALUES (1)');
}

// reports (owner: reports.ts)

/** The reports on the room's games, by player id. */
export async function reportsOf(db: D1Database, room: string): Promise<{ player: string; reason: string; replay: string }[]> {
  const { results } = await db
    .prepare('SELECT player, reason, replay FROM reports WHERE room = ? ORDER BY player')
    .bind(room)
    .all<{ player: string; reason: string; replay: string }>();
  return results;
}
