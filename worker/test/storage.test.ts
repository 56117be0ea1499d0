import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { EightsView } from '../../shared/games/eights/types';
import { SNAPSHOT_EVERY } from '../../shared/room/types';
import { inspectRoom } from '../room';
import { migrate, MIGRATIONS, SCHEMA_VERSION, schemaVersion } from '../room-schema';
import type { CoreSnapshot } from '../../shared/room/core';
import { createRoom, runAlarmsUntil, TestClient } from './client';

const open: TestClient[] = [];
afterEach(() => {
  for (const c of open.splice(0)) if (!c.closed) c.close();
});
const stubOf = (code: string) => env.ROOMS.get(env.ROOMS.idFromName(code));

const inside = <T>(code: string, fn: (room: CoreSnapshot, sql: SqlStorage) => T) =>
  runInDurableObject(stubOf(code), (i, state) => fn(inspectRoom(i), state.storage.sql));

function rows(code: string) {
  return inside(code, (_r, sql) => ({
    moves: sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM moves`).one().n,
    record: Object.fromEntries(
      sql
        .exec<{ key: string; value: string }>(`SELECT key, value FROM record`)
        .toArray()
        .map((r) => [r.key, r.value]),
    ),
  }));
}

/** The room's schema as sqlite_master says it (tables, indexes, their SQL), the platform's own `_cf_` tables left out. */
const roomSchema = (sql: SqlStorage) =>
  sql
    .exec<{ type: string; name: string; sql: string | null }>(
      `SELECT type, name, sql FROM sqlite_master WHERE substr(name, 1, 4) <> '_cf_' ORDER BY type, name`,
    )
    .toArray();

/** Rows written right after each step of worker/migrations.ts (by version), read back once the later steps have run. */
const ROOM_ROWS_AFTER: Record<number, Record<string, Record<string, SqlStorageValue>[]>> = {
  1: {
    record: [{ key: 'room', value: '{"code":"abc"}' }],
    moves: [{ game: 1, version: 1, seat: 0, move: '{"type":"draw"}', events: '[]', at: 5, live: null }],
    chat_log: [{ entry: '{"name":"Ana","text":"hi"}' }],
    game_seed: [{ game: 1, seed: 'seed-1', setup: '{}' }],
  },
  2: { moves: [{ game: 1, version: 2, seat: 1, move: '{"type":"keep"}', events: '[]', at: 6, live: '{"version":2}' }] },
  3: { game_seed: [{ game: 2, seed: 'seed-2', setup: '{}', fair: '{"commitment":"c"}', outcome: '{"winners":[0]}' }] },
};

function simpleMove(view: EightsView) {
  const card = view.playable[0];
  if (card) return { type: 'play', card, color: card.startsWith('W') ? 'r' : undefined, lastCard: view.hand?.length === 2 };
  if (view.canDraw) return { type: 'draw' };
  return { type: 'keep' };
}

describe('room storage', () => {
  it('a move appends one move row carrying the small live record, and rewrites no other record (room, state, live)', async () => {
    const code = await createRoom('eights');
    const a = await TestClient.connect(code);
    const b = await TestClient.connect(code);
    open.push(a, b);
    await a.join('Ana');
    await b.join('Ben');
    const started = Promise.all([a, b].map((c) => c.waitFor('update')));
    a.send({ t: 'start' });
    await started;
    const before = await rows(code);
    const mover = (a.view as EightsView).turn === a.seat ? a : b;
    expect(await mover.move(simpleMove(mover.view as EightsView))).toMatchObject({ t: 'update' });
    const after = await rows(code);
    expect(after.moves).toBe(before.moves + 1);
    expect(after.record.room).toBe(before.record.room);
    expect(after.record.snapshot).toBe(before.record.snapshot);
    expect(after.record.live).toBe(before.record.live);
    const last = await inside(code, (_r, sql) =>
      sql.exec<{ live: string; version: number }>(`SELECT live, version FROM moves ORDER BY version DESC LIMIT 1`).one(),
    );
    expect(JSON.parse(last.live)).toMatchObject({ version: last.version });
    expect(last.live.length).toBeLessThan(400);
  });

  it('a room stored before the schema was versioned (moves in the old rowid move_log, seed rows without fair/outcome) loads, brought up to the current schema once', async () => {
    const code = await createRoom('eights');
    await inside(code, (_r, sql) => {
      sql.exec(`DROP TABLE moves`);
      sql.exec(`DROP TABLE game_seed`);
      sql.exec(`CREATE TABLE game_seed (game INTEGER PRIMARY KEY, seed TEXT NOT NULL, setup TEXT NOT NULL)`);
      sql.exec(`INSERT INTO game_seed VALUES (7, 'seed', '{}')`);
      sql.exec(
        `CREATE TABLE move_log (game INTEGER NOT NULL, version INTEGER NOT NULL, seat INTEGER NOT NULL, move TEXT NOT NULL, events TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (game, version))`,
      );
      sql.exec(`INSERT INTO move_log VALUES (7, 1, 0, '{"type":"draw"}', '[]', 10), (7, 2, 1, '{"type":"keep"}', '[]', 11)`);
      sql.exec(`DROP TABLE schema_version`);
    });
    await evictDurableObject(stubOf(code));
    const after = await inside(code, (r, sql) => ({
      room: r.room?.code,
      version: schemaVersion(sql),
      moved: sql
        .exec<{ version: number; seat: number; move: string; live: string | null }>(
          `SELECT version, seat, move, live FROM moves WHERE game = 7 ORDER BY version`,
        )
        .toArray(),
      old: sql.exec(`SELECT name FROM sqlite_master WHERE name = 'move_log'`).toArray().length,
      table: sql.exec<{ sql: string }>(`SELECT sql FROM sqlite_master WHERE name = 'moves'`).one().sql,
      seed: sql.exec(`SELECT * FROM game_seed WHERE game = 7`).one(),
      // Run again: a database at the current version is left as it is.
      again: migrate(sql),
    }));
    expect(after.room).toBe(code);
    expect(after.version).toBe(SCHEMA_VERSION);
    expect(after.moved).toEqual([
      { version: 1, seat: 0, move: '{"type":"draw"}', live: null },
      { version: 2, seat: 1, move: '{"type":"keep"}', live: null },
    ]);
    expect(after.old).toBe(0);
    expect(after.table).toMatch(/WITHOUT ROWID/);
    expect(after.seed).toEqual({ game: 7, seed: 'seed', setup: '{}', fair: null, outcome: null });
    expect(after.again).toBe(SCHEMA_VERSION);
  });

  it('migrations run in order from the version a database is at, each once, and record the version reached', async () => {
    const code = await createRoom('eights');
    const ran = await inside(code, (_r, sql) => {
      const log: number[] = [];
      const steps = [1, 2, 3, 4, 5].map((version) => ({ version, what: `step ${version}`, up: () => void log.push(version) }));
      sql.exec(`UPDATE schema_version SET version = 3`);
      const found = migrate(sql, steps);
      const first = [...log];
      migrate(sql, steps);
      const now = schemaVersion(sql);
      sql.exec(`UPDATE schema_version SET version = ?`, SCHEMA_VERSION);
      return { found, first, log, now };
    });
    expect(ran).toEqual({ found: 3, first: [4, 5], log: [4, 5], now: 5 });
  });

  it('from each earlier version (an empty database, then after each step) the rest of the steps give the schema a new room gets, rows kept', async () => {
    expect(Object.keys(ROOM_ROWS_AFTER).map(Number), 'a new step needs its entry in ROOM_ROWS_AFTER').toEqual(MIGRATIONS.map((m) => m.version));
    // A new room (the constructor ran every step at once) is the reference.
    const reference = await runInDurableObject(env.ROOMS.get(env.ROOMS.newUniqueId()), (_i, state) => roomSchema(state.storage.sql));
    const tables = reference.filter((s) => s.type === 'table' && !['schema_version', 'sqlite_sequence'].includes(s.name)).map((s) => s.name);
    expect(Object.keys(Object.assign({}, ...Object.values(ROOM_ROWS_AFTER))).sort(), 'rows in every table').toEqual(tables.sort());
    // k = SCHEMA_VERSION: every step one at a time, none left for the last call.
    for (let k = 0; k <= SCHEMA_VERSION; k++) {
      const result = await runInDurableObject(env.ROOMS.get(env.ROOMS.newUniqueId()), (_i, state) => {
        const sql = state.storage.sql;
        for (const { name } of sql.exec<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 4) <> '_cf_'`).toArray())
          if (name !== 'sqlite_sequence') sql.exec(`DROP TABLE ${name}`);
        const written: Record<string, Record<string, SqlStorageValue>[]> = {};
        for (const m of MIGRATIONS.slice(0, k)) {
          migrate(sql, MIGRATIONS.slice(0, m.version));
          for (const [table, rows] of Object.entries(ROOM_ROWS_AFTER[m.version]!))
            for (const row of rows) {
              sql.exec(
                `INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row)
                  .map(() => '?')
                  .join(', ')})`,
                ...Object.values(row),
              );
              (written[table] ??= []).push(row);
            }
        }
        const found = migrate(sql);
        // Each table's rows with every column any of them was written with (null where a row had none).
        const expected: typeof written = {};
        const read: typeof written = {};
        for (const [table, rows] of Object.entries(written)) {
          const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
          expected[table] = rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null])));
          read[table] = sql.exec(`SELECT ${columns.join(', ')} FROM ${table}`).toArray();
        }
        return { found, version: schemaVersion(sql), schema: roomSchema(sql), expected, read };
      });
      expect(result.found, `from version ${k}`).toBe(k);
      expect(result.version, `from version ${k}`).toBe(SCHEMA_VERSION);
      expect(result.schema, `from version ${k}`).toEqual(reference);
      expect(result.read, `from version ${k}`).toEqual(result.expected);
    }
  });

  it('after 2,000 moves a full resync is as small as at the start, and a reload from snapshot + move tail equals the live room', async () => {
    // One person who lets the clock run out (a bot then plays for them) and three bots: every move is an alarm.
    const code = await createRoom('eights', { scoring: 'match', target: 100000 }, 5);
    const host = await TestClient.connect(code);
    open.push(host);
    await host.join('Ana');
    for (let i = 0; i < 3; i++) host.send({ t: 'addBot' });
    await host.settle(20);
    host.send({ t: 'start' });
    await host.waitFor('update');
    const startFull = await resyncSize(code, host.token!);
    for (let i = 0; i < 4000 && (await inside(code, (r) => r.live.version)) < 2000; i++) await runDurableObjectAlarm(stubOf(code));
    const version = await inside(code, (r) => r.live.version);
    expect(version).toBeGreaterThanOrEqual(2000);
    const laterFull = await resyncSize(code, host.token!);
    expect(laterFull).toBeLessThan(2048);
    expect(laterFull).toBeLessThan(startFull + 600);
    expect(host.gaps).toBe(0);

    // Make sure the state is not a stored snapshot, so the reload must replay a tail of moves.
    while ((await inside(code, (r) => r.live.version)) % SNAPSHOT_EVERY === 0) await runDurableObjectAlarm(stubOf(code));
    const live = await inside(code, (r) => JSON.stringify(r.state));
    const snapshotVersion = await inside(
      code,
      (_r, sql) => (JSON.parse(sql.exec<{ value: string }>(`SELECT value FROM record WHERE key = 'snapshot'`).one().value) as { version: number }).version,
    );
    const current = await inside(code, (r) => r.live.version);
    expect(snapshotVersion).toBeLessThan(current);
    host.close();
    await evictDurableObject(stubOf(code), { webSockets: 'close' });
    expect(await inside(code, (r) => JSON.stringify(r.state))).toBe(live);
    // And play goes on from there.
    await runAlarmsUntil(stubOf(code), async () => (await inside(code, (r) => r.live.version)) > current);
    // 2,000 alarms in workerd: seconds on a quiet machine, but it must not fail on a busy one.
  }, 180_000);
});

