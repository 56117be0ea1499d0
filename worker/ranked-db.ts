/**
 * The ranked queue's and rooms' rows in D1 (migrations/0003_queue.sql): escapes and bans (the
 * ladder is `shared/ranked/penalties.ts`), and the one ranked game a player may be in.
 */
import { ESCAPE_WINDOW_MS, recordLeave, type Ban, type EscapeRecord } from '../shared/ranked/penalties';
import { matchRating, newRating } from '../shared/ranked/rating';

/** A seat of a ranked game left for longer than this without a result is not held against its player. */
export const ACTIVE_STALE_MS = 24 * 60 * 60 * 1000;

/** The end of the player's ban in force at `now`, or null. */
export async function banUntil(db: D1Database, player: string, now: number): Promise<number | null> {
  const row = await db.prepare('SELECT banned_until FROM bans WHERE player = ? AND banned_until > ?').bind(player, now).first<{ banned_until: number }>();
  return row?.banned_until ?? null;
}

/**
 * Records that `player` left game `gameNo` of `room` while behind, at `at`. Written once per
 * game (a second call for the same game does nothing). Returns the ban it brought, if any.
 */
export async function recordEscape(db: D1Database, e: { player: string; room: string; game: number; at: number }): Promise<Ban | null> {
  const [known, recent, ladder] = await db.batch([
    db.prepare('SELECT 1 AS x FROM escapes WHERE player = ? AND room = ? AND game_no = ?').bind(e.player, e.room, e.game),
    db.prepare('SELECT at FROM escapes WHERE player = ? AND used = 0 AND at > ? ORDER BY at').bind(e.player, e.at - ESCAPE_WINDOW_MS),
    db.prepare('SELECT steps, banned_until FROM bans WHERE player = ?').bind(e.player),
  ]);
  if (known!.results.length > 0) return null;
  const ban = ladder!.results[0] as { steps: number; banned_until: number } | undefined;
  const record: EscapeRecord = {
    escapes: (recent!.results as { at: number }[]).map((r) => r.at),
    steps: ban?.steps ?? 0,
    bannedUntil: ban?.banned_until ?? null,
  };
  const next = recordLeave(record, { at: e.at, behind: true });
  const insert = db
    .prepare('INSERT INTO escapes (player, room, game_no, at, used) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING')
    .bind(e.player, e.room, e.game, e.at, next.ban ? 1 : 0);
  if (!next.ban) {
    await insert.run();
    return null;
  }
  await db.batch([
    insert,
    // The escapes that brought the ban are used up.
    db.prepare('UPDATE escapes SET used = 1 WHERE player = ? AND used = 0 AND at > ?').bind(e.player, e.at - ESCAPE_WINDOW_MS),
    db
      .prepare(
        'INSERT INTO bans (player, steps, banned_until) VALUES (?, ?, ?) ON CONFLICT (player) DO UPDATE SET steps = excluded.steps, banned_until = excluded.banned_until',
      )
      .bind(e.player, next.record.steps, next.record.bannedUntil),
  ]);
  return next.ban;
}

/** The ranked room the player is in now, or null. */
export async function activeRankedRoom(db: D1Database, player: string, now: number): Promise<string | null> {
  const row = await db
    .prepare('SELECT room FROM active_ranked WHERE player = ? AND since > ?')
    .bind(player, now - ACTIVE_STALE_MS)
    .first<{ room: string }>();
  return row?.room ?? null;
}

/** A table the queue formed: its room code and, in seat order, each player and their ticket's hash. */
export interface FormedRankedTable {
  room: string;
  players: readonly string[];
  ticketHashes: readonly string[];
}

/**
 * The queue formed these tables: each table and its seats are written (the room is made from
 * them when its first player arrives, `pendingRankedTable`) and the players are marked in a
 * ranked game. One batch for every table formed at once; with `prune`, tables formed over a day
 * ago that nobody opened go in the same batch.
 */
