/**
 * A room core hosted in memory: storage as plain tables, sockets as callbacks, time and
 * alarms supplied by the caller. Unit tests drive it with fake time; the browser hosts
 * offline games with it.
 */
import { gameById } from '../games/registry';
import { RoomCore } from './core';
import type { ChatEntry, LiveRecord, MoveRow, Outbox, RoomPorts, RoomRecord, RoomSettings } from './types';

export interface StoredRoom {
  record: Record<string, string>;
  moves: MoveRow[];
  chat: string[];
  seeds: { game: number; seed: string; setup: string; fair?: string | null; outcome?: string | null }[];
}

export interface HostOptions {
  now(): number;
  random?: () => number;
  /** Cryptographic randomness (the browser's or the runtime's). */
  randomBytes: (n: number) => Uint8Array;
  games?: RoomPorts['game'];
  /** Let the core owe the other seats' updates after a move, as the Durable Object does; `flushOwed` pays them. */
  deferOthers?: boolean;
}

export class MemoryRoomHost {
  core: RoomCore;
  store: StoredRoom = { record: {}, moves: [], chat: [], seeds: [] };
  /** Frames delivered to each socket. */
  readonly inbox = new Map<string, string[]>();
  readonly closed = new Map<string, [number, string]>();
  /** Transactions carried out (one per input that wrote anything). */
  transactions = 0;
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

  private newCore(): RoomCore {
    const store = () => this.store;
    return new RoomCore({
      game: this.opts.games ?? gameById,
      random: this.opts.random ?? Math.random,
      randomBytes: this.opts.randomBytes,
      moveTail: (game, limit) => store().moves.filter((m) => m.game === game).slice(-limit),
      chatTail: (limit) => store().chat.slice(-limit).map((e) => JSON.parse(e) as ChatEntry),
      gameLog: (game) => {
        const row = store().seeds.find((s) => s.game === game);
        if (!row) return null;
        const moves = store().moves.filter((m) => m.game === game).sort((a, b) => a.version - b.version);
        return { seed: row.seed, setup: row.setup, fair: row.fair ?? null, outcome: row.outcome ?? null, moves };
      },
    }, { deferOthers: this.opts.deferOthers });
  }

  /** What the host's next turn does when an input left updates owed. */
  flushOwed(): Outbox {
    return this.carryOut(this.core.flush(this.opts.now()));
  }

  create(settings: RoomSettings): void {
    this.carryOut(this.core.create(settings, this.opts.now()));
  }

  open(): string {
    const id = `s${this.nextId++}`;
    this.inbox.set(id, []);
    this.carryOut(this.core.open(id, this.opts.now()));
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
    const { record } = this.store;
    if (!record.room || !record.live) return;
    const snapshot = record.snapshot ? (JSON.parse(record.snapshot) as { game: number; version: number; state: unknown }) : null;
    const tail = snapshot ? this.store.moves.filter((m) => m.game === snapshot.game && m.version >= snapshot.version) : [];
    this.core.load(JSON.parse(record.room) as RoomRecord, JSON.parse(record.live) as LiveRecord, snapshot, tail);
  }

  carryOut(out: Outbox): Outbox {
    if (out.writes.length > 0) {
      this.transactions++;
      for (const w of out.writes) {
        switch (w.t) {
          case 'room':
          case 'live':
            this.store.record[w.t] = w.value;
            break;
          case 'snapshot':
            this.store.record.snapshot = `{"game":${w.game},"version":${w.version},"state":${w.state}}`;
            break;
          case 'move':
            this.store.moves = this.store.moves.filter((m) => !(m.game === w.game && m.version === w.version));
            this.store.moves.push({ game: w.game, version: w.version, seat: w.seat, move: w.move, events: w.events, at: w.at, live: w.live ?? null });
            break;
          case 'game':
            this.store.seeds = this.store.seeds.filter((s) => s.game !== w.game);
            this.store.seeds.push({ game: w.game, seed: w.seed, setup: w.setup, fair: w.fair, outcome: w.outcome });
            break;
          case 'chat':
            this.store.chat.push(w.entry);
            break;
          case 'deleteAll':
            this.store = { record: {}, moves: [], chat: [], seeds: [] };
            break;
        }
      }
    }
    for (const [id, text] of out.frames) this.inbox.get(id)?.push(text);
    for (const [id, code, reason] of out.closes) this.closed.set(id, [code, reason]);
    const next = this.core.nextDeadline();
    if (next !== null && (this.armed === null || next < this.armed)) this.armed = next;
    this.onOutput?.();
    return out;
  }
}
