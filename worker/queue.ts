import { DurableObject } from 'cloudflare:workers';
import { rankedTier } from '../shared/games/catalog';
import { gameById } from '../shared/games/registry';
import type { QueueMessage } from '../shared/protocol/queue';
import { RankedQueue, type QueueEntry } from '../shared/ranked/queue';
import { hashToken } from '../shared/room/core';
import type { Env } from './env';
import { newRoomCode } from './ids';
import { openRankedTables, type FormedRankedTable } from './ranked-db';

/** How often waiting players hear how long they have waited (and windows widen and tables form). */
export const QUEUE_TICK_MS = 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** What a waiting socket carries through hibernation: the queue is rebuilt from these. */
interface QueueAttachment {
  key: string;
  entry: QueueEntry;
  /** Let go by the queue (matched or replaced): never a waiting entry again. */
  done?: true;
}

/** The benchmark's feed socket (`QUEUE_BENCH=on` only), told apart from waiting players' sockets. */
interface FeedAttachment {
  feed: true;
  key: string;
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
 * alarm (windows widen with waiting). A formed table is written to D1 with one single-use ticket
 * per seat (the tables formed at once in one batch), each player gets their ticket and their
 * socket is closed; the ranked room itself is made from those rows when its first player arrives
 * (worker/room.ts), so forming tables never waits for a room.
 */
export class Queue extends DurableObject<Env> {
  private queue: RankedQueue | null = null;
  private spec: ReturnType<typeof parseQueueKey> = null;
  private readonly byPlayer = new Map<string, WebSocket>();
  private ticking = false;
  /** When formed tables nobody opened were last pruned from D1 (at most once a PRUNE_EVERY_MS). */
  private prunedAt = 0;
  /** Tables formed and not yet written, and whether a write is out. */
  private readonly unwritten: (FormedRankedTable & { sockets: (WebSocket | undefined)[]; tickets: string[] })[] = [];
  private writing = false;
  /** The benchmark's synthetic players' sockets → the feed they came by (memory only). */
  private readonly fed = new WeakMap<WebSocket, { feed: WebSocket; player: string }>();

