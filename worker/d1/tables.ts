/**
 * The hand-off between the ranked queue and the ranked room (migrations/0003_queue.sql,
 * 0005_ranked_tables.sql): the tables the queue formed (`ranked_tables`, `ranked_seats`) and the
 * one ranked game each player is in (`active_ranked`). The only module that names those tables.
 */
import type { FormedRankedTable, OpenedTables, PendingRankedTable, RankedTables } from './ports';

/** A seat of a ranked game left for longer than this without a result is not held against its player. */
export const ACTIVE_STALE_MS = 24 * 60 * 60 * 1000;

const field = (name: string) => `json_extract(j.value, '$.${name}')`;

/** The statement reading the ranked room the player is in now (for a batch of the queue's door). */
export function activeRoomStatement(db: D1Database, player: string, now: number): D1PreparedStatement {
  return db.prepare('SELECT room FROM active_ranked WHERE player = ? AND since > ?').bind(player, now - ACTIVE_STALE_MS);
}

/** The ranked room the player is in now, or null. */
export async function activeRankedRoom(db: D1Database, player: string, now: number): Promise<string | null> {
  const row = await activeRoomStatement(db, player, now).first<{ room: string }>();
  return row?.room ?? null;
}

/**
 * The queue formed these tables. In one batch (one transaction), for every table none of whose
 * players is in a ranked game already: the table and its seats are written (the room is made
 * from them when its first player arrives, `pendingRankedTable`) and its players are marked in a
 * ranked game. A table with a player already in one is not written: queues are separate objects
 * per game, tier and seat count, so only the database sees that a player waiting in two queues
 * was matched in both. With `prune`, tables formed over a day ago that nobody opened go too.
 */
export async function openRankedTables(
  db: D1Database,
  game: string,
  tier: string,
  tables: readonly FormedRankedTable[],
  now: number,
  prune = false,
): Promise<OpenedTables> {
  const statements: D1PreparedStatement[] = [];
  const before = now - ACTIVE_STALE_MS;
  if (prune) {
    // Tables nobody opened within a day (a room that was made is cleared by its result).
    statements.push(
      db.prepare('DELETE FROM ranked_seats WHERE room IN (SELECT room FROM ranked_tables WHERE formed_at < ?)').bind(before),
      db.prepare('DELETE FROM ranked_tables WHERE formed_at < ?').bind(before),
    );
  }
  if (tables.length === 0) {
    if (statements.length > 0) await db.batch(statements);
    return { opened: [], refused: [] };
  }
  // Every table's rows travel as one JSON parameter (read by json_each): a fixed number of
  // statements however many tables formed at once, within D1's 100 bound parameters a statement.
  const seats = JSON.stringify(tables.flatMap((t) => t.players.map((player, seat) => ({ room: t.room, seat, player, hash: t.ticketHashes[seat] }))));
  const busy = `EXISTS (SELECT 1 FROM json_each(?1) j JOIN active_ranked a ON a.player = ${field('player')} WHERE ${field('room')} = t.value)`;
  const written = 'EXISTS (SELECT 1 FROM ranked_tables t WHERE t.room = j.room AND t.formed_at = ?2)';
  statements.push(
    // A stale mark (a room that never ended) does not hold its player back.
    db.prepare(`DELETE FROM active_ranked WHERE since <= ?2 AND player IN (SELECT ${field('player')} FROM json_each(?1) j)`).bind(seats, before),
    db
      .prepare(`INSERT INTO ranked_tables (room, game, tier, formed_at) SELECT t.value, ?3, ?4, ?5 FROM json_each(?2) t WHERE NOT ${busy} RETURNING room`)
      .bind(seats, JSON.stringify(tables.map((t) => t.room)), game, tier, now),
    db
      .prepare(
        `INSERT INTO ranked_seats (room, seat, player, ticket_hash)
         SELECT j.room, j.seat, j.player, j.hash FROM (SELECT ${field('room')} AS room, ${field('seat')} AS seat, ${field('player')} AS player, ${field('hash')} AS hash FROM json_each(?1) j) j
         WHERE ${written}`,
      )
      .bind(seats, now),
    // Plain inserts: a player marked here was not in a ranked game when their table was written.
    db
      .prepare(
        `INSERT INTO active_ranked (player, room, since)
         SELECT j.player, j.room, ?2 FROM (SELECT ${field('room')} AS room, ${field('player')} AS player FROM json_each(?1) j) j WHERE ${written}`,
      )
      .bind(seats, now),
    db.prepare(`SELECT a.player, a.room FROM json_each(?1) j JOIN active_ranked a ON a.player = ${field('player')}`).bind(seats),
  );
  const results = await db.batch(statements);
  const opened = new Set((results.at(-4)!.results as { room: string }[]).map((r) => r.room));
  const activeIn = new Map((results.at(-1)!.results as { player: string; room: string }[]).map((r) => [r.player, r.room]));
  return {
    opened: tables.filter((t) => opened.has(t.room)).map((t) => t.room),
    refused: tables
      .filter((t) => !opened.has(t.room))
      .map((t) => ({ room: t.room, busy: t.players.filter((p) => activeIn.has(p) && activeIn.get(p) !== t.room) })),
  };
}

/** The table the queue formed for `room`, or null when it formed none (or its game was rated and the rows are gone). */
export async function pendingRankedTable(db: D1Database, room: string): Promise<PendingRankedTable | null> {
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

/** Rows of a ranked room still held in the hand-off tables (tests and checks: 0 once its result is written). */
export async function handOffRows(db: D1Database, room: string): Promise<{ tables: number; seats: number; active: number }> {
  const row = await db
    .prepare(
      `SELECT (SELECT count(*) FROM ranked_tables WHERE room = ?1) AS tables, (SELECT count(*) FROM ranked_seats WHERE room = ?1) AS seats,
              (SELECT count(*) FROM active_ranked WHERE room = ?1) AS active`,
    )
    .bind(room)
    .first<{ tables: number; seats: number; active: number }>();
  return row!;
}

/** The hand-off tables in D1, as the queue and the ranked room use them. */
export function d1RankedTables(db: D1Database): RankedTables {
  return {
    open: (game, tier, tables, now, prune) => openRankedTables(db, game, tier, tables, now, prune),
    pending: (room) => pendingRankedTable(db, room),
    clear: (room) => clearActive(db, room),
    activeRoom: (player, now) => activeRankedRoom(db, player, now),
  };
}
