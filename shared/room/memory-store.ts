/**
 * The room's storage as plain tables in memory (the `RoomStore` of tests and the browser).
 * The tables are plain JSON, so a host can save and restore them whole.
 */
import { parseStored, snapshotText, type Loaded, type RoomStore } from './store';
import { CHAT_TAIL, LOG_TAIL, type ChatEntry, type MoveRow, type StoreReads, type Write } from './types';

export interface StoredRoom {
  record: Record<string, string>;
  moves: MoveRow[];
  chat: string[];
  /** Each game's seed and outcome, for replays (absent from a bounded store's saves). */
  seeds?: { game: number; seed: string; setup: string; fair?: string | null; outcome?: string | null }[];
}

export function emptyStoredRoom(): StoredRoom {
  return { record: {}, moves: [], chat: [], seeds: [] };
}

export interface MemoryStoreOptions {
  /**
   * Keep only what the core reads back while playing — the newest game's moves after its
   * snapshot plus the log tail, and the chat tail — so a long session stays small. Such a
   * store keeps no replays: a finished game's moves and seed are dropped.
   */
  bounded?: boolean;
}

export class MemoryStore implements RoomStore {
  /** Inputs that wrote anything (one transaction each). */
  transactions = 0;

  constructor(
    public data: StoredRoom = emptyStoredRoom(),
    private readonly opts: MemoryStoreOptions = {},
  ) {
    if (opts.bounded) {
      const snapshot = parseStored(data.record, () => [])?.snapshot ?? null;
      this.snapAt = snapshot && { game: snapshot.game, version: snapshot.version };
      this.prune();
    }
  }

  /** Which game and version the stored snapshot is of (a bounded store prunes by it without parsing the state). */
  private snapAt: { game: number; version: number } | null = null;

  load(): Loaded | null {
    const { record, moves } = this.data;
    return parseStored(record, (s) => moves.filter((m) => m.game === s.game && m.version >= s.version));
  }

  apply(writes: readonly Write[]): void {
    if (writes.length === 0) return;
    this.transactions++;
    for (const w of writes) {
      const data = this.data;
      switch (w.t) {
        case 'room':
        case 'live':
          data.record[w.t] = w.value;
          break;
        case 'snapshot':
          data.record.snapshot = snapshotText(w);
          this.snapAt = { game: w.game, version: w.version };
          break;
        case 'move': {
          const row = { game: w.game, version: w.version, seat: w.seat, move: w.move, events: w.events, at: w.at, live: w.live ?? null };
          const last = data.moves.at(-1);
          // Moves arrive in order: a row replaces its own (game, version) only when written again.
          if (last && (last.game > w.game || (last.game === w.game && last.version >= w.version))) {
            data.moves = data.moves.filter((m) => !(m.game === w.game && m.version === w.version));
          }
          data.moves.push(row);
          break;
        }
        case 'game':
          if (this.opts.bounded) break;
          data.seeds = (data.seeds ?? []).filter((s) => s.game !== w.game);
          data.seeds.push({ game: w.game, seed: w.seed, setup: w.setup, fair: w.fair, outcome: w.outcome });
          break;
        case 'chat':
          data.chat.push(w.entry);
          break;
        case 'deleteAll':
          this.data = emptyStoredRoom();
          this.snapAt = null;
          break;
      }
    }
    if (this.opts.bounded) this.prune();
  }

  /** A bounded store's rows: only the newest game's moves after its snapshot and its last LOG_TAIL, the chat tail. */
  private prune(): void {
    const data = this.data;
    const game = data.moves.reduce((g, m) => Math.max(g, m.game), 0);
    // Without a snapshot of this game every move of it is needed (one is written at its start).
    const after = this.snapAt && this.snapAt.game === game ? this.snapAt.version : -1;
    const current = data.moves.filter((m) => m.game === game).sort((a, b) => a.version - b.version);
    const tailFrom = current.length - LOG_TAIL;
    data.moves = current.filter((m, i) => i >= tailFrom || m.version > after);
    if (data.chat.length > CHAT_TAIL) data.chat = data.chat.slice(-CHAT_TAIL);
    data.seeds = [];
  }

  moveTail(game: number, limit: number): MoveRow[] {
    return this.data.moves.filter((m) => m.game === game).slice(-limit);
  }

  chatTail(limit: number): ChatEntry[] {
    return this.data.chat.slice(-limit).map((e) => JSON.parse(e) as ChatEntry);
  }

  gameLog(game: number): ReturnType<StoreReads['gameLog']> {
    const row = this.data.seeds?.find((s) => s.game === game);
    if (!row) return null;
    const moves = this.data.moves.filter((m) => m.game === game).sort((a, b) => a.version - b.version);
    return { seed: row.seed, setup: row.setup, fair: row.fair ?? null, outcome: row.outcome ?? null, moves };
  }
}
