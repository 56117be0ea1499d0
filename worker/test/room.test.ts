import { evictDurableObject, runInDurableObject, SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { EightsState, EightsView } from '../../shared/games/eights/types';
import { AWAY_AFTER_TIMEOUTS } from '../../shared/room/types';
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
    expect(await badOptions.json()).toMatchObject({ code: 'bad_options' });
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

describe('seats and identity', () => {
  it('joins, makes the first person host, adds bots and starts', async () => {
    const { clients } = await startedRoom(2, 1);
    const [a, b] = clients as [TestClient, TestClient];
    const room = a.received.filter((m) => m.t === 'room').at(-1);
    expect(room && room.t === 'room' && room.room.status).toBe('playing');
    expect(room && room.t === 'room' && room.room.seats.map((s) => s?.kind)).toEqual(['human', 'human', 'bot']);
    expect(room && room.t === 'room' && room.room.hostSeat).toBe(0);
    expect((a.view as EightsView).hand).toHaveLength(7);
    expect((b.view as EightsView).hand).toHaveLength(7);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only a hash of the seat token', async () => {
    const code = await createRoom();
    const a = await connect(code);
    await a.join('Ana');
    const stored = await runInDurableObject(stubOf(code), (_i, state) =>
      state.storage.sql.exec<{ value: string }>(`SELECT value FROM record WHERE key = 'room'`).one().value,
    );
    expect(stored).not.toContain(a.token!);
    expect(stored).toMatch(/"tokenHash":"[0-9a-f]{64}"/);
  });

  it('reclaims the seat and the same hand with the token, from a new socket', async () => {
    const { code, clients } = await startedRoom(2);
    const a = clients[0]!;
    const hand = (a.view as EightsView).hand;
    a.close();
    const again = await connect(code, a.token);
    expect(again.seat).toBe(0);
    expect((again.view as EightsView).hand).toEqual(hand);
  });

  it('refuses a forged token and changes nothing: no seat, no presence, no state', async () => {
    const { code, clients } = await startedRoom(2);
    const before = await roomMeta(code);
    const stateBefore = await roomState(code);
    const forged = await TestClient.open(code);
    open.push(forged);
    forged.send({ t: 'hello', token: 'A'.repeat(43) });
    const err = await forged.waitFor('error');
    expect(err.code).toBe('bad_token');
    const full = await forged.waitFor('full');
    expect((full.view as EightsView).hand).toBeNull();
    expect(forged.seat).toBeNull();
    const after = await roomMeta(code);
    expect(after.version).toBe(before.version);
    expect(after.turn).toEqual(before.turn);
    expect(after.seats).toEqual(before.seats);
    expect(await roomState(code)).toEqual(stateBefore);
    // The seated players' connections are untouched.
    const b = clients[1]!;
    b.send({ t: 'sync' });
    await b.waitFor('full');
  });

  it("refuses another room's token", async () => {
    const one = await startedRoom(2);
    const otherCode = await createRoom();
    const c = await TestClient.open(otherCode);
    open.push(c);
    c.send({ t: 'hello', token: one.clients[0]!.token });
    expect((await c.waitFor('error')).code).toBe('bad_token');
  });

  it('refuses joining a started room and a full room; the refused joiner only watches', async () => {
    const { code, clients } = await startedRoom(2);
    const late = await connect(code);
    late.send({ t: 'join', name: 'Late' });
    expect((await late.waitFor('error')).code).toBe('game_started');
    expect((late.view as EightsView).hand).toBeNull();

    const full = await createRoom();
    const host = await connect(full);
    await host.join('Host');
    for (let i = 0; i < 7; i++) host.send({ t: 'addBot' });
    await host.settle();
    const ninth = await connect(full);
    ninth.send({ t: 'join', name: 'Ninth' });
    expect((await ninth.waitFor('error')).code).toBe('room_full');
    expect(clients).toHaveLength(2);
  });

  it('only the host may add bots, change settings or start', async () => {
    const code = await createRoom();
    const host = await connect(code);
    await host.join('Host');
    const guest = await connect(code);
    await guest.join('Guest');
    for (const msg of [{ t: 'addBot' }, { t: 'start' }, { t: 'settings', clock: 5 }]) {
      guest.send(msg);
      expect((await guest.waitFor('error')).code).toBe('not_host');
    }
    host.send({ t: 'settings', options: { stacking: 'no' } });
    expect((await host.waitFor('error')).code).toBe('bad_options');
  });
});

describe('moves', () => {
  it('refuses a stale move and sends a fresh view', async () => {
    const { clients } = await startedRoom(2);
    const a = clients[0]!;
    a.send({ t: 'move', version: a.version + 5, move: { type: 'draw' } });
    expect((await a.waitFor('error')).code).toBe('stale_move');
    await a.waitFor('full');
  });

  it('a double click applies once: the second copy is stale', async () => {
    const { clients } = await startedRoom(2);
    const a = clients[0]!;
    const v = a.version;
    a.send({ t: 'move', version: v, move: { type: 'draw' } });
    a.send({ t: 'move', version: v, move: { type: 'draw' } });
    await a.waitFor('error', (e) => e.code === 'stale_move');
    await a.settle();
    expect(a.received.filter((m) => m.t === 'update' && m.events.some((e) => e.type === 'draw')).length).toBe(1);
  });

  it('refuses moves out of turn, illegal cards and cards not held, and the state is untouched', async () => {
    const { code, clients } = await startedRoom(2);
    const [a, b] = clients as [TestClient, TestClient];
    const before = await roomState(code);
    const outOfTurn = await b.move({ type: 'draw' });
    expect(outOfTurn).toMatchObject({ t: 'error', code: 'not_your_turn' });
    const view = a.view as EightsView;
    const illegal = view.hand!.find((c) => !view.playable.includes(c));
    if (illegal) expect(await a.move({ type: 'play', card: illegal })).toMatchObject({ t: 'error' });
    const notHeld = (b.view as EightsView).hand![0]!;
    expect(await a.move({ type: 'play', card: notHeld })).toMatchObject({ t: 'error', code: 'card_not_in_hand' });
    expect(await a.move({ type: 'fly' })).toMatchObject({ t: 'error', code: 'bad_move' });
    expect(await roomState(code)).toEqual(before);
  });

  it('spectators cannot move', async () => {
    const { code } = await startedRoom(2);
    const watcher = await connect(code);
    expect(await watcher.move({ type: 'draw' })).toMatchObject({ t: 'error', code: 'not_seated' });
  });
});

describe('bad input', () => {
  it('answers malformed JSON, unknown types, binary frames and bad fields with a named error, to that socket only', async () => {
    const { code, clients } = await startedRoom(2);
    const [a, b] = clients as [TestClient, TestClient];
    const before = await roomState(code);
    const bSeen = b.received.length;
    a.sendRaw('{not json');
    expect((await a.waitFor('error')).code).toBe('bad_json');
    a.send({ t: 'teleport' });
    const unknown = await a.waitFor('error');
    expect(unknown.code).toBe('unknown_type');
    expect(unknown.message).toContain('teleport');
    a.send({ t: 'chat', text: 42 } as Record<string, unknown>);
    const badChat = await a.waitFor('error');
    expect(badChat.code).toBe('bad_message');
    expect(badChat.message).toMatch(/chat/);
    a.sendRaw(new Uint8Array([1, 2, 3]).buffer);
    expect((await a.waitFor('error')).code).toBe('bad_message');
    await a.settle();
    expect(b.received.length).toBe(bSeen);
    expect(await roomState(code)).toEqual(before);
  });

  it('refuses frames over 16 KB without touching the room', async () => {
    const { code, clients } = await startedRoom(2);
    const a = clients[0]!;
    const before = await roomState(code);
    a.send({ t: 'chat', text: 'x'.repeat(17 * 1024) });
    const err = await a.waitFor('error');
    expect(err.code).toBe('too_large');
    expect(await roomState(code)).toEqual(before);
    a.send({ t: 'sync' });
    await a.waitFor('full');
  });

  it('rate-limits a socket that sends more than 20 messages a second', async () => {
    const { clients } = await startedRoom(2);
    const [a, b] = clients as [TestClient, TestClient];
    for (let i = 0; i < 30; i++) a.send({ t: 'sync' });
    await a.waitFor('error', (e) => e.code === 'rate_limited');
    // Others are not limited.
    b.send({ t: 'sync' });
    await b.waitFor('full');
  });

  it('keeps chat as plain text, at most 200 characters', async () => {
    const { clients } = await startedRoom(2);
    const [a, b] = clients as [TestClient, TestClient];
    a.send({ t: 'chat', text: '<img src=x onerror=alert(1)>' });
    const chat = await b.waitFor('chat');
    expect(chat.entry.text).toBe('<img src=x onerror=alert(1)>');
    a.send({ t: 'chat', text: 'y'.repeat(201) });
    expect((await a.waitFor('error')).code).toBe('bad_message');
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
});

describe('clock, bots and presence', () => {
  it('applies the timeout move when the turn clock runs out, and marks a player away after repeated timeouts', async () => {
    const { code, clients } = await startedRoom(2, 0, 5);
    const a = clients[0]!;
    const meta = await roomMeta(code);
    expect(meta.turn).toMatchObject({ seats: [0], seconds: 5 });
    // Both players let their clocks run out; each timeout applies the game's timeout move.
    let timeouts = 0;
    while (!(await roomMeta(code)).seats.some((s) => s?.botPlaying)) {
      const seen = a.received.length;
      const timedOut = () => a.received.slice(seen).some((m) => m.t === 'update' && m.events.some((e) => e.type === 'timeout'));
      await runAlarmsUntil(stubOf(code), timedOut);
      timeouts++;
      expect(timeouts).toBeLessThanOrEqual(2 * AWAY_AFTER_TIMEOUTS);
    }
    const after = await roomMeta(code);
    const away = after.seats.findIndex((s) => s?.botPlaying);
    expect(after.seats[away]!.timeouts).toBe(AWAY_AFTER_TIMEOUTS);
    // The away player says they are back and gets the seat again.
    const awayClient = clients[away]!;
    awayClient.send({ t: 'back' });
    await a.waitFor('room', (m) => m.room.seats[away]?.botPlaying === false);
  });

  it('a bot takes a disconnected seat after 15 s, plays it, and hands it back when the player returns', async () => {
    const { code, clients } = await startedRoom(2);
    const [a, b] = clients as [TestClient, TestClient];
    // Make it b's turn so the bot has something to do (a skip or reverse gives a another go).
    while ((a.view as EightsView).turn === 0) await a.move(simpleEightsMove(a.view as EightsView));
    const token = b.token;
    const gone = a.waitFor('room', (m) => m.room.seats[1]?.connected === false);
    b.close();
    await gone;
    await runAlarmsUntil(stubOf(code), () => a.received.some((m) => m.t === 'room' && m.room.seats[1]?.botPlaying === true));
    // The bot moves for seat 1 on a later alarm.
    const seen = a.received.length;
    await runAlarmsUntil(stubOf(code), () => a.received.slice(seen).some((m) => m.t === 'update' && m.events.some((e) => e.seat === 1)));
    const handedBack = a.waitFor('room', (m) => m.room.seats[1]?.botPlaying === false && m.room.seats[1]?.connected === true);
    const back = await connect(code, token);
    expect(back.seat).toBe(1);
    await handedBack;
    const state = await roomState(code);
    expect((back.view as EightsView).hand).toEqual(state.hands[1]);
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
});

describe('hidden information over a whole game', () => {
  it('no seat, spectator or refused joiner ever receives another seat’s cards, the draw pile or the RNG', async () => {
    const { code, clients } = await startedRoom(3, 0, null, {});
    const spectator = await connect(code);
    const refused = await connect(code);
    refused.send({ t: 'join', name: 'Too late' });
    await refused.waitFor('error');
    const everyone = [...clients, spectator, refused];
    const checked = new Set<TestClient>();
    for (let step = 0; step < 600; step++) {
      const state = await roomState(code);
      if (state.winner !== null) break;
      // Every message each socket got so far must hold no hidden card of this moment.
      for (const c of everyone) {
        const own = c.seat === null ? [] : (state.hands[c.seat] ?? []);
        const hidden = [...state.drawPile, ...state.hands.flat().filter((card) => !own.includes(card))];
        const last = JSON.stringify(c.received.filter((m) => m.t === 'update' || m.t === 'full').at(-1));
        for (const card of hidden) expect(last.includes(`"${card}"`), `${card} leaked to seat ${c.seat}`).toBe(false);
        expect(last).not.toContain('"rng"');
        expect(last).not.toContain(String(state.rng.s[0]));
        checked.add(c);
      }
      const mover = clients.find((c) => c.seat === state.turn)!;
      await mover.move(simpleEightsMove(mover.view as EightsView));
      await Promise.all(everyone.map((c) => c.settle(5)));
    }
    const final = await roomState(code);
    expect(final.winner).not.toBeNull();
    expect(checked.size).toBe(everyone.length);
  });
});

describe('expiry', () => {
  it('an abandoned room is deleted by its alarm; its code then answers 404', async () => {
    const code = await createRoom();
    const c = await connect(code);
    await c.join('Ana');
    c.close();
    await c.settle();
    // Alarms run until the idle expiry, which deletes the room.
    await runAlarmsUntil(stubOf(code), async () => (await SELF.fetch(`${ORIGIN}/api/rooms/${code}`)).status === 404);
  });

  it('a room with someone still connected is kept past its expiry time', async () => {
    const code = await createRoom();
    const c = await connect(code);
    await c.join('Ana');
    const lastActivity = () => runInDurableObject(stubOf(code), (i) => inspectRoom(i).live.lastActivity);
    const before = await lastActivity();
    // Run alarms until the expiry was reached: it pushed the room's activity time on instead of deleting it.
    await runAlarmsUntil(stubOf(code), async () => (await lastActivity()) > before + 60_000);
    expect((await SELF.fetch(`${ORIGIN}/api/rooms/${code}`)).status).toBe(200);
  });
});

