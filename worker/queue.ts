import { DurableObject } from 'cloudflare:workers';
import { rankedFormat, type RankedFormat } from '../shared/games/catalog';
import { d1RankedTables } from './d1/tables';
import type { Env } from './env';
import { newRoomCode } from './ids';
import { openBenchFeed } from './queue-bench';
import { QueueCore } from './queue-core';

export { QUEUE_TICK_MS } from './queue-core';

/** `<game>:<tier>:<seats>`, a format the catalog offers for ranked play; null when there is no such queue. */
export function parseQueueKey(game: string, tier: string, seats: string): { format: RankedFormat; key: string } | null {
  const n = Number(seats);
  const format = Number.isInteger(n) ? rankedFormat(game, tier, n) : undefined;
  return format ? { format, key: `${game}:${tier}:${n}` } : null;
}

/**
 * One ranked queue (game, tier, seat count): a thin shell over `queue-core.ts`, in memory. Each
 * waiting player is one socket (a plain one, not hibernatable: a queue with anyone in it ticks
 * every second, so it would never sleep long, and a plain socket costs the runtime a fraction of
 * a hibernatable one's accept, attachment and close; a restart drops the sockets either way and
 * the screen offers to join again). A formed table is written to D1 (worker/d1/tables.ts) with
 * one single-use ticket per seat; the ranked room itself is made from those rows when its first
 * player arrives (worker/room.ts), so forming tables never waits for a room.
 */
export class Queue extends DurableObject<Env> {
  private core: QueueCore | null = null;
  private key = '';

  /** The queue this object is, set up on its first request. */
  private ensure(key: string): QueueCore | null {
    if (this.core) return this.key === key ? this.core : null;
    const [game, tier, seats] = key.split(':');
    const spec = parseQueueKey(game ?? '', tier ?? '', seats ?? '');
    if (!spec) return null;
    this.key = spec.key;
    this.core = new QueueCore(spec.format, {
      tables: d1RankedTables(this.env.DB),
      roomCode: newRoomCode,
      randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
      waitUntil: (work) => this.ctx.waitUntil(work),
      now: Date.now,
    });
    return this.core;
  }

  override async fetch(request: Request): Promise<Response> {
    const core = this.ensure(request.headers.get('X-Queue-Key') ?? '');
    const feedMode = request.headers.get('X-Queue-Feed');
    if (core && (feedMode === 'sockets' || feedMode === 'stand-ins') && this.env.QUEUE_BENCH === 'on') return openBenchFeed(core, feedMode);
    const player = request.headers.get('X-Player-Id');
    const rating = Number(request.headers.get('X-Player-Rating'));
    if (!core || !player || !Number.isFinite(rating))
      return Response.json({ code: 'bad_request', message: 'The queue needs its key, a player and a rating.' }, { status: 400 });
    const pair = new WebSocketPair();
    pair[1].accept();
    core.join([{ ws: pair[1], player, rating }]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Queues ticked by storage alarms before they ticked in memory: a left-over alarm has nothing to do. */
  override async alarm(): Promise<void> {}
}
