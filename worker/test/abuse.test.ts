import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { EightsView } from '../../shared/games/eights/types';
import { MAX_FRAME_BYTES } from '../../shared/protocol';
import { CLOSE_POLICY, CLOSE_TRY_LATER, EXTRA_SOCKETS, ROOM_FLUSH_MS, STRIKE_LIMIT } from '../../shared/room/types';
import { inspectRoom } from '../room';
import { createRoom, RefusedOpen, roomWithSilentSeat, runAlarmsUntil, TestClient } from './client';

/**
 * Attacks on one room from a socket anyone can open, each checked two ways: the attack is
 * refused, and a seated player's move still round-trips promptly while it goes on.
 */

const open: TestClient[] = [];
const track = (c: TestClient) => (open.push(c), c);
afterEach(() => {
  for (const c of open.splice(0)) if (!c.closed) c.close();
});

const stubOf = (code: string) => env.ROOMS.get(env.ROOMS.idFromName(code));
const roomMeta = (code: string) =>
  runInDurableObject(stubOf(code), (instance) => {
    const { room, live, sockets } = inspectRoom(instance);
    return structuredClone({ version: live.version, seats: room!.seats, sockets });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A move round trip under attack must stay well under this. */
const PROMPT_MS = 500;

async function startedRoom(humans = 2, ping = false) {
  const code = await createRoom('eights');
  const clients: TestClient[] = [];
  for (let i = 0; i < humans; i++) {
    const c = track(await TestClient.connect(code, undefined, ping));
    await c.join(`P${i}`);
    clients.push(c);
  }
  const started = Promise.all(clients.map((c) => c.waitFor('update', (m) => m.events.some((e) => e.type === 'start'))));
  clients[0]!.send({ t: 'start' });
  await started;
  return { code, clients };
}

function simpleMove(view: EightsView) {
  const card = view.playable[0];
  if (card) return { type: 'play', card, color: card.startsWith('W') ? 'r' : undefined, lastCard: view.hand?.length === 2 };
  if (view.canDraw) return { type: 'draw' };
  return { type: 'keep' };
}

/** The client whose turn it is makes one move; returns the round trip in ms. */
async function timedMove(clients: TestClient[]): Promise<number> {
  const turn = (clients[0]!.view as EightsView).turn;
  const mover = clients.find((c) => c.seat === turn);
  if (!mover) throw new Error(`nobody to move (turn ${turn})`);
  const t0 = Date.now();
  const answer = await mover.move(simpleMove(mover.view as EightsView));
  const ms = Date.now() - t0;
  expect(answer.t, JSON.stringify(answer)).toBe('update');
  // Let the other clients catch up so the next mover builds on the latest version.
  await Promise.all(clients.map((c) => (c.version === mover.version ? null : c.waitFor('update', (u) => u.version === mover.version))));
  return ms;
}

/**
 * One attacker: opens a socket, sends `burst` frames every few ms until the room closes it,
 * then opens another; records every socket's errors and close code.
 */
class Flood {
  stopped = false;
  sockets: TestClient[] = [];
  /** Opens refused before a socket was accepted (the address is cooling off), by status. */
  refused: number[] = [];
  static readonly IP = '203.0.113.66';
  sent = 0;
  private done: Promise<void>;
  constructor(
    private readonly code: string,
    private readonly frame: (i: number) => string | ArrayBuffer,
    private readonly burst = 10,
    private readonly hello: ((i: number) => unknown) | null = null,
  ) {
    this.done = this.run();
  }
  private async run(): Promise<void> {
    while (!this.stopped) {
      let c: TestClient;
      try {
        c = track(await TestClient.open(this.code, Flood.IP));
      } catch (e) {
        if (!(e instanceof RefusedOpen)) throw e;
        this.refused.push(e.status);
        await sleep(2);
        continue;
      }
      this.sockets.push(c);
      if (this.hello) c.send(this.hello(this.sockets.length) as Record<string, unknown>);
      while (!c.closed && !this.stopped) {
        for (let k = 0; k < this.burst; k++) {
          try {
            c.sendRaw(this.frame(this.sent++));
          } catch {
            break;
          }
        }
        await sleep(5);
      }
      await sleep(1);
    }
  }
  async stop(): Promise<void> {
    this.stopped = true;
    await this.done;
  }
  errorCodes(): Set<string> {
    return new Set(this.sockets.flatMap((c) => c.errors().map((e) => e.code)));
  }
  closeCodes(): (number | null)[] {
    return this.sockets.filter((c) => c.closed).map((c) => c.closeCode);
  }
}

/** Moves during an attack: every one answered within PROMPT_MS. */
async function movesUnderAttack(clients: TestClient[], n = 6): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    await sleep(60);
    times.push(await timedMove(clients));
  }
  for (const t of times) expect(t).toBeLessThan(PROMPT_MS);
  return times;
}

