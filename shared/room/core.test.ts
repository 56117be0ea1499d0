import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../engine/types';
import { eights } from '../games/eights';
import type { EightsState, EightsView } from '../games/eights/types';
import { gameById } from '../games/registry';
import { updateBase, type RoomInfo, type ServerMessage } from '../protocol';
import { MemoryRoomHost } from './memory-host';
import { applyPatch } from './patch';
import {
  AWAY_AFTER_TIMEOUTS,
  EXTRA_SOCKETS,
  IDLE_EXPIRY_MS,
  ROOM_FLUSH_MS,
  SILENCE_MS,
  SNAPSHOT_EVERY,
  STRIKE_LIMIT,
  STRIKE_WARN,
  TAKEOVER_MS,
} from './types';

/** A four-team-seat variant of Eights, to test how the room seats team games without naming one. */
const teamEights: AnyGame = { ...eights, id: 'team-eights', playerCounts: [4, 6], teams: (n: number) => Array.from({ length: n }, (_, i) => i % 2) };
const games = (id: string) => (id === teamEights.id ? teamEights : gameById(id));

/** A fake clock the host and the test share. */
function world(game = 'eights', clock: number | null = null, options: Record<string, unknown> = {}, flush: 'now' | 'manual' = 'now') {
  const time = { now: 1_000_000 };
  let r = 0;
  const random = () => (r = (r * 9301 + 49297) % 233280) / 233280;
  const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
  const host = new MemoryRoomHost({ now: () => time.now, random, randomBytes, games, flush });
  host.create({ code: 'abcdefghjkmn', game, options, clock, pace: 'quick' });
  /** Advance time, running every alarm that falls due on the way. */
  const advance = (ms: number) => {
    const end = time.now + ms;
    while (host.armed !== null && host.armed <= end) {
      time.now = Math.max(time.now, host.armed);
      host.runDue();
    }
    time.now = end;
  };
  return { host, time, advance };
}

/** A client of the room as a browser would be: it applies updates to its view and checks they chain. */
class Client {
  seat: number | null = null;
  token: string | undefined;
  version = 0;
  view: unknown = null;
  room: RoomInfo | null = null;
  read = 0;
  constructor(readonly host: MemoryRoomHost, readonly id = host.open()) {}
  static hello(host: MemoryRoomHost, token?: string, ping = false): Client {
    const c = new Client(host);
    c.send({ t: 'hello', token, ping });
    return c;
  }
  send(msg: unknown) {
    this.host.send(this.id, msg);
    return this.pull();
  }
  /** Messages received since the last pull, applied to this client's state. */
  pull(): ServerMessage[] {
    const frames = this.host.inbox.get(this.id)!.slice(this.read);
    this.read += frames.length;
    const msgs = frames.map((f) => JSON.parse(f) as ServerMessage);
    for (const m of msgs) {
      if (m.t === 'welcome') {
        this.seat = m.seat;
        if (m.token) this.token = m.token;
      } else if (m.t === 'full') {
        this.version = m.version;
        this.view = m.view;
        this.room = m.room;
      } else if (m.t === 'update') {
        expect(updateBase(m), 'an update builds on the version this client has').toBeLessThanOrEqual(this.version);
        if (m.view !== undefined) this.view = m.view;
        else if (m.patch) this.view = applyPatch(this.view, m.patch);
        this.version = m.version;
      } else if (m.t === 'room') this.room = m.room;
    }
    return msgs;
  }
  all(): ServerMessage[] {
    return this.host.inbox.get(this.id)!.map((f) => JSON.parse(f) as ServerMessage);
  }
  errors(): string[] {
    return this.all().flatMap((m) => (m.t === 'error' ? [m.code] : []));
  }
  move(move: unknown) {
    return this.send({ t: 'move', version: this.version, move });
  }
}

function seated(w: ReturnType<typeof world>, n: number, bots = 0): Client[] {
  const clients: Client[] = [];
  for (let i = 0; i < n; i++) {
    const c = Client.hello(w.host);
    c.send({ t: 'join', name: `P${i}` });
    clients.push(c);
  }
  for (let i = 0; i < bots; i++) clients[0]!.send({ t: 'addBot' });
  return clients;
}

