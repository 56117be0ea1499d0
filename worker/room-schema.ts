/**
 * The room's SQLite schema as numbered steps. A one-row `schema_version` table holds the last
 * step a room's database has run (Durable Objects refuse `PRAGMA user_version`); on load the
 * missing steps run in one transaction. Rooms stored before the schema was versioned count as
 * version 0 with any mix of the older layouts, so the first steps look at what is there instead
 * of assuming it (and never try an `ALTER TABLE` to see whether it fails).
 */

export interface Migration {
  version: number;
  what: string;
  up(sql: SqlStorage): void;
}

const tableExists = (sql: SqlStorage, name: string) => sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`, name).toArray().length > 0;
const columns = (sql: SqlStorage, table: 'move_log' | 'game_seed') =>
  new Set(
    sql
      .exec<{ name: string }>(`PRAGMA table_info(${table})`)
      .toArray()
      .map((c) => c.name),
  );

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    what: 'the room record, moves, chat and game seeds',
    up(sql) {
      sql.exec(`CREATE TABLE IF NOT EXISTS record (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
      // One b-tree keyed by (game, version): a move writes one table page, where a rowid table and
      // its primary-key index wrote two (about a fifth fewer bytes written per move).
      sql.exec(
        `CREATE TABLE IF NOT EXISTS moves (game INTEGER NOT NULL, version INTEGER NOT NULL, seat INTEGER NOT NULL, move TEXT NOT NULL, events TEXT NOT NULL, at INTEGER NOT NULL, live TEXT, PRIMARY KEY (game, version)) WITHOUT ROWID`,
      );
      sql.exec(`CREATE TABLE IF NOT EXISTS chat_log (id INTEGER PRIMARY KEY AUTOINCREMENT, entry TEXT NOT NULL)`);
      sql.exec(`CREATE TABLE IF NOT EXISTS game_seed (game INTEGER PRIMARY KEY, seed TEXT NOT NULL, setup TEXT NOT NULL)`);
    },
  },
  {
    version: 2,
    what: 'moves stored in the older rowid table move_log move over to moves',
    up(sql) {
      if (!tableExists(sql, 'move_log')) return;
      if (!columns(sql, 'move_log').has('live')) sql.exec(`ALTER TABLE move_log ADD COLUMN live TEXT`);
      sql.exec(`INSERT OR IGNORE INTO moves (game, version, seat, move, events, at, live) SELECT game, version, seat, move, events, at, live FROM move_log`);
      sql.exec(`DROP TABLE move_log`);
    },
  },
  {
    version: 3,
    what: "fair deals: a game's reveal (kept here until its end) and its outcome, for replays",
    up(sql) {
      const has = columns(sql, 'game_seed');
      for (const column of ['fair', 'outcome']) if (!has.has(column)) sql.exec(`ALTER TABLE game_seed ADD COLUMN ${column} TEXT`);
    },
  },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** The last step this database has run (0: none, or stored before versioning). */
export function schemaVersion(sql: SqlStorage): number {
  sql.exec(`CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`);
  return sql.exec<{ version: number }>(`SELECT version FROM schema_version`).toArray()[0]?.version ?? 0;
}

/** Bring a room's database up to the last step; call inside a transaction. Returns the version it found. */
export function migrate(sql: SqlStorage, migrations: readonly Migration[] = MIGRATIONS): number {
  const found = schemaVersion(sql);
  for (const m of migrations) if (m.version > found) m.up(sql);
  const target = migrations.at(-1)?.version ?? found;
  if (target > found) {
    sql.exec(`DELETE FROM schema_version`);
    sql.exec(`INSERT INTO schema_version (version) VALUES (?)`, target);
  }
  return found;
}
