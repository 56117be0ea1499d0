/**
 * Every message between a browser and a room, as valibot schemas shared by web/, worker/
 * and the room core. Client messages are parsed by the room before anything else happens;
 * server messages are parsed by the client too, so a mismatched deploy fails loudly
 * instead of half-working.
 */
import * as v from 'valibot';
import { Commitment, Nonce, Reveal } from '../fair/schema';
import type { BotLevel } from '../engine/types';
import { cleanText } from './text';

export { cleanText, hasVisibleCharacter } from './text';
export { QueueMessage, Ticket, TICKET_PATTERN } from './queue';
import { Ticket } from './queue';

/** Largest frame a room accepts, in bytes. */
export const MAX_FRAME_BYTES = 16 * 1024;
/** Messages one socket may send per second. */
export const MAX_MESSAGES_PER_SECOND = 20;
export const MAX_CHAT_CHARS = 200;
export const MAX_NAME_CHARS = 24;
/** A seat token is 32 random bytes, base64url: 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export { ROOM_CODE_ALPHABET, ROOM_CODE_PATTERN } from './room-code';
/** How long bots think: 'relaxed' lets people follow every move; 'quick' for solo games against bots. */
export const BOT_PACES = ['relaxed', 'quick'] as const;
export type BotPace = (typeof BOT_PACES)[number];
/** How hard a bot seat plays (the Game contract's `BotLevel`); a seat without one plays Normal. */
export const BOT_LEVELS = ['easy', 'normal', 'strong'] as const satisfies readonly BotLevel[];
export type BotLevelChoice = (typeof BOT_LEVELS)[number];
const BotLevelSchema = v.picklist(BOT_LEVELS);
/** Turn clock choices in seconds; null = no clock. */
export const CLOCK_CHOICES = [5, 10, 30, null] as const;
/** The client pings this often; the runtime answers without waking the room. */
export const PING_INTERVAL_MS = 2_000;

/** Names and chat: normalised, invisible and direction-overriding characters removed, something visible required. */
const Name = v.pipe(
  v.string(),
  v.transform(cleanText),
  v.minLength(1, 'A name needs at least one visible character.'),
  v.maxLength(MAX_NAME_CHARS, `Names are at most ${MAX_NAME_CHARS} characters.`),
);
const ChatText = v.pipe(
  v.string(),
  v.maxLength(MAX_CHAT_CHARS * 4, `Chat messages are at most ${MAX_CHAT_CHARS} characters.`),
  v.transform(cleanText),
  v.minLength(1, 'A chat message needs at least one visible character.'),
  v.maxLength(MAX_CHAT_CHARS, `Chat messages are at most ${MAX_CHAT_CHARS} characters.`),
);
const Token = v.pipe(v.string(), v.regex(TOKEN_PATTERN, 'That seat token is not well formed.'));
const SeatIndex = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15));
const ClockChoice = v.nullable(v.picklist([5, 10, 30]));
/** The languages the site speaks; a room keeps its host's. */
const Language = v.picklist(['en', 'ar']);

/**
 * Each client message type, with whether only the host may send it. The room's handler
 * table is keyed by these, so a new message type cannot be parsed without being handled.
 */
