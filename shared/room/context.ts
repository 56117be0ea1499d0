/**
 * One room while it exists: its records, its sockets, and what the current input has changed
 * and will send. The room core's modules (seats, clock, play, fair deals, what goes out) are
 * functions over this object; it always has its room.
 */
import type { AnyGame, Refusal } from '../engine/types';
import type { Reveal } from '../fair';
import type { LogEntry, RoomRefusal, ServerMessage } from '../protocol';
import type { PublicListing } from '../lobby/listing';
import { modeById, type RoomMode } from './mode';
import type { LiveRecord, Outbox, RoomPorts, RoomRecord, SocketAttachment, StoreReads } from './types';

/** A socket as the room tracks it (rebuilt from its attachment after hibernation). */
export interface Conn extends SocketAttachment {
  heardAt: number;
  rateWindow: number;
  rateCount: number;
  replies: number;
  strikes: number;
  strikeWindow: number;
  chat: number[];
  reactions: number[];
}

export const SPECTATORS = 's';
export const viewKey = (seat: number | null) => (seat === null ? SPECTATORS : String(seat));

/**
 * What an input changed. `room` and `live` are rows to write; `state` means the game moved
 * (updates go out); `info` is only the room info the sockets are shown (presence). The urgency
 * says when the sockets see the room info: `quiet` not for this change (the default for rows),
 * `soon` coalesced (the default for `info`), `urgent` with this input.
 */
export type Change = 'room' | 'live' | 'state' | 'info';
export type Urgency = 'quiet' | 'soon' | 'urgent';

/** The other seats' updates from the last move, built on the host's next turn (or ahead of the next input). */
export interface Owed {
  keys: string[];
  priors: (number | undefined)[];
  version: number;
  events: LogEntry[];
  now: number;
  clockText: string;
}

export function emptyOutbox(): Outbox {
  return { writes: [], frames: [], closes: [], attach: [], effects: [] };
}

/**
 * A room refused at creation (its options do not parse, its mode's settings do not fit): the
 * host answers with the refusal as data, and an English sentence for HTTP callers and logs.
 */
export class CreationRefused extends Error {
  constructor(
    readonly refusal: Extract<RoomRefusal, { code: 'bad_options' | 'wrong_player_count' }>,
    message: string,
  ) {
    super(message);
  }
}

export function newConn(att: SocketAttachment, now: number): Conn {
  return { ...att, heardAt: now, rateWindow: now, rateCount: 0, replies: 0, strikes: 0, strikeWindow: now, chat: [], reactions: [] };
}

/** The per-input buffers: shared by the core (which exists before its room) and the room. */
export class Input {
  out: Outbox = emptyOutbox();
  now = 0;

  /** A refusal goes out as `{ t: 'error', code, ...params }`: the room's own, or a game's for a move (`source: 'game'`). */
  frame(id: string, msg: ServerMessage | ({ t: 'error'; source?: 'game' } & Omit<Refusal, 'source'>)): void {
    this.out.frames.push([id, JSON.stringify(msg)]);
  }

  /** A refusal of a well-formed request (a rule, a permission): always answered, never a strike. */
  error(c: Conn, refusal: RoomRefusal): void {
    this.frame(c.id, { t: 'error', ...refusal });
  }

  attach(c: Conn): void {
    this.out.attach.push({ id: c.id, hello: c.hello, seat: c.seat, pings: c.pings, ...(c.player !== undefined && { player: c.player }) });
  }
}

export class RoomContext {
  /** Per view key: the view last sent, to send only what changed. Lost on hibernation (then whole views go out once). */
  readonly lastViews = new Map<string, unknown>();
  readonly lastClocks = new Map<string, string>();
  /** Rows this input must write, and whether the game moved. */
  readonly dirty = { room: false, live: false, state: false };
  /** Room info owed to the sockets (kept across inputs while coalesced). */
  info: { due: Urgency; flushAt: number | null; lastSent: number } = { due: 'quiet', flushAt: null, lastSent: 0 };
  /** Moves applied during this input: one update per socket at the end. */
  events: LogEntry[] = [];
  readonly movers = new Set<number>();
  /** A game ended during this input: its reveal goes to every socket after the last update. */
  reveal: Reveal | null = null;
  owed: Owed | null = null;
  /** The mode's memory of this room (not stored: rebuilt on load, e.g. what spectators are shown). */
  memo: unknown = null;
  /** The public-tables entry last announced (undefined: none since the room loaded). */
  listed: PublicListing | null | undefined = undefined;
  readonly game: AnyGame;

  constructor(
    readonly ports: RoomPorts,
    readonly store: StoreReads,
    readonly io: Input,
    readonly conns: Map<string, Conn>,
    readonly room: RoomRecord,
    public live: LiveRecord,
    public state: unknown,
  ) {
    this.game = gameOf(ports, room.game);
  }

  get mode(): RoomMode {
    return modeById(this.room.mode ?? 'friendly');
  }

  get now(): number {
    return this.io.now;
  }

  get out(): Outbox {
    return this.io.out;
  }

  /** Record what this input changed and how soon the sockets must hear of it: the one place flags are set. */
  changed(what: Change, urgency: Urgency = what === 'info' ? 'soon' : 'quiet'): void {
    if (what !== 'info') this.dirty[what] = true;
    if (urgency === 'urgent' || (urgency === 'soon' && this.info.due === 'quiet')) this.info.due = urgency;
  }

  frame(id: string, msg: Parameters<Input['frame']>[1]): void {
    this.io.frame(id, msg);
  }

  error(c: Conn, refusal: RoomRefusal): void {
    this.io.error(c, refusal);
  }

  attach(c: Conn): void {
    this.io.attach(c);
  }
}

export function gameOf(ports: RoomPorts, id: string): AnyGame {
  const game = ports.game(id);
  if (!game) throw new Error(`unknown game ${id}`);
  return game;
}
