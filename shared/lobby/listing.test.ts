import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareListed, listingOf, LOBBY_SHARDS, lobbyName, lobbyShard, mergeListed, sameListing, type Listable, type ListedRoom } from './listing';

type Seat = NonNullable<Listable['seats'][number]>;

const person = (name: string, disconnectedAt: number | null = null): Seat => ({ name, kind: 'human', disconnectedAt });
const bot = (name: string): Seat => ({ name, kind: 'bot', disconnectedAt: null });

function room(over: Partial<Listable> = {}): Listable {
  return {
    code: 'abcdefghjkmn',
    game: 'eights',
    clock: 10,
    language: 'ar',
    public: true,
    status: 'lobby',
    seats: [person('Rana'), bot('Bot'), null, null],
    hostSeat: 0,
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
