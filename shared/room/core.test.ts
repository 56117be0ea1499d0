import { describe, expect, it } from 'vitest';
import type { EightsState, EightsView } from '../games/eights/types';
import { step, teamEights } from '../games/eights/room-play';
import { Client, seated, started, stateOf, withVariant, world } from './testkit';
import { AWAY_AFTER_TIMEOUTS, EXTRA_SOCKETS, IDLE_EXPIRY_MS, ROOM_FLUSH_MS, SILENCE_MS, STRIKE_LIMIT, STRIKE_WARN, TAKEOVER_MS } from './types';

const state = (w: ReturnType<typeof world>) => stateOf<EightsState>(w);

describe('room core: seats and lobby', () => {
  it('joins, makes the first person host, gives a 43-character token and stores only its hash', () => {
    const w = world('eights');
    const [a, b] = seated(w, 2);
    expect(a!.seat).toBe(0);
    expect(b!.seat).toBe(1);
    expect(a!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a!.room!.hostSeat).toBe(0);
    expect(w.host.store.record.room).not.toContain(a!.token);
    expect(w.host.store.record.room).toMatch(/"tokenHash":"[0-9a-f]{64}"/);
  });

  it('refuses joining twice, a taken seat and a full room; the refused only watch', () => {
    const w = world('eights');
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
    const w = world('eights');
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
    const w = world('eights');
    const [, guest] = seated(w, 2);
    for (const t of ['addBot', 'start', 'again']) guest!.send({ t });
    guest!.send({ t: 'settings', clock: 5 });
    guest!.send({ t: 'removeSeat', seat: 0 });
    expect(guest!.errors()).toEqual(['not_host', 'not_host', 'not_host', 'not_host', 'not_host']);
  });

  it('the host changes options (validated by the game), clock and pace in the lobby only', () => {
    const w = world('eights');
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
    const w = world('eights');
    const [a, b] = seated(w, 2);
    a!.send({ t: 'leave' });
    b!.pull();
    expect(b!.room!.seats[0]).toBeNull();
    expect(b!.room!.hostSeat).toBe(1);
    const w2 = world('eights');
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

  it("the room's creator hosts it: nobody takes the host first while they are in the room, and they take it back when they sit", () => {
    const w = world('eights', null, {}, 'now', { creator: 'maker' });
    const maker = new Client(w.host, w.host.open('maker'));
    maker.send({ t: 'hello' });
    const friend = Client.hello(w.host);
    friend.send({ t: 'join', name: 'Ben' });
    expect(friend.room!.hostSeat).toBeNull();
    maker.send({ t: 'join', name: 'Maker' });
    expect(maker.room!.hostSeat).toBe(maker.seat);
    // The creator away: a friend in a hostless room hosts it, until the creator sits again.
    const w2 = world('eights', null, {}, 'now', { creator: 'maker' });
    const [ben] = seated(w2, 1);
    expect(ben!.room!.hostSeat).toBe(0);
    const back = new Client(w2.host, w2.host.open('maker'));
    back.send({ t: 'hello' });
    back.send({ t: 'join', name: 'Maker' });
    ben!.pull();
    expect(ben!.room!.hostSeat).toBe(back.seat);
    expect(ben!.errors()).toEqual([]);
    ben!.send({ t: 'start' });
    expect(ben!.errors()).toContain('not_host');
  });

  it('start needs a player count the game allows', () => {
    const w = world('eights');
    const [a] = seated(w, 1);
    a!.send({ t: 'start' });
    expect(a!.errors()).toContain('wrong_player_count');
  });
});

describe('room core: every message type and its refusals', () => {
  it('each client message type is handled, and each refusal is named', () => {
    const w = world('eights');
    const [host, guest] = seated(w, 2);
    const watcher = Client.hello(w.host);
    const codes = (c: Client, msg: Record<string, unknown>) => {
      c.send(msg);
      return c.errors().at(-1);
    };
    expect(
      Client.hello(w.host)
        .send({ t: 'sync' })
        .map((m) => m.t),
    ).toEqual(['full']);
    expect(codes(new Client(w.host), { t: 'sync' })).toBe('hello_first');
    expect(codes(watcher, { t: 'leave' })).toBe('not_seated');
    expect(codes(watcher, { t: 'back' })).toBe('not_seated');
    expect(codes(host!, { t: 'removeSeat', seat: 5 })).toBe('seat_empty');
    expect(codes(host!, { t: 'removeSeat', seat: 0 })).toBe('cannot_remove_host');
    expect(codes(host!, { t: 'addBot', seat: 1 })).toBe('seat_taken');
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
    const w = world(withVariant(teamEights));
    const host = Client.hello(w.host);
    host.send({ t: 'join', name: 'A1', seat: 0 });
    expect(host.room!.teams).toEqual([0, 1, 0, 1, 0, 1]);
    const people = [host];
    for (const [name, seat] of [
      ['B1', 3],
      ['A2', 4],
      ['B2', 5],
    ] as const) {
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
    const w = world(withVariant(teamEights));
    const people: Client[] = [];
    for (const seat of [0, 2, 4, 1]) {
      const c = Client.hello(w.host);
      c.send({ t: 'join', name: `S${seat}`, seat });
      people.push(c);
    }
    people[0]!.send({ t: 'start' });
    const err = people[0]!.all().find((m) => m.t === 'error');
    // Four players make teams of 2: team A has 3, team B has 1 (data the browser words).
    expect(err).toEqual({ t: 'error', code: 'teams_unbalanced', players: 4, each: 2, teams: [3, 1] });
  });
});

describe('room core: clock, bots, timeouts', () => {
  it('bots move at their pace through the alarm, never at once', () => {
    const w = world('eights');
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

  it('the only person at a table of bots is never marked away: their clock plays timeout moves, their seat stays theirs', () => {
    const w = world('eights', 5);
    const [me] = started(w, 1, 2);
    const version = w.host.core.live.version;
    w.advance(60_000);
    const seat = w.host.core.room!.seats[me!.seat!]!;
    expect(seat.timeouts).toBeGreaterThan(AWAY_AFTER_TIMEOUTS);
    expect(seat.botPlaying).toBe(false);
    expect(w.host.core.live.version).toBeGreaterThan(version);
    expect(me!.pull().filter((m) => m.t === 'room' && m.room.seats[me!.seat!]!.botPlaying)).toEqual([]);
  });

  it("without a clock the only person's turn simply waits: an idle minute moves nothing", () => {
    const w = world('eights', null);
    const [me] = started(w, 1, 2);
    // The bots play up to the person's turn, then everything waits.
    let guard = 0;
    while (state(w).turn !== me!.seat && guard++ < 20) w.advance(1000);
    const version = w.host.core.live.version;
    w.advance(60_000);
    expect(w.host.core.live).toMatchObject({ version, turn: null, botDue: null });
    expect(state(w).turn).toBe(me!.seat);
    expect(w.host.core.room!.seats[me!.seat!]).toMatchObject({ botPlaying: false, timeouts: 0 });
  });

  it('a disconnected seat is played by a bot after 15 s and handed back when the person returns', () => {
    const w = world('eights');
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
    const w = world('eights');
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
    const w = world('eights');
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
    const w = world('eights');
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
    const w = world('eights');
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
    const w = world('eights');
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
    const w = world('eights');
    seated(w, 1);
    const seats = w.host.core.room!.seats.length;
    const ids: string[] = [];
    for (let i = 0; i < seats * 2 + EXTRA_SOCKETS + 3; i++) ids.push(w.host.open());
    const refused = ids.filter((id) => w.host.closed.get(id)?.[0] === 1013);
    expect(refused.length).toBe(4);
    expect(JSON.parse(w.host.inbox.get(refused[0]!)![0]!)).toMatchObject({ t: 'error', code: 'room_crowded' });
  });

  it('chat is plain text, cleaned, at most 200 characters and 5 every 10 s', () => {
    const w = world('eights');
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
    const w = world('eights');
    const [a] = seated(w, 1);
    w.advance(IDLE_EXPIRY_MS + 1);
    expect(w.host.core.room).not.toBeNull();
    w.host.close(a!.id);
    w.advance(IDLE_EXPIRY_MS + 1);
    expect(w.host.core.room).toBeNull();
    expect(w.host.store.record).toEqual({});
  });
});