function started(w: ReturnType<typeof world>, n: number, bots = 0): Client[] {
  const clients = seated(w, n, bots);
  clients[0]!.send({ t: 'start' });
  for (const c of clients) c.pull();
  return clients;
}

const state = (w: ReturnType<typeof world>) => w.host.core.state as EightsState;

function simpleMove(view: EightsView) {
  const card = view.playable[0];
  if (card) return { type: 'play', card, color: card.startsWith('W') ? 'r' : undefined, lastCard: view.hand?.length === 2 };
  if (view.canDraw) return { type: 'draw' };
  return { type: 'keep' };
}

/** The client whose turn it is plays a simple move. */
function step(w: ReturnType<typeof world>, clients: Client[]) {
  const turn = state(w).turn!;
  const c = clients.find((x) => x.seat === turn)!;
  c.move(simpleMove(c.view as EightsView));
  for (const x of clients) x.pull();
  // People take a moment between moves (and stay within the message rate).
  w.advance(60);
}

describe('room core: seats and lobby', () => {
  it('joins, makes the first person host, gives a 43-character token and stores only its hash', () => {
    const w = world();
    const [a, b] = seated(w, 2);
    expect(a!.seat).toBe(0);
    expect(b!.seat).toBe(1);
    expect(a!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a!.room!.hostSeat).toBe(0);
    expect(w.host.store.record.room).not.toContain(a!.token);
    expect(w.host.store.record.room).toMatch(/"tokenHash":"[0-9a-f]{64}"/);
  });

  it('refuses joining twice, a taken seat and a full room; the refused only watch', () => {
    const w = world();
    const [a] = seated(w, 1);
    a!.send({ t: 'join', name: 'Again' });
    expect(a!.errors()).toContain('already_seated');
    const b = Client.hello(w.host);
    b.send({ t: 'join', name: 'B', seat: 0 });
    expect(b.errors()).toContain('seat_taken');
    for (let i = 0; i < 7; i++) a!.send({ t: 'addBot' });
    const c = Client.hello(w.host);
    c.send({ t: 'join', name: 'C' });
    expect(c.errors()).toContain('room_full');
    expect(c.seat).toBeNull();
  });

  it('names are cleaned: invisible, control and direction-override characters go; a name must show something', () => {
    const w = world();
    for (const bad of ['\u200b\u200b', '\u3164', '\u2800', '  ', '\u202e\u0000']) {
      const c = Client.hello(w.host);
      c.send({ t: 'join', name: bad });
      expect(c.errors()).toEqual(['bad_message']);
      w.host.close(c.id);
    }
    const a = Client.hello(w.host);
    a.send({ t: 'join', name: 'An\u202ea\nBo\u0000b' });
    expect(a.room!.seats[0]!.name).toBe('Ana Bob');
  });

  it('only the host may add bots, remove seats, change settings, start or play again', () => {
    const w = world();
    const [, guest] = seated(w, 2);
    for (const t of ['addBot', 'start', 'again']) guest!.send({ t });
    guest!.send({ t: 'settings', clock: 5 });
    guest!.send({ t: 'removeSeat', seat: 0 });
    expect(guest!.errors()).toEqual(['not_host', 'not_host', 'not_host', 'not_host', 'not_host']);
  });

  it('the host changes options (validated by the game), clock and pace in the lobby only', () => {
    const w = world();
    const [host] = seated(w, 2);
    host!.send({ t: 'settings', options: { stacking: 'no' } });
    expect(host!.errors()).toContain('bad_options');
    host!.send({ t: 'settings', options: { stacking: false }, clock: 30, pace: 'relaxed' });
    expect(host!.room).toMatchObject({ options: { stacking: false }, clock: 30, pace: 'relaxed' });
    host!.send({ t: 'start' });
    host!.send({ t: 'settings', clock: 5 });
    expect(host!.errors().at(-1)).toBe('game_started');
  });

  it('leaving in the lobby frees the seat and passes the host on; mid-game a bot keeps the seat for good', () => {
    const w = world();
    const [a, b] = seated(w, 2);
    a!.send({ t: 'leave' });
    b!.pull();
    expect(b!.room!.seats[0]).toBeNull();
    expect(b!.room!.hostSeat).toBe(1);
    const w2 = world();
    const [c, d] = started(w2, 2);
    d!.send({ t: 'leave' });
    c!.pull();
    expect(c!.room!.seats[1]).toMatchObject({ kind: 'bot', botPlaying: true });
    for (let i = 0; i < 20 && !w2.host.store.moves.some((m) => m.seat === 1); i++) {
      if ((w2.host.core.state as EightsState).turn === 0) step(w2, [c!]);
      else w2.advance(500);
    }
    expect(w2.host.store.moves.some((m) => m.seat === 1)).toBe(true);
  });

  it('start needs a player count the game allows', () => {
    const w = world();
    const [a] = seated(w, 1);
    a!.send({ t: 'start' });
    expect(a!.errors()).toContain('wrong_player_count');
  });
});

