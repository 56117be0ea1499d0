import type { GenericSchema } from 'valibot';
import type { Rng } from '../cards/rng';
import type { ReactionCode } from './reactions';

export type { ReactionCode } from './reactions';

/** A seat index: 0..players-1 in play order. */
export type Seat = number;

/** A value a refusal carries: card ids, seats and numbers as they are, never words. */
export type RefusalParam = string | number | boolean | null | readonly string[] | readonly number[];

/**
 * A refused move, option or room request, as data: a stable code and the parameters the
 * browser words it with in the reader's language (`{ code: 'card_not_in_hand', card: '7S' }`).
 * No sentence: like events, refusals are worded by the client from a typed table.
 */
export interface Refusal {
  code: string;
  /** Keys of the wire's error frame, never a parameter. */
  t?: never;
  source?: never;
  message?: never;
  [param: string]: RefusalParam | undefined;
}

/** The parameters of a refusal that carries none. */
export type NoParams = Record<never, never>;

/** A union of refusals from a table of code → parameters (each game declares its own). */
export type RefusalsFrom<T extends { [code: string]: { [param: string]: RefusalParam } }> = { [K in keyof T & string]: { code: K } & T[K] }[keyof T & string];

/** A refused move or option: a refusal of any game. */
export type GameError = Refusal;

/**
 * Something that happened, for the move log, the screen reader and animations. Events are
 * public: they must never carry hidden information (a drawn card's face, for instance).
 * They are data, not sentences: a game adds the JSON fields its browser folder needs to
 * word the event in the reader's language (web/src/games/<id>/words.ts).
 */
export interface GameEvent {
  type: string;
  seat?: Seat;
  /** No English on the wire: the browser words events. */
  text?: never;
  [key: string]: unknown;
}

export type ApplyResult<S, E extends GameEvent = GameEvent, R extends Refusal = Refusal> = { ok: true; state: S; events: E[] } | { ok: false; error: R };

export interface PlayerInfo {
  name: string;
}

/** How hard a bot plays: Normal is the game's long-standing bot; a seat a bot takes over plays Strong. */
export type BotLevel = 'easy' | 'normal' | 'strong';

/**
 * A suggested move for a seat and why: the reason is a code with parameters, like a refusal,
 * worded by the browser in the reader's language (`{ code: 'follow_suit', suit: 'H' }`).
 */
export interface Hint<M = unknown, W extends Refusal = Refusal> {
  move: M;
  why: W;
}

/**
 * The guided first deal of "How to play": a scripted deal (its seed is chosen so the deal shows
 * the game's main rules) that the coach walks a newcomer through, seat `seat` against bots.
 */
export interface Tutorial<O = Record<string, unknown>> {
  players: number;
  options: O;
  seed: string;
  seat: Seat;
  /**
   * Event types that end the lesson while the game would go on (Baloot: `round`, the first
   * deal's summary, in a match to 152). Without it the lesson ends with the game.
   */
  endsAfter?: readonly string[];
}

/** Final result of a finished game, as data (the browser words it). */
export interface Outcome {
  winners: Seat[];
  /** One entry per seat; in a team game partners carry their team's score. */
  scores: number[];
}

/**
 * The contract every room game implements: a pure reducer with explicit errors.
 * S = stored state (plain JSON), M = move, V = what one seat may see, O = room options,
 * E = the events it reports (what a browser's table receives: `EventOf<G>`),
 * R = the refusals it makes (what its browser folder words: `RefusalOf<G>`).
 *
 * - `apply` never throws for a bad move and never mutates its input.
 * - `view(state, null)` is the spectator view. A view never contains another seat's
 *   hidden cards, the draw pile order or the RNG state.
 * - All randomness comes from an RngState kept inside S.
 */
