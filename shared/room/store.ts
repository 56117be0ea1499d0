/**
 * The room's one storage seam: what a host loads a room from and writes an input's rows to.
 * Two implementations: SQL in the Durable Object (`worker/store.ts`) and memory for tests and
 * the browser (`memory-store.ts`). The records are stored as the core hands them over (JSON
 * text); this module holds the one envelope they share.
 */
import type { LiveRecord, MoveRow, RoomRecord, StoreReads, Write } from './types';

/** A game state as stored at the start, the end and every SNAPSHOT_EVERY moves. */
export interface Snapshot {
  game: number;
  version: number;
  state: unknown;
}

/** A stored room: its records, its latest snapshot and the moves after it (replayed by the core's `load`). */
export interface Loaded {
  room: RoomRecord;
  live: LiveRecord;
  snapshot: Snapshot | null;
  tail: MoveRow[];
}

export interface RoomStore extends StoreReads {
  /** The stored room, or null when there is none. */
  load(): Loaded | null;
  /** One input's writes, all or nothing. */
  apply(writes: readonly Write[]): void;
}

/** The snapshot row's text: the state is already JSON, so it is spliced in rather than parsed and stringified again. */
export function snapshotText(w: Extract<Write, { t: 'snapshot' }>): string {
  return `{"game":${w.game},"version":${w.version},"state":${w.state}}`;
}

/** A room from its stored record texts; `tail(snapshot)` reads the moves from the snapshot's version on, oldest first. */
export function parseStored(record: { room?: string; live?: string; snapshot?: string }, tail: (snapshot: Snapshot) => MoveRow[]): Loaded | null {
  if (!record.room || !record.live) return null;
  const snapshot = record.snapshot ? (JSON.parse(record.snapshot) as Snapshot) : null;
  return { room: JSON.parse(record.room) as RoomRecord, live: JSON.parse(record.live) as LiveRecord, snapshot, tail: snapshot ? tail(snapshot) : [] };
}
