/**
 * The frame gate: what a socket's frame must pass before any handler sees it (its rate, its
 * size, JSON text, a known type, that type's schema), and what a refused frame costs the socket
 * (strikes: a reply while under the reply rate, one warning, then the socket is closed). Pure:
 * the core (`core.ts`) calls it and carries out the answer.
 */
import * as v from 'valibot';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import {
  CLIENT_MESSAGES,
  isClientMessageType,
  issuePath,
  MAX_FRAME_BYTES,
  MAX_MESSAGES_PER_SECOND,
  type ClientMessageOf,
  type ClientMessageType,
  type RoomRefusal,
} from '../protocol';
import type { Conn, Input } from './context';
import { CLOSE_POLICY, MAX_ERROR_REPLIES_PER_SECOND, STRIKE_LIMIT, STRIKE_WARN, STRIKE_WINDOW_MS } from './types';

export type Admitted = { ok: true; t: ClientMessageType; msg: ClientMessageOf<ClientMessageType> } | { ok: false; refusal: RoomRefusal };

/** Checks one frame from `c` at `now`, counting it against the socket's rate. */
export function admitFrame(c: Conn, raw: string | ArrayBuffer, now: number): Admitted {
  c.heardAt = now;
  if (now - c.rateWindow >= 1000) {
    c.rateWindow = now;
    c.rateCount = 0;
    c.replies = 0;
  }
  if (++c.rateCount > MAX_MESSAGES_PER_SECOND) return { ok: false, refusal: { code: 'rate_limited', perSecond: MAX_MESSAGES_PER_SECOND } };
  const size = typeof raw === 'string' ? utf8Length(raw) : raw.byteLength;
  if (size > MAX_FRAME_BYTES) return { ok: false, refusal: { code: 'too_large', bytes: size, limit: MAX_FRAME_BYTES } };
  if (typeof raw !== 'string') return { ok: false, refusal: { code: 'bad_message', type: null, field: null } };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, refusal: { code: 'bad_json' } };
  }
  const t = typeof json === 'object' && json !== null ? (json as { t?: unknown }).t : undefined;
  if (!isClientMessageType(t)) return { ok: false, refusal: { code: 'unknown_type', type: t === undefined ? null : String(t).slice(0, 40) } };
  const parsed = v.safeParse(CLIENT_MESSAGES[t].schema, json);
  if (!parsed.success) return { ok: false, refusal: { code: 'bad_message', type: t, field: issuePath(parsed.issues) } };
  return { ok: true, t, msg: parsed.output as ClientMessageOf<ClientMessageType> };
}

/**
 * Refuse a frame the client should not have sent: counted, warned once, then the socket is
 * closed. Returns true when the socket was closed (the caller forgets it).
 */
export function strike(io: Input, c: Conn, refusal: RoomRefusal): boolean {
  const now = io.now;
  if (now - c.strikeWindow >= STRIKE_WINDOW_MS) {
    c.strikeWindow = now;
    c.strikes = 0;
  }
  c.strikes++;
  if (c.strikes >= STRIKE_LIMIT) {
    io.error(c, { code: 'policy_violation', strikes: c.strikes, seconds: STRIKE_WINDOW_MS / 1000 });
    io.out.closes.push([c.id, CLOSE_POLICY, 'too many refused messages']);
    return true;
  }
  if (c.strikes === STRIKE_WARN) {
    io.error(c, { code: 'last_warning', left: STRIKE_LIMIT - STRIKE_WARN });
    c.replies++;
    return false;
  }
  if (c.replies++ < MAX_ERROR_REPLIES_PER_SECOND) io.error(c, refusal);
  return false;
}

/** UTF-8 length without encoding when the answer is clear from the UTF-16 length. */
function utf8Length(s: string): number {
  if (s.length > MAX_FRAME_BYTES || s.length * 3 <= MAX_FRAME_BYTES) return s.length;
  return utf8ToBytes(s).length;
}
