import { describe, expect, it } from 'vitest';
import { listingOf } from '../lobby/listing';
import { inspect } from './core';
import { Client, seated, world } from './testkit';
import { rankedRecord } from './ranked';
import type { RoomRecord } from './types';

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
    // Even a public flag lists nothing: the ranked mode lists no room.
    (inspect(w.host.core).room as RoomRecord).public = true;
    host!.send({ t: 'chat', text: 'still here' });
    expect(w.host.effects.filter((e) => e.t === 'listing' && e.entry !== null)).toEqual([]);
  });

  it('a room records its host language at creation (English by default)', () => {
    expect(inspect(world('eights').host.core).room!.language).toBe('en');
    const c = Client.hello(world('eights').host);
    expect(c.room!.public).toBe(false);
  });
});
