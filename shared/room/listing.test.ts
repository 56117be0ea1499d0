import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareListed, listingOf, LOBBY_SHARDS, lobbyName, lobbyShard, mergeListed, sameListing, type ListedRoom } from '../lobby/listing';
import { inspect } from './core';
import { Client, seated, world } from './testkit';
import { rankedRecord } from './ranked';
import type { RoomRecord, SeatRecord } from './types';

const person = (name: string, disconnectedAt: number | null = null): SeatRecord => ({
  name,
  kind: 'human',
  tokenHash: 'h',
  disconnectedAt,
  botPlaying: false,
  timeouts: 0,
  wantsBack: false,
});
const bot = (name: string): SeatRecord => ({ name, kind: 'bot', tokenHash: null, disconnectedAt: null, botPlaying: true, timeouts: 0, wantsBack: false });

function room(over: Partial<RoomRecord> = {}): RoomRecord {
  return {
    code: 'abcdefghjkmn',
    game: 'eights',
    options: {},
    clock: 10,
    pace: 'relaxed',
    language: 'ar',
    public: true,
    status: 'lobby',
    seats: [person('Rana'), bot('Bot'), null, null],
    hostSeat: 0,
    gameNo: 0,
    totals: [],
    gamesPlayed: 0,
    outcome: null,
    finishedAt: null,
    ...over,
  };
}

describe('public tables: when a room is listed', () => {
  it('lists a public friendly lobby with free seats and its host here: host, seats, free, clock, language', () => {
    expect(listingOf(room())).toEqual({ code: 'abcdefghjkmn', game: 'eights', host: 'Rana', seats: 4, free: 2, clock: 10, language: 'ar' });
  });

  it('does not list a room that is not public, started, finished, full, empty or deserted', () => {
    expect(listingOf(room({ public: false }))).toBeNull();
    expect(listingOf(room({ public: undefined }))).toBeNull();
    expect(listingOf(room({ status: 'playing' }))).toBeNull();
    expect(listingOf(room({ status: 'finished' }))).toBeNull();
    expect(listingOf(room({ seats: [person('Rana'), bot('B'), bot('C'), person('D')] }))).toBeNull();
    expect(listingOf(room({ seats: [null, null, null, null], hostSeat: null }))).toBeNull();
    expect(listingOf(room({ seats: [bot('B'), null, null, null], hostSeat: null }))).toBeNull();
    // Everyone seated has gone: nobody to play with.
    expect(listingOf(room({ seats: [person('Rana', 5), null, null, null] }))).toBeNull();
  });

  it('older rooms without a language are listed as English; a room whose host left names the person still there', () => {
    expect(listingOf(room({ language: undefined }))?.language).toBe('en');
    expect(listingOf(room({ seats: [person('Rana', 5), person('Omar'), null, null] }))?.host).toBe('Rana');
    expect(listingOf(room({ seats: [null, person('Omar'), null, null], hostSeat: null }))?.host).toBe('Omar');
  });

  it('a change worth telling the Lobby is any change of what the entry says', () => {
    const a = listingOf(room())!;
    expect(sameListing(a, { ...a })).toBe(true);
    expect(sameListing(a, { ...a, free: 1 })).toBe(false);
    expect(sameListing(a, { ...a, host: 'Omar' })).toBe(false);
    expect(sameListing(a, null)).toBe(false);
    expect(sameListing(null, null)).toBe(true);
  });
});

