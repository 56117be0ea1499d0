import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { insertPlayer, playerName } from '../d1/players';
import { appliedMigrations, insertRows, rowsOf, schemaOf, type Row } from '../d1/schema';

describe('D1 migrations', () => {
  it('made the players tables, which take and give back a row', async () => {
    await insertPlayer(env.DB, { id: 'p-d1-test', secretHash: 'hash', name: 'Noura', now: 1 });
    expect(await playerName(env.DB, 'p-d1-test')).toBe('Noura');
    const tables = (await schemaOf(env.DB)).filter((s) => s.type === 'table');
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['players', 'passkeys', 'passkey_challenges']));
  });
});

/**
 * Rows written right after each migration (by file name), into the tables it made or changed.
 * They are read back once the later migrations have run: a migration that rebuilds or alters a
 * table must keep what was stored before it. A new migration adds its entry here (the first
 * test below says so), with a row for each table it creates.
 */
const ROWS_AFTER: Record<string, Record<string, Row[]>> = {
  '0001_players.sql': {
    players: [{ id: 'p-noura', secret_hash: 'hash-1', name: 'Noura', created_at: 1, seen_at: 2 }],
    passkeys: [
      { id: 'cred-1', player: 'p-noura', public_key: new Uint8Array([1, 2, 3]), counter: 4, transports: '["internal"]', created_at: 3, used_at: null },
    ],
    passkey_challenges: [{ id: 'challenge-1', challenge: 'abc', kind: 'register', player: 'p-noura', expires_at: 5 }],
  },
  '0002_ranked.sql': {
    ranked_games: [{ room: 'room-1', game_no: 1, game: 'eights', tier: 'blitz', ended_at: 10, seats: 2, token: 'call-1' }],
    ratings: [{ player: 'p-noura', game: 'eights', mu: 27.5, sigma: 7.25, games: 1, rating: 6, updated_at: 10 }],
    rating_history: [
      {
        room: 'room-1',
        game_no: 1,
        seat: 0,
        player: 'p-noura',
        game: 'eights',
        at: 10,
        team: null,
        score: 12.5,
        result: 'won',
        penalized: 0,
        mu: 27.5,
        sigma: 7.25,
        games: 1,
        rating: 6,
        change: 6,
      },
    ],
    reports: [{ room: 'room-1', game_no: 1, player: 'p-noura', reason: 'other: slow', replay: '{"moves":[]}', created_at: 11 }],
  },
  '0003_queue.sql': {
    escapes: [{ player: 'p-noura', room: 'room-1', game_no: 1, at: 12, used: 1 }],
    bans: [{ player: 'p-noura', steps: 1, banned_until: 13 }],
    active_ranked: [{ player: 'p-noura', room: 'room-2', since: 14 }],
  },
  '0004_player_secrets.sql': {
    player_secrets: [{ hash: 'hash-2', player: 'p-noura', created_at: 15 }],
  },
  '0005_ranked_tables.sql': {
    ranked_tables: [{ room: 'room-3', game: 'eights', tier: 'blitz', formed_at: 16 }],
    ranked_seats: [{ room: 'room-3', seat: 0, player: 'p-noura', ticket_hash: 'ticket-hash-1' }],
  },
};

const migrations = env.TEST_MIGRATIONS;
function freshDb(k: number): D1Database {
  const db = env[`FRESH_DB_${k}`];
  if (!db) throw new Error(`no FRESH_DB_${k}: worker/vitest.config.ts makes one more than there are migrations`);
  return db;
}
const names = (upTo = migrations.length) => migrations.slice(0, upTo).map((m) => m.name);

/** Blobs come back from D1 as arrays of bytes: compare them as such. */
const plain = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Uint8Array ? [...v] : v]));

async function writeRows(db: D1Database, tables: Record<string, Row[]>): Promise<void> {
  for (const [table, rows] of Object.entries(tables)) await insertRows(db, table, rows);
}

/** A table's rows with every column any of them was written with (null where a row had none). */
function withColumns(rows: Row[]): { columns: string[]; rows: Row[] } {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return { columns, rows: rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null]))) };
}

/** Those columns read back (later migrations may have added others), blobs as arrays of bytes. */
async function readRows(db: D1Database, tables: Record<string, Row[]>): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, rows] of Object.entries(tables)) out[table] = (await rowsOf(db, table, withColumns(rows).columns)).map(plain);
  return out;
}

/** Every row written after the first k migrations, by table. */
function rowsUpTo(k: number): Record<string, Row[]> {
  const out: Record<string, Row[]> = {};
  for (const name of names(k)) for (const [table, rows] of Object.entries(ROWS_AFTER[name] ?? {})) (out[table] ??= []).push(...rows);
  return out;
}

/** Empty before its first migration: each case needs a database of its own, as vitest.config.ts makes them. */
async function expectEmpty(db: D1Database, k: number): Promise<void> {
  expect(await schemaOf(db), `FRESH_DB_${k} starts empty`).toEqual([]);
}

// Version 0 (an empty database) with the whole set at once: the schema every other path must reach.
let whole: Promise<D1Database> | undefined;
const wholeSet = () =>
  (whole ??= (async () => {
    const db = freshDb(0);
    await expectEmpty(db, 0);
    await applyD1Migrations(db, migrations);
    return db;
  })());

describe('D1 migrations step by step', () => {
  it('each migration names the rows written after it, and together they fill every table', async () => {
    expect(Object.keys(ROWS_AFTER), 'a new migration needs its entry in ROWS_AFTER').toEqual(names());
    const tables = (await schemaOf(await wholeSet())).filter((s) => s.type === 'table' && !s.name.startsWith('sqlite_') && s.name !== 'd1_migrations');
    expect(Object.keys(rowsUpTo(migrations.length)).sort()).toEqual(tables.map((t) => t.name).sort());
  });

  it('the whole set at once from an empty database records every migration, in order', async () => {
    expect(await appliedMigrations(await wholeSet())).toEqual(names());
  });

  // k = migrations.length: from empty, one at a time all the way.
  it.each(Array.from({ length: migrations.length }, (_, i) => i + 1))(
    'from version %i (its migrations one at a time, rows written after each) the rest bring the same schema, in order, rows kept',
    async (k) => {
      const db = freshDb(k);
      await expectEmpty(db, k);
      for (let i = 0; i < k; i++) {
        await applyD1Migrations(db, [migrations[i]!]);
        expect(await appliedMigrations(db)).toEqual(names(i + 1));
        await writeRows(db, ROWS_AFTER[migrations[i]!.name] ?? {});
      }
      await applyD1Migrations(db, migrations);

      expect(await schemaOf(db)).toEqual(await schemaOf(await wholeSet()));
      expect(await appliedMigrations(db)).toEqual(names());
      const written = rowsUpTo(k);
      expect(await readRows(db, written)).toEqual(Object.fromEntries(Object.entries(written).map(([t, rows]) => [t, withColumns(rows).rows.map(plain)])));
    },
  );
});
