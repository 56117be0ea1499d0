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

/** The queue seated these players in `room`. */
export async function markActive(db: D1Database, players: readonly string[], room: string, now: number): Promise<void> {
  const upsert = db.prepare(
    'INSERT INTO active_ranked (player, room, since) VALUES (?, ?, ?) ON CONFLICT (player) DO UPDATE SET room = excluded.room, since = excluded.since',
  );
  await db.batch(players.map((p) => upsert.bind(p, room, now)));
}

/** The room's game is over and rated: its players may queue again. */
export async function clearActive(db: D1Database, room: string): Promise<void> {
  await db.prepare('DELETE FROM active_ranked WHERE room = ?').bind(room).run();
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
