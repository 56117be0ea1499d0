/**
 * The room's storage in the Durable Object's SQLite (the Worker's `RoomStore`): a `record`
 * table (the room, the live record and the last snapshot), an append-only `moves` table, the
 * chat tail and each game's seed row. The schema and its migrations are in `room-schema.ts`.
 */
import type { ChatEntry } from '../shared/protocol';
import { parseStored, snapshotText, type Loaded, type RoomStore } from '../shared/room/store';
import { CHAT_TAIL, type MoveRow, type StoreReads, type Write } from '../shared/room/types';
import { migrate } from './room-schema';

export class SqlStore implements RoomStore {
  private readonly sql: SqlStorage;

  constructor(private readonly storage: DurableObjectStorage) {
    this.sql = storage.sql;
    storage.transactionSync(() => migrate(this.sql));
  }

  load(): Loaded | null {
    const records = Object.fromEntries(
      this.sql
        .exec<{ key: string; value: string }>(`SELECT key, value FROM record`)
        .toArray()
        .map((r) => [r.key, r.value]),
    );
    return parseStored(records, (s) =>
      this.sql.exec<MoveRow>(`SELECT * FROM moves WHERE game = ? AND version >= ? ORDER BY version`, s.game, s.version).toArray(),
    );
  }

  apply(writes: readonly Write[]): void {
    // One statement (a move) is atomic by itself; a savepoint around it would cost two more statements per move.
    if (writes.length === 1) this.write(writes[0]!);
    else if (writes.length > 1) this.storage.transactionSync(() => writes.forEach((w) => this.write(w)));
  }

  moveTail(game: number, limit: number): MoveRow[] {
    return this.sql.exec<MoveRow>(`SELECT * FROM moves WHERE game = ? ORDER BY version DESC LIMIT ?`, game, limit).toArray().reverse();
  }

  chatTail(limit: number): ChatEntry[] {
    return this.sql
      .exec<{ entry: string }>(`SELECT entry FROM chat_log ORDER BY id DESC LIMIT ?`, limit)
      .toArray()
      .reverse()
      .map((r) => JSON.parse(r.entry) as ChatEntry);
  }

  gameLog(game: number): ReturnType<StoreReads['gameLog']> {
    const row = this.sql
      .exec<{ seed: string; setup: string; fair: string | null; outcome: string | null }>(
        `SELECT seed, setup, fair, outcome FROM game_seed WHERE game = ?`,
        game,
      )
      .toArray()[0];
    if (!row) return null;
    const moves = this.sql.exec<MoveRow>(`SELECT * FROM moves WHERE game = ? ORDER BY version`, game).toArray();
    return { ...row, moves };
  }

  private write(w: Write): void {
    switch (w.t) {
      case 'room':
      case 'live':
        this.sql.exec(`INSERT OR REPLACE INTO record (key, value) VALUES (?, ?)`, w.t, w.value);
        break;
      case 'snapshot':
        this.sql.exec(`INSERT OR REPLACE INTO record (key, value) VALUES ('snapshot', ?)`, snapshotText(w));
        break;
      case 'move':
        this.sql.exec(
          `INSERT OR REPLACE INTO moves (game, version, seat, move, events, at, live) VALUES (?, ?, ?, ?, ?, ?, ?)`,
          w.game,
          w.version,
          w.seat,
          w.move,
          w.events,
          w.at,
          w.live ?? null,
        );
        break;
      case 'game':
        this.sql.exec(`INSERT OR REPLACE INTO game_seed (game, seed, setup, fair, outcome) VALUES (?, ?, ?, ?, ?)`, w.game, w.seed, w.setup, w.fair, w.outcome);
        break;
      case 'chat':
        this.sql.exec(`INSERT INTO chat_log (entry) VALUES (?)`, w.entry);
        this.sql.exec(`DELETE FROM chat_log WHERE id <= (SELECT MAX(id) FROM chat_log) - ?`, CHAT_TAIL);
        break;
      case 'deleteAll':
        // Everything this room stored goes (it expired), its alarm with it. Asynchronous, but the
        // runtime orders it after earlier writes and holds the room's frames until it is done.
        void this.storage.deleteAll();
        break;
    }
  }
}
