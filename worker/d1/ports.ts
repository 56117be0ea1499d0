/**
 * What the ranked queue and the ranked room need from D1, as small interfaces: the hand-off of
 * formed tables (`tables.ts` in D1) and the one-time write of a game's result (`ratings.ts`).
 * `memory.ts` keeps the same rules in memory, so the logic around them is tested under Node.
 */
import type { RankedResult } from '../../shared/ranked/result';
import type { RatingChange } from '../../shared/protocol';

/** A table the queue formed: its room code and, in seat order, each player and their ticket's hash. */
export interface FormedRankedTable {
  room: string;
  players: readonly string[];
  ticketHashes: readonly string[];
}

/** A formed table as its room reads it back. */
export interface PendingRankedTable {
  game: string;
  tier: string;
  formedAt: number;
  players: string[];
  ticketHashes: string[];
}

/**
 * What a write of formed tables did: the rooms written, and the tables refused because a player
 * was already in a ranked game (`busy`: those players; the others may wait again).
 */
export interface OpenedTables {
  opened: string[];
  refused: { room: string; busy: string[] }[];
}

export interface RankedTables {
  /** Write formed tables, each only if none of its players is in a ranked game (atomically). */
  open(game: string, tier: string, tables: readonly FormedRankedTable[], now: number, prune?: boolean): Promise<OpenedTables>;
  pending(room: string): Promise<PendingRankedTable | null>;
  /** The room's game was rated: its players are free and its rows go. */
  clear(room: string): Promise<void>;
  activeRoom(player: string, now: number): Promise<string | null>;
}

/** One seat's rating change, as the room sends it in its `rated` frame. */
export type RankedChange = RatingChange;

/** What one call wrote (or, for a game already written, had written). */
export interface RecordedResult {
  changes: RankedChange[];
}

export interface RankedResults {
  /** Writes a finished game's result once per (room, game number); a later call returns the stored changes. */
  record(result: RankedResult): Promise<RecordedResult>;
}
