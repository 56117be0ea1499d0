/**
 * The database's shape and any table's rows by name, for worker/test/d1.test.ts, which applies
 * the migrations step by step from every earlier version and checks each path keeps the schema
 * and the rows. Only tests and benchmarks call this (a dependency-cruiser rule keeps the Worker
 * from importing it): unlike the owner modules, it names any table, so table and column names
 * are checked to be plain identifiers before they go into SQL.
 */

/** A value a test writes into a column (a blob as bytes). */
export type Cell = string | number | null | Uint8Array;
export type Row = Record<string, Cell>;

/** One entry of sqlite_master. */
export interface SchemaEntry {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Not a table or column name: ${JSON.stringify(name)}`);
  return name;
}

/** Everything sqlite_master says (tables, indexes, their SQL), D1's own `_cf_` tables left out. */
export async function schemaOf(db: D1Database): Promise<SchemaEntry[]> {
  const { results } = await db
    .prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE substr(name, 1, 4) <> '_cf_' ORDER BY type, name`)
    .all<SchemaEntry>();
  return results;
}

/** The migrations D1 recorded (`d1_migrations`), by file name, in the order it applied them. */
export async function appliedMigrations(db: D1Database): Promise<string[]> {
  const { results } = await db.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>();
  return results.map((r) => r.name);
}

/** Writes each row into `table`, with the columns that row names (one statement a row, in order). */
export async function insertRows(db: D1Database, table: string, rows: readonly Row[]): Promise<void> {
  for (const row of rows) {
    const columns = Object.keys(row).map(identifier);
    await db
      .prepare(`INSERT INTO ${identifier(table)} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
      .bind(...Object.values(row))
      .run();
  }
}

/** Every row of `table`, with just those columns (blobs as D1 gives them back: arrays of bytes). */
export async function rowsOf(db: D1Database, table: string, columns: readonly string[]): Promise<Record<string, unknown>[]> {
  const { results } = await db.prepare(`SELECT ${columns.map(identifier).join(', ')} FROM ${identifier(table)}`).all<Record<string, unknown>>();
  return results;
}
