import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../engine/types';
import { gameById } from '../games/registry';
import { MemoryRoomHost } from './memory-host';
import { simpleMove } from '../games/eights/room-play';
import { advancer, Client } from './testkit';
import type { RoomCore } from './core';
import { hashToken } from './tokens';
import { RANKED_START_MS } from './ranked';
import { TAKEOVER_MS } from './types';

/** Eights where a test decides who is behind (the room never names a game; games define it in their folders). */
const behindSeats = new Set<number>();
const eights = gameById('eights')!;
const testGame: AnyGame = { ...eights, id: 'ranked-eights', behind: (_state: unknown, seat: number) => behindSeats.has(seat) };
const games = (id: string) => (id === testGame.id ? testGame : gameById(id));

/** What the room owes the database now, from its owed effects. */
function rankedOwed(core: RoomCore) {
  const owed = core.owed();
  return {
    result: owed.flatMap((e) => (e.t === 'result' ? [e.result] : []))[0] ?? null,
    escapes: owed.flatMap((e) => (e.t === 'escapes' ? e.escapes : [])),
  };
}

const PLAYERS = ['p-ana', 'p-bo', 'p-cy', 'p-di'];
const ticketOf = (seat: number) => String.fromCharCode(65 + seat).repeat(43);

function rankedWorld() {
  behindSeats.clear();
  const time = { now: 5_000_000 };
  let x = 7;
  const random = () => (x = (x * 9301 + 49297) % 233280) / 233280;
  const host = new MemoryRoomHost({ now: () => time.now, random, randomBytes: (n) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256)), games });
  host.create({
    code: 'rankedroomxy',
    game: testGame.id,
    options: {},
    clock: 10,
    pace: 'relaxed',
    ranked: { tier: 'rapid', players: PLAYERS, tickets: PLAYERS.map((_, i) => hashToken(ticketOf(i))) },
  });
  const advance = advancer(host, time);
  /** A socket the Worker vouched for as `player`, that said hello. */
  const socket = (player: string | undefined) => {
    const c = new Client(host, host.open(player));
    c.send({ t: 'hello' });
    return c;
  };
  return { host, time, advance, socket };
}

describe('ranked rooms: tickets', () => {
  it('a ticket seats its own player at its seat, once; used, forged and other players’ tickets change nothing', () => {
    const w = rankedWorld();
    const bo = w.socket('p-bo');
    bo.send({ t: 'join', name: 'Bo', ticket: ticketOf(1) });
    expect(bo.seat).toBe(1);
    expect(bo.room!.ranked).toEqual({ tier: 'rapid' });
    expect(bo.room!.hostSeat).toBeNull();
    const before = JSON.stringify(w.host.core.room);

    // The same ticket again (another tab of the same player), a forged one, and Ana's ticket in Cy's hands.
    const again = w.socket('p-bo');
    again.send({ t: 'join', name: 'Bo', ticket: ticketOf(1) });
    const forged = w.socket('p-cy');
    forged.send({ t: 'join', name: 'Cy', ticket: 'Z'.repeat(43) });
    const thief = w.socket('p-cy');
    thief.send({ t: 'join', name: 'Cy', ticket: ticketOf(0) });
    const anonymous = w.socket(undefined);
    anonymous.send({ t: 'join', name: 'Who', ticket: ticketOf(0) });
    const noTicket = w.socket('p-ana');
    noTicket.send({ t: 'join', name: 'Ana' });
    for (const c of [again, forged, thief, anonymous, noTicket]) {
      expect(c.errors()).toEqual(['bad_ticket']);
      expect(c.seat).toBeNull();
    }
    expect(thief.all().find((m) => m.t === 'error')).toEqual({ t: 'error', code: 'bad_ticket', why: 'other_player' });
    expect(JSON.stringify(w.host.core.room)).toBe(before);
    // Ana's own ticket still works after Cy tried it.
    const ana = w.socket('p-ana');
    ana.send({ t: 'join', name: 'Ana', ticket: ticketOf(0) });
    expect(ana.seat).toBe(0);
  });

  it('stores only the tickets’ hashes, and forgets a used one', () => {
    const w = rankedWorld();
    expect(w.host.store.record.room).not.toContain(ticketOf(0));
    w.socket('p-ana').send({ t: 'join', name: 'Ana', ticket: ticketOf(0) });
    expect(w.host.core.room!.ranked!.tickets).toEqual([null, ...PLAYERS.slice(1).map((_, i) => hashToken(ticketOf(i + 1)))]);
  });

  it('a friendly room refuses a ticket', () => {
    const time = { now: 1 };
    const host = new MemoryRoomHost({ now: () => time.now, randomBytes: (n) => new Uint8Array(n).fill(3), games });
    host.create({ code: 'friendlyroom', game: 'eights', options: {}, clock: null, pace: 'quick' });
    const c = new Client(host, host.open('p-ana'));
    c.send({ t: 'hello' });
    c.send({ t: 'join', name: 'Ana', ticket: ticketOf(0) });
    expect(c.errors()).toEqual(['bad_ticket']);
    expect(c.room!.ranked).toBeNull();
  });
});