  /** Rebuild from the sockets after a wake-up (or set up on the first join). */
  private ensure(key: string): RankedQueue | null {
    if (this.queue) return this.queue;
    const [game, tier, seats] = key.split(':');
    this.spec = parseQueueKey(game ?? '', tier ?? '', seats ?? '');
    if (!this.spec) return null;
    const entries: QueueEntry[] = [];
    for (const ws of this.ctx.getWebSockets()) {
      const att = ws.deserializeAttachment() as QueueAttachment | FeedAttachment | null;
      if (!att || 'feed' in att || att.done || att.key !== key) continue;
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
    const queue = this.ensure(key);
    if (queue && request.headers.get('X-Queue-Feed') === '1' && this.env.QUEUE_BENCH === 'on') {
      const pair = new WebSocketPair();
      this.ctx.acceptWebSocket(pair[1]);
      pair[1].serializeAttachment({ feed: true, key } satisfies FeedAttachment);
      return new Response(null, { status: 101, webSocket: pair[0] });
    }
    const player = request.headers.get('X-Player-Id');
    const rating = Number(request.headers.get('X-Player-Rating'));
    if (!queue || !player || !Number.isFinite(rating))
      return Response.json({ code: 'bad_request', message: 'The queue needs its key, a player and a rating.' }, { status: 400 });
    const now = Date.now();
    const pair = new WebSocketPair();
    this.admit(pair[1], key, player, rating, now);
    this.formTables(now);
    void this.tick();
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** A player joins: their socket is accepted (hibernatable) with their entry, and told they wait. */
  private admit(ws: WebSocket, key: string, player: string, rating: number, now: number): void {
    const queue = this.queue!;
    // A second entry for the same player replaces the first (another tab, a reload).
    const old = this.byPlayer.get(player);
    if (old) this.letGo(old, { t: 'error', code: 'replaced' }, 4000, 'replaced');
    const entry = queue.join(player, rating, now);
    this.ctx.acceptWebSocket(ws);
    ws.serializeAttachment({ key, entry } satisfies QueueAttachment);
    this.byPlayer.set(player, ws);
    this.send(ws, { t: 'waiting', waitedMs: 0, waiting: queue.size });
  }

  /**
   * The benchmark's synthetic arrivals (`{"join":[[player, rating], …]}` on the feed socket):
   * each is admitted exactly as a real join, with a socket of its own whose far end is held
   * here, and the player's last word (matched, or an error) is copied to the feed as
   * `<player> <frame>`. Only the network handshake of a real join is skipped.
   */
  private feedArrivals(feed: WebSocket, key: string, raw: string | ArrayBuffer): void {
    const { join } = JSON.parse(typeof raw === 'string' ? raw : new TextDecoder().decode(raw)) as { join: [string, number][] };
    const now = Date.now();
    for (const [player, rating] of join) {
      const pair = new WebSocketPair();
      // The object's end first: the runtime refuses a hibernatable accept once the far end is in use.
      this.admit(pair[1], key, player, rating, now);
      // The far end is accepted so the runtime delivers and closes as for a browser; what it
      // receives is not read: the player's last word is copied to the feed by `letGo`.
      pair[0].accept();
      this.fed.set(pair[1], { feed, player });
    }
    this.formTables(now);
    void this.tick();
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    // A waiting player says nothing (closing the socket is how they leave); only the benchmark's feed talks.
    const att = ws.deserializeAttachment() as QueueAttachment | FeedAttachment | null;
    if (att && 'feed' in att && this.env.QUEUE_BENCH === 'on' && this.ensure(att.key)) this.feedArrivals(ws, att.key, raw);
  }

  override async webSocketClose(ws: WebSocket): Promise<void> {
    this.gone(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.gone(ws);
  }

  private gone(ws: WebSocket): void {
    const att = ws.deserializeAttachment() as QueueAttachment | FeedAttachment | null;
    if (!att || 'feed' in att || att.done) return;
    const queue = this.ensure(att.key);
    if (this.byPlayer.get(att.entry.player) !== ws) return;
    this.byPlayer.delete(att.entry.player);
    queue?.leave(att.entry.player);
  }

  override async alarm(): Promise<void> {
    this.ticking = false;
    const any = this.ctx
      .getWebSockets()
      .map((ws) => ws.deserializeAttachment() as QueueAttachment | FeedAttachment | null)
      .find((a): a is QueueAttachment => a !== null && !('feed' in a) && !a.done);
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
    const formed = this.queue!.form(now);
    if (formed.length === 0) return;
    for (const table of formed) {
      const players = table.seats.map((e) => e.player);
      const sockets = players.map((p) => this.byPlayer.get(p));
      for (const p of players) this.byPlayer.delete(p);
      const tickets = players.map(() => newTicket());
      this.unwritten.push({ room: newRoomCode(), players, sockets, tickets, ticketHashes: tickets.map(hashToken) });
    }
    if (!this.writing) this.ctx.waitUntil(this.seat());
  }

  /**
   * Formed tables are written to D1 with a ticket per seat, then each player is told where to go.
   * One write at a time: tables formed while a write is out go together in the next one, so under
   * load a batch carries many tables and the database sees a few writes a second, not one a table.
   */
  private async seat(): Promise<void> {
    this.writing = true;
    const spec = this.spec!;
    try {
      while (this.unwritten.length > 0) {
        const tables = this.unwritten.splice(0);
        const now = Date.now();
        try {
          const prune = now - this.prunedAt > PRUNE_EVERY_MS;
          if (prune) this.prunedAt = now;
          await openRankedTables(this.env.DB, spec.game, spec.tier, tables, now, prune);
          for (const t of tables) t.sockets.forEach((ws, i) => ws && this.letGo(ws, { t: 'matched', room: t.room, ticket: t.tickets[i]! }, 1000, 'matched'));
        } catch (e) {
          console.error('queue: writing formed ranked tables failed', e);
          for (const t of tables) for (const ws of t.sockets) if (ws) this.letGo(ws, { t: 'error', code: 'room_failed' }, 1011, 'room failed');
        }
      }
    } finally {
      this.writing = false;
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
    const text = this.send(ws, msg);
    const fed = this.fed.get(ws);
    if (fed) {
      try {
        fed.feed.send(`${fed.player} ${text}`);
      } catch {
        // The benchmark went away.
      }
    }
    try {
      ws.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  private send(ws: WebSocket, msg: QueueMessage): string {
    const text = JSON.stringify(msg);
    try {
      ws.send(text);
    } catch {
      // Closed under us; its close handler cleans up.
    }
    return text;
  }
}

/** 32 random bytes, base64url: 43 characters, like a seat token. */
function newTicket(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