export const CLIENT_MESSAGES = {
  /**
   * First and only hello on a socket: reclaim a seat with its token, or watch. `ping: true`
   * promises a heartbeat ("ping" every PING_INTERVAL_MS): a socket that then falls silent
   * for 15 s is treated as gone even though it never closed.
   */
  hello: { host: false, schema: v.object({ t: v.literal('hello'), token: v.optional(Token), ping: v.optional(v.boolean()) }) },
  /**
   * Take a seat (lobby only). `seat` asks for a particular empty seat. In a ranked room the
   * queue's single-use `ticket` is the only way in: it names the seat, and it is bound to the player.
   */
  join: { host: false, schema: v.object({ t: v.literal('join'), name: Name, seat: v.optional(SeatIndex), ticket: v.optional(Ticket) }) },
  /** Give up your seat (lobby) or hand it to a bot for good (mid-game). */
  leave: { host: false, schema: v.object({ t: v.literal('leave') }) },
  /** A game move, made against the last state version this socket was sent. */
  move: { host: false, schema: v.object({ t: v.literal('move'), version: v.pipe(v.number(), v.integer(), v.minValue(0)), move: v.unknown() }) },
  /** Ask for a full view (after a gap, or on demand). */
  sync: { host: false, schema: v.object({ t: v.literal('sync') }) },
  /** Ask for the recent move log and chat (fetched on demand, never in every resync). */
  history: { host: false, schema: v.object({ t: v.literal('history') }) },
  chat: { host: false, schema: v.object({ t: v.literal('chat'), text: ChatText }) },
  /**
   * A quick reaction (a code from the room's game's set, never text): shown on the sender's seat
   * to everyone, never logged. Seated people only, a few per socket in a short window.
   */
  react: { host: false, schema: v.object({ t: v.literal('react'), code: v.pipe(v.string(), v.maxLength(32)) }) },
  /** Move to another empty seat before the start (in team games this chooses the partner). */
  sit: { host: false, schema: v.object({ t: v.literal('sit'), seat: SeatIndex }) },
  /** I'm back: take my seat back from the bot that covered for me. */
  back: { host: false, schema: v.object({ t: v.literal('back') }) },
  /** A bot in an empty seat (the first one without `seat`), at `level` (Normal without it). */
  addBot: { host: true, schema: v.object({ t: v.literal('addBot'), seat: v.optional(SeatIndex), level: v.optional(BotLevelSchema) }) },
  /** How hard the bot in `seat` plays (lobby only). */
  botLevel: { host: true, schema: v.object({ t: v.literal('botLevel'), seat: SeatIndex, level: BotLevelSchema }) },
  removeSeat: { host: true, schema: v.object({ t: v.literal('removeSeat'), seat: SeatIndex }) },
  settings: {
    host: true,
    schema: v.object({
      t: v.literal('settings'),
      clock: v.optional(ClockChoice),
      pace: v.optional(v.picklist(BOT_PACES)),
      options: v.optional(v.record(v.string(), v.unknown())),
      /** List the room on the home page's public tables (friendly rooms only). */
      public: v.optional(v.boolean()),
    }),
  },
  /**
   * A seated person's contribution to the next deal (`shared/fair`): 16 random bytes from the
   * browser, for the game whose commitment it was shown. Accepted only from a person's seat
   * before that game is dealt; a later one for the same game replaces it.
   */
  nonce: { host: false, schema: v.object({ t: v.literal('nonce'), game: v.pipe(v.number(), v.integer(), v.minValue(1)), nonce: Nonce }) },
  /**
   * The person read what the game paused the table for (its `readingPause`, a deal's
   * summary, say), on the table of `version` or later: the next turn's clock need not wait for them.
   */
  read: { host: false, schema: v.object({ t: v.literal('read'), version: v.pipe(v.number(), v.integer(), v.minValue(0)) }) },
  /**
   * Solo play only: what would be a good move now, and why (the game's `hint`), for the table of
   * `version`. Answered to this socket alone, with a `hint` frame or a refusal (`no_hint`).
   */
  hint: { host: false, schema: v.object({ t: v.literal('hint'), version: v.pipe(v.number(), v.integer(), v.minValue(0)) }) },
  start: { host: true, schema: v.object({ t: v.literal('start') }) },
  again: { host: true, schema: v.object({ t: v.literal('again') }) },
} as const;

export type ClientMessageType = keyof typeof CLIENT_MESSAGES;
export type ClientMessageOf<T extends ClientMessageType> = v.InferOutput<(typeof CLIENT_MESSAGES)[T]['schema']>;
export type ClientMessage = { [T in ClientMessageType]: ClientMessageOf<T> }[ClientMessageType];

export const ClientMessage = v.variant(
  't',
  Object.values(CLIENT_MESSAGES).map((m) => m.schema) as unknown as [
    (typeof CLIENT_MESSAGES)['hello']['schema'],
    ...(typeof CLIENT_MESSAGES)[ClientMessageType]['schema'][],
  ],
);

export function isClientMessageType(t: unknown): t is ClientMessageType {
  return typeof t === 'string' && Object.hasOwn(CLIENT_MESSAGES, t);
}

export type { AnyRoomRefusal, ClientRefusal, RoomErrorCode, RoomRefusal, WorkerRefusal } from './refusals';

