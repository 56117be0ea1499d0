import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { ROOM_CODE_ALPHABET } from '../../shared/protocol';
import app from '../index';
import { newRoomCode } from '../ids';
import { ExpiringSet, UNKNOWN_ROOM_TTL_MS } from '../unknown-rooms';
import { ORIGIN } from './client';
import { newPlayer } from './players-kit';

/**
 * The app over an env that counts what reaches a room object (whose first answer for an
 * unknown code is a D1 read) and what reaches D1 from the Worker itself (the player lookup).
 */
function countingApp() {
  const reached = { rooms: 0, d1: 0 };
  const counted = {
    ...env,
    ROOMS: {
      idFromName: (name: string) => env.ROOMS.idFromName(name),
      get: (id: DurableObjectId) => {
        reached.rooms++;
        return env.ROOMS.get(id);
      },
    },
    // Every call of a method of the database (a statement made, a batch sent) counts.
    DB: new Proxy(env.DB, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          reached.d1++;
          return Reflect.apply(value, target, args) as unknown;
        };
      },
    }),
  } as unknown as typeof env;
  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`${ORIGIN}${path}`, init), counted, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }
  return { reached, request };
}

describe('unknown room codes', () => {
  it('are asked of their room once: the second socket, info or page for the code reaches neither the room nor D1', async () => {
    const { reached, request } = countingApp();
    const { cookie } = await newPlayer();
    const code = newRoomCode();
    const socket = () => request(`/api/rooms/${code}/ws`, { headers: { Upgrade: 'websocket', Cookie: cookie } });

    const first = await socket();
    expect(first.status).toBe(404);
    expect(await first.json()).toMatchObject({ code: 'unknown_room' });
    expect(reached.rooms).toBe(1);
    expect(reached.d1).toBe(1);

    const again = await socket();
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'unknown_room' });
    const info = await request(`/api/rooms/${code}`);
    expect(info.status).toBe(404);
    expect(await info.json()).toMatchObject({ code: 'unknown_room' });
    const page = await request(`/r/${code}`);
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    expect(reached).toEqual({ rooms: 1, d1: 1 });
  });

  it('do not hide a real room: one made afterwards opens, even under a code this isolate just missed', async () => {
    const { request } = countingApp();
    // The code the next room will get: newRoomCode's bytes, fixed for one call.
    const bytes = Array.from({ length: 12 }, (_, i) => (i * 7 + 3) % ROOM_CODE_ALPHABET.length);
    const code = bytes.map((b) => ROOM_CODE_ALPHABET[b]).join('');
    expect((await request(`/api/rooms/${code}`)).status).toBe(404);
    expect((await request(`/api/rooms/${code}/ws`, { headers: { Upgrade: 'websocket' } })).status).toBe(404);

    const random = vi.spyOn(crypto, 'getRandomValues').mockImplementationOnce(<T extends ArrayBufferView | null>(array: T): T => {
      (array as unknown as Uint8Array).set(bytes);
      return array;
    });
    let created: Response;
    try {
      created = await request('/api/rooms', { method: 'POST', body: JSON.stringify({ game: 'eights', options: {}, clock: null }) });
    } finally {
      random.mockRestore();
    }
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ code });

    const info = await request(`/api/rooms/${code}`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ game: 'eights' });
    const socket = await request(`/api/rooms/${code}/ws`, { headers: { Upgrade: 'websocket' } });
    expect(socket.status).toBe(101);
    socket.webSocket!.accept();
    socket.webSocket!.close(1000, 'done');
  });
});

describe('the expiring set of misses', () => {
  it('forgets a key once its time is up', () => {
    const misses = new ExpiringSet(10, UNKNOWN_ROOM_TTL_MS);
    misses.add('a', 0);
    expect(misses.has('a', UNKNOWN_ROOM_TTL_MS - 1)).toBe(true);
    expect(misses.has('a', UNKNOWN_ROOM_TTL_MS)).toBe(false);
    expect(misses.size).toBe(0);
  });

  it('holds at most its limit, forgetting the oldest first', () => {
    const misses = new ExpiringSet(3, 1000);
    for (const key of ['a', 'b', 'c']) misses.add(key, 0);
    misses.add('a', 1); // seen again: now the newest
    misses.add('d', 2);
    expect(misses.size).toBe(3);
    expect(['a', 'b', 'c', 'd'].filter((k) => misses.has(k, 3))).toEqual(['a', 'c', 'd']);
  });
});
