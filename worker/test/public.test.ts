import { runInDurableObject, SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { LOBBY_SHARDS, lobbyShard, SHARD_CAPACITY, SHARD_LIST_LIMIT, type ListedRoom } from '../../shared/lobby/listing';
import type { Lobby } from '../lobby';
import { IDLE_EXPIRY_MS } from '../../shared/room/types';
import { inspectRoom } from '../room';
import { newRoomCode } from '../ids';
import { ORIGIN, runAlarmsUntil, TestClient } from './client';

const open: TestClient[] = [];
async function connect(code: string) {
  const c = await TestClient.connect(code);
  open.push(c);
  return c;
}
afterEach(() => {
  for (const c of open.splice(0)) if (!c.closed) c.close();
});

async function create(body: Record<string, unknown> = {}): Promise<string> {
  const res = await SELF.fetch(`${ORIGIN}/api/rooms`, { method: 'POST', body: JSON.stringify({ game: 'eights', clock: 30, ...body }) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { code: string }).code;
}

async function listed(game = 'eights'): Promise<ListedRoom[]> {
  const res = await SELF.fetch(`${ORIGIN}/api/public/${game}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { game: string; rooms: ListedRoom[] };
  expect(body.game).toBe(game);
  return body.rooms;
}

/** The room tells its Lobby after its input, in the background: wait for the list to say so. */
async function until(what: (rooms: ListedRoom[]) => boolean, game = 'eights'): Promise<ListedRoom[]> {
  let rooms: ListedRoom[] = [];
  for (let i = 0; i < 100; i++) {
    rooms = await listed(game);
    if (what(rooms)) return rooms;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the public list never got there: ${JSON.stringify(rooms)}`);
}
const has = (code: string) => (rooms: ListedRoom[]) => rooms.some((r) => r.code === code);
const lacks = (code: string) => (rooms: ListedRoom[]) => !rooms.some((r) => r.code === code);

/** A room with its host seated (and `guests` more people), made public by the host. */
async function publicRoom(guests = 0, body: Record<string, unknown> = {}) {
  const code = await create(body);
  const host = await connect(code);
  await host.join('Rana');
  const people = [host];
  for (let i = 0; i < guests; i++) {
    const g = await connect(code);
    await g.join(`Guest ${i}`);
    people.push(g);
  }
  const shown = host.waitFor('room', (m) => m.room.public);
  host.send({ t: 'settings', public: true });
  await shown;
  return { code, host, people };
}

describe('public tables', () => {
  it('a room made public by its host appears with host, seats, free seats, clock and the language it was created in', async () => {
    const code = await create({ language: 'ar' });
    const host = await connect(code);
    await host.join('Rana');
    await host.settle(50);
    expect((await listed()).some((r) => r.code === code)).toBe(false);
    host.send({ t: 'settings', public: true });
    const rooms = await until(has(code));
    expect(rooms.find((r) => r.code === code)).toMatchObject({ code, game: 'eights', host: 'Rana', seats: 8, free: 7, clock: 30, language: 'ar' });
    const info = (await (await SELF.fetch(`${ORIGIN}/api/rooms/${code}`)).json()) as { public: boolean };
    expect(info.public).toBe(true);
  });

  it('keeps its entry current as people join, and leaves the list when made private again', async () => {
    const { code, host } = await publicRoom();
    await until((rooms) => rooms.find((r) => r.code === code)?.free === 7);
    const guest = await connect(code);
    await guest.join('Omar');
    await until((rooms) => rooms.find((r) => r.code === code)?.free === 6);
    host.send({ t: 'settings', clock: 5 });
    await until((rooms) => rooms.find((r) => r.code === code)?.clock === 5);
    host.send({ t: 'settings', public: false });
    await until(lacks(code));
  });

  it('leaves the list when full', async () => {
    const { code, host } = await publicRoom();
    await until(has(code));
    for (let i = 0; i < 7; i++) host.send({ t: 'addBot' });
    await until(lacks(code));
  });

  it('leaves the list when the game starts', async () => {
    const { code, host } = await publicRoom(1);
    await until(has(code));
    host.send({ t: 'start' });
    await until(lacks(code));
  });

  it('leaves the list when empty: everyone left, or everyone seated went away', async () => {
    const a = await publicRoom();
    await until(has(a.code));
    a.host.send({ t: 'leave' });
    await until(lacks(a.code));

    const b = await publicRoom();
    await until(has(b.code));
    b.host.close();
    await until(lacks(b.code));
  });

  it('leaves the list when the room expires, even if an earlier removal was lost', async () => {
    const { code, host } = await publicRoom();
    const rooms = await until(has(code));
    host.close();
    await until(lacks(code));
    // A removal that never reached the Lobby: the entry is still there when the idle room expires.
    const shard = env.LOBBIES.get(env.LOBBIES.idFromName(`eights:${lobbyShard(code)}`));
    const { listedAt: _, ...entry } = rooms.find((r) => r.code === code)!;
    await shard.put(entry);
    await until(has(code));
    const stub = env.ROOMS.get(env.ROOMS.idFromName(code));
    await runInDurableObject(stub, (instance) => {
      (inspectRoom(instance).live as { lastActivity: number }).lastActivity = Date.now() - IDLE_EXPIRY_MS - 1000;
    });
    await runAlarmsUntil(stub, async () => (await SELF.fetch(`${ORIGIN}/api/rooms/${code}`)).status === 404);
    await until(lacks(code));
  });

  it('merges every shard of a game: rooms in different shards are all listed, most free seats first', async () => {
    const made: { code: string; free: number }[] = [];
    const shards = new Set<number>();
    for (let i = 0; made.length < 8 || shards.size < 2; i++) {
      const { code, host } = await publicRoom(i % 3);
      made.push({ code, free: 7 - (i % 3) });
      shards.add(lobbyShard(code));
      host.settle(1).catch(() => undefined);
    }
    expect(shards.size).toBeGreaterThan(1);
    expect(shards.size).toBeLessThanOrEqual(LOBBY_SHARDS);
    const rooms = await until((rooms) => made.every((m) => rooms.some((r) => r.code === m.code && r.free === m.free)));
    const frees = rooms.map((r) => r.free);
    expect(frees).toEqual([...frees].sort((a, b) => b - a));
    // Each room's entry lives in its own shard only.
    for (const m of made.slice(0, 3)) {
      const shard = env.LOBBIES.get(env.LOBBIES.idFromName(`eights:${lobbyShard(m.code)}`));
      expect((await shard.list()).some((r) => r.code === m.code)).toBe(true);
      const other = env.LOBBIES.get(env.LOBBIES.idFromName(`eights:${(lobbyShard(m.code) + 1) % LOBBY_SHARDS}`));
      expect((await other.list()).some((r) => r.code === m.code)).toBe(false);
    }
    // Another game's list does not show them.
    expect((await listed('baloot')).some((r) => made.some((m) => m.code === r.code))).toBe(false);
  });

  it('a guest cannot make a room public: refused, and it is not listed', async () => {
    const code = await create();
    const host = await connect(code);
    await host.join('Rana');
    const guest = await connect(code);
    await guest.join('Omar');
    const refused = guest.waitFor('error');
    guest.send({ t: 'settings', public: true });
    expect((await refused).code).toBe('not_host');
    await host.settle(50);
    expect((await listed()).some((r) => r.code === code)).toBe(false);
    const info = (await (await SELF.fetch(`${ORIGIN}/api/rooms/${code}`)).json()) as { public: boolean };
    expect(info.public).toBe(false);
  });

  it('a ranked room is never listed: its public setting is refused, and even a public flag would not list it', async () => {
    const code = newRoomCode();
    const stub = env.ROOMS.get(env.ROOMS.idFromName(code));
    expect(
      await stub.init({
        code,
        game: 'eights',
        options: {},
        clock: 10,
        pace: 'relaxed',
        language: 'en',
        ranked: { tier: 'rapid', players: ['p1', 'p2'], tickets: ['a'.repeat(64), 'b'.repeat(64)] },
      }),
    ).toBeNull();
    const watcher = await connect(code);
    const refused = watcher.waitFor('error');
    watcher.send({ t: 'settings', public: true });
    expect((await refused).code).toBe('ranked_room');
    // Suppose the record said public anyway (and someone were seated): the listing rule still leaves it out.
    await runInDurableObject(stub, (instance) => {
      const room = inspectRoom(instance).room as { public?: boolean; seats: unknown[] };
      room.public = true;
      room.seats[0] = { name: 'Rana', kind: 'human', tokenHash: null, disconnectedAt: null, botPlaying: false, timeouts: 0, wantsBack: false };
    });
    const again = await connect(code);
    await again.settle(50);
    expect((await listed()).some((r) => r.code === code)).toBe(false);
  });

  it('one shard holds a bounded number of rooms and answers with its best few', async () => {
    const shard = env.LOBBIES.get(env.LOBBIES.idFromName('rummy:9'));
    const entry = (i: number) => ({
      code: `c${String(i).padStart(11, '0')}`,
      game: 'rummy',
      host: `H${i}`,
      seats: 6,
      free: 1 + (i % 5),
      clock: null,
      language: 'en' as const,
    });
    const accepted = await runInDurableObject(shard, async (lobby: Lobby) => {
      let n = 0;
      for (let i = 0; i < SHARD_CAPACITY + 5; i++) if (await lobby.put(entry(i))) n++;
      return n;
    });
    expect(accepted).toBe(SHARD_CAPACITY);
    // A room already listed still updates its entry when the shard is full.
    expect(await shard.put({ ...entry(0), free: 6 })).toBe(true);
    const rooms = await shard.list();
    expect(rooms).toHaveLength(SHARD_LIST_LIMIT);
    // Most free seats first: the updated room, then rooms with the next most.
    expect(rooms[0]).toMatchObject({ code: entry(0).code, free: 6 });
    expect(rooms.slice(1).every((r) => r.free === 5)).toBe(true);
  });

  it('refuses an unknown game and a bad language with a clear error', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/public/chess`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'unknown_game' });
    const bad = await SELF.fetch(`${ORIGIN}/api/rooms`, { method: 'POST', body: JSON.stringify({ game: 'eights', language: 'fr' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^language/);
  });
});
