/**
 * Every message between a browser and a room, as valibot schemas shared by web/ and worker/.
 * Client messages are parsed on the server before anything else happens; server messages
 * are parsed by the client too, so a mismatched deploy fails loudly instead of half-working.
 */
import * as v from 'valibot';

/** Largest frame a room accepts, in bytes. */
export const MAX_FRAME_BYTES = 16 * 1024;
/** Messages one socket may send per second. */
export const MAX_MESSAGES_PER_SECOND = 20;
export const MAX_CHAT_CHARS = 200;
export const MAX_NAME_CHARS = 24;
/** A seat token is 32 random bytes, base64url: 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Room codes: 12 characters from a 31-letter alphabet without look-alikes, about 59 bits. */
export const ROOM_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const ROOM_CODE_PATTERN = /^[23456789abcdefghjkmnpqrstuvwxyz]{12}$/;
/** How long bots think: 'relaxed' lets people follow every move; 'quick' for solo games against bots. */
export const BOT_PACES = ['relaxed', 'quick'] as const;
export type BotPace = (typeof BOT_PACES)[number];
/** Turn clock choices in seconds; null = no clock. */
export const CLOCK_CHOICES = [5, 10, 30, null] as const;

const Name = v.pipe(v.string(), v.trim(), v.minLength(1, 'Enter a name.'), v.maxLength(MAX_NAME_CHARS, `Names are at most ${MAX_NAME_CHARS} characters.`));
const Token = v.pipe(v.string(), v.regex(TOKEN_PATTERN, 'That seat token is not well formed.'));
const SeatIndex = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15));
const ClockChoice = v.nullable(v.picklist([5, 10, 30]));

export const ClientMessage = v.variant('t', [
  /** First message on a socket: reclaim a seat with its token, or watch. */
  v.object({ t: v.literal('hello'), token: v.optional(Token) }),
  /** Take a seat (lobby only). `seat` asks for a particular empty seat. */
  v.object({ t: v.literal('join'), name: Name, seat: v.optional(SeatIndex) }),
  /** Give up your seat (lobby) or hand it to a bot for good (mid-game). */
  v.object({ t: v.literal('leave') }),
  /** A game move, made against state version `version`. */
  v.object({ t: v.literal('move'), version: v.pipe(v.number(), v.integer(), v.minValue(0)), move: v.unknown() }),
  /** Ask for a full view (after a gap in sequence numbers, or on demand). */
  v.object({ t: v.literal('sync') }),
  v.object({ t: v.literal('chat'), text: v.pipe(v.string(), v.trim(), v.minLength(1, 'Empty message.'), v.maxLength(MAX_CHAT_CHARS, `Chat messages are at most ${MAX_CHAT_CHARS} characters.`)) }),
  /** I'm back: take my seat back from the bot that covered for me. */
  v.object({ t: v.literal('back') }),
  // Host only:
  v.object({ t: v.literal('addBot'), seat: v.optional(SeatIndex) }),
  v.object({ t: v.literal('removeSeat'), seat: SeatIndex }),
  v.object({ t: v.literal('settings'), clock: v.optional(ClockChoice), pace: v.optional(v.picklist(BOT_PACES)), options: v.optional(v.record(v.string(), v.unknown())) }),
  v.object({ t: v.literal('start') }),
  v.object({ t: v.literal('again') }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessage>;

export const SeatKind = v.picklist(['human', 'bot']);
export const SeatInfo = v.object({
  name: v.string(),
  kind: SeatKind,
  /** A person's socket is open right now. */
  connected: v.boolean(),
  /** A bot is playing this person's seat (disconnected too long, or away after timeouts). */
  botPlaying: v.boolean(),
});
export type SeatInfo = v.InferOutput<typeof SeatInfo>;

export const RoomStatus = v.picklist(['lobby', 'playing', 'finished']);
export const RoomInfo = v.object({
  code: v.string(),
  game: v.string(),
  status: RoomStatus,
  options: v.record(v.string(), v.unknown()),
  clock: v.nullable(v.number()),
  pace: v.picklist(BOT_PACES),
  /** null = empty seat (lobby only). */
  seats: v.array(v.nullable(SeatInfo)),
  hostSeat: v.nullable(v.number()),
  spectators: v.number(),
  /** Running totals across games played in this room, one per seat. */
  totals: v.array(v.number()),
  gamesPlayed: v.number(),
  outcome: v.nullable(v.object({ winners: v.array(v.number()), scores: v.array(v.number()), summary: v.string() })),
});
export type RoomInfo = v.InferOutput<typeof RoomInfo>;

export const LogEntry = v.objectWithRest({ type: v.string(), text: v.string(), seat: v.optional(v.number()), at: v.number() }, v.unknown());
export type LogEntry = v.InferOutput<typeof LogEntry>;

export const ChatEntry = v.object({ seat: v.nullable(v.number()), name: v.string(), text: v.string(), at: v.number() });
export type ChatEntry = v.InferOutput<typeof ChatEntry>;

/** The clock: when the active seats' time runs out (server time, ms) and who it waits for. */
export const TurnClock = v.nullable(v.object({ deadline: v.number(), seats: v.array(v.number()), seconds: v.number() }));

export const ServerMessage = v.variant('t', [
  /** Who you are in this room: a seat (with its token right after joining) or a spectator. */
  v.object({ t: v.literal('welcome'), seat: v.nullable(v.number()), token: v.optional(v.string()), host: v.boolean() }),
  /** Everything, after hello, sync, or a refused stale move. Logs are the recent tail only. */
  v.object({
    t: v.literal('full'), seq: v.number(), now: v.number(), room: RoomInfo, version: v.number(),
    view: v.unknown(), clock: TurnClock, log: v.array(LogEntry), chat: v.array(ChatEntry),
  }),
  /** One accepted move (or a clock/bot action): the new view and what happened, nothing more. */
  v.object({ t: v.literal('update'), seq: v.number(), now: v.number(), version: v.number(), view: v.unknown(), clock: TurnClock, events: v.array(LogEntry) }),
  /** Seats, presence, options, status changed. */
  v.object({ t: v.literal('room'), seq: v.number(), room: RoomInfo }),
  v.object({ t: v.literal('chat'), seq: v.number(), entry: ChatEntry }),
  /** Something you sent was refused. Only ever sent to the socket that sent it. */
  v.object({ t: v.literal('error'), code: v.string(), message: v.string() }),
]);
export type ServerMessage = v.InferOutput<typeof ServerMessage>;

/** Body of POST /api/rooms. */
export const CreateRoomRequest = v.object({
  game: v.string(),
  options: v.optional(v.record(v.string(), v.unknown()), {}),
  clock: v.optional(ClockChoice, 10),
  pace: v.optional(v.picklist(BOT_PACES), 'relaxed'),
});
export type CreateRoomRequest = v.InferOutput<typeof CreateRoomRequest>;
export type TurnClock = v.InferOutput<typeof TurnClock>;

/** The first problem valibot found, as one sentence naming the field. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  if (!first) return 'Invalid message.';
  const path = first.path?.map((p) => String(p.key)).join('.');
  return path ? `${path}: ${first.message}` : first.message;
}
