import type { NoParams, RefusalsFrom } from '../engine/types';

/**
 * Every refusal the room itself makes (shared/room/*) and the Worker answers a browser with
 * (room creation, socket refusals), as a code with typed parameters. The browser words each
 * in the reader's language (web/src/i18n/room/refusals.ts); a refused move carries the game's
 * own refusal instead (`RefusalOf<G>`, declared in the game's folder).
 */
export type RoomRefusal = RefusalsFrom<{
  already_said_hello: NoParams;
  already_seated: NoParams;
  bad_json: NoParams;
  /** `type`: the message's type (null: binary); `field`: where the first problem is (null: the message itself). */
  bad_message: { type: string | null; field: string | null };
  bad_move: { field: string | null };
  bad_options: { field: string | null };
  /** friendly: a ticket for a friendly room; missing: a ranked room without one; used: spent or never issued here; other_player: someone else's. */
  bad_ticket: { why: 'friendly' | 'missing' | 'used' | 'other_player' };
  bad_token: NoParams;
  cannot_remove_host: NoParams;
  chat_rate_limited: { count: number; seconds: number };
  /** `request`: what came too late (a ranked room's join after its game ended says `finished`). */
  game_started: { request: 'start' | 'join' | 'addBot' | 'removeSeat' | 'settings' | 'finished' };
  handback_pending: NoParams;
  hello_first: NoParams;
  /** The strike before the last ones: `left` more refused messages close the socket. */
  last_warning: { left: number };
  /** Replays over HTTP: `why` none (no such game), playing (not over yet) or gone (no longer stored). */
  no_replay: { game: number; why: 'none' | 'playing' | 'gone' };
  /**
   * A hint refused: `ranked` (never in ranked rooms), `not_solo` (another person is seated: hints are
   * for solo play), `not_your_turn` (the game waits for no move of this seat now).
   */
  no_hint: { why: 'ranked' | 'not_solo' | 'not_your_turn' };
  nonce_late: NoParams;
  not_finished: NoParams;
  not_host: NoParams;
  not_playing: { status: 'lobby' | 'finished' };
  not_seated: NoParams;
  policy_violation: { strikes: number; seconds: number };
  rate_limited: { perSecond: number };
  reaction_rate_limited: { count: number; seconds: number };
  ranked_room: NoParams;
  room_crowded: { connections: number };
  room_full: { seats: number };
  seat_empty: { seat: number };
  seat_taken: { seat: number };
  stale_move: NoParams;
  /** `each`: players a team needs; `teams`: how many each team has now, by team. */
  teams_unbalanced: { players: number; each: number; teams: number[] };
  too_large: { bytes: number; limit: number };
  unknown_room: NoParams;
  /** A reaction the room's game does not offer. */
  unknown_reaction: { reaction: string };
  /** `type`: what the message said its type was (null: none). */
  unknown_type: { type: string | null };
  wrong_player_count: { counts: number[]; seated: number };
}>;

export type RoomErrorCode = RoomRefusal['code'];

/**
 * What the Worker answers over HTTP that a browser shows: room creation and room sockets.
 * These answers keep an English `message` too, for HTTP API callers and logs; the browser
 * never shows it.
 */
export type WorkerRefusal = RefusalsFrom<{
  bad_request: { field: string | null };
  unknown_game: NoParams;
  too_many_rooms: { limit: number; windowSeconds: number };
  too_many_connections: { limit: number; windowSeconds: number };
  cooling_off: { seconds: number };
  internal: NoParams;
}>;

/** Refusals the browser makes itself (nothing sent, nothing readable, the offline room stopped). */
export type ClientRefusal = RefusalsFrom<{
  not_sent: NoParams;
  unreadable_frame: NoParams;
  local_failed: NoParams;
}>;

/** Everything a room page may have to word that is not a game's own. */
export type AnyRoomRefusal = RoomRefusal | WorkerRefusal | ClientRefusal;