describe('room core: every message type and its refusals', () => {
  it('each client message type is handled, and each refusal is named', () => {
    const w = world();
    const [host, guest] = seated(w, 2);
    const watcher = Client.hello(w.host);
    const codes = (c: Client, msg: Record<string, unknown>) => {
      c.send(msg);
      return c.errors().at(-1);
    };
    expect(Client.hello(w.host).send({ t: 'sync' }).map((m) => m.t)).toEqual(['full']);
    expect(codes(new Client(w.host), { t: 'sync' })).toBe('hello_first');
    expect(codes(watcher, { t: 'leave' })).toBe('not_seated');
    expect(codes(watcher, { t: 'back' })).toBe('not_seated');
    expect(codes(host!, { t: 'removeSeat', seat: 5 })).toBe('seat_empty');
    expect(codes(host!, { t: 'removeSeat', seat: 0 })).toBe('cannot_remove_host');
    expect(codes(host!, { t: 'addBot', seat: 1 })).toBe('room_full');
    expect(codes(host!, { t: 'again' })).toBe('not_finished');
    expect(codes(guest!, { t: 'move', version: 0, move: { type: 'draw' } })).toBe('not_playing');
    host!.send({ t: 'removeSeat', seat: 1 });
    guest!.pull();
    expect(guest!.seat).toBeNull();
    guest!.send({ t: 'join', name: 'Back again' });
    expect(guest!.seat).toBe(1);
    host!.send({ t: 'start' });
    expect(codes(host!, { t: 'start' })).toBe('game_started');
    expect(codes(host!, { t: 'addBot' })).toBe('game_started');
    expect(codes(host!, { t: 'removeSeat', seat: 1 })).toBe('game_started');
    expect(codes(watcher, { t: 'join', name: 'Late' })).toBe('game_started');
    // "I'm back" from a seat no bot is playing changes nothing and needs no answer.
    const before = JSON.stringify(w.host.core.room);
    expect(host!.send({ t: 'back' })).toEqual([]);
    expect(JSON.stringify(w.host.core.room)).toBe(before);
  });
});

describe('room core: teams', () => {
  it('a 6-seat lobby with 4 people in non-adjacent seats deals the teams the lobby showed', () => {
    const w = world('team-eights');
    const host = Client.hello(w.host);
    host.send({ t: 'join', name: 'A1', seat: 0 });
    expect(host.room!.teams).toEqual([0, 1, 0, 1, 0, 1]);
    const people = [host];
    for (const [name, seat] of [['B1', 3], ['A2', 4], ['B2', 5]] as const) {
      const c = Client.hello(w.host);
      c.send({ t: 'join', name, seat });
      people.push(c);
    }
    host.send({ t: 'start' });
    for (const c of people) c.pull();
    const room = host.room!;
    expect(room.teams).toEqual([0, 1, 0, 1]);
    for (const c of people) {
      const shownTeam = c.room!.seats[c.seat!]!.name.startsWith('A') ? 0 : 1;
      expect(room.teams![c.seat!]).toBe(shownTeam);
    }
    expect(room.totals).toEqual([0, 0]);
  });

  it('refuses to start unbalanced teams with a reason', () => {
    const w = world('team-eights');
    const people: Client[] = [];
    for (const seat of [0, 2, 4, 1]) {
      const c = Client.hello(w.host);
      c.send({ t: 'join', name: `S${seat}`, seat });
      people.push(c);
    }
    people[0]!.send({ t: 'start' });
    const err = people[0]!.all().find((m) => m.t === 'error');
    expect(err).toMatchObject({ code: 'teams_unbalanced' });
    expect(err && 'message' in err && err.message).toMatch(/team A has 3, team B has 1/);
  });
});

