/**
 * Players and their cookie secrets in D1 (migrations/0001_players.sql `players`,
 * 0004_player_secrets.sql `player_secrets`). The only module that names those tables; only
 * each secret's SHA-256 is ever stored.
 */

/** The name of player `id` when `hash` is one of its secrets' hashes (the first one or a device's), else null. */
export async function playerNameBySecret(db: D1Database, id: string, hash: string): Promise<string | null> {
  const row = await db
    .prepare(
      `SELECT name FROM players p WHERE p.id = ?1
         AND (p.secret_hash = ?2 OR EXISTS (SELECT 1 FROM player_secrets s WHERE s.hash = ?2 AND s.player = p.id))`,
    )
    .bind(id, hash)
    .first<{ name: string }>();
  return row?.name ?? null;
}

export async function insertPlayer(db: D1Database, p: { id: string; secretHash: string; name: string; now: number }): Promise<void> {
  await db
    .prepare('INSERT INTO players (id, secret_hash, name, created_at, seen_at) VALUES (?, ?, ?, ?, ?)')
    .bind(p.id, p.secretHash, p.name, p.now, p.now)
    .run();
}

export async function renamePlayer(db: D1Database, id: string, name: string, now: number): Promise<void> {
  await db.prepare('UPDATE players SET name = ?, seen_at = ? WHERE id = ?').bind(name, now, id).run();
}

/** Statements for a sign-in on another device (batched with the passkey's own update): the device's secret, and the player seen now. */
export function addSecretStatements(db: D1Database, player: string, hash: string, now: number): D1PreparedStatement[] {
  return [
    db.prepare('INSERT INTO player_secrets (hash, player, created_at) VALUES (?, ?, ?)').bind(hash, player, now),
    db.prepare('UPDATE players SET seen_at = ? WHERE id = ?').bind(now, player),
  ];
}

/** A player's name, or null when there is no such player. */
export async function playerName(db: D1Database, id: string): Promise<string | null> {
  const row = await db.prepare('SELECT name FROM players WHERE id = ?').bind(id).first<{ name: string }>();
  return row?.name ?? null;
}
