/**
 * The browser's host for one offline room: the same RoomCore as the server's, its storage in
 * memory and kept to what the core's ports read back (the current game's moves after its
 * snapshot plus the log tail, the chat tail), so a long session stays small. Sockets are ids
 * whose frames go to one callback; time and the one alarm are the caller's (local-room.ts).
 *
 * Offline rooms keep no replays: a finished game's moves and seed are dropped.
 */
import type { AnyGame } from '../../../shared/engine/types';
import { gameById } from '../../../shared/games/registry';
import { RoomCore } from '../../../shared/room/core';
import { CHAT_TAIL, LOG_TAIL, type ChatEntry, type LiveRecord, type MoveRow, type Outbox, type RoomRecord, type RoomSettings } from '../../../shared/room/types';

/** What is stored of a room: its records by name (room, live, snapshot), the move rows still read, the chat tail. */
export interface OfflineStore {
  record: Record<string, string>;
  moves: MoveRow[];
  chat: string[];
}

interface Snapshot {
  game: number;
  version: number;
  state: unknown;
}

export interface OfflineHostOptions {
  now(): number;
  random(): number;
  randomBytes(n: number): Uint8Array;
  /** A frame for one socket. */
  onFrame(socket: string, text: string): void;
}

export const emptyStore = (): OfflineStore => ({ record: {}, moves: [], chat: [] });

export class OfflineHost {
  store: OfflineStore = emptyStore();
  /** Inputs that wrote anything (each one a save). */
  writes = 0;
  /** When the room's one alarm is due. */
  armed: number | null = null;
  private core: RoomCore;
  private nextId = 1;
  /** The state the game last produced (its setup, or an accepted move): whose turn it is comes from it. */
  private latest: unknown = null;
  private readonly wrapped = new Map<string, AnyGame>();
  /** Which game and version the stored snapshot is of (read once, not parsed on every write). */
  private snapAt: { game: number; version: number } | null = null;

  constructor(private readonly opts: OfflineHostOptions) {
    this.core = this.build(null);
  }

  /**
   * The one place the core is made: new, or loaded from a stored room (the snapshot and the
   * moves after it are replayed, as the Durable Object does).
   */
  private build(stored: OfflineStore | null): RoomCore {
    const core = new RoomCore(
      { game: (id) => this.tracked(id), random: this.opts.random, randomBytes: this.opts.randomBytes },
      {
        moveTail: (game, limit) => this.store.moves.filter((m) => m.game === game).slice(-limit),
        chatTail: (limit) => this.store.chat.slice(-limit).map((e) => JSON.parse(e) as ChatEntry),
        gameLog: () => null,
      },
    );
    const record = stored?.record;
    if (stored && record?.room && record.live) {
      const snapshot = record.snapshot ? (JSON.parse(record.snapshot) as Snapshot) : null;
      const tail = snapshot ? stored.moves.filter((m) => m.game === snapshot.game && m.version >= snapshot.version) : [];
      core.load({ room: JSON.parse(record.room) as RoomRecord, live: JSON.parse(record.live) as LiveRecord, snapshot, tail });
    }
    return core;
  }

  /** The registry's game, noting each state it produces. */
  private tracked(id: string): AnyGame | undefined {
    const game = gameById(id);
    if (!game) return undefined;
    let w = this.wrapped.get(id);
    if (!w) {
      w = {
        ...game,
        setup: (...args: Parameters<AnyGame['setup']>) => (this.latest = game.setup(...args)),
        apply: (state, seat, move) => {
          const result = game.apply(state, seat, move);
          if (result.ok) this.latest = result.state;
          return result;
        },
      };
      this.wrapped.set(id, w);
    }
    return w;
  }

  create(settings: RoomSettings): void {
    this.carryOut(this.core.create(settings, this.opts.now()));
  }

  /** A stored room, rebuilt; its sockets are gone (open new ones). */
  load(store: OfflineStore): void {
    this.store = { record: { ...store.record }, moves: store.moves.slice(), chat: store.chat.slice(-CHAT_TAIL) };
    this.latest = null;
    const snap = this.store.record.snapshot ? (JSON.parse(this.store.record.snapshot) as Snapshot) : null;
    this.snapAt = snap ? { game: snap.game, version: snap.version } : null;
    this.core = this.build(this.store);
    this.prune();
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
    const info = this.core.info();
    if (!info || info.status !== 'playing' || this.latest === null) return [];
    return gameById(info.game)?.activeSeats(this.latest) ?? [];
  }

  private carryOut(out: Outbox): void {
    if (out.writes.length > 0) {
      this.writes++;
      for (const w of out.writes) {
        switch (w.t) {
          case 'room':
          case 'live':
            this.store.record[w.t] = w.value;
            break;
          case 'snapshot':
            this.store.record.snapshot = `{"game":${w.game},"version":${w.version},"state":${w.state}}`;
            this.snapAt = { game: w.game, version: w.version };
            break;
          case 'move': {
            const row: MoveRow = { game: w.game, version: w.version, seat: w.seat, move: w.move, events: w.events, at: w.at, live: w.live ?? null };
            const at = this.store.moves.findIndex((m) => m.game === w.game && m.version === w.version);
            if (at >= 0) this.store.moves[at] = row;
            else this.store.moves.push(row);
            break;
          }
          case 'chat':
            this.store.chat.push(w.entry);
            if (this.store.chat.length > CHAT_TAIL) this.store.chat.splice(0, this.store.chat.length - CHAT_TAIL);
            break;
          case 'deleteAll':
            this.store = emptyStore();
            this.snapAt = null;
            break;
          case 'game':
            // Seeds and outcomes are kept for replays, which offline rooms do not offer.
            break;
        }
      }
      this.prune();
    }
    for (const [id, text] of out.frames) this.opts.onFrame(id, text);
    const next = this.core.nextDeadline();
    if (next !== null && (this.armed === null || next < this.armed)) this.armed = next;
    // Updates owed to the other seats: a browser has no write to wait for, so they go now.
    if (out.later) this.carryOut(this.core.flush(this.opts.now()));
  }

  /** Only what the ports read: the newest game's moves after its snapshot, and its last LOG_TAIL. */
  private prune(): void {
    const moves = this.store.moves;
    const game = moves.reduce((g, m) => Math.max(g, m.game), 0);
    // Without a snapshot of this game every move of it is needed (one is written at its start).
    const after = this.snapAt && this.snapAt.game === game ? this.snapAt.version : -1;
    const current = moves.filter((m) => m.game === game).sort((a, b) => a.version - b.version);
    const tailFrom = current.length - LOG_TAIL;
    this.store.moves = current.filter((m, i) => i >= tailFrom || m.version > after);
  }
}
