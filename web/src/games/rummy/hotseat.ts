/**
 * Hot-seat Rummy: several people share one screen. The engine runs right here; this keeps
 * the game, which screen shows (hands stay hidden behind a "pass to" screen between turns),
 * the public move log, and saves it all to localStorage so a reload loses nothing.
 * No DOM here: storage and randomness are passed in, so it is tested under Node.
 */
import * as v from 'valibot';
import type { GameEvent } from '../../../../shared/engine/types';
import { rummy } from '../../../../shared/games/rummy/index';
import { moveSchema, optionsSchema, type RummyMove, type RummyOptions, type RummyState, type RummyView } from '../../../../shared/games/rummy/types';

export const SAVE_KEY = 'cardroom:rummy:hotseat';
/** 2: the log holds events (worded in the reader's language when shown), not English lines. */
const SAVE_VERSION = 2;
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
const LOG_LIMIT = 60;

/**
 * - `pass`: nobody's cards show; the next player takes the device.
 * - `play`: the turn player's own view.
 * - `scores`: a deal has ended; its score table shows.
 */
export type Screen = 'pass' | 'play' | 'scores';

export interface LogLine {
  n: number;
  event: GameEvent;
}

export interface HotSeatGame {
  v: typeof SAVE_VERSION;
  state: RummyState;
  screen: Screen;
  log: LogLine[];
  /** Per seat: the last log line that seat has seen (the pass screen shows what came after). */
  seen: number[];
  /** Per seat: the player's own arrangement of their hand, if they made one. */
  orders: (string[] | null)[];
}

/** A refusal names the rules' code when the rules refused, so the page can word it per language. */
export type Outcome = { ok: true; game: HotSeatGame } | { ok: false; code?: string; message: string };

/** Player names as typed: trimmed, blanks become "Player n", repeats get a number. */
export function cleanNames(names: readonly string[]): string[] {
  const out: string[] = [];
  names.forEach((raw, i) => {
    const base = raw.trim().slice(0, 24) || `Player ${i + 1}`;
    let name = base;
    for (let k = 2; out.includes(name); k++) name = `${base} ${k}`;
    out.push(name);
  });
  return out;
}

/** A fresh game. `seed` should come from crypto.getRandomValues (see `randomSeed`). */
export function newGame(names: readonly string[], options: Partial<RummyOptions>, seed: string): Outcome {
  const clean = cleanNames(names);
  if (clean.length < MIN_PLAYERS || clean.length > MAX_PLAYERS) {
    return { ok: false, message: `Rummy needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players.` };
  }
  const parsed = v.safeParse(optionsSchema, options);
  if (!parsed.success) return { ok: false, message: 'Those options are not valid.' };
  const state = rummy.setup(
    clean.map((name) => ({ name })),
    parsed.output,
    seed,
  );
  return {
    ok: true,
    game: { v: SAVE_VERSION, state, screen: 'pass', log: [{ n: 1, event: { type: 'deal', deal: 1, seat: state.turn } }], seen: clean.map(() => 0), orders: clean.map(() => null) },
  };
}

/** A seed string from 128 random bits. */
export function randomSeed(random: (bytes: Uint32Array) => Uint32Array): string {
  return [...random(new Uint32Array(4))].map((n) => n.toString(16).padStart(8, '0')).join('');
}

function addLog(log: LogLine[], events: GameEvent[]): LogLine[] {
  let n = log[log.length - 1]?.n ?? 0;
  return [...log, ...events.map((event) => ({ n: ++n, event }))].slice(-LOG_LIMIT);
}

/**
 * Plays the turn player's move. When the turn passes the next screen hides the hands; when
 * the deal ends (or the game) the score table comes up.
 */
export function play(game: HotSeatGame, move: RummyMove): Outcome {
  if (game.screen !== 'play') return { ok: false, message: 'Show the hand first.' };
  const parsed = v.safeParse(moveSchema, move);
  if (!parsed.success) return { ok: false, message: 'That move is not well formed.' };
  const before = game.state;
  const result = rummy.apply(before, before.turn, parsed.output);
  if (!result.ok) return { ok: false, code: result.error.code, message: result.error.message };
  const state = result.state;
  const log = addLog(game.log, result.events);
  const dealEnded = state.phase === 'over' || state.deal !== before.deal;
  const turnPassed = state.turn !== before.turn || state.turnsTaken !== before.turnsTaken;
  let screen: Screen = 'play';
  if (dealEnded) screen = 'scores';
  else if (turnPassed) screen = 'pass';
  const seen = [...game.seen];
  // The player saw everything up to the end of their own turn.
  if (screen !== 'play') seen[before.turn] = log[log.length - 1]?.n ?? 0;
  return { ok: true, game: { ...game, state, log, screen, seen } };
}

/** The next player is holding the device: show their hand. */
export function reveal(game: HotSeatGame): HotSeatGame {
  if (game.screen !== 'pass') return game;
  return { ...game, screen: 'play' };
}

/** From the score table on to the next deal (the game itself stays over when it is over). */
export function continueAfterScores(game: HotSeatGame): HotSeatGame {
  if (game.screen !== 'scores' || game.state.phase === 'over') return game;
  return { ...game, screen: 'pass' };
}

/** Hides the hand again (the player wants to pass the device mid-turn, or on reload). */
export function hide(game: HotSeatGame): HotSeatGame {
  return game.screen === 'play' ? { ...game, screen: 'pass' } : game;
}

export function setOrder(game: HotSeatGame, seat: number, order: string[] | null): HotSeatGame {
  const orders = [...game.orders];
  orders[seat] = order ? [...order] : null;
  return { ...game, orders };
}

/** What the current screen may show: the turn player's view, or a spectator's when hands are hidden. */
export function currentView(game: HotSeatGame): RummyView {
  const s = game.state;
  return game.screen === 'play' ? rummy.view(s, s.turn) : rummy.view(s, null);
}

/** Events the player about to play has not seen yet (what the others did meanwhile). */
export function unseenFor(game: HotSeatGame, seat: number): GameEvent[] {
  const since = game.seen[seat] ?? 0;
  return game.log.filter((l) => l.n > since).map((l) => l.event);
}

export function serialise(game: HotSeatGame): string {
  return JSON.stringify(game);
}

/**
 * A saved game, if the text is one this version wrote and it still holds together; null
 * otherwise (the page then starts at the setup screen). A game saved mid-turn comes back
 * behind the pass screen, so a reload never shows a hand to the wrong person.
 */
export function restore(text: string | null): HotSeatGame | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isGame(data)) return null;
  return hide(data);
}

function isGame(data: unknown): data is HotSeatGame {
  if (typeof data !== 'object' || data === null) return false;
  const g = data as Partial<HotSeatGame>;
  const s = g.state as Partial<RummyState> | undefined;
  if (g.v !== SAVE_VERSION || !s || !Array.isArray(s.names) || !Array.isArray(s.hands) || !Array.isArray(s.pile)) return false;
  if (!Array.isArray(s.discard) || !Array.isArray(s.table) || typeof s.turn !== 'number' || typeof s.phase !== 'string') return false;
  const n = s.names.length;
  if (n < MIN_PLAYERS || n > MAX_PLAYERS || s.hands.length !== n) return false;
  if (!['pass', 'play', 'scores'].includes(g.screen as string) || !Array.isArray(g.log) || !Array.isArray(g.seen) || !Array.isArray(g.orders)) return false;
  // The engine must be able to show it: a broken save would otherwise break the page.
  try {
    rummy.view(s as RummyState, null);
  } catch {
    return false;
  }
  return true;
}
