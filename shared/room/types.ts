/**
 * The room's records and the effects it asks its host (the Durable Object, or the browser
 * for offline play) to carry out. Everything here is plain JSON.
 */
import type { AnyGame, BotLevel } from '../engine/types';
import type { Reveal } from '../fair';
import type { Language, PublicListing } from '../lobby/listing';
import type { RankedResult } from '../ranked/result';
import type { RankedEscape, RankedRecord, RankedSettings, RatedFrame } from './ranked';

// What ranked effects carry, for the hosts that carry them out.
export type { RankedEscape };
import type { BotPace, ChatEntry, LogEntry, RoomInfo, TurnClock } from '../protocol';

/** How long a disconnected person's seat waits before a bot plays it. */
export const TAKEOVER_MS = 15_000;
/** A socket that promised heartbeats and sent nothing for this long is gone (half-open). */
export const SILENCE_MS = 15_000;
/** Bots wait this long (plus up to the jitter) so people can follow their moves. */
export const BOT_DELAY_MS: Record<BotPace, { base: number; jitter: number }> = {
  relaxed: { base: 600, jitter: 600 },
  quick: { base: 150, jitter: 100 },
};
/** Timeouts in a row after which a person counts as away and a bot plays for them. */
export const AWAY_AFTER_TIMEOUTS = 2;
/** An idle room is deleted after this long without any message or move. */
export const IDLE_EXPIRY_MS = 6 * 60 * 60 * 1000;
/** A finished room is deleted after this long. */
export const FINISHED_EXPIRY_MS = 60 * 60 * 1000;
/** The full state is stored at the start, the end, and every this many moves; moves in between are replayed on load. */
export const SNAPSHOT_EVERY = 64;
/** Presence broadcasts are coalesced: at most one room message per this many ms. */
export const ROOM_FLUSH_MS = 250;
/** Sockets a room accepts beyond its seats (spectators, a second tab). */
export const EXTRA_SOCKETS = 24;
/** Refused frames (too big, too fast, malformed) a socket may send in STRIKE_WINDOW_MS before it is warned, then closed. */
export const STRIKE_WARN = 5;
export const STRIKE_LIMIT = 10;
export const STRIKE_WINDOW_MS = 10_000;
/** Error replies one socket gets per second at most; further refusals cost only a counter. */
export const MAX_ERROR_REPLIES_PER_SECOND = 4;
export const LOG_TAIL = 40;
export const CHAT_TAIL = 50;
export const CHAT_BURST = 5;
export const CHAT_WINDOW_MS = 10_000;
/** Quick reactions one socket may send per window: enough to answer a trick, too few to flood a table. */
export const REACTION_BURST = 3;
export const REACTION_WINDOW_MS = 6_000;
/** WebSocket close codes. */
export const CLOSE_POLICY = 1008;
export const CLOSE_TRY_LATER = 1013;
export const CLOSE_GOING_AWAY = 1001;

export interface SeatRecord {
  name: string;
  kind: 'human' | 'bot';
  tokenHash: string | null;
  /** When the person's last socket went (null while connected, and for bots). */
  disconnectedAt: number | null;
  botPlaying: boolean;
  /** Timeouts in a row. */
  timeouts: number;
  /** The person asked for the seat back while the game could not hand it over yet. */
  wantsBack: boolean;
  /** The player (issue 21) whose socket took the seat, when the Worker verified one. */
  player?: string;
  /**
   * How hard the bot plays a bot seat (`kind: 'bot'`): the host's choice, or Strong for a person's
   * seat left to a bot mid-game. Absent in older records: Normal. A person's seat a bot covers
   * for (`botPlaying`) always plays Strong.
   */
  level?: BotLevel;
}

export interface RoomSettings {
  code: string;
  game: string;
  options: Record<string, unknown>;
  clock: number | null;
  pace: BotPace;
  /** The host's language at creation (public tables show it); absent in older rooms: 'en'. */
  language?: Language;
  /** The room's mode by id (`mode.ts`): absent means `ranked` when `ranked` is given, else `friendly`. */
  mode?: string;
  /** A ranked room: standard options, the tier's clock, no host, one game. */
  ranked?: RankedSettings;
  /** What a mode other than the built-in ones is given at creation (its `create` reads it). */
  modeSettings?: unknown;
  /**
   * A scripted deal (a game's "How to play": its tutorial seed) in place of a fair one, with bots
   * that choose the same way every time, so the coached deal goes as its seed was chosen for.
   * Only the browser's offline rooms set it: no request to the Worker carries it.
   */
  deal?: string;
  /**
   * The player who made the room (the Worker's player cookie at `POST /api/rooms`): they host it
   * whenever they sit in it, and nobody else takes the host first while they are in the room.
   */
  creator?: string;
}

/** What changes between games and on seat changes: stored as one row, rewritten only when it changes. */
export interface RoomRecord extends Omit<RoomSettings, 'ranked' | 'modeSettings'> {
  /** The room's mode by id; filled in on load for rooms stored before modes. */
  mode?: string;
  /** The ranked mode's record (`ranked.ts`); absent in other rooms. */
  ranked?: RankedRecord;
  /** What another mode keeps in the room record (its own shape). */
  modeRecord?: unknown;
  status: 'lobby' | 'playing' | 'finished';
  seats: (SeatRecord | null)[];
  hostSeat: number | null;
  gameNo: number;
  totals: number[];
  gamesPlayed: number;
  outcome: RoomInfo['outcome'];
  finishedAt: number | null;
  /** Listed on the home page's public tables (friendly rooms only; the host sets it in the lobby). */
  public?: boolean;
  /** Fair deals; absent in rooms stored before them (filled in on first use). */
  fair?: FairRecord;
}

