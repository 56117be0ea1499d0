/**
 * A room core hosted in memory: storage as plain tables (`MemoryStore`), sockets as
 * callbacks, time and alarms supplied by the caller. Unit tests drive it with fake time; the
 * browser hosts offline games with it.
 */
import { gameById } from '../games/registry';
import { RoomCore } from './core';
import { MemoryStore, type StoredRoom } from './memory-store';
import type { Effect, Outbox, RoomPorts, RoomSettings } from './types';

export type { StoredRoom } from './memory-store';

export interface HostOptions {
  now(): number;
  random?: () => number;
  /** Cryptographic randomness (the browser's or the runtime's). */
  randomBytes: (n: number) => Uint8Array;
  games?: RoomPorts['game'];
  /**
   * When the other seats' updates a move left owed are sent: `now` (the default) right after the
   * move's own frames; `manual` when the caller runs `flushOwed` (or the next input pays them).
   */
  flush?: 'now' | 'manual';
}

export class MemoryRoomHost {
  core: RoomCore;
  readonly storage = new MemoryStore();
  /** Frames delivered to each socket. */
  readonly inbox = new Map<string, string[]>();
  readonly closed = new Map<string, [number, string]>();
  /** Every effect for other systems the core asked for, in order (a test's fake ports read them). */
  readonly effects: Effect[] = [];
  /** When the host's one alarm is set for. */
  armed: number | null = null;
  /** Heartbeat answers per socket (the runtime's auto-response timestamps). */
  readonly heartbeats = new Map<string, number>();
  private nextId = 1;
  /** Called after each input's effects are carried out, while the room is in the state they came from. */
  onOutput: (() => void) | null = null;

  constructor(private readonly opts: HostOptions) {
    this.core = this.newCore();
  }

  /** The stored tables (plain JSON: a host may save them and put them back before `reload`). */
  get store(): StoredRoom {
    return this.storage.data;
  }

  set store(data: StoredRoom) {
    this.storage.data = data;
  }

  /** Transactions carried out (one per input that wrote anything). */
  get transactions(): number {
    return this.storage.transactions;
  }

  private newCore(): RoomCore {
    return new RoomCore({ game: this.opts.games ?? gameById, random: this.opts.random ?? Math.random, randomBytes: this.opts.randomBytes }, this.storage);
  }

  /** Send the updates an input left owed (with `flush: 'manual'`). */
  flushOwed(): Outbox {
    return this.carryOut(this.core.flush(this.opts.now()));
  }

  create(settings: RoomSettings): void {
    this.carryOut(this.core.create(settings, this.opts.now()));
  }

  /** A new socket; `player` is who the host vouches for (the Worker's player cookie). */
  open(player?: string): string {
    const id = `s${this.nextId++}`;
    this.inbox.set(id, []);
    this.carryOut(this.core.open(id, this.opts.now(), player));
    return id;
  }

  send(id: string, msg: unknown): Outbox {
    return this.carryOut(this.core.message(id, typeof msg === 'string' ? msg : JSON.stringify(msg), this.opts.now()));
  }

  sendRaw(id: string, raw: string | ArrayBuffer): Outbox {
    return this.carryOut(this.core.message(id, raw, this.opts.now()));
  }

  close(id: string): void {
    this.carryOut(this.core.close(id, this.opts.now()));
  }

  /** Run the alarm if it is due by `now` (what the runtime does). Returns whether it ran. */
  runDue(): boolean {
    const now = this.opts.now();
    if (this.armed === null || now < this.armed) return false;
    this.armed = null;
    this.carryOut(this.core.alarm(now, (id) => this.heartbeats.get(id) ?? null));
    return true;
  }

  /** Throw the core away and load a new one from storage, as after eviction; sockets are lost. */
  reload(): void {
    this.core = this.newCore();
    const loaded = this.storage.load();
    if (loaded) this.core.load(loaded);
  }

  /** Carry out one input's effects (and, unless flushing by hand, the updates it left owed); returns the input's own Outbox. */
  carryOut(out: Outbox): Outbox {
    this.deliver(out);
    if (out.later && this.opts.flush !== 'manual') this.deliver(this.core.flush(this.opts.now()));
    const next = this.core.nextDeadline();
    if (next !== null && (this.armed === null || next < this.armed)) this.armed = next;
    this.onOutput?.();
    return out;
  }

  private deliver(out: Outbox): void {
    this.storage.apply(out.writes);
    for (const [id, text] of out.frames) this.inbox.get(id)?.push(text);
    for (const [id, code, reason] of out.closes) this.closed.set(id, [code, reason]);
    this.effects.push(...out.effects);
  }
}
