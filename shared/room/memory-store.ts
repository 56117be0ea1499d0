/**
 * The room's storage as plain tables in memory (the `RoomStore` of tests and the browser).
 * The tables are plain JSON, so a host can save and restore them whole.
 */
import { parseStored, snapshotText, type Loaded, type RoomStore } from './store';
import type { ChatEntry, MoveRow, StoreReads, Write } from './types';

export interface StoredRoom {
  record: Record<string, string>;
  moves: MoveRow[];
  chat: string[];
  seeds: { game: number; seed: string; setup: string; fair?: string | null; outcome?: string | null }[];
}

export function emptyStoredRoom(): StoredRoom {
  return { record: {}, moves: [], chat: [], seeds: [] };
}

export class MemoryStore implements RoomStore {
  /** Inputs that wrote anything (one transaction each). */
  transactions = 0;

  constructor(public data: StoredRoom = emptyStoredRoom()) {}

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
          data.seeds = data.seeds.filter((s) => s.game !== w.game);
          data.seeds.push({ game: w.game, seed: w.seed, setup: w.setup, fair: w.fair, outcome: w.outcome });
          break;
        case 'chat':
          data.chat.push(w.entry);
          break;
        case 'deleteAll':
          this.data = emptyStoredRoom();
          break;
      }
    }
  }

  moveTail(game: number, limit: number): MoveRow[] {
    return this.data.moves.filter((m) => m.game === game).slice(-limit);
  }

  chatTail(limit: number): ChatEntry[] {
    return this.data.chat.slice(-limit).map((e) => JSON.parse(e) as ChatEntry);
  }

  gameLog(game: number): ReturnType<StoreReads['gameLog']> {
    const row = this.data.seeds.find((s) => s.game === game);
    if (!row) return null;
    const moves = this.data.moves.filter((m) => m.game === game).sort((a, b) => a.version - b.version);
    return { seed: row.seed, setup: row.setup, fair: row.fair ?? null, outcome: row.outcome ?? null, moves };
  }
}
