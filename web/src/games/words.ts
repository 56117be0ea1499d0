/**
 * How each room game words its events and results in the reader's language. The room sends
 * events as data (`{ type: 'play', seat: 2, card: 'QH' }`), never sentences; the move log,
 * the screen-reader announcements and the result card turn them into words here, through
 * vue-i18n, so a language switch rewords everything already on screen.
 *
 * Each game's wording lives in its folder (`./<id>/words.ts`, found by that name) and is loaded
 * with its table. The room's own events (a game started, a
 * clock ran out, the game ended) are worded here for every game.
 */
import type { LogEntry, OutcomeInfo } from '../../../shared/protocol';
import { i18n } from '../i18n';
import { installRoomMessages } from '../i18n/room';
import type { AnyRefusalWords } from './refusals';

// The room's own events (`log.*`) are worded from the room's messages.
installRoomMessages();

/** What a game needs to word an event besides the event itself. */
export interface WordContext {
  /** Seat names, by seat. */
  names: readonly string[];
  /** The room's game options. */
  options: Record<string, unknown>;
  /** The reader's own seat, told of in the second person ("You pass."); null at a shared device or for a spectator. */
  me?: number | null;
}

export interface GameWords {
  /** One event as a sentence in the current language; null when the log leaves it out. */
  line(e: LogEntry, ctx: WordContext): string | null;
  /** The result of a finished game as one sentence (names, scores). */
  result(outcome: OutcomeInfo, ctx: WordContext): string;
  /** What the result card adds under the winners' names (the score, a won Gahwa), or null. */
  detail(outcome: OutcomeInfo, ctx: WordContext): string | null;
  /** The seats a view says the game waits for (whose turn it is). */
  waiting(view: unknown): number[];
  /** A card of the game by its full name in the current language (isolated). */
  card(id: string): string;
  /** The game's refusals in English and Arabic (`./<id>/refusals.ts`), loaded with its words. */
  refusals: AnyRefusalWords;
  /**
   * Why the game's `hint` suggests its move (`Hint.why`: a code and parameters, like a refusal), in
   * English and Arabic; a game without a `hint` of its own leaves it out (the room's `bot_pick`).
   */
  hints?: AnyRefusalWords;
  /** "How to play": what the coach says before the deal (the game's goal) and after it (what was learned). */
  learn?: {
    goal: { en: string[]; ar: string[] };
    learned: { en: string[]; ar: string[] };
    /** Events that end the lesson while the game goes on (the game's `tutorial.endsAfter`: Baloot's first round). */
    endsAfter?: readonly string[];
  };
}

/** Each room game's words (`./<id>/words.ts`, export `words`), loaded when a room of that game opens. */
export const WORDS: Record<string, () => Promise<GameWords>> = Object.fromEntries(
  Object.entries(import.meta.glob<GameWords>('./*/words.ts', { import: 'words' })).map(([path, load]) => [path.slice(2, -'/words.ts'.length), load]),
);

/**
 * First-strong isolation (U+2068 … U+2069) around a value put into a sentence: a Latin name,
 * "10♦", "+4" or "152 – 98" keeps its own direction inside Arabic text and the sentence
 * around it keeps its order.
 */
export const iso = (value: string | number): string => `\u2068${value}\u2069`;

/** A signed number kept left-to-right ("+12", "−30") so right-to-left text does not move its sign. */
export const signed = (n: number): string => `\u2066${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n)}\u2069`;

/** Translate with the app's current language (reactive inside computed values and templates). */
export function say(key: string, params?: Record<string, string | number>): string {
  return params ? i18n.global.t(key, params) : i18n.global.t(key);
}

/** A seat's name, isolated; "?" for a seat the room does not know. */
export function who(seat: unknown, ctx: WordContext): string {
  return iso(typeof seat === 'number' ? (ctx.names[seat] ?? '?') : '?');
}

/**
 * A sentence about what `seat` did (`key` under a game's `log`, with `{who}`): for the reader's
 * own seat, the game's second-person sentence under `<game>.<section>.you` ("You pass." rather than a seat
 * named "You" in "{who} passes."), where the game words one.
 */
export function sayOf(key: string, seat: unknown, ctx: WordContext, params: Record<string, string | number> = {}): string {
  const parts = key.split('.');
  parts.splice(2, 0, 'you');
  const yours = parts.join('.');
  if (ctx.me !== undefined && ctx.me !== null && seat === ctx.me && i18n.global.te(yours)) return say(yours, params);
  return say(key, { who: who(seat, ctx), ...params });
}

/** Names joined in the reader's language: "Ana & Cy". */
export function namesOf(seats: readonly number[], ctx: WordContext): string {
  return seats.map((s) => who(s, ctx)).join(say('log.and'));
}

/**
 * An event of the room or of its game as a sentence, or null. The room's own events:
 * `start` (a game began), `timeout` (a seat's clock ran out), `end` (the game is over).
 */
export function eventLine(e: LogEntry, words: GameWords | null, ctx: WordContext): string | null {
  switch (e.type) {
    case 'start':
      return say('log.start', { n: iso(Number(e.game ?? 1)) });
    case 'timeout':
      return say('log.timeout', { who: who(e.seat, ctx) });
    case 'end':
      // The game's own last event already words the result.
      return say('log.end');
    default:
      return words ? words.line(e, ctx) : null;
  }
}

/** "Your turn." / "Ben's turn." / "Waiting for Ben & Di." for the seats a game waits for. */
export function turnLine(waiting: readonly number[], me: number | null, ctx: WordContext): string | null {
  if (waiting.length === 0) return null;
  if (me !== null && waiting.includes(me)) return say('log.yourTurn');
  if (waiting.length === 1) return say('log.turn', { who: who(waiting[0], ctx) });
  return say('log.waiting', { names: namesOf(waiting, ctx) });
}