/**
 * Commit–reveal state (`shared/fair`), kept in the room row on the server only: the
 * secret never leaves the room before its game is over.
 */
export interface FairRecord {
  /** The next game's secret and commitment, and the nonces seated people sent for it, by seat. */
  next: { game: number; salt: string; secret: string; hash: string; nonces: Record<string, string> } | null;
  /** The game dealt last: everything its reveal shows. */
  current: Reveal | null;
}

/** What changes on every move: a small row of its own. */
export interface LiveRecord {
  /** State version: moves applied in the current game. */
  version: number;
  turn: TurnClock;
  /** The turn the clock was started for, so a move inside the same turn keeps it. */
  turnKey: string | null;
  botDue: number | null;
  /** A game's reading pause (`Game.readingPause`) running: no clock and no bot until it ends. Absent in older records. */
  pause?: ReadingPause | null;
  lastActivity: number;
  /** Per view key (a seat number, or 's' for spectators): the version last sent to its sockets. */
  sent: Record<string, number>;
}

/** The table waits for people to read the end of a deal: until `until`, or until every seat in `waiting` said it read it. */
export interface ReadingPause {
  until: number;
  /** The state version the pause started at: a `read` from an older table does not count. */
  version: number;
  /** People's seats that have not said they read it yet. */
  waiting: number[];
}

/** What a socket carries through hibernation. */
export interface SocketAttachment {
  id: string;
  hello: boolean;
  seat: number | null;
  /** The client promised heartbeats: silence then means the connection is gone. */
  pings: boolean;
  /** The verified player on this socket (the Worker's X-Player-Id), if any. */
  player?: string;
  /** The room closed this socket (set by the host): listed by the runtime until its peer answers, never a live seat again. */
  closed?: true;
}

/** One storage write; all the writes of one input go in one transaction. */
export type Write =
  | { t: 'room'; value: string }
  | { t: 'live'; value: string }
  | { t: 'snapshot'; game: number; version: number; state: string }
  /** A move; the last move of an input also carries the live record (one table page touched per move, not two). */
  | { t: 'move'; game: number; version: number; seat: number; move: string; events: string; at: number; live?: string }
  /** A game's seed and setup, its reveal (server-side until the end) and, once over, its outcome: rewritten at the end. */
  | { t: 'game'; game: number; seed: string; setup: string; fair: string | null; outcome: string | null }
  | { t: 'chat'; entry: string }
  | { t: 'deleteAll' };

/** Everything one input asks the host to do, in order: write, then send, then close. */
export interface Outbox {
  writes: Write[];
  /** [socket id, frame text]. */
  frames: [string, string][];
  closes: [string, number, string][];
  /** Sockets whose attachment changed. */
  attach: SocketAttachment[];
  /** What other systems must hear of (the host's ports carry them out, and acknowledge with `RoomCore.settled`). */
  effects: Effect[];
  /** The other seats' updates are owed: the host calls the core's `flush` when it chooses (any input pays them first anyway). */
  later?: true;
}

/**
 * An effect for a system outside the room: the public-tables Lobby's entry changed (null: not
 * listed), a game's result is owed, escapes are owed. Owed ones come with every input until the
 * host acknowledges them, so a restart or a failed write only delays them.
 */
export type Effect =
  | { t: 'listing'; code: string; game: string; entry: PublicListing | null }
  | { t: 'result'; result: RankedResult }
  | { t: 'escapes'; room: string; escapes: RankedEscape[] };

/** The host's acknowledgement of an owed effect: a result written (and what it changed), escapes written. */
export type Settled = { t: 'result'; frame: RatedFrame } | { t: 'escapes'; written: readonly RankedEscape[] };

/** A stored move, as the log holds it. */
export interface MoveRow {
  [column: string]: number | string | null;
  game: number;
  version: number;
  seat: number;
  move: string;
  events: string;
  at: number;
  /** The live record as it was after this move, when the move was the last of its input. */
  live: string | null;
}

/** What the room reads back from its storage (see `store.ts`). */
export interface StoreReads {
  /** The stored move log tail of a game, oldest first. */
  moveTail(game: number, limit: number): MoveRow[];
  chatTail(limit: number): ChatEntry[];
  /** A game's stored seed row and its whole move log, for its replay (null when there is no such game). */
  gameLog(game: number): { seed: string; setup: string; fair: string | null; outcome: string | null; moves: MoveRow[] } | null;
}

/** What the room needs from its host besides inputs and storage. */
export interface RoomPorts {
  game(id: string): AnyGame | undefined;
  /** Cryptographic randomness: seat tokens, seeds. */
  randomBytes(n: number): Uint8Array;
  /** Plain randomness: bot pacing jitter, bot choices. */
  random(): number;
}

export type { ChatEntry, LogEntry };
