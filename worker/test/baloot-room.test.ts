import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { Rng } from '../../shared/cards/rng';
import { baloot } from '../../shared/games/baloot';
import type { BalootState } from '../../shared/games/baloot/types';
import { inspectRoom } from '../room';
import { createRoom, runAlarmsUntil, TestClient } from './client';

const open: TestClient[] = [];
afterEach(() => {
  for (const c of open.splice(0)) if (!c.closed) c.close();
});

const stubOf = (code: string) => env.ROOMS.get(env.ROOMS.idFromName(code));
const roomState = (code: string) => runInDurableObject(stubOf(code), (i) => structuredClone(inspectRoom(i).state as BalootState));
const roomMeta = (code: string) =>
  runInDurableObject(stubOf(code), (i) => {
    const { room, live } = inspectRoom(i);
    return structuredClone({ turn: live.turn, seats: room!.seats });
  });

async function fourPeople(clock: number | null = null) {
  const code = await createRoom('baloot', {}, clock);
  const clients: TestClient[] = [];
  for (let i = 0; i < 4; i++) {
    const c = await TestClient.connect(code);
    open.push(c);
    await c.join(`P${i}`);
    clients.push(c);
  }
  const started = Promise.all(clients.map((c) => c.waitFor('update')));
  clients[0]!.send({ t: 'start' });
  await started;
  return { code, clients };
}

/** The seat to act makes the move the engine's bot would make for it (sent as that person). */
async function step(code: string, clients: TestClient[]) {
  const state = await roomState(code);
  const seat = baloot.activeSeats(state)[0]!;
  // A seat a bot is still playing (its person back, waiting for the hand-back) moves on the room's alarm.
  if ((await roomMeta(code)).seats[seat]?.botPlaying) {
    const before = JSON.stringify(state);
    await runAlarmsUntil(stubOf(code), async () => JSON.stringify(await roomState(code)) !== before);
    return true;
  }
  const client = clients.find((c) => c.seat === seat && !c.closed);
  if (!client) return false;
  // This test reads whose turn it is from the room itself; a browser learns it from its own
  // update, which the room sends on the turn after the move that made it (so wait for it).
  const version = await runInDurableObject(stubOf(code), (i) => inspectRoom(i).live.version);
  if (client.version < version) await client.waitFor('update', (m) => m.version >= version);
  const reply = await client.move(baloot.botMove(state, seat, new Rng(seat)));
  expect(reply.t, JSON.stringify(reply)).toBe('update');
  return true;
}

describe('Baloot in a room', () => {
  it('a returning player gets the seat back from the bot only at the end of the trick', async () => {
    const { code, clients } = await fourPeople();
    // Play until seat 1 is about to play second or third into a trick, so the trick is
    // still open after its card.
    for (let i = 0; i < 400; i++) {
      const s = await roomState(code);
      if (s.phase === 'playing' && (s.trick.length === 1 || s.trick.length === 2) && baloot.activeSeats(s)[0] === 1) break;
      await step(code, clients);
    }
    const token = clients[1]!.token;
    const gone = clients[0]!.waitFor('room', (m) => m.room.seats[1]?.connected === false);
    clients[1]!.close();
    await gone;
    // 15 s later (the alarm) a bot takes the seat, and on its next alarm plays seat 1's card.
    await runAlarmsUntil(stubOf(code), async () => (await roomMeta(code)).seats[1]!.botPlaying);
    const c0 = clients[0]!;
    const seen = c0.received.length;
    await runAlarmsUntil(stubOf(code), () => c0.received.slice(seen).some((m) => m.t === 'update' && m.events.some((e) => e.seat === 1)));
    // Seat 1 comes back while the trick is still open: the bot keeps the seat for now.
    const back = await TestClient.connect(code, token);
    open.push(back);
    clients[1] = back;
    expect((await roomState(code)).trick.length).toBeGreaterThan(0);
    const meta = await roomMeta(code);
    expect(meta.seats[1]!.botPlaying).toBe(true);
    expect(meta.seats[1]!.wantsBack).toBe(true);
    // The others finish the trick: the seat is handed back at the boundary.
    for (let i = 0; i < 4 && (await roomState(code)).trick.length > 0; i++) await step(code, clients);
    expect((await roomState(code)).trick.length).toBe(0);
    expect((await roomMeta(code)).seats[1]!.botPlaying).toBe(false);
  });

  it('a Sawa claim gives the opponents a fixed 15 s answer window whatever the room clock', async () => {
    const state = baloot.setup([0, 1, 2, 3].map((i) => ({ name: `P${i}` })), baloot.defaultOptions, 'sawa');
    expect(baloot.turnSeconds!({ ...state, phase: 'sawa' } as BalootState, 5)).toBe(15);
    expect(baloot.turnSeconds!({ ...state, phase: 'sawa' } as BalootState, null)).toBe(15);
    const { code } = await fourPeople(5);
    expect((await roomMeta(code)).turn?.seconds).toBe(5);
  });
});
