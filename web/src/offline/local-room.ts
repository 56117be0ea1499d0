/**
 * One room hosted in the browser for offline games against bots: the same RoomCore as the
 * server's, in a MemoryRoomHost, with real time, a timer for the room's one alarm, and the
 * stored records handed out after every input that wrote anything, so the game survives a
 * reload (snapshot + move tail, replayed by `reload()`).
 *
 * Time is the wall clock shifted so that it resumes where the saved game stopped: a game
 * left for a day does not come back with its turn clock run out and bots playing for you.
 */
import { MemoryRoomHost, type StoredRoom } from '../../../shared/room/memory-host';
import { CHAT_TAIL, LOG_TAIL, type RoomRecord, type RoomSettings } from '../../../shared/room/types';

/** What is saved of a local room: its stored records, the room time they were saved at, and the player's seat token. */
export interface SavedRoomData {
  store: StoredRoom;
  now: number;
  token: string | null;
  status: RoomRecord['status'] | null;
}

export interface NewLocalRoom {
  settings: RoomSettings;
  name: string;
  /** Seats in play: the player and players − 1 bots. */
  players: number;
}

export interface LocalRoomOptions {
  randomBytes(n: number): Uint8Array;
  random?: () => number;
  /** A frame for the player's socket. */
  onFrame(text: string): void;
  /** The stored records changed: save them. */
  onSave(data: SavedRoomData): void;
}

/** The stored records without what a reload and the history never read: older games' moves, moves long before the snapshot, old chat. */
export function compactStore(store: StoredRoom): StoredRoom {
  const snap = store.record.snapshot ? (JSON.parse(store.record.snapshot) as { game: number; version: number }) : null;
  const current = snap ? store.moves.filter((m) => m.game === snap.game) : [];
  const keepFrom = Math.max(0, current.length - LOG_TAIL);
  const moves = current.filter((m, i) => i >= keepFrom || m.version > snap!.version);
  return { record: { ...store.record }, moves, chat: store.chat.slice(-CHAT_TAIL), seeds: store.seeds.slice(-4) };
}

export class LocalRoom {
  readonly host: MemoryRoomHost;
  /** Wall clock − room time. */
  private offset = 0;
  private socket: string | null = null;
  private token: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt: number | null = null;
  private savedAt = 0;
  private stopped = false;

  constructor(private readonly opts: LocalRoomOptions) {
    this.host = new MemoryRoomHost({ now: () => this.now(), randomBytes: opts.randomBytes, random: opts.random });
    this.host.onOutput = () => this.afterOutput();
  }

  /** Room time. */
  now(): number {
    return Date.now() - this.offset;
  }

  /** A new room: the player takes the first seat and hosts, bots fill the rest, the game starts. */
  start({ settings, name, players }: NewLocalRoom): void {
    this.host.create(settings);
    const id = this.connect(undefined);
    this.host.send(id, { t: 'join', name });
    for (let i = 1; i < players; i++) this.host.send(id, { t: 'addBot' });
    this.host.send(id, { t: 'start' });
  }

  /** A saved room: rebuilt from its snapshot and move tail, the player back in their seat with their token. */
  resume(data: SavedRoomData): void {
    this.offset = Date.now() - data.now;
    this.token = data.token;
    this.host.store = structuredClone(data.store);
    this.host.reload();
    this.savedAt = this.host.transactions;
    this.connect(data.token ?? undefined);
  }

  /** A frame from the player's page. */
  receive(text: string): void {
    if (this.socket && !this.stopped) this.host.sendRaw(this.socket, text);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** The data a save holds right now. */
  snapshot(): SavedRoomData {
    const room = this.host.store.record.room;
    return {
      store: compactStore(this.host.store),
      now: this.now(),
      token: this.token,
      status: room ? (JSON.parse(room) as RoomRecord).status : null,
    };
  }

  private connect(token: string | undefined): string {
    const id = this.host.open();
    this.socket = id;
    // No heartbeat promise: the page and the worker live and die together.
    this.host.send(id, { t: 'hello', token, ping: false });
    return id;
  }

  private afterOutput(): void {
    if (this.stopped) return;
    for (const box of this.host.inbox.values()) {
      for (const text of box.splice(0)) {
        if (this.token === null && text.startsWith('{"t":"welcome"')) {
          const msg = JSON.parse(text) as { token?: string };
          if (msg.token) this.token = msg.token;
        }
        this.opts.onFrame(text);
      }
    }
    if (this.host.transactions !== this.savedAt) {
      this.savedAt = this.host.transactions;
      this.opts.onSave(this.snapshot());
    }
    this.arm();
  }

  /** One timer, for the host's one alarm. */
  private arm(): void {
    const at = this.host.armed;
    if (at === this.timerAt) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    if (at === null) return;
    this.timer = setTimeout(() => this.fire(), Math.max(0, at - this.now()));
  }

  private fire(): void {
    this.timerAt = null;
    if (this.stopped) return;
    if (!this.host.runDue()) this.arm();
  }
}
