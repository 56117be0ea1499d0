import { DurableObject } from 'cloudflare:workers';
import { compareListed, SHARD_CAPACITY, SHARD_LIST_LIMIT, type ListedRoom, type PublicListing } from '../shared/lobby/listing';
import { IDLE_EXPIRY_MS } from '../shared/room/types';
import type { Env } from './env';

/**
 * One shard of one game's public tables (named `<game>:<shard>`, see shared/lobby/listing.ts):
 * the open public rooms whose code hashes to this shard. Rooms put and remove their own entry;
 * the Worker's GET /api/public/:game reads every shard of the game and merges them. Entries
 * live in SQLite so an evicted shard keeps its list; an entry not refreshed for as long as an
 * idle room lives is dropped, in case its room never got to remove it.
 */
export class Lobby extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** When stale entries were last dropped: at most once a minute, so reads stay reads. */
  private prunedAt = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS entries (code TEXT PRIMARY KEY, entry TEXT NOT NULL, free INTEGER NOT NULL, listed_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`,
    );
    // The list's order, and the sweep of stale entries, each read from an index.
    this.sql.exec(`CREATE INDEX IF NOT EXISTS entries_order ON entries (free DESC, listed_at DESC, code)`);
    this.sql.exec(`CREATE INDEX IF NOT EXISTS entries_updated ON entries (updated_at)`);
  }

  /** List or refresh a room's entry (keeping when it was first listed). False when the shard is full. */
  async put(entry: PublicListing): Promise<boolean> {
    const now = Date.now();
    const known = this.sql.exec<{ listed_at: number }>(`SELECT listed_at FROM entries WHERE code = ?`, entry.code).toArray()[0];
    if (!known && this.count() >= SHARD_CAPACITY) {
      this.prune(now, true);
      if (this.count() >= SHARD_CAPACITY) return false;
    }
    const listedAt = known?.listed_at ?? now;
    this.sql.exec(
      `INSERT INTO entries (code, entry, free, listed_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (code) DO UPDATE SET entry = excluded.entry, free = excluded.free, updated_at = excluded.updated_at`,
      entry.code,
      JSON.stringify(entry),
      entry.free,
      listedAt,
      now,
    );
    return true;
  }

  async remove(code: string): Promise<void> {
    this.sql.exec(`DELETE FROM entries WHERE code = ?`, code);
  }

  /** The shard's open rooms, most free seats then newest first, at most SHARD_LIST_LIMIT. */
  async list(): Promise<ListedRoom[]> {
    this.prune(Date.now());
    return this.sql
      .exec<{ entry: string; listed_at: number }>(`SELECT entry, listed_at FROM entries ORDER BY free DESC, listed_at DESC, code LIMIT ?`, SHARD_LIST_LIMIT)
      .toArray()
      .map((r) => ({ ...(JSON.parse(r.entry) as PublicListing), listedAt: r.listed_at }))
      .sort(compareListed);
  }

  private count(): number {
    return this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM entries`).one().n;
  }

  private prune(now: number, force = false): void {
    if (!force && now - this.prunedAt < 60_000) return;
    this.prunedAt = now;
    this.sql.exec(`DELETE FROM entries WHERE updated_at < ?`, now - IDLE_EXPIRY_MS);
  }
}
