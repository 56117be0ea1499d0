import { DurableObject } from 'cloudflare:workers';
import { rankedTier } from '../shared/games/catalog';
import { gameById } from '../shared/games/registry';
import type { QueueMessage } from '../shared/protocol/queue';
import { RankedQueue, type QueueEntry } from '../shared/ranked/queue';
import { hashToken, newToken } from '../shared/room/core';
import type { Env } from './env';
import { newRoomCode } from './ids';
import { openRankedTables, type FormedRankedTable } from './ranked-db';

/** How often waiting players hear how long they have waited (and windows widen and tables form). */
export const QUEUE_TICK_MS = 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/**
 * D1 writes out at once. Tables formed while every write is out go together in the next one; with
 * two out, a table waits for at most one write before its own instead of the one ahead of it.
 */
const WRITES_AT_ONCE = 2;

/** A waiting player: their socket and entry, until the queue lets them go (matched or replaced). */
interface Waiting {
  ws: WebSocket;
  entry: QueueEntry;
  /** Let go by the queue: its close is not a leave. */
  done?: true;
  /** The benchmark's synthetic player: the feed their last word is copied to. */
  feed?: WebSocket;
  /** The socket's close and error listener, removed when the queue lets the player go. */
  onGone?: () => void;
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
 * One ranked queue (game, tier, seat count): a thin shell over `shared/ranked/queue.ts`, in
 * memory. Each waiting player is one socket (a plain one, not hibernatable: a queue with anyone in
 * it ticks every second, so it would never sleep long, and a plain socket costs the runtime a
 * fraction of a hibernatable one's accept, attachment and close; a restart drops the sockets
 * either way and the screen offers to join again). Tables form on every join and on the
 * once-a-second tick (windows widen with waiting). A formed table is written to D1 with one
 * single-use ticket per seat (the tables formed at once in one batch), each player gets their
 * ticket and their socket is closed; the ranked room itself is made from those rows when its
 * first player arrives (worker/room.ts), so forming tables never waits for a room.
 */
export class Queue extends DurableObject<Env> {
  private queue: RankedQueue | null = null;
  private spec: ReturnType<typeof parseQueueKey> = null;
  private readonly byPlayer = new Map<string, Waiting>();
  private ticker: ReturnType<typeof setTimeout> | null = null;
  /** When formed tables nobody opened were last pruned from D1 (at most once a PRUNE_EVERY_MS). */
  private prunedAt = 0;
  /** Tables formed and not yet written, and whether a write is out. */
  private readonly unwritten: (FormedRankedTable & { seated: (Waiting | undefined)[]; tickets: string[] })[] = [];
  private writing = 0;
  /** Lines for each feed not yet sent (see `copyToFeed`). */
  private readonly feedLines = new Map<WebSocket, string[]>();

  /** The queue this object is, set up on its first request. */
  private ensure(key: string): RankedQueue | null {
    if (this.queue) return this.spec!.key === key ? this.queue : null;
    const [game, tier, seats] = key.split(':');
    this.spec = parseQueueKey(game ?? '', tier ?? '', seats ?? '');
    if (!this.spec) return null;
    this.queue = new RankedQueue({ seats: this.spec.seats, teams: gameById(this.spec.game)!.teams?.(this.spec.seats) }, []);
    return this.queue;
  }