const roomMessagesSince = (c: TestClient, from: number) => c.received.slice(from).filter((m) => m.t === 'room').length;

describe('abuse: a room under attack stays playable', () => {
  it('hello storm on one socket: malformed and forged tokens refused, no seat changes, presence not flooded', async () => {
    const { code, clients } = await startedRoom();
    const before = await roomMeta(code);
    const seen = clients[0]!.received.length;
    const t0 = Date.now();
    const flood = new Flood(
      code,
      (i) => JSON.stringify({ t: 'hello', token: i % 3 === 0 ? 'not a token' : i % 3 === 1 ? 'A'.repeat(43) : clients[1]!.token, ping: true }),
      4,
    );
    await sleep(100);
    await movesUnderAttack(clients);
    await flood.stop();
    const seconds = (Date.now() - t0) / 1000;
    const codes = flood.errorCodes();
    expect(codes).toContain('already_said_hello');
    expect(codes).toContain('bad_message');
    // Every attacker socket got closed for its refused frames, not a seat.
    expect(flood.closeCodes().every((c) => c === CLOSE_POLICY)).toBe(true);
    expect(flood.closeCodes().length).toBeGreaterThan(0);
    const after = await roomMeta(code);
    // Stolen-token sockets may have shared seat 1 for a moment; nobody gained or lost a seat.
    expect(after.seats).toEqual(before.seats.map((s) => ({ ...(s as object) })));
    expect(after.version).toBeGreaterThan(before.version);
    // Presence is coalesced: at most one room message per ROOM_FLUSH_MS (plus the odd urgent one).
    expect(roomMessagesSince(clients[0]!, seen)).toBeLessThanOrEqual(Math.ceil((seconds * 1000) / ROOM_FLUSH_MS) + 2);
  });

  it('50 sockets opening and saying hello: spectators counted up to the cap, the rest room_crowded, presence coalesced', async () => {
    const { code, clients } = await startedRoom();
    // Once started, the room has as many seats as players.
    const cap = 2 * 2 + EXTRA_SOCKETS;
    const seen = clients[0]!.received.length;
    const t0 = Date.now();
    const crowd = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const c = track(await TestClient.open(code));
        c.send({ t: 'hello', ping: false });
        return c;
      }),
    );
    const times = await movesUnderAttack(clients, 4);
    await sleep(ROOM_FLUSH_MS * 2);
    const seconds = (Date.now() - t0) / 1000;
    const crowded = crowd.filter((c) => c.errors().some((e) => e.code === 'room_crowded'));
    expect(crowded.length).toBe(50 - (cap - 2));
    for (const c of crowded) expect(c.closeCode).toBe(CLOSE_TRY_LATER);
    const last = clients[0]!.received.filter((m) => m.t === 'room').at(-1);
    expect(last?.t === 'room' && last.room.spectators).toBe(cap - 2);
    expect(roomMessagesSince(clients[0]!, seen)).toBeLessThanOrEqual(Math.ceil((seconds * 1000) / ROOM_FLUSH_MS) + 2);
    expect((await roomMeta(code)).sockets).toBe(cap);
    // A seat holder can always come back, even into a crowded room, once a slot frees.
    crowd.find((c) => !c.closed)!.close();
    await sleep(50);
    const back = track(await TestClient.connect(code, clients[1]!.token));
    expect(back.seat).toBe(1);
    expect(times.length).toBe(4);
  });

  it('oversized-frame storm: too_large, a last warning, then close 1008; others unaffected', async () => {
    const { code, clients } = await startedRoom();
    const big = JSON.stringify({ t: 'chat', text: 'x'.repeat(100 * 1024) });
    expect(big.length).toBeGreaterThan(MAX_FRAME_BYTES);
    const flood = new Flood(
      code,
      () => big,
      3,
      () => ({ t: 'hello' }),
    );
    await sleep(100);
    await movesUnderAttack(clients);
    await flood.stop();
    const first = flood.sockets[0]!;
    const codes = first.errors().map((e) => e.code);
    expect(codes[0]).toBe('too_large');
    expect(codes).toContain('last_warning');
    expect(codes.at(-1)).toBe('policy_violation');
    expect(first.closeCode).toBe(CLOSE_POLICY);
    // A socket gets at most a handful of replies, never one per frame.
    expect(codes.length).toBeLessThanOrEqual(STRIKE_LIMIT);
    for (const c of clients) expect(c.errors()).toEqual([]);
  });

  it('garbage storm: bad JSON, unknown types, binary and malformed frames are refused and the socket closed', async () => {
    const { code, clients } = await startedRoom();
    const garbage = [
      '{not json',
      JSON.stringify({ t: 'teleport' }),
      new Uint8Array([1, 2, 3]).buffer,
      JSON.stringify({ t: 'move', version: 'x' }),
      JSON.stringify([1, 2]),
      'null',
      JSON.stringify({ t: 'chat', text: 42 }),
    ];
    const flood = new Flood(
      code,
      (i) => garbage[i % garbage.length]!,
      8,
      () => ({ t: 'hello' }),
    );
    await sleep(100);
    const before = await roomMeta(code);
    await movesUnderAttack(clients);
    await flood.stop();
    expect(flood.closeCodes().length).toBeGreaterThan(0);
    expect(flood.closeCodes().every((c) => c === CLOSE_POLICY)).toBe(true);
    const codes = flood.errorCodes();
    for (const c of ['bad_json', 'unknown_type', 'policy_violation']) expect(codes).toContain(c);
    // After its first socket was closed, the attacker's address cools off: reconnects are refused before a socket is accepted.
    expect(flood.sockets.length).toBe(1);
    expect(flood.refused.length).toBeGreaterThan(0);
    expect(flood.refused.every((s) => s === 429)).toBe(true);
    const after = await roomMeta(code);
    expect(after.seats).toEqual(before.seats);
    for (const c of clients) expect(c.errors()).toEqual([]);
  });

  it('orphaned seat attempt: the seat whose turn it is says hello again with a wrong token; refused, it keeps its seat and plays', async () => {
    const { code, clients } = await startedRoom();
    const turn = (clients[0]!.view as EightsView).turn!;
    const mover = clients.find((c) => c.seat === turn)!;
    mover.send({ t: 'hello', token: 'B'.repeat(43) });
    expect((await mover.waitFor('error')).code).toBe('already_said_hello');
    mover.send({ t: 'hello' });
    expect((await mover.waitFor('error')).code).toBe('already_said_hello');
    const meta = await roomMeta(code);
    expect((meta.seats[turn] as { tokenHash: string }).tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mover.seat).toBe(turn);
    expect(await timedMove(clients)).toBeLessThan(PROMPT_MS);

    // Spamming hellos until closed does not orphan the seat either: it goes disconnected, a bot covers it, the token brings it back.
    const victim = clients.find((c) => c.seat === (clients[0]!.view as EightsView).turn)!;
    const other = clients.find((c) => c !== victim)!;
    for (let i = 0; i < STRIKE_LIMIT; i++) victim.send({ t: 'hello', token: 'C'.repeat(43) });
    await victim.waitFor('error', (e) => e.code === 'policy_violation');
    const seat = victim.seat!;
    await runAlarmsUntil(stubOf(code), () => other.received.some((m) => m.t === 'room' && m.room.seats[seat]?.botPlaying === true));
    // Its address cools off for a few seconds; the token works from anywhere else at once (and from there after the cool-off).
    const refused = await TestClient.open(code).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RefusedOpen);
    expect((refused as RefusedOpen).status).toBe(429);
    expect(JSON.parse((refused as RefusedOpen).body)).toMatchObject({ code: 'cooling_off' });
    const back = track(await TestClient.connect(code, victim.token, false, '198.51.100.7'));
    expect(back.seat).toBe(seat);
  });

  it('names: invisible, blank-looking, direction-overriding and control characters are refused or cleaned', async () => {
    const code = await createRoom('eights');
    // Soft hyphens, tag characters, musical-symbol and shorthand format controls render blank too (Default_Ignorable_Code_Point).
    const refused = [
      '\u200b\u200c\u200d',
      '\u3164',
      '\u2800\u2800',
      '\u202e',
      '\n',
      '\u0000',
      '\ud800',
      '\u00AD\u00AD',
      '\u{E0041}\u{E0042}',
      '\u{1D173}',
      '\u{1BCA0}',
    ];
    for (const name of refused) {
      const c = track(await TestClient.connect(code));
      c.send({ t: 'join', name });
      const err = await c.waitFor('error');
      expect(err, JSON.stringify(name)).toEqual({ t: 'error', code: 'bad_message', type: 'join', field: 'name' });
      c.close();
    }
    const cleaned: [string, string][] = [
      ['Ana\u202egnp.exe', 'Anagnp.exe'],
      ['Ben\nBen', 'Ben Ben'],
      ['Cy\u0000d', 'Cyd'],
      ['Dee\ud800', 'Dee'],
      ['\u200bEve\u2060', 'Eve'],
    ];
    const watcher = track(await TestClient.connect(code));
    for (const [name, want] of cleaned) {
      const c = track(await TestClient.connect(code));
      const seat = await c.join(name);
      await watcher.waitFor('room', (m) => m.room.seats[seat]?.name === want);
    }
    const seats = (await roomMeta(code)).seats as ({ name: string } | null)[];
    expect(seats.filter((s) => s).map((s) => s!.name)).toEqual(cleaned.map(([, w]) => w));
    // A chat message that renders empty is refused too.
    watcher.send({ t: 'chat', text: '\u00AD' });
    expect((await watcher.waitFor('error')).code).toBe('bad_message');
  });

  it('silent socket: a seated socket that promised pings goes quiet; others see it disconnected, then a bot plays it', async () => {
    const { code, a, silent, seat } = await roomWithSilentSeat(track);
    expect(silent.raw).toContain('pong');
    // Silence from here on (the socket stays open: a half-open connection).
    const seatOf = (pred: (s: { connected: boolean; botPlaying: boolean }) => boolean) => () =>
      a.received.some((m) => m.t === 'room' && m.room.seats[seat] !== null && pred(m.room.seats[seat]!));
    await runAlarmsUntil(
      stubOf(code),
      seatOf((s) => !s.connected && !s.botPlaying),
    );
    await runAlarmsUntil(
      stubOf(code),
      seatOf((s) => !s.connected && s.botPlaying),
    );
    // The room keeps going: the bot moves for the silent seat when its turn comes. Ana plays hers
    // (with two seats a skip or a reverse gives her another turn, so as often as it is hers).
    const version = (await roomMeta(code)).version;
    const botMoved = () => a.received.some((m) => m.t === 'update' && m.events.some((e) => e.seat === seat));
    const anaToPlay = () => (a.view as EightsView).turn === a.seat;
    for (let i = 0; i < 10 && !botMoved(); i++) {
      if (anaToPlay()) await a.move(simpleMove(a.view as EightsView));
      await runAlarmsUntil(stubOf(code), () => botMoved() || anaToPlay());
    }
    expect(botMoved()).toBe(true);
    expect((await roomMeta(code)).version).toBeGreaterThan(version);
  });
});
