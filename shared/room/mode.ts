/**
 * Room modes: what kind of room a room is (friendly, ranked, …). A mode is given at creation,
 * as the game is, and stored by id with the room. Every question whose answer differs between
 * kinds of room is one of its hooks; the room's modules call them through `r.mode` and never
 * import a mode. Adding a mode is one file and its registration (`registerMode`; the built-in
 * ones in `modes.ts`).
 */
import type { AnyGame } from '../engine/types';
import type { PublicListing } from '../lobby/listing';
import type { RoomInfo, RoomRefusal } from '../protocol';
import type { Conn, RoomContext } from './context';
import type { Effect, RoomRecord, RoomSettings, Settled } from './types';

/** What a `join` asks for: a name, and a seat (the seat form) or a ticket. */
export interface JoinRequest {
  name: string;
  seat?: number;
  ticket?: string;
}

/** Requests a mode may refuse outright: the host's lobby controls, moving seats, play again, hints. */
export type ModeRequest = 'host' | 'sit' | 'again' | 'hint';

export interface RoomMode {
  readonly id: string;
  /**
   * A new room: how many seats it has and the mode's own fields of its record. Throws a
   * `CreationRefused` (context.ts) for settings it refuses.
   */
  create(settings: RoomSettings, game: AnyGame, now: number): { seats: number; record: Partial<RoomRecord> };
  /** Who may join and how: seats the socket or answers it with an error. */
  join(r: RoomContext, c: Conn, request: JoinRequest): void;
  /** The refusal of a request this mode does not allow, or null when the room's own rules decide. */
  refuses(r: RoomContext, request: ModeRequest): RoomRefusal | null;
  /** Leaving a seat in the lobby frees it (true), or leaves it to a bot (false: the seat is its player's for the game). */
  leaveFreesSeat(r: RoomContext): boolean;
  /** A person's seat is being left to a bot (left, taken over, away). */
  seatToBot(r: RoomContext, seat: number): void;
  /** After a hello's full frame: anything more the socket is owed. */
  welcomed(r: RoomContext, c: Conn): void;
  /** In the lobby: when the mode's alarm is due (null: none), and what it does then. */
  lobbyDeadline(r: RoomContext): number | null;
  lobbyDue(r: RoomContext): void;
  /** A game is about to be dealt. */
  dealing(r: RoomContext): void;
  /** Spectators follow from here (a deal, or a load at the snapshot's version); then each move (`before` → r.state). */
  watchFrom(r: RoomContext, version: number): void;
  moved(r: RoomContext, before: unknown, version: number): void;
  /** A game just ended. */
  ended(r: RoomContext): void;
  /** The state spectators are shown, and the last move version they may see. */
  spectatorState(r: RoomContext): unknown;
  spectatorVersion(r: RoomContext): number;
  /** What the room info shows of the mode (`RoomInfo.ranked`). */
  badge(r: RoomContext): RoomInfo['ranked'];
  /** The room's public-tables entry, or null when it is not listed. */
  listing(r: RoomContext): PublicListing | null;
  /** What the outside world is owed now, and the host's acknowledgement of it. */
  owed(r: RoomContext): Effect[];
  settled(r: RoomContext, ack: Settled): void;
}

/** The hooks most modes answer the same way: a mode spreads these and replaces what differs. */
export const ordinaryHooks: Omit<RoomMode, 'id' | 'create' | 'join'> = {
  refuses: () => null,
  leaveFreesSeat: () => true,
  seatToBot: () => {},
  welcomed: () => {},
  lobbyDeadline: () => null,
  lobbyDue: () => {},
  dealing: () => {},
  watchFrom: () => {},
  moved: () => {},
  ended: () => {},
  spectatorState: (r) => r.state,
  spectatorVersion: () => Infinity,
  badge: () => null,
  listing: () => null,
  owed: () => [],
  settled: () => {},
};

const modes = new Map<string, RoomMode>();

/** Make a mode known by its id (a second registration of the same id replaces the first). */
export function registerMode(mode: RoomMode): void {
  modes.set(mode.id, mode);
}

export function modeById(id: string): RoomMode {
  const mode = modes.get(id);
  if (!mode) throw new Error(`unknown room mode ${id}`);
  return mode;
}

export function hasMode(id: string): boolean {
  return modes.has(id);
}
