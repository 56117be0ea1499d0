/**
 * Escapes and matchmaking bans in D1 (migrations/0003_queue.sql: `escapes`, `bans`); the ladder
 * itself is `shared/ranked/penalties.ts`. The only module that names those tables.
 */
import { ESCAPE_WINDOW_MS, recordLeave, type Ban, type EscapeRecord } from '../../shared/ranked/penalties';

/** The statement reading the end of the player's ban in force at `now` (for a batch of the queue's door). */
export function banStatement(db: D1Database, player: string, now: number): D1PreparedStatement {
  return db.prepare('SELECT banned_until FROM bans WHERE player = ? AND banned_until > ?').bind(player, now);
}

/** The end of the player's ban in force at `now`, or null. */
export async function banUntil(db: D1Database, player: string, now: number): Promise<number | null> {
  const row = await banStatement(db, player, now).first<{ banned_until: number }>();
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