export const SeatKind = v.picklist(['human', 'bot']);
export const SeatInfo = v.object({
  name: v.string(),
  kind: SeatKind,
  /** A person's socket is open and has been heard from in the last 15 s. */
  connected: v.boolean(),
  /** A bot is playing this person's seat (disconnected too long, or away after timeouts). */
  botPlaying: v.boolean(),
  /** A bot seat's level (absent from older rooms and for people: a person's seat taken over plays Strong). */
  level: v.optional(BotLevelSchema),
  /** The person said "I'm back" and gets the seat when the game allows (its `canHandBack`, e.g. only between tricks). */
  returning: v.optional(v.boolean()),
});
export type SeatInfo = v.InferOutput<typeof SeatInfo>;

export const OutcomeInfo = v.object({ winners: v.array(v.number()), scores: v.array(v.number()) });
export type OutcomeInfo = v.InferOutput<typeof OutcomeInfo>;

export const RoomStatus = v.picklist(['lobby', 'playing', 'finished']);
export const RoomInfo = v.object({
  code: v.string(),
  game: v.string(),
  status: RoomStatus,
  options: v.record(v.string(), v.unknown()),
  clock: v.nullable(v.number()),
  pace: v.picklist(BOT_PACES),
  /** Listed on the home page's public tables. */
  public: v.boolean(),
  /** null = empty seat (lobby only). */
  seats: v.array(v.nullable(SeatInfo)),
  /** Team games: the team of each seat, as the game deals it. null for games without teams. */
  teams: v.nullable(v.array(v.number())),
  hostSeat: v.nullable(v.number()),
  spectators: v.number(),
  /** Running totals across games played in this room: one per team in team games, else one per seat. */
  totals: v.array(v.number()),
  gamesPlayed: v.number(),
  outcome: v.nullable(OutcomeInfo),
  /**
   * Fair deals: the commitment of the game being played, or (lobby, finished) of the next
   * one, published before it is dealt. Never the secret.
   */
  commitment: v.nullable(Commitment),
  /** A ranked room (made by a queue): its speed tier. null for a friendly room. */
  ranked: v.nullable(v.object({ tier: v.string() })),
  /** The host's language when the room was made (its invite's link preview speaks it). */
  language: v.optional(Language),
});
export type RoomInfo = v.InferOutput<typeof RoomInfo>;

/**
 * A public event of a move, for the log and animations: data the browser words in the
 * reader's language, never a sentence. `at` is set in the stored history.
 */
export const LogEntry = v.objectWithRest({ type: v.string(), seat: v.optional(v.number()), at: v.optional(v.number()) }, v.unknown());
export type LogEntry = v.InferOutput<typeof LogEntry>;

export const ChatEntry = v.object({ seat: v.nullable(v.number()), name: v.string(), text: v.string(), at: v.number() });
export type ChatEntry = v.InferOutput<typeof ChatEntry>;

/** The clock: when the active seats' time runs out (server time, ms) and who it waits for. */
export const TurnClock = v.nullable(v.object({ deadline: v.number(), seats: v.array(v.number()), seconds: v.number() }));
export type TurnClock = v.InferOutput<typeof TurnClock>;

/**
 * A change to a view: `[path]` deletes the key at path; `[path, value]` sets it (an index
 * one past an array's end appends). Paths are keys and array indices from the view's root.
 */
const PatchPath = v.array(v.union([v.string(), v.number()]));
// Strict: a plain tuple would drop the value of `[path, value]` and turn a set into a delete.
export const PatchOp = v.union([v.strictTuple([PatchPath]), v.strictTuple([PatchPath, v.unknown()])]);
export type PatchOp = [path: (string | number)[]] | [path: (string | number)[], value: unknown];

/** One seat's rating change, as the results module writes it and the room sends it. */
export const RatingChange = v.object({
  seat: v.number(),
  player: v.string(),
  /** The shown rating after the game. */
  rating: v.number(),
  /** The shown rating's change ("+14"). */
  change: v.number(),
  /** Ranked games rated so far, this one included. */
  games: v.number(),
  provisional: v.boolean(),
  /** The seat was bot-played at the end: rated last, the loss counted twice. */
  penalized: v.boolean(),
});
export type RatingChange = v.InferOutput<typeof RatingChange>;

/** A ranked game's result was written: each seat's new rating and its change. */
export const RatedFrame = v.object({ t: v.literal('rated'), game: v.number(), changes: v.array(RatingChange) });
export type RatedFrame = v.InferOutput<typeof RatedFrame>;

