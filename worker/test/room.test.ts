import { evictDurableObject, runInDurableObject, SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { EightsState, EightsView } from '../../shared/games/eights/types';
import { inspectRoom } from '../room';
import { createRoom, ORIGIN, runAlarmsUntil, simpleEightsMove, TestClient } from './client';

const open: TestClient[] = [];
async function connect(code: string, token?: string) {
  const c = await TestClient.connect(code, token);
  open.push(c);
  return c;
}
afterEach(() => {
  for (const c of open.splice(0)) if (!c.closed) c.close();
});

const stubOf = (code: string) => env.ROOMS.get(env.ROOMS.idFromName(code));
const roomState = (code: string) => runInDurableObject(stubOf(code), (instance) => structuredClone(inspectRoom(instance).state as EightsState));
const roomMeta = (code: string) =>
  runInDurableObject(stubOf(code), (instance) => {
    const { room, live } = inspectRoom(instance);
    return structuredClone({ version: live.version, turn: live.turn, seats: room!.seats });
  });

/** A room of `humans` people (clients) plus `bots` bots, started. */
async function startedRoom(humans: number, bots = 0, clock: number | null = null, options: Record<string, unknown> = {}) {
  const code = await createRoom('eights', options, clock);
  const clients: TestClient[] = [];
  for (let i = 0; i < humans; i++) {
    const c = await connect(code);
    await c.join(`P${i}`);
    clients.push(c);
  }
  for (let i = 0; i < bots; i++) clients[0]!.send({ t: 'addBot' });
  const started = Promise.all(clients.map((c) => c.waitFor('update', (m) => m.events.some((e) => e.type === 'start'))));
  clients[0]!.send({ t: 'start' });
  await started;
  return { code, clients };
}

describe('HTTP API', () => {
  it('creates a room with an unguessable code and reports it', async () => {
    const code = await createRoom();
    expect(code).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{12}$/);
    const info = await SELF.fetch(`${ORIGIN}/api/rooms/${code}`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ code, game: 'eights', status: 'lobby' });
  });

  it('refuses an unknown game, bad options and a malformed body with a clear error', async () => {
    const unknown = await SELF.fetch(`${ORIGIN}/api/rooms`, { method: 'POST', body: JSON.stringify({ game: 'poker' }) });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'unknown_game' });
    const badOptions = await SELF.fetch(`${ORIGIN}/api/rooms`, { method: 'POST', body: JSON.stringify({ game: 'eights', options: { stacking: 'yes' } }) });
    // The refusal as data for the browser (the option named), and an English sentence for HTTP callers.
    expect(await badOptions.json()).toEqual({ code: 'bad_options', field: 'stacking', message: expect.stringMatching(/^stacking: /) });
    const badJson = await SELF.fetch(`${ORIGIN}/api/rooms`, { method: 'POST', body: '{' });
    expect(await badJson.json()).toMatchObject({ code: 'bad_json' });
    const huge = await SELF.fetch(`${ORIGIN}/api/rooms`, { method: 'POST', body: JSON.stringify({ game: 'eights', options: { x: 'y'.repeat(5000) } }) });
    expect(huge.status).toBe(413);
  });

  it('answers an unknown room code with 404, over HTTP and for a socket', async () => {
    expect((await SELF.fetch(`${ORIGIN}/api/rooms/23456789abcd`)).status).toBe(404);
    expect((await SELF.fetch(`${ORIGIN}/api/rooms/not-a-code`)).status).toBe(404);
    const ws = await SELF.fetch(`${ORIGIN}/api/rooms/23456789abcd/ws`, { headers: { Upgrade: 'websocket' } });
    expect(ws.status).toBe(404);
    expect(ws.webSocket).toBeNull();
  });

  it('serves the SPA for invite links', async () => {
    const res = await SELF.fetch(`${ORIGIN}/r/23456789abcd`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="app">');
  });
});

describe('the shell: storage rows, heartbeats, restart and expiry', () => {
  // Room behaviour (seats, moves, refusals, clocks, bots, hidden views) is tested once, in the
  // core (shared/room/*.test.ts); these check what only the Durable Object does.
  it('stores only a hash of the seat token', async () => {
    const code = await createRoom();
    const a = await connect(code);
    await a.join('Ana');
    const stored = await runInDurableObject(
      stubOf(code),
      (_i, state) => state.storage.sql.exec<{ value: string }>(`SELECT value FROM record WHERE key = 'room'`).one().value,
    );
    expect(stored).not.toContain(a.token!);
    expect(stored).toMatch(/"tokenHash":"[0-9a-f]{64}"/);
  });

  it('answers ping with pong without a room message', async () => {
    const code = await createRoom();
    const c = await connect(code);
    await c.settle();
    const seen = c.received.length;
    c.sendRaw('ping');
    await c.settle();
    expect(c.raw).toContain('pong');
    expect(c.received.length).toBe(seen);
  });

  it('a room evicted from memory mid-game reloads from storage and continues identically', async () => {
    const { code, clients } = await startedRoom(2, 1);
    const [a] = clients as [TestClient];
    await a.move(simpleEightsMove(a.view as EightsView));
    const before = await roomState(code);
    const metaBefore = await roomMeta(code);
    const tokens = clients.map((c) => c.token);
    for (const c of clients) c.close();
    await evictDurableObject(stubOf(code), { webSockets: 'close' });
    expect(await roomState(code)).toEqual(before);
    const again = await Promise.all(tokens.map((t) => connect(code, t)));
    expect(again.map((c) => c.seat)).toEqual([0, 1]);
    expect(again[0]!.version).toBe(metaBefore.version);
    // Play continues: the player to move can move.
    const turn = (again[0]!.view as EightsView).turn!;
    const mover = again.find((c) => c.seat === turn);
    if (mover) expect(await mover.move(simpleEightsMove(mover.view as EightsView))).toMatchObject({ t: 'update' });
    else await runAlarmsUntil(stubOf(code), async () => (await roomMeta(code)).version > metaBefore.version);
  });

  it('an abandoned room is deleted by its alarm; its code then answers 404', async () => {
    const code = await createRoom();
    const c = await connect(code);
    await c.join('Ana');
    c.close();
    await c.settle();
    // Alarms run until the idle expiry, which deletes the room.
    await runAlarmsUntil(stubOf(code), async () => (await SELF.fetch(`${ORIGIN}/api/rooms/${code}`)).status === 404);
  });
});