export interface Game<S = unknown, M = unknown, V = unknown, O = Record<string, unknown>, E extends GameEvent = GameEvent, R extends Refusal = Refusal> {
  id: string;
  name: string;
  /** Allowed numbers of seated players. */
  playerCounts: readonly number[];
  /**
   * Team games only: the team (0, 1, …) of each seat for a table of `playerCount` seats,
   * indexed by seat. The lobby shows these teams, the room seats people so that the teams
   * dealt are the teams shown, and results and room totals are kept per team.
   */
  teams?(playerCount: number): number[];
  /** valibot schema of the options object; missing fields get defaults. */
  optionsSchema: GenericSchema<unknown, O>;
  defaultOptions: O;
  /** valibot schema of a move; anything else is rejected before the rules run. */
  moveSchema: GenericSchema<unknown, M>;
  setup(players: PlayerInfo[], options: O, seed: string): S;
  apply(state: S, seat: Seat, move: M): ApplyResult<S, E, R>;
  view(state: S, seat: Seat | null): V;
  legalMoves(state: S, seat: Seat): M[];
  /** Seats the clock waits for (usually one). Empty when the game is over. */
  activeSeats(state: S): Seat[];
  /** What happens when a seat's clock runs out; null if nothing should. */
  timeoutMove(state: S, seat: Seat): M | null;
  /**
   * A real strategy. It should decide from what `seat` may know, not peek at hidden cards.
   * `level` defaults to 'normal'.
   */
  botMove(state: S, seat: Seat, rng: Rng, level?: BotLevel): M;
  /**
   * A legal, sensible move for `seat` now and why (the Hint button in solo play and the
   * tutorial's coach). Decides from what the seat may know, like the bot. Null when the seat
   * has nothing to do.
   */
  hint?(state: S, seat: Seat): Hint<M> | null;
  /** The game's "How to play" deal. */
  tutorial?: Tutorial<O>;
  /**
   * The quick reactions offered at its table (phrase and emoji codes from `./reactions.ts`, a
   * short fixed set). Defaults to `DEFAULT_REACTIONS`.
   */
  reactions?: readonly ReactionCode[];
  outcome(state: S): Outcome | null;
  /**
   * Whether a seat that a bot took over may be handed back to its returning player now
   * (Baloot: only between tricks). Defaults to always.
   */
  canHandBack?(state: S, seat: Seat): boolean;
  /**
   * Seconds the active seats get now, given the room's clock option (null = no clock).
   * Lets a game give a fixed window to a special decision (Baloot's 15 s Sawa answer).
   * Defaults to the room's clock.
   */
  turnSeconds?(state: S, roomClock: number | null): number | null;
  /**
   * Identifies the current turn. The room restarts the clock when it changes, so a game
   * whose turn has several moves (Rummy: draw, meld, discard) keeps one clock for all of
   * them. Defaults to "every accepted move starts a new turn".
   */
  turnKey?(state: S): string | number;
  /**
   * Which of the game's events start a replay chapter (its "jump to" marks), by kind: a new
   * deal or hand, the end of a trick. A kind the game leaves out has no marks; the replay
   * always marks turns.
   */
  chapters?: Partial<Record<ChapterKind, readonly string[]>>;
  /**
   * Events after which people need a moment to read what the table shows before play goes on
   * (Baloot: the round summary, while the next deal is already dealt). When a move reports one of
   * them and the game goes on, the room holds the next turn's clock and the bots until every
   * person at the table has said they read it (a `read` message) or `seconds` have passed.
   */
  readingPause?: { events: readonly string[]; seconds: number };
  /**
   * Ranked play: whether `seat` is behind now (Baloot: its team trails in the match). A ranked
   * seat left to a bot while behind is an escape, and escapes bring matchmaking bans. Each game
   * defines it in its own folder; without it, leaving is never an escape.
   */
  behind?(state: S, seat: Seat): boolean;
  /**
   * Ranked play: each seat's place once the game is over (1 = first, equal places tie), by the
   * game's own finishing order or end score (Eights: cards left). Each game defines it in its own
   * folder, with a line saying the rule for the result screen; without it the winners share first
   * place and every other seat second.
   */
  ranking?(state: S): number[];
}

/** Kinds of replay chapter a game can mark with its events. */
export type ChapterKind = 'deal' | 'trick';

/** A game with its type parameters erased, as the room and the registry hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any, any, any, any>;

/** What a game's seat sees, what it sends and what it reports, from the game itself (for its table). */
export type ViewOf<G> = G extends Game<infer _S, infer _M, infer V, infer _O, infer _E, infer _R> ? V : never;
export type MoveOf<G> = G extends Game<infer _S, infer M, infer _V, infer _O, infer _E, infer _R> ? M : never;
export type EventOf<G> = G extends Game<infer _S, infer _M, infer _V, infer _O, infer E, infer _R> ? E : never;
export type RefusalOf<G> = G extends Game<infer _S, infer _M, infer _V, infer _O, infer _E, infer R> ? R : never;

/** A refused move as `apply` answers it. */
export function err<R extends Refusal>(error: R): { ok: false; error: R } {
  return { ok: false, error };
}
