import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_TRY_LATER, EXTRA_SOCKETS, TAKEOVER_MS } from '../../shared/room/types';
import { inspectRoom } from '../room';
import { createRoom, roomWithSilentSeat, TestClient } from './client';

/** Sockets the room itself closes: they never come back as live seats, and each one is closed for real. */

const open: TestClient[] = [];
const track = (c: TestClient) => (open.push(c), c);
afterEach(() => {
  for (const c of open.splice(0)) if (!c.closed) c.close();
});
const stubOf = (code: string) => env.ROOMS.get(env.ROOMS.idFromName(code));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const seatRecord = (code: string, seat: number) => runInDurableObject(stubOf(code), (i) => structuredClone(inspectRoom(i).room!.seats[seat]!));
const alarmAt = (code: string) => runInDurableObject(stubOf(code), (_i, state) => state.storage.getAlarm());
const liveSockets = (code: string) => runInDurableObject(stubOf(code), (_i, state) => state.getWebSockets().length);

describe('a half-open seat in a quiet room', () => {
  it('is taken over 15 s after the server saw it go, though the object is evicted and reloaded in between', async () => {
    // Eights without a clock: nothing but the silent seat's own timers wakes this room.
    const { code, a, seat } = await roomWithSilentSeat(track, true);
    // From here the silent socket neither reads nor writes: the room only learns of it from the missing heartbeats.
    let seenGone: number | null = null;
    for (let i = 0; i < 10 && seenGone === null; i++) {
      await runDurableObjectAlarm(stubOf(code));
      seenGone = (await seatRecord(code, seat)).disconnectedAt;
    }
    expect(seenGone).not.toBeNull();
    expect((await seatRecord(code, seat)).botPlaying).toBe(false);

    // The object is evicted (its sockets hibernate) and reloaded, twice, before anything is due.
    for (let i = 0; i < 2; i++) {
      await evictDurableObject(stubOf(code));
      const reloaded = await seatRecord(code, seat);
      expect(reloaded.disconnectedAt, 'the disconnect time is set once per disconnection').toBe(seenGone);
      expect(reloaded.botPlaying).toBe(false);
    }
    const rooms = a.received.filter((m) => m.t === 'room');
    const lastRoom = rooms.at(-1);
    expect(lastRoom?.t === 'room' && lastRoom.room.seats[seat]?.connected).toBe(false);

    // The next thing due is the takeover, 15 s after the server saw the seat go; running it hands the seat to a bot.
    expect(await alarmAt(code)).toBe(seenGone! + TAKEOVER_MS);
    await runDurableObjectAlarm(stubOf(code));
    const after = await seatRecord(code, seat);
    expect(after.botPlaying).toBe(true);
    expect(after.disconnectedAt).toBe(seenGone);
    // Nothing ever announced the closed socket's seat as connected again.
    for (const m of a.received)
      if (m.t === 'room' && m.room.seats[seat] && rooms.indexOf(m) >= rooms.indexOf(lastRoom!)) expect(m.room.seats[seat]!.connected).toBe(false);
  });
});

describe('a socket refused because the room is crowded', () => {
  it('50 sockets over the cap of a Baloot lobby, opened one at a time into a room just woken from hibernation: each gets room_crowded and is closed with 1013 within a second', async () => {
    const code = await createRoom('baloot');
    const cap = 4 * 2 + EXTRA_SOCKETS;
    for (let i = 0; i < cap; i++) track(await TestClient.connect(code));
    expect(await liveSockets(code)).toBe(cap);
    for (let i = 0; i < 50; i++) {
      // A quiet room hibernates between such attempts; its sockets wait in the runtime.
      await evictDurableObject(stubOf(code));
      // Half-open: the refused client does not answer the close, so a socket the room took in would stay listed.
      const c = track(await TestClient.open(code, undefined, true));
      const t0 = Date.now();
      const error = await c.waitFor('error');
      expect(error.code).toBe('room_crowded');
      while (!c.closed && Date.now() - t0 < 1000) await sleep(5);
      expect(c.closed, `refused socket ${i} closed within a second`).toBe(true);
      expect(c.closeCode).toBe(CLOSE_TRY_LATER);
      // Refused sockets are never taken in as the room's own (hibernatable) sockets.
      expect(await liveSockets(code)).toBe(cap);
      c.close();
    }
  });
});
