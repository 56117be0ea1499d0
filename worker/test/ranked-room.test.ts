import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { hashTicket } from '../../shared/ranked/tickets';
import type { RoomInfo } from '../../shared/protocol';
import { inspectRoom } from '../room';
import { activeRankedRoom, handOffRows, openRankedTables } from '../d1/tables';
import { rankedGameRows, rankedGameWritten, recordRankedResult } from '../d1/ratings';
import { TestClient } from './client';

const open: TestClient[] = [];
afterEach(() => {
  for (const c of open.splice(0)) if (!c.closed) c.close();
});

const ticket = (c: string) => c.repeat(43);
let n = 0;

/**
 * A two-seat ranked Eights table as the queue forms it (its rows in D1: players and their
 * tickets' hashes), made into its room by the first ask for its info.
 */
async function rankedRoom(players = [`pa${++n}`, `pb${n}`]) {
  const code = `rk${String(++n).padStart(10, '0')}`.slice(0, 12);
  const stub = env.ROOMS.get(env.ROOMS.idFromName(code));
  const tickets = players.map((_, i) => ticket('ABCDEFGH'[i]!));
  await openRankedTables(env.DB, 'eights', 'rapid', [{ room: code, players, ticketHashes: tickets.map(hashTicket) }], Date.now());
  expect(await stub.info(code)).toMatchObject({ ranked: { tier: 'rapid' }, clock: 10, status: 'lobby' });
  return { code, stub, players, tickets, infoOf: async () => (await stub.info(code)) as unknown as RoomInfo };
}
const owed = (stub: DurableObjectStub) => runInDurableObject(stub, (room) => inspectRoom(room as never).room!.ranked!);

describe('ranked rooms in the Durable Object', () => {
  it('a ticket opens its seat once, for its own player only; used, forged and another player’s tickets change nothing', async () => {
    const { stub, players, tickets, infoOf } = await rankedRoom();
    const [pa, pb] = players as [string, string];
    const a = await TestClient.connectAs(stub, pa);
    open.push(a);
    const seated = a.waitFor('welcome', (m) => m.seat !== null);
    a.send({ t: 'join', name: 'Ana', ticket: tickets[0] });
    expect((await seated).seat).toBe(0);
    const before = JSON.stringify((await owed(stub)).tickets);

    const tries: [string | null, string][] = [
      [pa, tickets[0]!], // used
      [pb, ticket('Z')], // forged
      [pb, tickets[0]!], // someone else's (and used)
      [pa, tickets[1]!], // another player's
      [null, tickets[1]!], // no player at all
    ];
    for (const [player, t] of tries) {
      const c = await TestClient.connectAs(stub, player);
      open.push(c);
      const refusal = c.waitFor('error');
      c.send({ t: 'join', name: 'Mallory', ticket: t });
      expect((await refusal).code).toBe('bad_ticket');
      expect(c.seat).toBeNull();
    }
    expect(JSON.stringify((await owed(stub)).tickets)).toBe(before);
    const info = await infoOf();
    expect(info.ranked).toEqual({ tier: 'rapid' });
    expect(info.seats.filter((s) => s !== null)).toHaveLength(1);
  });

  it('writes the result exactly once across a D1 error and an eviction between the end and the write, then sends the changes and frees the players', async () => {
    const { code, stub, players, tickets, infoOf } = await rankedRoom();
    for (const p of players) expect(await activeRankedRoom(env.DB, p, Date.now())).toBe(code);
    const clients = await Promise.all(players.map((p) => TestClient.connectAs(stub, p)));
    open.push(...clients);
    for (const [i, c] of clients.entries()) {
      const seated = c.waitFor('welcome', (m) => m.seat !== null);
      c.send({ t: 'join', name: `P${i}`, ticket: tickets[i] });
      await seated;
    }
    expect((await infoOf()).status).toBe('playing');
    // Both leave: bots finish the game, one alarm per move. D1 fails meanwhile (the history table is gone).
    await env.DB.exec('ALTER TABLE rating_history RENAME TO rating_history_away');
    for (const c of clients) c.send({ t: 'leave' });
    for (let i = 0; i < 2000 && (await infoOf()).status !== 'finished'; i++) await runDurableObjectAlarm(stub);
    expect((await infoOf()).status).toBe('finished');
    await new Promise((r) => setTimeout(r, 100));
    expect((await owed(stub)).resultPending).toBe(true);
    expect(await rankedGameWritten(env.DB, code, 1)).toBe(false);

    // The room is evicted before it could write; D1 comes back; the reloaded room writes once.
    await evictDurableObject(stub);
    await env.DB.exec('ALTER TABLE rating_history_away RENAME TO rating_history');
    const watcher = await TestClient.connectAs(stub, null);
    open.push(watcher);
    await runDurableObjectAlarm(stub);
    for (let i = 0; i < 50 && (await owed(stub)).resultPending; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await owed(stub)).resultPending).toBe(false);
    const rated = watcher.received.find((m) => m.t === 'rated') ?? (await watcher.waitFor('rated'));
    expect(rated).toMatchObject({ t: 'rated', game: 1 });
    const changes = (rated as { changes: { player: string; penalized: boolean }[] }).changes;
    expect(changes.map((c) => c.player)).toEqual(players);
    // Both seats were bot-played at the end: both take the doubled loss.
    expect(changes.every((c) => c.penalized)).toBe(true);

    expect(await rankedGameRows(env.DB, code)).toEqual({ games: 1, seats: 2 });
    for (const p of players) expect(await activeRankedRoom(env.DB, p, Date.now())).toBeNull();
    // The formed table's rows went with the result.
    expect(await handOffRows(env.DB, code)).toMatchObject({ tables: 0, seats: 0 });
    // Another alarm, another reload: nothing is written twice.
    await evictDurableObject(stub);
    await runDurableObjectAlarm(stub);
    await new Promise((r) => setTimeout(r, 50));
    expect((await rankedGameRows(env.DB, code)).games).toBe(1);
    const again = await recordRankedResult(env.DB, {
      room: code,
      gameNo: 1,
      game: 'eights',
      tier: 'rapid',
      endedAt: 1,
      teams: null,
      seats: players.map((player) => ({ player, botPlayedAtEnd: true })),
      outcome: { winners: [0], scores: [1, 0] },
    });
    expect(again.changes).toEqual(changes);
  });
});
