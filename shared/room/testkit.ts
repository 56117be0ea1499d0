/**
 * The room core's test kit: a memory host on a fake clock, and clients that check what they
 * receive as a browser would. Its games come from the registry, like the room's, or are
 * variants a test registers; a test names the game it plays, and brings that game's moves from
 * the game's own folder.
 */
import { expect } from 'vitest';
import type { AnyGame } from '../engine/types';
import { gameById } from '../games/registry';
import { updateBase, type RoomInfo, type ServerMessage } from '../protocol';
import { MemoryRoomHost } from './memory-host';
import { applyPatch } from './patch';
import type { RoomSettings } from './types';

/** Variants registered for a test (hooks a game may have, without naming one). */
const variants = new Map<string, AnyGame>();
export const games = (id: string) => variants.get(id) ?? gameById(id);

/** A game variant the test's rooms can be created with, by its id. */
export function withVariant(game: AnyGame): string {
  variants.set(game.id, game);
  return game.id;
}

/** A room on a fake clock: the host, the time, and a way to advance it. */
export type World = ReturnType<typeof world>;

/** A fake clock the host and the test share. */
export function world(
  game: string,
  clock: number | null = null,
  options: Record<string, unknown> = {},
  flush: 'now' | 'manual' = 'now',
  more: Partial<RoomSettings> = {},
) {
  const time = { now: 1_000_000 };
  let r = 0;
  const random = () => (r = (r * 9301 + 49297) % 233280) / 233280;
  const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
  const host = new MemoryRoomHost({ now: () => time.now, random, randomBytes, games, flush });
  host.create({ code: 'abcdefghjkmn', game, options, clock, pace: 'quick', ...more });
  return { host, time, advance: advancer(host, time) };
}

/** Advance a fake clock by `ms`, running every alarm of the host that falls due on the way. */
export function advancer(host: MemoryRoomHost, time: { now: number }): (ms: number) => void {
  return (ms) => {
    const end = time.now + ms;
    while (host.armed !== null && host.armed <= end) {
      time.now = Math.max(time.now, host.armed);
      host.runDue();
    }
    time.now = end;
  };
}

/** A client of the room as a browser would be: it applies updates to its view and checks they chain. */
export class Client {
  seat: number | null = null;
  token: string | undefined;
  version = 0;
  view: unknown = null;
  room: RoomInfo | null = null;
  read = 0;
  constructor(
    readonly host: MemoryRoomHost,
    readonly id = host.open(),
  ) {}
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

export function seated(w: World, n: number, bots = 0): Client[] {
  const clients: Client[] = [];
  for (let i = 0; i < n; i++) {
    const c = Client.hello(w.host);
    c.send({ t: 'join', name: `P${i}` });
    clients.push(c);
  }
  for (let i = 0; i < bots; i++) clients[0]!.send({ t: 'addBot' });
  return clients;
}

export function started(w: World, n: number, bots = 0): Client[] {
  const clients = seated(w, n, bots);
  clients[0]!.send({ t: 'start' });
  for (const c of clients) c.pull();
  return clients;
}

/** The room's game state, as the test's game types it. */
export const stateOf = <S>(w: World) => w.host.core.state as S;
