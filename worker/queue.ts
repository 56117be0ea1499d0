import { DurableObject } from 'cloudflare:workers';
import { rankedTier } from '../shared/games/catalog';
import { gameById } from '../shared/games/registry';
import type { QueueMessage } from '../shared/protocol/queue';
import { RankedQueue, type FormedTable, type QueueEntry } from '../shared/ranked/queue';
import { hashToken } from '../shared/room/core';
import type { Env } from './env';
import { newRoomCode } from './ids';
import { markActive } from './ranked-db';

/** How often waiting players hear how long they have waited (and windows widen and tables form). */
export const QUEUE_TICK_MS = 1000;

/** What a waiting socket carries through hibernation: the queue is rebuilt from these. */
interface QueueAttachment {
  key: string;
  entry: QueueEntry;
  /** Let go by the queue (matched or replaced): never a waiting entry again. */
  done?: true;
}

/** `<game>:<tier>:<seats>`, checked against the catalog; null when there is no such queue. */
export function parseQueueKey(game: string, tier: string, seats: string): { game: string; tier: string; seats: number; seconds: number; key: string } | null {
  const t = rankedTier(game, tier);
  const n = Number(seats);
  const spec = gameById(game);
  if (!t || !spec || !Number.isInteger(n) || !spec.playerCounts.includes(n)) return null;
  return { game, tier, seats: n, seconds: t.seconds, key: `${game}:${tier}:${n}` };
}

/**
 * One ranked queue (game, tier, seat count): a thin shell over `shared/ranked/queue.ts`. Each
 * waiting player is one hibernatable socket whose attachment holds their entry, so the queue
 * survives eviction without storage writes. Tables form on every join and on a once-a-second
 * alarm (windows widen with waiting); a formed table becomes a ranked room, each player gets a
 * single-use ticket for their seat, and the socket is closed.
 */
export class Queue extends DurableObject<Env> {
  private queue: RankedQueue | null = null;
  private spec: ReturnType<typeof parseQueueKey> = null;
  private readonly byPlayer = new Map<string, WebSocket>();
  private ticking = false;

  /** Rebuild from the sockets after a wake-up (or set up on the first join). */
  private ensure(key: string): RankedQueue | null {
    if (this.queue) return this.queue;
    const [game, tier, seats] = key.split(':');
    this.spec = parseQueueKey(game ?? '', tier ?? '', seats ?? '');
    if (!this.spec) return null;
    const entries: QueueEntry[] = [];
    for (const ws of this.ctx.getWebSockets()) {
      const att = ws.deserializeAttachment() as QueueAttachment | null;
      if (!att || att.done || att.key !== key) continue;
      const held = this.byPlayer.get(att.entry.player);
      const heldAt = held ? (held.deserializeAttachment() as QueueAttachment).entry.seq : -1;
      if (att.entry.seq > heldAt) {
        this.byPlayer.set(att.entry.player, ws);
        const i = entries.findIndex((e) => e.player === att.entry.player);
        if (i >= 0) entries.splice(i, 1);
        entries.push(att.entry);
      }
    }
    this.queue = new RankedQueue({ seats: this.spec.seats, teams: gameById(this.spec.game)!.teams?.(this.spec.seats) }, entries);
    return this.queue;
  }