  override async fetch(request: Request): Promise<Response> {
    const key = request.headers.get('X-Queue-Key') ?? '';
    const queue = this.ensure(key);
    const feedMode = request.headers.get('X-Queue-Feed');
    if (queue && (feedMode === 'sockets' || feedMode === 'stand-ins') && this.env.QUEUE_BENCH === 'on') {
      const pair = new WebSocketPair();
      const feed = pair[1];
      feed.accept();
      feed.addEventListener('message', (e) => this.feedArrivals(feed, e.data, feedMode === 'stand-ins'));
      this.watchPauses(feed);
      return new Response(null, { status: 101, webSocket: pair[0] });
    }
    const player = request.headers.get('X-Player-Id');
    const rating = Number(request.headers.get('X-Player-Rating'));
    if (!queue || !player || !Number.isFinite(rating))
      return Response.json({ code: 'bad_request', message: 'The queue needs its key, a player and a rating.' }, { status: 400 });
    const now = Date.now();
    const pair = new WebSocketPair();
    const w = this.admit(pair[1], player, rating, now);
    this.formTables(now);
    this.tellWaiting([w]);
    this.tick();
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * A player joins: their socket is accepted with their entry. They are told they wait
   * (`tellWaiting`) only once tables have formed, so a join that completes a table hears only its
   * ticket.
   */
  private admit(ws: WebSocket, player: string, rating: number, now: number, feed?: WebSocket): Waiting {
    const queue = this.queue!;
    // A second entry for the same player replaces the first (another tab, a reload).
    const old = this.byPlayer.get(player);
    if (old) this.letGo(old, { t: 'error', code: 'replaced' }, 4000, 'replaced');
    ws.accept();
    // The entry travels with the socket's listeners: nothing is keyed by socket.
    const w: Waiting = { ws, entry: queue.join(player, rating, now), feed };
    const onGone = (w.onGone = () => this.gone(w));
    ws.addEventListener('close', onGone);
    ws.addEventListener('error', onGone);
    this.byPlayer.set(player, w);
    return w;
  }

  /** The first `waiting` frame for sockets just admitted that are still waiting after tables formed. */
  private tellWaiting(admitted: Waiting[]): void {
    const size = this.queue!.size;
    for (const w of admitted) if (!w.done) this.send(w.ws, { t: 'waiting', waitedMs: 0, waiting: size });
  }

  /**
   * The benchmark's synthetic arrivals (`{"join":[[player, rating], …]}` on the feed socket):
   * each is admitted exactly as a real join, with a socket of its own whose far end is held
   * here (or, with `standIns`, a stand-in that costs nothing), and the player's last word
   * (matched, or an error) is copied to the feed as `<player> <frame>`. Only the network
   * handshake of a real join is skipped.
   */
  private feedArrivals(feed: WebSocket, raw: string | ArrayBuffer, standIns: boolean): void {
    const { join } = JSON.parse(typeof raw === 'string' ? raw : new TextDecoder().decode(raw)) as { join: [string, number][] };
    const now = Date.now();
    const admitted: Waiting[] = [];
    for (const [player, rating] of join) {
      if (standIns) {
        admitted.push(this.admit(STAND_IN, player, rating, now, feed));
        continue;
      }
      const pair = new WebSocketPair();
      admitted.push(this.admit(pair[1], player, rating, now, feed));
      // The far end is accepted so the runtime delivers and closes as for a browser; what it
      // receives is not read: the player's last word is copied to the feed by `letGo`.
      pair[0].accept();
    }
    this.formTables(now);
    this.tellWaiting(admitted);
    this.tick();
  }

  /**
   * While a benchmark feed is open, pauses of this object's event loop over 30 ms are reported on
   * it (`#pause <ms>`): a timer that should fire every 5 ms and did not is a pause of the isolate.
   */
  private watchPauses(feed: WebSocket): void {
    let open = true;
    feed.addEventListener('close', () => (open = false));
    let last = Date.now();
    const check = () => {
      const now = Date.now();
      if (now - last > 30) this.copyToFeed(feed, `#pause ${now - last}`);
      last = now;
      if (open) setTimeout(check, 5);
    };
    setTimeout(check, 5);
  }

  private gone(w: Waiting): void {
    if (w.done) return;
    w.done = true;
    if (this.byPlayer.get(w.entry.player) !== w) return;
    this.byPlayer.delete(w.entry.player);
    this.queue?.leave(w.entry.player);
  }

  /** Queues ticked by storage alarms before they ticked in memory: a left-over alarm has nothing to do. */
  override async alarm(): Promise<void> {}

  /** Once a second while anyone waits: windows widen, tables form, the waiting hear how long. */
  private tick(): void {
    if (this.ticker || !this.queue || this.queue.size === 0) return;
    this.ticker = setTimeout(() => {
      this.ticker = null;
      const queue = this.queue!;
      const now = Date.now();
      this.formTables(now);
      for (const [player, w] of this.byPlayer) if (queue.has(player)) this.send(w.ws, { t: 'waiting', waitedMs: now - w.entry.joinedAt, waiting: queue.size });
      this.tick();
    }, QUEUE_TICK_MS);
  }

  private formTables(now: number): void {
    const formed = this.queue!.form(now);
    if (formed.length === 0) return;
    for (const table of formed) {
      const players = table.seats.map((e) => e.player);
      const seated = players.map((p) => this.byPlayer.get(p));
      for (const p of players) this.byPlayer.delete(p);
      const tickets = players.map(() => newTicket());
      this.unwritten.push({ room: newRoomCode(), players, seated, tickets, ticketHashes: tickets.map(hashToken) });
    }
    if (this.writing < WRITES_AT_ONCE) this.ctx.waitUntil(this.seat());
  }

  /**
   * Formed tables are written to D1 with a ticket per seat, then each player is told where to go.
   * At most WRITES_AT_ONCE writes at a time: tables formed while they are out go together in the
   * next one, so under load a batch carries many tables and the database sees a few writes a
   * second, not one a table.
   */
  private async seat(): Promise<void> {
    this.writing++;
    const spec = this.spec!;
    try {
      while (this.unwritten.length > 0) {
        const tables = this.unwritten.splice(0);
        const now = Date.now();
        try {
          const prune = now - this.prunedAt > PRUNE_EVERY_MS;
          if (prune) this.prunedAt = now;
          await openRankedTables(this.env.DB, spec.game, spec.tier, tables, now, prune);
          for (const t of tables) t.seated.forEach((w, i) => w && this.letGo(w, { t: 'matched', room: t.room, ticket: t.tickets[i]! }, 1000, 'matched'));
        } catch (e) {
          console.error('queue: writing formed ranked tables failed', e);
          for (const t of tables) for (const w of t.seated) if (w) this.letGo(w, { t: 'error', code: 'room_failed' }, 1011, 'room failed');
        }
      }
    } finally {
      this.writing--;
    }
  }

  /** Tell a socket its last word and close it; it never counts as waiting again. */
  private letGo(w: Waiting, msg: QueueMessage, code: number, reason: string): void {
    w.done = true;
    if (this.byPlayer.get(w.entry.player) === w) this.byPlayer.delete(w.entry.player);
    const text = this.send(w.ws, msg);
    if (w.feed) this.copyToFeed(w.feed, `${w.entry.player} ${text}`);
    // Unhooked before the close: a closing socket whose listener still reaches the player's entry
    // (and the socket through it) is a loop through the runtime that only a full collection
    // frees; unhooked, the socket is freed sooner and those collections are shorter (p99 join →
    // ticket at 2,000 a second: 70–107 ms before, 31–66 ms after, `npm run bench queue`).
    if (w.onGone) {
      w.ws.removeEventListener('close', w.onGone);
      w.ws.removeEventListener('error', w.onGone);
    }
    try {
      w.ws.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  /**
   * The benchmark's copies go to its feed a frame per turn of the event loop, one line each: the
   * feed is the instrument, and a frame per player through the development server's proxies
   * would measure the proxies.
   */
  private copyToFeed(feed: WebSocket, line: string): void {
    const lines = this.feedLines.get(feed);
    if (lines) return void lines.push(line);
    this.feedLines.set(feed, [line]);
    queueMicrotask(() => {
      const all = this.feedLines.get(feed)!;
      this.feedLines.delete(feed);
      try {
        feed.send(all.join('\n'));
      } catch {
        // The benchmark went away.
      }
    });
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

/**
 * The benchmark's stand-in for a player's socket (the feed in `stand-ins` mode): the object does
 * everything a join does except the runtime's socket, whose cost the `sockets` mode measures.
 */
const STAND_IN = { accept() {}, send() {}, close() {}, addEventListener() {}, removeEventListener() {} } as unknown as WebSocket;

/** A single-use ticket: 32 random bytes, base64url, like a seat token. */
const newTicket = () => newToken(crypto.getRandomValues(new Uint8Array(32)));