export async function openRankedTables(
  db: D1Database,
  game: string,
  tier: string,
  tables: readonly FormedRankedTable[],
  now: number,
  prune = false,
): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  if (prune) {
    // Tables nobody opened within a day (a room that was made is cleared by its result).
    const before = now - ACTIVE_STALE_MS;
    statements.push(
      db.prepare('DELETE FROM ranked_seats WHERE room IN (SELECT room FROM ranked_tables WHERE formed_at < ?)').bind(before),
      db.prepare('DELETE FROM ranked_tables WHERE formed_at < ?').bind(before),
    );
  }
  if (tables.length > 0) {
    // Every table's rows travel as one JSON parameter (read by json_each): three statements however
    // many tables formed at once, within D1's 100 bound parameters a statement.
    const seats = JSON.stringify(tables.flatMap((t) => t.players.map((player, seat) => ({ room: t.room, seat, player, hash: t.ticketHashes[seat] }))));
    statements.push(
      db
        .prepare('INSERT INTO ranked_tables (room, game, tier, formed_at) SELECT value, ?2, ?3, ?4 FROM json_each(?1)')
        .bind(JSON.stringify(tables.map((t) => t.room)), game, tier, now),
      db
        .prepare(
          `INSERT INTO ranked_seats (room, seat, player, ticket_hash) SELECT ${field('room')}, ${field('seat')}, ${field('player')}, ${field('hash')} FROM json_each(?1) j`,
        )
        .bind(seats),
      db
        .prepare(
          `INSERT INTO active_ranked (player, room, since) SELECT ${field('player')}, ${field('room')}, ?2 FROM json_each(?1) j WHERE true
           ON CONFLICT (player) DO UPDATE SET room = excluded.room, since = excluded.since`,
        )
        .bind(seats, now),
    );
  }
  if (statements.length > 0) await db.batch(statements);
}

const field = (name: string) => `json_extract(j.value, '$.${name}')`;

/** The table the queue formed for `room`, or null when it formed none (or its game was rated and the rows are gone). */
export async function pendingRankedTable(
  db: D1Database,
  room: string,
): Promise<{ game: string; tier: string; formedAt: number; players: string[]; ticketHashes: string[] } | null> {
  const [table, seats] = await db.batch([
    db.prepare('SELECT game, tier, formed_at FROM ranked_tables WHERE room = ?').bind(room),
    db.prepare('SELECT player, ticket_hash FROM ranked_seats WHERE room = ? ORDER BY seat').bind(room),
  ]);
  const t = table!.results[0] as { game: string; tier: string; formed_at: number } | undefined;
  if (!t) return null;
  const rows = seats!.results as { player: string; ticket_hash: string }[];
  return { game: t.game, tier: t.tier, formedAt: t.formed_at, players: rows.map((r) => r.player), ticketHashes: rows.map((r) => r.ticket_hash) };
}

/** The room's game is over and rated: its players may queue again, and its table's rows go. */
export async function clearActive(db: D1Database, room: string): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM active_ranked WHERE room = ?').bind(room),
    db.prepare('DELETE FROM ranked_seats WHERE room = ?').bind(room),
    db.prepare('DELETE FROM ranked_tables WHERE room = ?').bind(room),
  ]);
}

/** Everything the queue's door checks for one join, in one D1 round trip: a ban in force, a ranked game being played, the pairing rating. */
export async function joinStanding(
  db: D1Database,
  player: string,
  game: string,
  now: number,
): Promise<{ banUntil: number | null; room: string | null; rating: number }> {
  const [ban, active, rating] = await db.batch([
    db.prepare('SELECT banned_until FROM bans WHERE player = ? AND banned_until > ?').bind(player, now),
    db.prepare('SELECT room FROM active_ranked WHERE player = ? AND since > ?').bind(player, now - ACTIVE_STALE_MS),
    db.prepare('SELECT mu, sigma, games FROM ratings WHERE player = ? AND game = ?').bind(player, game),
  ]);
  const r = rating!.results[0] as { mu: number; sigma: number; games: number } | undefined;
  return {
    banUntil: (ban!.results[0] as { banned_until: number } | undefined)?.banned_until ?? null,
    room: (active!.results[0] as { room: string } | undefined)?.room ?? null,
    rating: matchRating(r ?? newRating()),
  };
}
