/**
 * Passkeys and their one-use challenges in D1 (migrations/0001_players.sql `passkeys`,
 * `passkey_challenges`). The only module that names those tables.
 */

export type ChallengeKind = 'register' | 'login';

/** Stores a challenge until `expiresAt`; expired ones go in the same batch, so the table stays small. */
export async function storeChallenge(
  db: D1Database,
  c: { challenge: string; kind: ChallengeKind; player: string | null; now: number; expiresAt: number },
): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM passkey_challenges WHERE expires_at < ?').bind(c.now),
    db
      .prepare('INSERT INTO passkey_challenges (id, challenge, kind, player, expires_at) VALUES (?1, ?1, ?2, ?3, ?4)')
      .bind(c.challenge, c.kind, c.player, c.expiresAt),
  ]);
}

/** Deletes and returns the stored challenge: a second use finds nothing. */
export async function takeChallenge(db: D1Database, challenge: string, kind: ChallengeKind): Promise<{ player: string | null; expiresAt: number } | null> {
  const row = await db
    .prepare('DELETE FROM passkey_challenges WHERE id = ? AND kind = ? RETURNING player, expires_at')
    .bind(challenge, kind)
    .first<{ player: string | null; expires_at: number }>();
  return row ? { player: row.player, expiresAt: row.expires_at } : null;
}

/** A player's passkeys: each credential id and its transports (a JSON array). */
export async function passkeysOf(db: D1Database, player: string): Promise<{ id: string; transports: string }[]> {
  return (await db.prepare('SELECT id, transports FROM passkeys WHERE player = ?').bind(player).all<{ id: string; transports: string }>()).results;
}

export async function passkeyCount(db: D1Database, player: string): Promise<number> {
  const row = await db.prepare('SELECT count(*) AS n FROM passkeys WHERE player = ?').bind(player).first<{ n: number }>();
  return row?.n ?? 0;
}

export async function passkeyExists(db: D1Database, id: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS x FROM passkeys WHERE id = ?').bind(id).first()) !== null;
}

export async function insertPasskey(
  db: D1Database,
  k: { id: string; player: string; publicKey: Uint8Array; counter: number; transports: readonly string[]; now: number },
): Promise<void> {
  await db
    .prepare('INSERT INTO passkeys (id, player, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(k.id, k.player, k.publicKey, k.counter, JSON.stringify(k.transports), k.now)
    .run();
}

/** What a sign-in checks a passkey answer against, or null for an unknown credential. */
export async function passkeyForLogin(
  db: D1Database,
  id: string,
): Promise<{ player: string; publicKey: ArrayBuffer; counter: number; transports: string } | null> {
  const row = await db
    .prepare('SELECT player, public_key, counter, transports FROM passkeys WHERE id = ?')
    .bind(id)
    .first<{ player: string; public_key: ArrayBuffer; counter: number; transports: string }>();
  return row ? { player: row.player, publicKey: row.public_key, counter: row.counter, transports: row.transports } : null;
}

/** The statement recording a verified sign-in (its new signature counter), for the sign-in's batch. */
export function passkeyUsedStatement(db: D1Database, id: string, counter: number, now: number): D1PreparedStatement {
  return db.prepare('UPDATE passkeys SET counter = ?, used_at = ? WHERE id = ?').bind(counter, now, id);
}