describe('ranked rooms: start, controls, clock', () => {
  it('starts by itself when every seat has joined, on the tier’s clock, with the standard options and no bots', () => {
    const w = rankedWorld();
    const cs = PLAYERS.map((p, i) => {
      const c = w.socket(p);
      c.send({ t: 'join', name: p, ticket: ticketOf(i) });
      return c;
    });
    for (const c of cs) c.pull();
    const room = w.host.core.room!;
    expect(room.status).toBe('playing');
    expect(room.clock).toBe(10);
    expect(room.options).toEqual(eights.defaultOptions);
    expect(room.seats.every((s) => s!.kind === 'human' && !s!.botPlaying)).toBe(true);
    expect(w.host.core.live.turn?.seconds).toBe(10);
  });

  it('refuses every host control: bots, seats, settings, start and again', () => {
    const w = rankedWorld();
    const ana = w.socket('p-ana');
    ana.send({ t: 'join', name: 'Ana', ticket: ticketOf(0) });
    for (const t of ['addBot', 'start', 'again']) ana.send({ t });
    ana.send({ t: 'settings', clock: 30 });
    ana.send({ t: 'removeSeat', seat: 1 });
    expect(ana.errors()).toEqual(['ranked_room', 'ranked_room', 'ranked_room', 'ranked_room', 'ranked_room']);
    expect(w.host.core.room!.seats.filter((s) => s !== null)).toHaveLength(1);
    expect(w.host.core.room!.clock).toBe(10);
  });

  it('gives no hints, even to the only person left at a table of bots', () => {
    const w = rankedWorld();
    const ana = w.socket('p-ana');
    ana.send({ t: 'join', name: 'Ana', ticket: ticketOf(0) });
    w.advance(RANKED_START_MS + TAKEOVER_MS + 10);
    ana.pull();
    expect(w.host.core.room!.status).toBe('playing');
    ana.send({ t: 'hint', version: ana.version });
    expect(ana.all().filter((m) => m.t === 'hint')).toEqual([]);
    expect(ana.all().filter((m) => m.t === 'error')).toContainEqual({ t: 'error', code: 'no_hint', why: 'ranked' });
  });

  it('after 30 s starts with who came; the missing seat is taken over 15 s later and its player can still claim it', () => {
    const w = rankedWorld();
    const cs = PLAYERS.slice(0, 3).map((p, i) => {
      const c = w.socket(p);
      c.send({ t: 'join', name: p, ticket: ticketOf(i) });
      return c;
    });
    w.advance(RANKED_START_MS - 1);
    expect(w.host.core.room!.status).toBe('lobby');
    w.advance(1);
    expect(w.host.core.room!.status).toBe('playing');
    expect(w.host.core.room!.seats[3]).toMatchObject({ kind: 'human', botPlaying: false, disconnectedAt: w.time.now });
    w.advance(TAKEOVER_MS);
    expect(w.host.core.room!.seats[3]!.botPlaying).toBe(true);
    const di = w.socket('p-di');
    di.send({ t: 'join', name: 'Di', ticket: ticketOf(3) });
    expect(di.seat).toBe(3);
    expect(w.host.core.room!.seats[3]!.name).toBe('Di');
    for (const c of cs) c.pull();
  });
});

