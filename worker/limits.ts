import type { Context } from 'hono';
import type { Env } from './env';

/**
 * How many rooms one client may create: ROOM_CREATION_LIMIT in wrangler.toml is a Cloudflare
 * rate-limiting binding with this limit and period (fixed windows, counted per Cloudflare
 * location). The numbers here only word the refusal; the binding enforces them.
 */
export const ROOMS_PER_WINDOW = 10;
export const WINDOW_SECONDS = 60;

/**
 * How many room sockets one client may open in SOCKET_WINDOW_SECONDS: SOCKET_OPEN_LIMIT in
 * wrangler.toml. A household of players reconnecting after blips stays far below it; a client
 * reconnecting in a loop (say, one the room keeps closing for refused messages) is answered
 * here, in the Worker, and never costs the room a request.
 */
export const SOCKETS_PER_WINDOW = 60;
export const SOCKET_WINDOW_SECONDS = 10;
/**
 * A refused upgrade is answered this late: a client that reconnects the moment it is refused
 * then waits on its own socket instead of costing the machine a handshake every millisecond.
 * Waiting costs the Worker nothing (no CPU while the timer runs).
 */
export const SOCKET_REFUSAL_DELAY_MS = 1500;

/**
 * The key a client is counted under: its address (a whole IPv6 /64, which one household
 * or phone typically gets), or one shared key when the platform gave none.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'no-address';
  if (!ip.includes(':')) return ip;
  const [head] = ip.split('::');
  const groups = ip.includes('::') ? (head ? head.split(':') : []) : ip.split(':');
  return `${[...groups, '0', '0', '0', '0'].slice(0, 4).join(':')}::/64`;
}

/**
 * How many anonymous players one client may make: PLAYER_CREATION_LIMIT in wrangler.toml. A
 * browser makes one on its first visit and again only once its cookie is gone, so a household, a
 * classroom or a phone network's shared address stays below it; a script minting identities (to
 * dodge a matchmaking ban, or to flood the players table) does not.
 */
export const PLAYERS_PER_WINDOW = 20;
export const PLAYER_WINDOW_SECONDS = 60;

type Ctx = Context<{ Bindings: Env }>;

/** Counts one request of this client against `limiter`: null while under it, else the 429 (after `delayMs`). */
async function refusal(
  c: Ctx,
  limiter: RateLimit,
  body: { code: string; message: string; limit: number; windowSeconds: number },
  delayMs = 0,
): Promise<Response | null> {
  const { success } = await limiter.limit({ key: clientKey(c.req.header('CF-Connecting-IP')) });
  if (success) return null;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  return c.json(body, 429, { 'Retry-After': String(body.windowSeconds) });
}

/** null when this client may create a room now, else the 429 to send. */
export async function roomCreationRefusal(c: Ctx): Promise<Response | null> {
  // Benchmarks create hundreds of rooms from one address: `wrangler dev --var ROOM_LIMIT:off`.
  if (c.env.ROOM_LIMIT === 'off') return null;
  return refusal(c, c.env.ROOM_CREATION_LIMIT, {
    code: 'too_many_rooms',
    message: `Too many new rooms: at most ${ROOMS_PER_WINDOW} a minute from one address. Try again in a minute.`,
    limit: ROOMS_PER_WINDOW,
    windowSeconds: WINDOW_SECONDS,
  });
}

/** null when this client may make a new player now, else the 429 to send. */
export async function playerCreationRefusal(c: Ctx): Promise<Response | null> {
  // Every browser context of the end-to-end tests is a new player from one address: `--var PLAYER_LIMIT:off`.
  if (c.env.PLAYER_LIMIT === 'off') return null;
  return refusal(c, c.env.PLAYER_CREATION_LIMIT, {
    code: 'too_many_players',
    message: `Too many new players: at most ${PLAYERS_PER_WINDOW} a minute from one address. Try again in a minute.`,
    limit: PLAYERS_PER_WINDOW,
    windowSeconds: PLAYER_WINDOW_SECONDS,
  });
}

/** null when this client may open a room socket now, else the 429 to send. */
export async function socketOpenRefusal(c: Ctx): Promise<Response | null> {
  if (c.env.SOCKET_LIMIT === 'off') return null;
  return refusal(
    c,
    c.env.SOCKET_OPEN_LIMIT,
    {
      code: 'too_many_connections',
      message: `Too many connections: at most ${SOCKETS_PER_WINDOW} in ${SOCKET_WINDOW_SECONDS} s from one address. Try again in a few seconds.`,
      limit: SOCKETS_PER_WINDOW,
      windowSeconds: SOCKET_WINDOW_SECONDS,
    },
    SOCKET_REFUSAL_DELAY_MS,
  );
}