describe('public tables: shards and order', () => {
  it('a code always maps to the same shard, within range, and random codes spread over every shard', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 12, maxLength: 12 }), (code) => {
        const s = lobbyShard(code);
        expect(s).toBe(lobbyShard(code));
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThan(LOBBY_SHARDS);
      }),
    );
    const counts = new Array<number>(LOBBY_SHARDS).fill(0);
    for (let i = 0; i < 4000; i++) counts[lobbyShard(`room${i.toString(36).padStart(8, '0')}`)]!++;
    for (const n of counts) expect(n).toBeGreaterThan(4000 / LOBBY_SHARDS / 2);
    expect(lobbyName('eights', 3)).toBe('eights:3');
  });

  const listed = fc.record({
    code: fc.string({ minLength: 1, maxLength: 12 }),
    game: fc.constant('eights'),
    host: fc.string(),
    seats: fc.integer({ min: 2, max: 8 }),
    free: fc.integer({ min: 1, max: 7 }),
    clock: fc.constantFrom(5, 10, 30, null),
    language: fc.constantFrom('en' as const, 'ar' as const),
    listedAt: fc.integer({ min: 0, max: 1e6 }),
  });

  it('merging shards gives most free seats first, then the newest, cut to the limit, nothing lost or invented', () => {
    fc.assert(
      fc.property(fc.array(fc.array(listed, { maxLength: 20 }), { maxLength: LOBBY_SHARDS }), fc.integer({ min: 1, max: 30 }), (shards, limit) => {
        const merged = mergeListed(shards, limit);
        const all = shards.flat();
        expect(merged.length).toBe(Math.min(limit, all.length));
        for (let i = 1; i < merged.length; i++) {
          const [a, b] = [merged[i - 1]!, merged[i]!];
          expect(a.free > b.free || (a.free === b.free && a.listedAt >= b.listedAt)).toBe(true);
        }
        for (const m of merged) expect(all).toContain(m);
        // Nothing left out ranks above the last one kept.
        const last = merged.at(-1);
        if (last) for (const x of all.filter((x) => !merged.includes(x))) expect(compareListed(x, last)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('ties between shards keep a stable order', () => {
    const a: ListedRoom = { code: 'a', game: 'eights', host: 'A', seats: 4, free: 2, clock: 10, language: 'en', listedAt: 5 };
    const b: ListedRoom = { ...a, code: 'b' };
    expect(mergeListed([[b], [a]]).map((x) => x.code)).toEqual(['a', 'b']);
  });
});

describe('room core: the public setting', () => {
  it('the host makes a friendly room public and private again; room info shows it', () => {
    const w = world('eights');
    const [host, guest] = seated(w, 2);
    expect(host!.room!.public).toBe(false);
    host!.send({ t: 'settings', public: true });
    guest!.pull();
    expect(guest!.room!.public).toBe(true);
    expect(inspect(w.host.core).room!.public).toBe(true);
    expect(listingOf(inspect(w.host.core).room!)).toMatchObject({ host: 'P0', free: 6, seats: 8 });
    host!.send({ t: 'settings', public: false });
    expect(host!.room!.public).toBe(false);
  });

  it('the core asks its host to tell the Lobby only when the entry changes: listed, updated, then removed at the start', () => {
    const w = world('eights');
    const [host, guest] = seated(w, 2);
    const listings = () => w.host.effects.flatMap((e) => (e.t === 'listing' ? [e.entry && { free: e.entry.free, host: e.entry.host }] : []));
    expect(listings()).toEqual([]);
    host!.send({ t: 'settings', public: true });
    expect(listings()).toEqual([{ free: 6, host: 'P0' }]);
    guest!.send({ t: 'chat', text: 'hi' });
    expect(listings()).toHaveLength(1);
    host!.send({ t: 'addBot' });
    expect(listings()).toEqual([
      { free: 6, host: 'P0' },
      { free: 5, host: 'P0' },
    ]);
    host!.send({ t: 'start' });
    expect(listings().at(-1)).toBeNull();
    expect(w.host.effects.at(-1)).toMatchObject({ t: 'listing', code: 'abcdefghjkmn', game: 'eights', entry: null });
  });

  it('a guest cannot make the room public, and nothing changes', () => {
    const w = world('eights');
    const [, guest] = seated(w, 2);
    guest!.send({ t: 'settings', public: true });
    expect(guest!.errors()).toEqual(['not_host']);
    expect(inspect(w.host.core).room!.public).toBe(false);
  });

  it('a ranked room is refused the public setting with a clear error, and nothing changes', () => {
    const w = world('eights');
    const [host] = seated(w, 1);
    // A ranked room is made by matchmaking; here its record is marked as one.
    Object.assign(inspect(w.host.core).room as RoomRecord, {
      mode: 'ranked',
      ranked: rankedRecord({ tier: 'rapid', players: ['p1', 'p2'], tickets: ['a', 'b'] }, 0),
    });
    host!.send({ t: 'settings', public: true, clock: 5 });
    expect(host!.errors()).toEqual(['ranked_room']);
    expect(inspect(w.host.core).room).toMatchObject({ public: false, clock: null });
  });

  it('a room records its host language at creation (English by default)', () => {
    expect(inspect(world('eights').host.core).room!.language).toBe('en');
    const c = Client.hello(world('eights').host);
    expect(c.room!.public).toBe(false);
  });
});