describe('ranked rooms: escapes and the result', () => {
  function playing() {
    const w = rankedWorld();
    const cs = PLAYERS.map((p, i) => {
      const c = w.socket(p);
      c.send({ t: 'join', name: p, ticket: ticketOf(i) });
      return c;
    });
    for (const c of cs) c.pull();
    return { ...w, cs };
  }

  it('leaving while behind is an escape (once per game); leaving while level is not', () => {
    const w = playing();
    behindSeats.add(2);
    w.cs[1]!.send({ t: 'leave' });
    expect(rankedOwed(w.host.core).escapes).toEqual([]);
    w.cs[2]!.send({ t: 'leave' });
    expect(rankedOwed(w.host.core).escapes).toEqual([{ player: 'p-cy', game: 1, at: w.time.now }]);
    w.host.reload();
    expect(rankedOwed(w.host.core).escapes).toHaveLength(1);
    w.host.carryOut(w.host.core.settled({ t: 'escapes', written: rankedOwed(w.host.core).escapes }, w.time.now));
    expect(rankedOwed(w.host.core).escapes).toEqual([]);
    w.host.reload();
    expect(rankedOwed(w.host.core).escapes).toEqual([]);
  });

  it('a seat taken over by a bot (disconnected 15 s) while behind is an escape', () => {
    const w = playing();
    behindSeats.add(0);
    w.host.close(w.cs[0]!.id);
    w.advance(TAKEOVER_MS);
    expect(w.host.core.room!.seats[0]!.botPlaying).toBe(true);
    expect(rankedOwed(w.host.core).escapes.map((e) => e.player)).toEqual(['p-ana']);
  });

  it('the end owes one result, kept across a reload until rated; then everyone (and a later socket) gets the changes', () => {
    const w = playing();
    w.cs[3]!.send({ t: 'leave' });
    for (let guard = 0; guard < 3000 && w.host.core.room!.status === 'playing'; guard++) {
      const turn = (w.host.core.state as { turn: number }).turn;
      const c = w.cs.find((x) => x.seat === turn);
      if (c) c.move(simpleMove(c.view as never));
      for (const x of w.cs) x.pull();
      w.advance(1500);
    }
    expect(w.host.core.room!.status).toBe('finished');
    const owed = rankedOwed(w.host.core).result!;
    expect(owed).toMatchObject({ room: 'rankedroomxy', gameNo: 1, game: testGame.id, tier: 'rapid', teams: null, outcome: w.host.core.room!.outcome });
    expect(owed.seats).toEqual(PLAYERS.map((player, i) => ({ player, botPlayedAtEnd: i === 3 })));
    // Rated by the game's own finishing order (Eights: cards left), not winners and a shared second place.
    expect(owed.places).toEqual(eights.ranking!(w.host.core.state));
    expect(new Set(owed.places).size).toBeGreaterThan(2);

    w.host.reload();
    expect(rankedOwed(w.host.core).result).toEqual(owed);
    const ana = w.socket('p-ana');
    const changes = PLAYERS.map((player, seat) => ({
      seat,
      player,
      rating: 1000,
      change: seat === 3 ? -30 : 5,
      games: 1,
      provisional: true,
      penalized: seat === 3,
    }));
    w.host.carryOut(w.host.core.settled({ t: 'result', frame: { t: 'rated', game: 1, changes } }, w.time.now));
    expect(ana.pull().filter((m) => m.t === 'rated')).toEqual([{ t: 'rated', game: 1, changes }]);
    expect(rankedOwed(w.host.core).result).toBeNull();
    w.host.reload();
    expect(rankedOwed(w.host.core).result).toBeNull();
    const late = w.socket(undefined);
    expect(late.all().filter((m) => m.t === 'rated')).toEqual([{ t: 'rated', game: 1, changes }]);
  });
});

describe('ranked rooms: spectators one turn behind', () => {
  it('a spectator sees the table as it was one turn ago, without the moves it cannot see yet; the end is shown at once', () => {
    const w = rankedWorld();
    const cs = PLAYERS.map((p, i) => {
      const c = w.socket(p);
      c.send({ t: 'join', name: p, ticket: ticketOf(i) });
      return c;
    });
    const watcher = w.socket(undefined);
    const states: unknown[] = [w.host.core.state];
    for (let k = 0; k < 6; k++) {
      const turn = (w.host.core.state as { turn: number }).turn;
      const c = cs.find((x) => x.seat === turn)!;
      c.pull();
      c.move(simpleMove(c.view as never));
      states.push(w.host.core.state);
      for (const x of cs) x.pull();
      watcher.pull();
      // Every move of Eights is a turn: the spectator's view is the one before the last move.
      expect(watcher.view).toEqual(testGame.view(states.at(-2), null));
      expect(watcher.view).not.toEqual(testGame.view(states.at(-1), null));
      w.advance(100);
    }
    const played = watcher
      .all()
      .flatMap((m) => (m.t === 'update' ? m.events : []))
      .filter((e) => e.type !== 'start');
    expect(played).toEqual([]);
    // The history a spectator asks for stops where its view does.
    watcher.send({ t: 'history' });
    const history = watcher
      .all()
      .filter((m) => m.t === 'history')
      .at(-1) as { log: unknown[] };
    const seated = cs[0]!;
    seated.send({ t: 'history' });
    const full = seated
      .all()
      .filter((m) => m.t === 'history')
      .at(-1) as { log: unknown[] };
    expect(history.log.length).toBeLessThan(full.log.length);

    // After a reload (moves replayed after the snapshot), a new spectator is still one turn behind.
    w.host.reload();
    const late = w.socket(undefined);
    expect(late.view).toEqual(testGame.view(states.at(-2), null));
  });
});
