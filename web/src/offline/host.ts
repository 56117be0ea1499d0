/**
 * The browser's host for one offline room: the same RoomCore as the server's, its storage in
 * memory and kept to what the core's ports read back (the current game's moves after its
 * snapshot plus the log tail, the chat tail), so a long session stays small. Sockets are ids
 * whose frames go to one callback; time and the one alarm are the caller's (local-room.ts).
 *
 * Offline rooms keep no replays: a finished game's moves and seed are dropped.
 */
import { gameById } from '../../../shared/games/registry';
import { RoomCore } from '../../../shared/room/core';
import { MemoryStore, type StoredRoom } from '../../../shared/room/memory-store';
import type { Outbox, RoomSettings } from '../../../shared/room/types';

/** What is saved of a room: its records by name (room, live, snapshot), the move rows still read, the chat tail. */
export type OfflineStore = StoredRoom;

export interface OfflineHostOptions {
  now(): number;
  random(): number;
  randomBytes(n: number): Uint8Array;
  /** A frame for one socket. */
  onFrame(socket: string, text: string): void;
}

/** The room's memory store, bounded: the newest game's moves after its snapshot plus the log tail, the chat tail. */
const boundedStore = (data?: StoredRoom) => new MemoryStore(data ?? { record: {}, moves: [], chat: [] }, { bounded: true });

export class OfflineHost {
  private memory = boundedStore();
  /** When the room's one alarm is due. */
  armed: number | null = null;
  private core: RoomCore;
  private nextId = 1;

  constructor(private readonly opts: OfflineHostOptions) {
    this.core = this.build();
  }

  /** What to save: the store's rows (plain JSON). */
  get store(): OfflineStore {
    return this.memory.data;
  }

  /** Inputs that wrote anything (each one a save). */
  get writes(): number {
    return this.memory.transactions;
  }

  /**
   * The one place the core is made: new, or loaded from the stored room (the snapshot and the
   * moves after it are replayed, as the Durable Object does).
   */
  private build(): RoomCore {
    const core = new RoomCore({ game: gameById, random: this.opts.random, randomBytes: this.opts.randomBytes }, this.memory);
    const loaded = this.memory.load();
    if (loaded) core.load(loaded);
    return core;
  }

  create(settings: RoomSettings): void {
    this.carryOut(this.core.create(settings, this.opts.now()));
  }

  /** A stored room, rebuilt; its sockets are gone (open new ones). */
  load(store: OfflineStore): void {
    const transactions = this.memory.transactions;
    this.memory = boundedStore({ record: { ...store.record }, moves: store.moves.slice(), chat: store.chat.slice() });
    this.memory.transactions = transactions;
    this.core = this.build();
    this.armed = this.core.nextDeadline();
  }

  open(): string {
    const id = `s${this.nextId++}`;
    this.carryOut(this.core.open(id, this.opts.now()));
    return id;
  }

  message(id: string, text: string): void {
    this.carryOut(this.core.message(id, text, this.opts.now()));
  }

  /** Runs the alarm if it is due; false when it was not. */
  alarm(): boolean {
    const now = this.opts.now();
    if (this.armed === null || now < this.armed) return false;
    this.armed = null;
    // The page's sockets promise no heartbeat: none is ever silent.
    this.carryOut(this.core.alarm(now, () => null));
    return true;
  }

  info() {
    return this.core.info();
  }

  /** The seats whose move the game waits for (none outside a game under way). */
  activeSeats(): number[] {
    return this.core.activeSeats();
  }

  private carryOut(out: Outbox): void {
    this.memory.apply(out.writes);
    for (const [id, text] of out.frames) this.opts.onFrame(id, text);
    const next = this.core.nextDeadline();
    if (next !== null && (this.armed === null || next < this.armed)) this.armed = next;
    // Updates owed to the other seats: a browser has no write to wait for, so they go now.
    if (out.later) this.carryOut(this.core.flush(this.opts.now()));
  }
}
