/**
 * The ranked queue's frames (server → browser) on `GET /api/queue/:game/:tier/:seats/ws`. The
 * browser sends nothing: closing the socket leaves the queue. The refusals before a socket is
 * opened are HTTP answers (401 no player, 403 banned, 409 already in a ranked game, 429 a join
 * storm); the codes below are what the queue itself may say once the socket is open. Like the
 * room's refusals, a code and no sentence: the browser words it in the reader's language.
 */
import * as v from 'valibot';
import { ROOM_CODE_PATTERN } from './room-code';

/** A ticket is 32 random bytes, base64url (43 characters), like a seat token. */
export const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const Ticket = v.pipe(v.string(), v.regex(TICKET_PATTERN, 'That ticket is not well formed.'));

/**
 * `replaced`: the same player joined again (another tab); `room_failed`: the formed table could not
 * be written; `in_ranked_game`: a table formed, but the player had meanwhile been seated in another
 * ranked game (from another queue), so the table was not opened.
 */
export const QUEUE_ERROR_CODES = ['replaced', 'room_failed', 'in_ranked_game'] as const;
export type QueueErrorCode = (typeof QUEUE_ERROR_CODES)[number];

export const QueueMessage = v.variant('t', [
  /** About once a second while waiting: how long this player has waited and how many wait in this queue. */
  v.object({ t: v.literal('waiting'), waitedMs: v.pipe(v.number(), v.minValue(0)), waiting: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
  /** A table formed: go to `/r/<room>?ticket=<ticket>`. The queue closes the socket right after. */
  v.object({ t: v.literal('matched'), room: v.pipe(v.string(), v.regex(ROOM_CODE_PATTERN)), ticket: Ticket }),
  /** The queue let this entry go: `replaced` by the same player's newer entry, the room could not be made, or the player is in another ranked game. */
  v.object({ t: v.literal('error'), code: v.picklist(QUEUE_ERROR_CODES) }),
]);
export type QueueMessage = v.InferOutput<typeof QueueMessage>;
