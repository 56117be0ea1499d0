/**
 * Public tables: what a room's entry on the home page's list is, and whether it is listed at
 * all. Pure: the room core asks this after every input (through its mode: only modes that list
 * rooms do) and its host tells the `Lobby` shard (worker/lobby.ts) only when the answer
 * changed. It never names a game, and reads a room by its shape, not by the room's types.
 */

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** One open public room as the home page lists it. */
export interface PublicListing {
  code: string;
  game: string;
  /** The host's seat name. */
  host: string;
  /** Seats at the table, and how many of them are empty. */
  seats: number;
  free: number;
  /** Turn clock in seconds; null = no clock. */
  clock: number | null;
  /** The host's language when the room was created. */
  language: Language;
}

/** A listing as the Lobby keeps it: when it was first listed orders "newest". */
export interface ListedRoom extends PublicListing {
  listedAt: number;
}

/**
 * Lobby shards per game. Fixed: a room's shard is a hash of its code, so changing N moves
 * rooms between shards (and the home page reads every shard of a game). See the README.
 */
export const LOBBY_SHARDS = 4;
/** Most entries one shard answers with, and most the merged list returns. */
export const SHARD_LIST_LIMIT = 50;
export const PUBLIC_LIST_LIMIT = 50;
/** Most entries one shard holds: a put beyond it is refused, so one object's storage and answers stay bounded. */
export const SHARD_CAPACITY = 2_000;

/** FNV-1a over the code's characters, mod the shard count: stable, cheap, spread evenly by random codes. */
export function lobbyShard(code: string, shards = LOBBY_SHARDS): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) {
    h ^= code.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % shards;
}

/** The Lobby object's name for one shard of one game. */
export function lobbyName(game: string, shard: number): string {
  return `${game}:${shard}`;
}

/** A room record as the listing reads it. */
export interface Listable {
  code: string;
  game: string;
  status: string;
  seats: ({ name: string; kind: 'human' | 'bot'; disconnectedAt: number | null } | null)[];
  hostSeat: number | null;
  clock: number | null;
  public?: boolean;
  language?: Language;
}

/**
 * The room's entry, or null when it must not be listed: only a public room in its lobby with a free seat and its host (or some seated person) connected.
 * Full, started, finished, empty or deserted rooms leave the list.
 */
export function listingOf(room: Listable): PublicListing | null {
  if (room.public !== true) return null;
  if (room.status !== 'lobby') return null;
  const free = room.seats.filter((s) => s === null).length;
  if (free === 0) return null;
  // Empty: nobody seated is here to play with (bots alone, or everyone gone).
  const present = room.seats.some((s) => s !== null && s.kind === 'human' && s.disconnectedAt === null);
  if (!present) return null;
  const hostSeat = room.hostSeat !== null ? room.seats[room.hostSeat] : null;
  const host = hostSeat?.kind === 'human' ? hostSeat : room.seats.find((s) => s !== null && s.kind === 'human');
  return {
    code: room.code,
    game: room.game,
    host: host?.name ?? '',
    seats: room.seats.length,
    free,
    clock: room.clock,
    language: room.language ?? 'en',
  };
}

/** Most free seats first, then the newest; ties by code so the order is stable between polls. */
export function compareListed(a: ListedRoom, b: ListedRoom): number {
  return b.free - a.free || b.listedAt - a.listedAt || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

/** Every shard's answer merged into one list for the home page. */
export function mergeListed(shards: ListedRoom[][], limit = PUBLIC_LIST_LIMIT): ListedRoom[] {
  return shards.flat().sort(compareListed).slice(0, limit);
}

/** Two listings say the same thing (the room tells its Lobby only about changes). */
export function sameListing(a: PublicListing | null, b: PublicListing | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.code === b.code && a.game === b.game && a.host === b.host && a.seats === b.seats && a.free === b.free && a.clock === b.clock && a.language === b.language
  );
}
