/**
 * What a room puts on the wire, measured through the in-memory host: four people play with
 * the game's own bot strategy choosing each move, every socket rebuilds its view from the
 * updates it is sent (checked against the room's view), and the figures are printed.
 * Targets (issue 8): a mean update of at most 256 bytes per socket, and a full resync of at
 * most 2 KB at any point of a game, flat with game length.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../cards/rng';
import { gameById } from '../games/registry';
import { updateBase, type ServerMessage } from '../protocol';
import { MemoryRoomHost } from './memory-host';
import { applyPatch } from './patch';

const RESYNC_LIMIT = 2048;
const UPDATE_LIMIT = 256;

interface Sock {
  id: string;
  seat: number;
  token: string;
  version: number;
  view: unknown;
  read: number;
  /** Payload bytes of each update this socket received while measuring. */
  updates: number[];
}

function playRoom(gameId: string, options: Record<string, unknown>) {
  const time = { now: 1_000_000 };
  let r = 7;
  const random = () => (r = (r * 9301 + 49297) % 233280) / 233280;
  const host = new MemoryRoomHost({ now: () => time.now, random, randomBytes: (n) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256)) });
  host.create({ code: 'abcdefghjkmn', game: gameId, options, clock: null, pace: 'quick' });
  const game = gameById(gameId)!;
  const rng = new Rng('wire');
  const socks: Sock[] = [];
  let measuring = false;

  const pull = (s: Sock) => {
    const frames = host.inbox.get(s.id)!.slice(s.read);
    s.read += frames.length;
    for (const f of frames) {
      const m = JSON.parse(f) as ServerMessage;
      if (m.t === 'welcome' && m.token) s.token = m.token;
      if (m.t === 'welcome' && m.seat !== null) s.seat = m.seat;
      if (m.t === 'full') [s.version, s.view] = [m.version, m.view];
      if (m.t === 'update') {
        if (measuring) s.updates.push(Buffer.byteLength(f));
        expect(updateBase(m)).toBeLessThanOrEqual(s.version);
        if (m.view !== undefined) s.view = m.view;
        else if (m.patch) s.view = applyPatch(s.view, m.patch);
        s.version = m.version;
      }
    }
  };
  for (let i = 0; i < 4; i++) {
    const s: Sock = { id: host.open(), seat: -1, token: '', version: 0, view: null, read: 0, updates: [] };
    host.send(s.id, { t: 'hello' });
    host.send(s.id, { t: 'join', name: ['Ana', 'Ben', 'Cyd', 'Dee'][i] });
    pull(s);
    socks.push(s);
  }
  host.send(socks[0]!.id, { t: 'start' });
  socks.forEach(pull);

  /** Moves played in the room, over every game (a won Gahwa can end a Baloot match early: the host then starts another). */
  let played = 0;
  const version = () => played;
  /** Play until `target` moves were played; the active seat's socket sends the bot's choice. */
  const playTo = (target: number) => {
    while (played < target) {
      const state = host.core.state;
      const seat = game.activeSeats(state)[0];
      if (seat === undefined) {
        host.send(socks[0]!.id, { t: 'again' });
        socks.forEach(pull);
        continue;
      }
      played++;
      const s = socks.find((x) => x.seat === seat)!;
      host.send(s.id, { t: 'move', version: s.version, move: game.botMove(state, seat!, rng) });
      socks.forEach(pull);
      for (const x of socks) expect(x.view, `seat ${x.seat}'s rebuilt view`).toEqual(game.view(host.core.state, x.seat));
      time.now += 60;
    }
  };
  /** Bytes of the `full` a reconnecting seat 0 gets now. */
  const resync = () => {
    const id = host.open();
    host.send(id, { t: 'hello', token: socks[0]!.token });
    const full = host.inbox.get(id)!.find((f) => f.startsWith('{"t":"full"'))!;
    host.close(id);
    return Buffer.byteLength(full);
  };
  const measure = (moves: number) => {
    measuring = true;
    playTo(version() + moves);
    measuring = false;
    const all = socks.flatMap((s) => s.updates);
    return { frames: all.length, mean: all.reduce((a, b) => a + b, 0) / all.length, max: Math.max(...all) };
  };
  return { playTo, resync, measure, version };
}

describe('the wire', () => {
  for (const [gameId, options] of [
    ['baloot', { target: 10000 }],
    ['eights', { scoring: 'match', target: 100000 }],
  ] as const) {
    it(`${gameId}: updates average at most ${UPDATE_LIMIT} bytes per socket and a resync stays under 2 KB at 0, 128 and 2,000 moves`, () => {
      const room = playRoom(gameId, options);
      const sizes: Record<number, number> = { 0: room.resync() };
      const bytes = room.measure(128);
      sizes[128] = room.resync();
      let largest = Math.max(sizes[0]!, sizes[128]!);
      while (room.version() < 2000) {
        room.playTo(room.version() + 37);
        largest = Math.max(largest, room.resync());
      }
      sizes[2000] = room.resync();
      console.log(
        `${gameId}: update bytes per socket mean ${bytes.mean.toFixed(0)} (max ${bytes.max}, ${bytes.frames} frames over 128 moves); ` +
          `resync at 0 / 128 / ${room.version()} moves ${sizes[0]} / ${sizes[128]} / ${sizes[2000]} B, largest seen ${largest} B`,
      );
      expect(bytes.mean).toBeLessThanOrEqual(UPDATE_LIMIT);
      expect(largest).toBeLessThanOrEqual(RESYNC_LIMIT);
    });
  }
});
