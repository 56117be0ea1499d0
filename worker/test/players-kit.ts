import { SELF } from 'cloudflare:test';
import type { MeResponse } from '../../shared/players/player';
import { ORIGIN } from './client';

/** `cr_player=<id>.<secret>` from a response's Set-Cookie, as a browser would send it back. */
export function cookieOf(res: Response): string {
  const set = res.headers.get('Set-Cookie');
  const m = set && /^(cr_player=[^;]+)/.exec(set);
  if (!m) throw new Error(`no player cookie in ${set}`);
  return m[1]!;
}

/** A new player, as a fresh browser makes one. */
export async function newPlayer(name?: string): Promise<{ cookie: string; me: MeResponse }> {
  const res = await SELF.fetch(`${ORIGIN}/api/players`, { method: 'POST', body: name === undefined ? '' : JSON.stringify({ name }) });
  if (res.status !== 201) throw new Error(`player not made: ${res.status} ${await res.text()}`);
  return { cookie: cookieOf(res), me: (await res.json()) as MeResponse };
}

export function playerRequest(cookie: string, path: string, init: RequestInit = {}, origin = ORIGIN): Promise<Response> {
  return SELF.fetch(`${origin}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } });
}
