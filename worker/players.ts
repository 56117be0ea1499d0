/**
 * Players (issue 21): an anonymous identity from the first visit. The browser holds
 * `cr_player` = `<id>.<secret>` (HttpOnly, SameSite=Lax, Secure on https); D1 keeps only the
 * SHA-256 of each secret, so the table cannot be used to act as anyone.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { describeIssues } from '../shared/protocol';
import { PlayerName } from '../shared/players/name';
import { defaultName, parsePlayerCookie, PLAYER_COOKIE, playerOf, type MeResponse, type Player } from '../shared/players/player';
import type { Env } from './env';
import { playerCreationRefusal } from './limits';
import { passkeyCount } from './d1/passkeys';
import { insertPlayer, playerNameBySecret, renamePlayer } from './d1/players';
import { banUntil } from './d1/penalties';

/** The cookie lives as long as browsers let one live (400 days); each visit that creates or signs in renews it. */
const COOKIE_MAX_AGE = 400 * 24 * 60 * 60;

type Ctx = Context<{ Bindings: Env }>;

/** The player asking, verified against D1; null without a cookie, or with a forged, stale or malformed one. */
export async function currentPlayer(env: Pick<Env, 'DB'>, request: Request): Promise<Player | null> {
  const cookie = parsePlayerCookie(readCookie(request.headers.get('Cookie'), PLAYER_COOKIE));
  if (!cookie) return null;
  const hash = await sha256Hex(cookie.secret);
  const name = await playerNameBySecret(env.DB, cookie.id, hash);
  return name === null ? null : playerOf(cookie.id, name);
}

/** One cookie's value from a Cookie header. */
function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function randomBase64Url(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Gives this browser the cookie for `id` with a new secret of its own (only its hash is stored, by the caller). */
export async function newSecret(): Promise<{ secret: string; hash: string }> {
  const secret = randomBase64Url(32);
  return { secret, hash: await sha256Hex(secret) };
}

export function setPlayerCookie(c: Ctx, id: string, secret: string): void {
  setCookie(c, PLAYER_COOKIE, `${id}.${secret}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: COOKIE_MAX_AGE,
  });
}

export async function meBody(env: Pick<Env, 'DB'>, player: Player) {
  const [passkeys, until] = await Promise.all([passkeyCount(env.DB, player.id), banUntil(env.DB, player.id, Date.now())]);
  // A matchmaking ban in force (worker/d1/penalties.ts): the home page says until when.
  return { player, passkeys, ban: until === null ? null : { until } };
}

export const noPlayer = (c: Ctx) => c.json({ code: 'no_player', message: 'No player here yet: open the home page once, or sign in with a passkey.' }, 401);

/** A JSON body of at most 4 KB (an empty body reads as `{}`), or the 400/413 to answer. */
export const smallBody = (maxSize = 4096) =>
  bodyLimit({ maxSize, onError: (c) => c.json({ code: 'too_large', message: `Request body is larger than ${maxSize / 1024} KB.` }, 413) });

export async function readJson(c: Ctx): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  const text = await c.req.text();
  if (text.trim() === '') return { ok: true, body: {} };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, response: c.json({ code: 'bad_json', message: 'The request body is not valid JSON.' }, 400) };
  }
}

/** A `language` older pages send is ignored: default names are in none (defaultName). */
const CreateBody = v.object({ name: v.optional(PlayerName) });
const RenameBody = v.object({ name: PlayerName });

export const players = new Hono<{ Bindings: Env }>();

/** Make this browser a player (or answer the one it already is). */
players.post('/', smallBody(), async (c) => {
  const existing = await currentPlayer(c.env, c.req.raw);
  if (existing) {
    // The same cookie again, for another 400 days: a player who keeps coming back is never logged out.
    const cookie = parsePlayerCookie(readCookie(c.req.header('Cookie') ?? null, PLAYER_COOKIE))!;
    setPlayerCookie(c, cookie.id, cookie.secret);
    return c.json(await meBody(c.env, existing), 200);
  }
  const read = await readJson(c);
  if (!read.ok) return read.response;
  const parsed = v.safeParse(CreateBody, read.body);
  if (!parsed.success) return c.json({ code: 'bad_name', message: describeIssues(parsed.issues) }, 400);
  // Only a new player counts: a browser coming back with its cookie is answered above, however often.
  const refused = await playerCreationRefusal(c);
  if (refused) return refused;
  const id = randomBase64Url(16);
  const name = parsed.output.name ?? defaultName(id);
  const { secret, hash } = await newSecret();
  const now = Date.now();
  await insertPlayer(c.env.DB, { id, secretHash: hash, name, now });
  setPlayerCookie(c, id, secret);
  // The same shape as GET /api/players/me (MeResponse): a new player has no passkey and no ban.
  return c.json({ player: playerOf(id, name), passkeys: 0, ban: null } satisfies MeResponse, 201);
});

players.get('/me', async (c) => {
  const player = await currentPlayer(c.env, c.req.raw);
  if (!player) return noPlayer(c);
  return c.json(await meBody(c.env, player));
});

players.patch('/me', smallBody(), async (c) => {
  const player = await currentPlayer(c.env, c.req.raw);
  if (!player) return noPlayer(c);
  const read = await readJson(c);
  if (!read.ok) return read.response;
  const parsed = v.safeParse(RenameBody, read.body);
  if (!parsed.success) return c.json({ code: 'bad_name', message: describeIssues(parsed.issues) }, 400);
  await renamePlayer(c.env.DB, player.id, parsed.output.name, Date.now());
  return c.json(await meBody(c.env, playerOf(player.id, parsed.output.name)));
});
