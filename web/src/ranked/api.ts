/**
 * Typed clients of the ranked HTTP routes. Each answers `{ ok: true, data }` or
 * `{ ok: false, code, message }`: a network failure is `network`, a reply that does not read
 * as its schema is `unreadable`, a refusal keeps the server's code (and ban end) so the screen
 * can word it in the reader's language.
 */
import * as v from 'valibot';
import { MeResponse } from '../../../shared/players/player';
import { LeaderboardResponse, ProfileResponse } from '../../../shared/ranked/api';

/** A refusal from the API: `{ code, message }` (the Worker's JSON errors), with a ban's end where there is one. */
const Refusal = v.object({ code: v.string(), message: v.optional(v.string()), until: v.optional(v.number()) });

export type Result<T> = { ok: true; data: T } | { ok: false; status: number; code: string; message: string; until?: number };

type Fetch = typeof fetch;

async function call<S extends v.GenericSchema>(schema: S, url: string, init: RequestInit | undefined, f: Fetch): Promise<Result<v.InferOutput<S>>> {
  let res: Response;
  try {
    res = await f(url, { credentials: 'same-origin', ...init });
  } catch {
    return { ok: false, status: 0, code: 'network', message: 'The server could not be reached.' };
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const refusal = v.safeParse(Refusal, body);
    const r = refusal.success ? refusal.output : { code: `http_${res.status}`, message: undefined, until: undefined };
    return {
      ok: false,
      status: res.status,
      code: r.code,
      message: r.message ?? `The server said ${res.status}.`,
      ...(r.until === undefined ? {} : { until: r.until }),
    };
  }
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) return { ok: false, status: res.status, code: 'unreadable', message: `The server's reply to ${url} could not be read.` };
  return { ok: true, data: parsed.output };
}

const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const fetchMe = (f: Fetch = fetch) => call(MeResponse, '/api/players/me', undefined, f);

/** The player of this browser: the current one, or a new anonymous one (the server sets the cookie and a default name). */
export async function ensurePlayer(f: Fetch = fetch): Promise<Result<MeResponse>> {
  const me = await fetchMe(f);
  if (me.ok || me.status !== 401) return me;
  return call(MeResponse, '/api/players', json('POST', {}), f);
}

export const fetchLeaderboard = (game: string, f: Fetch = fetch) => call(LeaderboardResponse, `/api/leaderboard/${encodeURIComponent(game)}`, undefined, f);

export const fetchProfile = (id: string, f: Fetch = fetch) => call(ProfileResponse, `/api/players/${encodeURIComponent(id)}`, undefined, f);

/**
 * The seat this reader played in a rated game: the one this browser holds the token of, else the
 * one their player sat in (the same player on another device, by cookie or passkey), or null.
 */
export function seatPlayedBy(changes: readonly { seat: number; player: string }[], tokenSeat: number | null, player: string | null): number | null {
  if (tokenSeat !== null) return tokenSeat;
  return changes.find((c) => player !== null && c.player === player)?.seat ?? null;
}

/** Report reasons offered by the form; the server stores the reason text with the game's replay. */
export const REPORT_REASONS = ['cheating', 'abuse', 'stalling', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TEXT_MAX = 500;

/** `reason` as stored: the category, then the person's words (cleaned of surrounding space, cut to the limit). */
export function reportReason(category: ReportReason, text: string): string {
  const words = text.trim().slice(0, REPORT_TEXT_MAX);
  return words ? `${category}: ${words}` : category;
}

export const postReport = (room: string, gameNo: number, reason: string, f: Fetch = fetch) =>
  call(v.unknown(), `/api/ranked/${encodeURIComponent(room)}/${gameNo}/report`, json('POST', { reason }), f);
