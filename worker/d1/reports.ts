/** Reports on finished ranked games in D1 (migrations/0002_ranked.sql `reports`). The only module that names the table. */

/** Stores a player's report with the game's replay record; a second report by the same player replaces the first. */
export async function saveReport(
  db: D1Database,
  r: { room: string; gameNo: number; player: string; reason: string; replay: string; now: number },
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO reports (room, game_no, player, reason, replay, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (room, game_no, player) DO UPDATE SET reason = excluded.reason, replay = excluded.replay, created_at = excluded.created_at`,
    )
    .bind(r.room, r.gameNo, r.player, r.reason, r.replay, r.now)
    .run();
}
