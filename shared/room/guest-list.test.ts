/**
 * A room mode written and registered here, touching no room module: seats are taken only by the
 * players on the room's guest list (the player the host vouches for on the socket). It proves
 * the mode seam: creation with the mode's own settings and record, joining, the mode kept by id
 * across a reload, and the hooks it leaves to the ordinary ones (a host, bots, the clock).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { simpleMove } from '../games/eights/room-play';
import { CreationRefused, type RoomContext } from './context';
import { RoomRefusal } from './core';
import { seatJoin } from './joining';
import { MemoryRoomHost } from './memory-host';
import { ordinaryHooks, registerMode, type RoomMode } from './mode';
import { advancer, Client, games } from './testkit';
import type { RoomRecord } from './types';

const GuestList = v.object({ guests: v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.minLength(1)) });
type GuestList = v.InferOutput<typeof GuestList>;

const guestsOf = (r: RoomContext) => (r.room.modeRecord as GuestList).guests;

const guestListMode: RoomMode = {
  ...ordinaryHooks,
  id: 'guest-list',
  create(settings, game) {
    const parsed = v.safeParse(GuestList, settings.modeSettings);
    if (!parsed.success) throw new CreationRefused({ code: 'bad_options', field: 'guests' }, 'A guest-list room needs its list of guests.');
    return { seats: Math.max(...game.playerCounts), record: { modeRecord: { guests: [...parsed.output.guests] } } };
  },
  join(r, c, request) {
    if (c.player === undefined || !guestsOf(r).includes(c.player)) return r.error(c, { code: 'bad_ticket', why: 'other_player' });
    seatJoin(r, c, request);
  },
};
registerMode(guestListMode);

function guestRoom(guests: unknown = { guests: ['p-ana', 'p-bo'] }) {
  const time = { now: 2_000_000 };
  let x = 3;
  const random = () => (x = (x * 9301 + 49297) % 233280) / 233280;
  const host = new MemoryRoomHost({ now: () => time.now, random, randomBytes: (n) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256)), games });
  host.create({ code: 'guestroomabc', game: 'eights', options: {}, clock: null, pace: 'quick', mode: 'guest-list', modeSettings: guests });
  const socket = (player?: string) => {
    const c = new Client(host, host.open(player));
    c.send({ t: 'hello' });
    return c;
  };
  const advance = advancer(host, time);
  return { host, time, socket, advance };
}

describe('a room mode registered by a test: the guest list', () => {
  it('is stored by id with its own record', () => {
    const { host } = guestRoom();
    expect(host.core.room).toMatchObject({ mode: 'guest-list', modeRecord: { guests: ['p-ana', 'p-bo'] }, status: 'lobby' });
    expect(host.core.room!.seats).toHaveLength(Math.max(...games('eights')!.playerCounts));
  });

  it('refuses creation without a guest list, with a clear code, and makes no room', () => {
    for (const bad of [null, { guests: [] }, { guests: [''] }, { list: ['p-ana'] }]) {
      let refused: unknown = null;
      try {
        guestRoom(bad);
      } catch (e) {
        refused = e;
      }
      expect(refused).toBeInstanceOf(RoomRefusal);
      expect((refused as RoomRefusal).refusal).toEqual({ code: 'bad_options', field: 'guests' });
    }
  });

  it('seats a guest (the first one is the host) and refuses anyone else, changing nothing', () => {
    const { host, socket } = guestRoom();
    const ana = socket('p-ana');
    ana.send({ t: 'join', name: 'Ana' });
    expect(ana.seat).toBe(0);
    expect(ana.room!.hostSeat).toBe(0);
    const before = JSON.stringify(host.core.room);

    const stranger = socket('p-zed');
    stranger.send({ t: 'join', name: 'Zed' });
    const anonymous = socket(undefined);
    anonymous.send({ t: 'join', name: 'Nobody', seat: 1 });
    expect(stranger.errors()).toEqual(['bad_ticket']);
    expect(anonymous.errors()).toEqual(['bad_ticket']);
    expect(stranger.seat).toBeNull();
    expect(JSON.stringify(host.core.room)).toBe(before);

    const bo = socket('p-bo');
    bo.send({ t: 'join', name: 'Bo' });
    expect(bo.seat).toBe(1);
    expect(bo.room!.seats.slice(0, 3).map((s) => s?.name ?? null)).toEqual(['Ana', 'Bo', null]);
  });

  it('keeps its mode across a reload: strangers are still refused', () => {
    const { host, socket } = guestRoom();
    socket('p-ana').send({ t: 'join', name: 'Ana' });
    host.reload();
    expect((host.core.room as RoomRecord).mode).toBe('guest-list');
    const stranger = socket('p-zed');
    stranger.send({ t: 'join', name: 'Zed' });
    expect(stranger.errors()).toEqual(['bad_ticket']);
    const bo = socket('p-bo');
    bo.send({ t: 'join', name: 'Bo' });
    expect(bo.seat).toBe(1);
  });

  it('leaves the rest to the ordinary rules: the host adds a bot, starts, and the game is played; a public flag lists nothing', () => {
    const { host, socket, advance } = guestRoom();
    const ana = socket('p-ana');
    ana.send({ t: 'join', name: 'Ana' });
    ana.send({ t: 'settings', public: true });
    ana.send({ t: 'addBot' });
    ana.send({ t: 'start' });
    expect(ana.errors()).toEqual([]);
    expect(host.core.room!.status).toBe('playing');
    expect(host.effects.filter((e) => e.t === 'listing')).toEqual([]);
    // Ana and the bot take turns until each has moved.
    const movers = new Set<number>();
    for (let guard = 0; guard < 50 && movers.size < 2; guard++) {
      const before = host.core.live.version;
      ana.pull();
      if ((host.core.state as { turn: number }).turn === ana.seat) ana.move(simpleMove(ana.view as never));
      else advance(1000);
      if (host.core.live.version > before) movers.add(host.storage.data.moves.at(-1)!.seat);
    }
    expect(ana.errors()).toEqual([]);
    expect([...movers].sort()).toEqual([0, 1]);
  });
});
