/**
 * The browser's side of players and passkeys (worker/players.ts, worker/passkeys.ts): answers
 * checked with valibot, refusals turned into `PlayerApiError` with the server's code and words.
 */
import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import * as v from 'valibot';
import { MeResponse } from '../../../shared/players/player';

/** ./ensure.ts's record of its last check, forgotten after a sign-in so the next page load asks (and renews the new cookie). */
const forgetPlayerCheck = () => localStorage.removeItem('cardroom:player');

export class PlayerApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const Refusal = v.object({ code: v.string(), message: v.string() });

async function call(path: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(path, { ...init, headers: { 'content-type': 'application/json' }, credentials: 'same-origin' });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const refusal = v.safeParse(Refusal, body);
    throw refusal.success
      ? new PlayerApiError(refusal.output.code, refusal.output.message, res.status)
      : new PlayerApiError('http', `HTTP ${res.status}`, res.status);
  }
  return body;
}

const me = (body: unknown) => v.parse(MeResponse, body);

/** This browser's player, made first when it has none yet. */
export async function loadMe(): Promise<MeResponse> {
  // The entry script's request for a player may still be on its way: wait for it rather than make a second player.
  await import('./ensure').then((m) => m.default());
  try {
    return me(await call('/api/players/me'));
  } catch (e) {
    if (!(e instanceof PlayerApiError) || e.code !== 'no_player') throw e;
    return me(await call('/api/players', { method: 'POST', body: '{}' }));
  }
}

export async function rename(name: string): Promise<MeResponse> {
  // Kept alive: a name is often typed just before the page moves on (Mahjong's name, then another
  // page), and an aborted rename left the record's default name to win over the one typed.
  return me(await call('/api/players/me', { method: 'PATCH', body: JSON.stringify({ name }), keepalive: true }));
}

/** "Keep my profile with a passkey": the browser makes a passkey for this player and the server stores its public key. */
export async function keepWithPasskey(): Promise<MeResponse> {
  const optionsJSON = (await call('/api/passkeys/register/options', { method: 'POST' })) as Parameters<typeof startRegistration>[0]['optionsJSON'];
  const answer = await startRegistration({ optionsJSON });
  return me(await call('/api/passkeys/register/verify', { method: 'POST', body: JSON.stringify(answer) }));
}

/** "Sign in with a passkey": this browser becomes the passkey's player (its cookie is replaced by the server). */
export async function signInWithPasskey(): Promise<MeResponse> {
  const optionsJSON = (await call('/api/passkeys/login/options', { method: 'POST' })) as Parameters<typeof startAuthentication>[0]['optionsJSON'];
  const answer = await startAuthentication({ optionsJSON });
  const result = me(await call('/api/passkeys/login/verify', { method: 'POST', body: JSON.stringify(answer) }));
  forgetPlayerCheck();
  return result;
}

/** The server's refusals of passkeys the profile screen words itself (`me.refused.<code>`). */
const WORDED_REFUSALS = ['bad_passkey', 'too_many_passkeys', 'passkey_taken', 'unknown_passkey', 'bad_name'] as const;

/**
 * What the profile screen says when something failed, as words to look up: never the browser's
 * or the server's own English sentence, which would sit inside an Arabic one.
 */
export function failureNotice(e: unknown): { key: string; params?: Record<string, unknown> } {
  if (passkeyCancelled(e)) return { key: 'me.cancelled' };
  if (e instanceof PlayerApiError) {
    const worded = (WORDED_REFUSALS as readonly string[]).includes(e.code);
    return worded ? { key: `me.refused.${e.code}` } : { key: 'me.failed' };
  }
  // The browser refused the passkey ceremony (a WebAuthnError or a DOMException): its reason is in English.
  return { key: 'me.passkeyFailed' };
}

/** The person closed the passkey prompt or it timed out: not an error worth its message. */
export function passkeyCancelled(e: unknown): boolean {
  return (e instanceof WebAuthnError && e.code === 'ERROR_CEREMONY_ABORTED') || (e instanceof Error && e.name === 'NotAllowedError');
}