describe('room core: moves, versions and the wire', () => {
  it('every client view rebuilt from updates equals the game view, over a whole game', () => {
    const w = world();
    const clients = started(w, 3);
    const watcher = Client.hello(w.host);
    for (let i = 0; i < 2000 && w.host.core.room!.status === 'playing'; i++) {
      step(w, clients);
      watcher.pull();
      for (const c of [...clients, watcher]) expect(c.view).toEqual(eights.view(state(w), c.seat));
    }
    expect(w.host.core.room!.status).toBe('finished');
  });

  it("the other seats' updates owed (as the Durable Object runs it): the mover's goes alone, the rest next turn or ahead of the next input, written as sent, and every view still matches", () => {
    const w = world('eights', null, {}, 'manual');
    const clients = started(w, 3);
    const watcher = Client.hello(w.host);
    let owed = 0;
    for (let i = 0; i < 2000 && w.host.core.room!.status === 'playing'; i++) {
      const mover = clients.find((x) => x.seat === state(w).turn)!;
      const others = [...clients.filter((x) => x !== mover), watcher];
      const out = w.host.send(mover.id, { t: 'move', version: mover.version, move: simpleMove(mover.view as EightsView) });
      const version = w.host.core.live.version;
      expect(mover.pull().some((m) => m.t === 'update' && m.version === version)).toBe(true);
      if (out.later) {
        owed++;
        for (const o of others) expect(o.pull().filter((m) => m.t === 'update')).toEqual([]);
        const row = out.writes.find((wr) => wr.t === 'move');
        const sent = JSON.parse(row && row.t === 'move' ? row.live! : '{}').sent as Record<string, number>;
        for (const o of others) expect(sent[o.seat === null ? 's' : String(o.seat)]).toBe(version);
        if (i % 2 === 0) w.host.flushOwed();
        else {
          // Any input pays what is owed before its own frames.
          watcher.send({ t: 'history' });
          expect(watcher.all().slice(-2).map((m) => m.t)).toEqual(['update', 'history']);
        }
      }
      for (const c of [...clients, watcher]) {
        c.pull();
        expect(c.version).toBe(version);
        expect(c.view).toEqual(eights.view(state(w), c.seat));
      }
      w.advance(60);
    }
    expect(w.host.core.room!.status).toBe('finished');
    expect(owed).toBeGreaterThan(20);
  });

  it('refuses a stale move with a fresh view, and a double send applies once', () => {
    const w = world();
    const [a] = started(w, 2);
    const v = a!.version;
    a!.send({ t: 'move', version: v, move: { type: 'draw' } });
    const before = w.host.core.live.version;
    const replies = a!.send({ t: 'move', version: v, move: { type: 'draw' } });
    expect(replies.map((m) => m.t)).toEqual(['error', 'full']);
    expect(w.host.core.live.version).toBe(before);
    a!.send({ t: 'move', version: 999, move: { type: 'draw' } });
    expect(a!.errors().at(-1)).toBe('stale_move');
  });

  it('refuses out-of-turn moves, malformed moves and spectators, changing nothing', () => {
    const w = world();
    const [a, b] = started(w, 2);
    const before = JSON.stringify(w.host.core.state);
    const mover = state(w).turn === 0 ? a! : b!;
    const other = mover === a ? b! : a!;
    other.move({ type: 'draw' });
    expect(other.errors().at(-1)).toBe('not_your_turn');
    mover.move({ type: 'fly' });
    expect(mover.errors().at(-1)).toBe('bad_move');
    const watcher = Client.hello(w.host);
    watcher.move({ type: 'draw' });
    expect(watcher.errors()).toEqual(['not_seated']);
    expect(JSON.stringify(w.host.core.state)).toBe(before);
  });

  it('an update sends only what changed: no whole view, and nothing to a view key with no change and no events', () => {
    const w = world();
    const clients = started(w, 4);
    const spectators = [Client.hello(w.host), Client.hello(w.host)];
    const turn = state(w).turn!;
    const mover = clients.find((c) => c.seat === turn)!;
    const moverGot = mover.move(simpleMove(mover.view as EightsView));
    for (const c of [...clients, ...spectators]) {
      const update = (c === mover ? moverGot : c.pull()).find((m) => m.t === 'update');
      expect(update && update.t === 'update' && update.view).toBeUndefined();
      expect(update && update.t === 'update' && update.patch?.length).toBeGreaterThan(0);
    }
  });

  it("the mover's own update is the first frame out, whichever seat moves: their round trip waits for it alone", () => {
    const w = world('eights', null, {}, 'manual');
    const clients = started(w, 4);
    Client.hello(w.host);
    for (let i = 0; i < 8 && state(w).winner === null; i++) {
      for (const c of clients) c.pull();
      const mover = clients.find((c) => c.seat === state(w).turn)!;
      const out = w.host.send(mover.id, { t: 'move', version: mover.version, move: simpleMove(mover.view as EightsView) });
      // The move's own frames, then the other seats' owed ones, in the order the host sends them.
      const updates = [...out.frames, ...w.host.flushOwed().frames].filter(([, text]) => text.startsWith('{"t":"update"'));
      expect(updates.length, 'every seat and the spectator get an update').toBe(5);
      expect(updates[0]![0], `seat ${mover.seat} moved`).toBe(mover.id);
    }
  });

  it('exactly one storage transaction per accepted input, with the move and the small live row only', () => {
    const w = world();
    const clients = started(w, 2);
    const before = w.host.transactions;
    step(w, clients);
    expect(w.host.transactions).toBe(before + 1);
    const last = w.host.store.moves.at(-1)!;
    expect(last.version).toBe(w.host.core.live.version);
    // Refused input writes nothing.
    const t = w.host.transactions;
    clients[0]!.send({ t: 'move', version: 0, move: { type: 'fly' } });
    clients[0]!.send('{bad json');
    expect(w.host.transactions).toBe(t);
  });

  it('snapshots the state at the start and every few moves; a reload from snapshot + tail equals the live room', () => {
    const w = world('eights', null, { scoring: 'match', target: 2000 });
    const clients = started(w, 3);
    for (let i = 0; i < SNAPSHOT_EVERY + 7 && w.host.core.room!.status === 'playing'; i++) step(w, clients);
    const live = structuredClone(w.host.core.state);
    const snap = JSON.parse(w.host.store.record.snapshot!) as { version: number };
    expect(snap.version % SNAPSHOT_EVERY).toBe(0);
    w.host.reload();
    expect(w.host.core.state).toEqual(live);
    expect(w.host.core.live.version).toBe(w.host.store.moves.at(-1)!.version);
  });

  it('the live record (version, clock, bot timing) rides on the last move row and survives a reload at a snapshot boundary', () => {
    const w = world('eights', 30, { scoring: 'match', target: 2000 });
    const clients = started(w, 2);
    while (w.host.core.live.version < SNAPSHOT_EVERY) step(w, clients);
    while (w.host.core.live.version % SNAPSHOT_EVERY !== 0) step(w, clients);
    const live = structuredClone(w.host.core.live);
    expect(JSON.parse(w.host.store.record.live!).version).toBeLessThan(live.version);
    w.host.reload();
    expect(w.host.core.live).toEqual(live);
  });

  it('history is fetched on demand: the recent events with times, and the chat', () => {
    const w = world();
    const clients = started(w, 2);
    step(w, clients);
    clients[0]!.send({ t: 'chat', text: 'hi' });
    const [history] = clients[1]!.send({ t: 'history' }).filter((m) => m.t === 'history');
    expect(history && history.t === 'history' && history.chat.map((c) => c.text)).toEqual(['hi']);
    expect(history && history.t === 'history' && history.log.length).toBeGreaterThan(0);
    expect(history && history.t === 'history' && history.log.every((e) => typeof e.at === 'number')).toBe(true);
  });

  it('play again keeps the room, seats and running totals', () => {
    const w = world();
    const clients = started(w, 2);
    for (let i = 0; i < 3000 && w.host.core.room!.status === 'playing'; i++) step(w, clients);
    const room = w.host.core.room!;
    expect(room.status).toBe('finished');
    expect(room.totals.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const totals = [...room.totals];
    clients[0]!.send({ t: 'again' });
    expect(w.host.core.room).toMatchObject({ status: 'playing', gameNo: 2, totals });
    expect(w.host.core.live.version).toBe(0);
  });
});

describe('room core: clock, bots, timeouts', () => {
  it('bots move at their pace through the alarm, never at once', () => {
    const w = world();
    started(w, 1, 1);
    // Seat 0 is a person; play until it is the bot's turn.
    const person = state(w).turn === 0;
    if (person) expect(w.host.core.live.botDue).toBeNull();
    else {
      const v = w.host.core.live.version;
      w.advance(100);
      expect(w.host.core.live.version).toBe(v);
      w.advance(400);
      expect(w.host.core.live.version).toBeGreaterThan(v);
    }
  });

  it('a turn that runs out applies the timeout move; two in a row mark the player away until they are back', () => {
    const w = world('eights', 5);
    const [a, b] = started(w, 2);
    expect(w.host.core.live.turn).toMatchObject({ seconds: 5 });
    let guard = 0;
    while (!w.host.core.room!.seats.some((s) => s?.botPlaying) && guard++ < 10) w.advance(5000);
    const away = w.host.core.room!.seats.findIndex((s) => s?.botPlaying);
    expect(w.host.core.room!.seats[away]!.timeouts).toBe(AWAY_AFTER_TIMEOUTS);
    const awayClient = [a!, b!].find((c) => c.seat === away)!;
    awayClient.send({ t: 'back' });
    expect(w.host.core.room!.seats[away]!.botPlaying).toBe(false);
  });

  it('a disconnected seat is played by a bot after 15 s and handed back when the person returns', () => {
    const w = world();
    const [a, b] = started(w, 2);
    w.host.close(b!.id);
    w.advance(TAKEOVER_MS - 10);
    expect(w.host.core.room!.seats[1]!.botPlaying).toBe(false);
    w.advance(20);
    expect(w.host.core.room!.seats[1]!.botPlaying).toBe(true);
    w.advance(3000);
    a!.pull();
    const back = Client.hello(w.host, b!.token);
    expect(back.seat).toBe(1);
    expect(w.host.core.room!.seats[1]!.botPlaying).toBe(false);
    expect((back.view as EightsView).hand).toEqual(state(w).hands[1]);
  });
});

describe('room core: presence', () => {
  it('a socket that promised heartbeats and falls silent for 15 s is closed and its seat shown disconnected; a bot follows 15 s later', () => {
    const w = world();
    const [a] = started(w, 1, 1);
    const silent = Client.hello(w.host, a!.token, true);
    w.host.close(a!.id);
    w.host.heartbeats.set(silent.id, w.time.now);
    w.advance(SILENCE_MS / 2);
    expect(w.host.core.info()!.seats[0]!.connected).toBe(true);
    // Heartbeats keep it alive...
    w.host.heartbeats.set(silent.id, w.time.now);
    w.advance(SILENCE_MS - 100);
    expect(w.host.closed.has(silent.id)).toBe(false);
    // ...until they stop.
    w.advance(200);
    expect(w.host.closed.get(silent.id)?.[0]).toBe(1001);
    expect(w.host.core.info()!.seats[0]).toMatchObject({ connected: false, botPlaying: false });
    w.advance(TAKEOVER_MS + 1);
    expect(w.host.core.info()!.seats[0]).toMatchObject({ botPlaying: true });
  });

  it('presence changes are coalesced: a storm of spectators costs a few room messages a second', () => {
    const w = world();
    const [a] = seated(w, 1);
    a!.pull();
    for (let i = 0; i < 20; i++) {
      const s = Client.hello(w.host);
      w.host.close(s.id);
      w.advance(20);
    }
    w.advance(ROOM_FLUSH_MS);
    const rooms = a!.pull().filter((m) => m.t === 'room');
    expect(rooms.length).toBeLessThanOrEqual(Math.ceil((20 * 20 + ROOM_FLUSH_MS) / ROOM_FLUSH_MS) + 1);
    expect(rooms.length).toBeGreaterThan(0);
    expect(a!.room!.spectators).toBe(0);
  });

  it('one hello per socket: a second one (any token) changes nothing', () => {
    const w = world();
    const [a, b] = started(w, 2);
    const before = JSON.stringify(w.host.core.room);
    a!.send({ t: 'hello', token: 'A'.repeat(43) });
    a!.send({ t: 'hello', token: b!.token });
    expect(a!.errors()).toEqual(['already_said_hello', 'already_said_hello']);
    expect(a!.seat).toBe(0);
    expect(JSON.stringify(w.host.core.room)).toBe(before);
  });

  it('a forged token watches and changes no seat, timer or state', () => {
    const w = world('eights', 10);
    started(w, 2);
    const snapshot = () => JSON.stringify([w.host.core.room, { ...w.host.core.live, sent: null }, w.host.core.state]);
    const before = snapshot();
    const forged = Client.hello(w.host, 'A'.repeat(43));
    expect(forged.errors()).toEqual(['bad_token']);
    expect(forged.seat).toBeNull();
    expect((forged.view as EightsView).hand).toBeNull();
    expect(snapshot()).toBe(before);
  });
});

describe('room core: abuse costs the abuser', () => {
  it('every frame counts against the rate; repeated refusals warn, then close with a policy code', () => {
    const w = world();
    const [a, b] = started(w, 2);
    for (let i = 0; i < 30; i++) a!.send({ t: 'sync' });
    expect(a!.errors()).toContain('rate_limited');
    // Ten refusals cost at most six short replies: four errors, the warning, the closing notice.
    expect(a!.errors().length).toBeLessThanOrEqual(6);
    expect(w.host.closed.get(a!.id)?.[0]).toBe(1008);
    expect(a!.errors()).toContain('last_warning');
    // Others are untouched.
    b!.send({ t: 'sync' });
    expect(b!.errors()).toEqual([]);
  });

  it('oversized, binary, non-JSON and unknown frames are refused by name and count as strikes', () => {
    const w = world();
    const [a] = started(w, 2);
    const c = Client.hello(w.host);
    w.host.sendRaw(c.id, 'x'.repeat(17 * 1024));
    w.host.sendRaw(c.id, new Uint8Array([1, 2]).buffer);
    c.send('{nope');
    c.send({ t: 'teleport' });
    expect(c.errors()).toEqual(['too_large', 'bad_message', 'bad_json', 'unknown_type']);
    for (let i = 0; i < STRIKE_LIMIT; i++) c.send('{nope');
    expect(w.host.closed.get(c.id)?.[0]).toBe(1008);
    expect(STRIKE_WARN).toBeLessThan(STRIKE_LIMIT);
    a!.send({ t: 'sync' });
    expect(a!.errors()).toEqual([]);
  });

  it('caps sockets per room with a clear error beyond', () => {
    const w = world();
    seated(w, 1);
    const seats = w.host.core.room!.seats.length;
    const ids: string[] = [];
    for (let i = 0; i < seats * 2 + EXTRA_SOCKETS + 3; i++) ids.push(w.host.open());
    const refused = ids.filter((id) => w.host.closed.get(id)?.[0] === 1013);
    expect(refused.length).toBe(4);
    expect(JSON.parse(w.host.inbox.get(refused[0]!)![0]!)).toMatchObject({ t: 'error', code: 'room_crowded' });
  });

  it('chat is plain text, cleaned, at most 200 characters and 5 every 10 s', () => {
    const w = world();
    const [a, b] = seated(w, 2);
    a!.send({ t: 'chat', text: '<b>hi</b>\u202e' });
    expect(b!.pull().find((m) => m.t === 'chat')).toMatchObject({ entry: { text: '<b>hi</b>', name: 'P0' } });
    a!.send({ t: 'chat', text: 'y'.repeat(201) });
    expect(a!.errors().at(-1)).toBe('bad_message');
    for (let i = 0; i < 6; i++) a!.send({ t: 'chat', text: `m${i}` });
    expect(a!.errors().at(-1)).toBe('chat_rate_limited');
  });
});

describe('room core: expiry', () => {
  it('an abandoned room deletes itself at its idle expiry; one with someone connected stays', () => {
    const w = world();
    const [a] = seated(w, 1);
    w.advance(IDLE_EXPIRY_MS + 1);
    expect(w.host.core.room).not.toBeNull();
    w.host.close(a!.id);
    w.advance(IDLE_EXPIRY_MS + 1);
    expect(w.host.core.room).toBeNull();
    expect(w.host.store.record).toEqual({});
  });
});