  override async fetch(request: Request): Promise<Response> {
    const key = request.headers.get('X-Queue-Key') ?? '';
    const player = request.headers.get('X-Player-Id');
    const rating = Number(request.headers.get('X-Player-Rating'));
    const queue = this.ensure(key);
    if (!queue || !player || !Number.isFinite(rating))
      return Response.json({ code: 'bad_request', message: 'The queue needs its key, a player and a rating.' }, { status: 400 });
    const now = Date.now();
    // A second entry for the same player replaces the first (another tab, a reload).
    const old = this.byPlayer.get(player);
    if (old)
      this.letGo(old, { t: 'error', code: 'replaced', message: 'You joined this queue again from elsewhere; this entry was replaced.' }, 4000, 'replaced');
    const entry = queue.join(player, rating, now);
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    pair[1].serializeAttachment({ key, entry } satisfies QueueAttachment);
    this.byPlayer.set(player, pair[1]);
    this.send(pair[1], { t: 'waiting', waitedMs: 0, waiting: queue.size });
    this.formTables(now);
    void this.tick();
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(): Promise<void> {
    // The browser says nothing; closing the socket is how it leaves.
  }

  override async webSocketClose(ws: WebSocket): Promise<void> {
    this.gone(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.gone(ws);
  }

  private gone(ws: WebSocket): void {
    const att = ws.deserializeAttachment() as QueueAttachment | null;
    if (!att || att.done) return;
    const queue = this.ensure(att.key);
    if (this.byPlayer.get(att.entry.player) !== ws) return;
    this.byPlayer.delete(att.entry.player);
    queue?.leave(att.entry.player);
  }

  override async alarm(): Promise<void> {
    this.ticking = false;
    const any = this.ctx
      .getWebSockets()
      .map((ws) => ws.deserializeAttachment() as QueueAttachment | null)
      .find((a) => a && !a.done);
    if (!any) return;
    const queue = this.ensure(any.key)!;
    const now = Date.now();
    this.formTables(now);
    for (const [player, ws] of this.byPlayer) {
      const entry = (ws.deserializeAttachment() as QueueAttachment).entry;
      if (queue.has(player)) this.send(ws, { t: 'waiting', waitedMs: now - entry.joinedAt, waiting: queue.size });
    }
    await this.tick();
  }

  /** Keep one alarm a second while anyone waits. */
  private async tick(): Promise<void> {
    if (this.ticking || !this.queue || this.queue.size === 0) return;
    this.ticking = true;
    await this.ctx.storage.setAlarm(Date.now() + QUEUE_TICK_MS);
  }

  private formTables(now: number): void {
    const tables = this.queue!.form(now);
    for (const table of tables) this.ctx.waitUntil(this.seat(table, now));
  }

  /** A formed table: a ranked room with one ticket per seat, the players marked in a ranked game, then each told where to go. */
  private async seat(table: FormedTable, now: number): Promise<void> {
    const spec = this.spec!;
    const players = table.seats.map((e) => e.player);
    const sockets = players.map((p) => this.byPlayer.get(p));
    for (const p of players) this.byPlayer.delete(p);
    const tickets = players.map(() => newTicket());
    try {
      const code = newRoomCode();
      const refused = await this.env.ROOMS.get(this.env.ROOMS.idFromName(code)).init({
        code,
        game: spec.game,
        options: {},
        clock: spec.seconds,
        pace: 'relaxed',
        ranked: { tier: spec.tier, players, tickets: tickets.map(hashToken) },
      });
      if (refused) throw new Error(`${refused.code}: ${refused.message}`);
      await markActive(this.env.DB, players, code, now);
      sockets.forEach((ws, i) => ws && this.letGo(ws, { t: 'matched', room: code, ticket: tickets[i]! }, 1000, 'matched'));
    } catch (e) {
      console.error('queue: making a ranked room failed', e);
      for (const ws of sockets)
        if (ws)
          this.letGo(ws, { t: 'error', code: 'room_failed', message: 'The table could not be set up; please join the queue again.' }, 1011, 'room failed');
    }
  }

  /** Tell a socket its last word and close it; it never counts as waiting again. */
  private letGo(ws: WebSocket, msg: QueueMessage, code: number, reason: string): void {
    const att = ws.deserializeAttachment() as QueueAttachment | null;
    if (att) {
      try {
        ws.serializeAttachment({ ...att, done: true } satisfies QueueAttachment);
      } catch {
        // Already closed.
      }
      if (this.byPlayer.get(att.entry.player) === ws) this.byPlayer.delete(att.entry.player);
    }
    this.send(ws, msg);
    try {
      ws.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  private send(ws: WebSocket, msg: QueueMessage): void {
    try {
      ws.send(JSON.stringify(msg));
    } catch {
      // Closed under us; its close handler cleans up.
    }
  }
}

/** 32 random bytes, base64url: 43 characters, like a seat token. */
function newTicket(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