describe('resync size', () => {
  it('a Baloot resync stays under 2 KB deep into every deal, five deals and more into a match', async () => {
    // One person whose clock runs out (a bot plays for them) and three bots: every move is an alarm.
    const code = await createRoom('baloot', { target: 10000 }, 5);
    const host = await TestClient.connect(code);
    open.push(host);
    await host.join('Ana');
    for (let i = 0; i < 3; i++) host.send({ t: 'addBot' });
    await host.settle(20);
    host.send({ t: 'start' });
    await host.waitFor('update');
    const sizes: { version: number; round: number; tricks: number; size: number }[] = [
      { version: 0, round: 1, tricks: 0, size: await resyncSize(code, host.token!) },
    ];
    const state = () => inside(code, (r) => ({ version: r.live.version, ...(r.state as { phase: string; roundNo: number; tricks: unknown[] }) }));
    // A round ended by a Sawa or by everyone passing never gets deep, and a reading pause after each
    // round takes an alarm of its own: enough alarms for five deep deals on any shuffle.
    for (let i = 0; i < 8000 && sizes.length < 8; i++) {
      await runDurableObjectAlarm(stubOf(code));
      const s = await state();
      // Deep into a deal (6 or 7 tricks done): where a view listing every trick was largest.
      if (s.phase === 'playing' && s.tricks.length >= 6 && s.roundNo > sizes.at(-1)!.round)
        sizes.push({ version: s.version, round: s.roundNo, tricks: s.tricks.length, size: await resyncSize(code, host.token!) });
    }
    // The view carries the last trick and the last round's summary, never the deal's or the match's history.
    expect(sizes.length).toBeGreaterThanOrEqual(6);
    for (const x of sizes) expect(x.size, JSON.stringify(x)).toBeLessThanOrEqual(2048);
  }, 120_000);
});

async function resyncSize(code: string, token: string): Promise<number> {
  const c = await TestClient.open(code);
  open.push(c);
  c.send({ t: 'hello', token });
  await c.waitFor('full');
  const size = c.raw.find((r) => r.startsWith('{"t":"full"'))!.length;
  c.close();
  return size;
}
