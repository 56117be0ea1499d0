/**
 * The escape counter and matchmaking bans for ranked play, as pure functions of a small
 * per-player record (plain JSON, one row) and the time in milliseconds.
 *
 * - An escape is leaving a ranked game while behind. What "behind" means belongs to each game
 *   (its team trails, its score is worst…), so it comes in as a boolean. Leaving while level or
 *   ahead is not an escape.
 * - Three escapes within 24 hours (a rolling window ending at the third) bring a matchmaking
 *   ban. The escapes that brought a ban are used up: the next ban needs three new ones.
 * - The bans climb a ladder: 15 minutes, then 1 hour, then 24 hours, and 24 hours for every
 *   ban after that.
 * - The ladder resets: a ban that starts 7 days or more after the previous ban ended is back on
 *   the first step (15 minutes). A week of clean play forgives the past bans.
 * - An escape during a ban (possible only if a game outlived the ban's start) is counted too;
 *   a ban it brings starts when the current one ends.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const ESCAPE_WINDOW_MS = 24 * HOUR;
export const ESCAPES_FOR_BAN = 3;
export const BAN_LADDER_MS: readonly number[] = [15 * MINUTE, HOUR, 24 * HOUR];
export const LADDER_RESET_MS = 7 * 24 * HOUR;

export interface EscapeRecord {
  /** Times of the escapes not yet used by a ban, within the last 24 hours, oldest first. */
  escapes: number[];
  /** Bans given on the current ladder: the next ban takes BAN_LADDER_MS[min(steps, last)]. */
  steps: number;
  /** End of the current or last ban; null if never banned. */
  bannedUntil: number | null;
}

export interface Ban {
  from: number;
  until: number;
  /** The ladder step (0 = 15 minutes). */
  step: number;
}

export function emptyEscapeRecord(): EscapeRecord {
  return { escapes: [], steps: 0, bannedUntil: null };
}

/** The end of the ban in force at `now`, or null when the player may queue. */
export function banEnd(record: EscapeRecord, now: number): number | null {
  return record.bannedUntil !== null && now < record.bannedUntil ? record.bannedUntil : null;
}

/**
 * Records that the player left a ranked game at `at`. Returns the new record and the ban it
 * brings, if any. A leave while not behind returns the record unchanged.
 */
export function recordLeave(record: EscapeRecord, leave: { at: number; behind: boolean }): { record: EscapeRecord; ban: Ban | null } {
  if (!leave.behind) return { record, ban: null };
  const { at } = leave;
  const escapes = [...record.escapes.filter((t) => at - t < ESCAPE_WINDOW_MS), at].sort((a, b) => a - b);
  if (escapes.length < ESCAPES_FOR_BAN) return { record: { ...record, escapes }, ban: null };

  const from = Math.max(at, record.bannedUntil ?? at);
  const reset = record.bannedUntil !== null && from - record.bannedUntil >= LADDER_RESET_MS;
  const step = reset ? 0 : record.steps;
  const until = from + BAN_LADDER_MS[Math.min(step, BAN_LADDER_MS.length - 1)]!;
  return { record: { escapes: [], steps: step + 1, bannedUntil: until }, ban: { from, until, step } };
}
