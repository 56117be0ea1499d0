/**
 * The ranked queue's door: `GET /api/queue/:game/:tier/:seats/ws`. Everything that can be
 * refused is refused here, before the queue object sees the player: no player (401), a join
 * storm (429 with Retry-After), a ban (403 with its end), a ranked game already being played
 * (409 with its room).
 */
import type { Context } from 'hono';
import type { Env } from './env';
import { currentPlayer } from './players';
import { parseQueueKey } from './queue';
import { joinStanding } from './d1/standing';

/** Seconds a player refused for a join storm is told to wait (the limit's window). */
export const QUEUE_RETRY_SECONDS = 10;

export async function queueSocket(c: Context<{ Bindings: Env }>): Promise<Response> {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
    return c.json({ code: 'upgrade_required', message: 'This address takes WebSocket connections only.' }, 426);
  }
  const spec = parseQueueKey(c.req.param('game') ?? '', c.req.param('tier') ?? '', c.req.param('seats') ?? '');
  if (!spec) return c.json({ code: 'unknown_queue', message: 'There is no ranked queue for that game, speed tier and seat count.' }, 404);
  const player = await currentPlayer(c.env, c.req.raw);
  if (!player) return c.json({ code: 'no_player', message: 'Ranked play needs a player: open the home page once first.' }, 401);
  if (c.env.QUEUE_LIMIT !== 'off') {
    const { success } = await c.env.QUEUE_JOIN_LIMIT.limit({ key: player.id });
    if (!success) {
      return c.json({ code: 'too_many_joins', message: `Too many queue joins in a short time; try again in ${QUEUE_RETRY_SECONDS} s.` }, 429, {
        'Retry-After': String(QUEUE_RETRY_SECONDS),
      });
    }
  }
  const now = Date.now();
  const { banUntil: until, room, rating } = await joinStanding(c.env.DB, player.id, spec.format.game, now);
  if (until !== null) {
    return c.json(
      { code: 'banned', until, message: `You left too many ranked games while behind: ranked play is closed to you until ${new Date(until).toISOString()}.` },
      403,
    );
  }
  if (room !== null) return c.json({ code: 'in_ranked_game', room, message: 'You are already playing a ranked game; finish it first.' }, 409);
  const headers = new Headers({ Upgrade: 'websocket', 'X-Queue-Key': spec.key, 'X-Player-Id': player.id, 'X-Player-Rating': String(rating) });
  const stub = c.env.QUEUES.get(c.env.QUEUES.idFromName(spec.key));
  return stub.fetch(new Request(c.req.url, { headers }));
}

/**
 * The queue benchmark's feed (`GET /api/queue/:game/:tier/:seats/feed`, only under
 * `wrangler dev --var QUEUE_BENCH:on`): one socket into the queue object carrying synthetic
 * arrivals, so that `npm run bench queue` measures the object rather than the development
 * server's cost of a connection per join. Anywhere else it does not exist.
 */
export async function queueFeed(c: Context<{ Bindings: Env }>): Promise<Response> {
  const spec = parseQueueKey(c.req.param('game') ?? '', c.req.param('tier') ?? '', c.req.param('seats') ?? '');
  if (c.env.QUEUE_BENCH !== 'on' || !spec || c.req.header('Upgrade')?.toLowerCase() !== 'websocket')
    return c.json({ code: 'not_found', message: 'No such API route.' }, 404);
  const stub = c.env.QUEUES.get(c.env.QUEUES.idFromName(spec.key));
  // `?players=stand-ins`: synthetic players without a socket each (see worker/queue.ts).
  const mode = c.req.query('players') === 'stand-ins' ? 'stand-ins' : 'sockets';
  return stub.fetch(new Request(c.req.url, { headers: { Upgrade: 'websocket', 'X-Queue-Key': spec.key, 'X-Queue-Feed': mode } }));
}