export const ServerMessage = v.variant('t', [
  /** Who you are in this room: a seat (with its token right after joining) or a spectator. */
  v.object({
    t: v.literal('welcome'),
    seat: v.nullable(v.number()),
    token: v.optional(v.string()),
    host: v.boolean(),
    /** The quick reactions the room's game offers (codes the browser words): in the welcome that answers hello. */
    reactions: v.optional(v.array(v.string())),
  }),
  /**
   * Everything needed to draw the table: after hello, on sync, after a refused stale move. Small and flat with game length.
   * `reveal` comes once the game is over: the secret and nonces its deal came from.
   */
  v.object({ t: v.literal('full'), now: v.number(), room: RoomInfo, version: v.number(), view: v.unknown(), clock: TurnClock, reveal: v.optional(Reveal) }),
  /** A game is over: how its deal was made, for every browser to check (`shared/fair`). */
  v.object({ t: v.literal('reveal'), reveal: Reveal }),
  /**
   * One accepted move (or a clock/bot action). `base` is the version of the last update or
   * full this socket's view was built from (absent: `version - 1`, the usual case; see
   * `updateBase`): a client whose version is older asks for a full view. `patch` changes that view (absent: unchanged), or `view` replaces it.
   * `clock` is present only when the clock changed; `now` comes with it.
   */
  v.object({
    t: v.literal('update'),
    version: v.number(),
    base: v.optional(v.number()),
    patch: v.optional(v.array(PatchOp)),
    view: v.optional(v.unknown()),
    clock: v.optional(TurnClock),
    now: v.optional(v.number()),
    events: v.array(LogEntry),
  }),
  /** Seats, presence, options, status changed. Presence changes are coalesced. */
  v.object({ t: v.literal('room'), room: RoomInfo }),
  v.object({ t: v.literal('chat'), entry: ChatEntry }),
  /** A seat's quick reaction (a code), for a few seconds on its seat; never stored. */
  v.object({ t: v.literal('reaction'), seat: v.number(), code: v.string() }),
  /** The recent move log of this game and the recent chat, on request. */
  v.object({ t: v.literal('history'), log: v.array(LogEntry), chat: v.array(ChatEntry) }),
  RatedFrame,
  /**
   * The hint this socket asked for, for the table of `version`: a legal move and why, as data
   * (`why`: a code and parameters the browser words, the game's own or the room's `bot_pick`).
   */
  v.object({ t: v.literal('hint'), version: v.number(), move: v.unknown(), why: v.objectWithRest({ code: v.string() }, v.unknown()) }),
  /**
   * Something you sent was refused, as data: a code and its parameters, worded by the browser.
   * `source: 'game'` marks a move the game refused (its own codes, `RefusalOf<G>`); without it
   * the refusal is the room's (`RoomRefusal`). Only ever sent to the socket that sent it.
   */
  v.objectWithRest({ t: v.literal('error'), code: v.string(), source: v.optional(v.literal('game')) }, v.unknown()),
]);
export type ServerMessage = v.InferOutput<typeof ServerMessage>;

/** The version an update builds on: sent only when it is not the one just before. */
export function updateBase(m: { version: number; base?: number }): number {
  return m.base ?? m.version - 1;
}

/** Body of POST /api/rooms. */
export const CreateRoomRequest = v.object({
  game: v.string(),
  options: v.optional(v.record(v.string(), v.unknown()), {}),
  clock: v.optional(ClockChoice, 10),
  pace: v.optional(v.picklist(BOT_PACES), 'relaxed'),
  /** The host's language, shown with the room if it is made public. */
  language: v.optional(Language, 'en'),
});
export type CreateRoomRequest = v.InferOutput<typeof CreateRoomRequest>;

/** Where the first problem valibot found is ("options.target"), or null when it is the value itself. */
export function issuePath(issues: readonly v.BaseIssue<unknown>[]): string | null {
  return issues[0]?.path?.map((p) => String(p.key)).join('.') || null;
}

/** The first problem valibot found, as one sentence naming the field (HTTP answers and logs). */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  if (!first) return 'Invalid message.';
  const path = first.path?.map((p) => String(p.key)).join('.');
  return path ? `${path}: ${first.message}` : first.message;
}
