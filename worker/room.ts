import { DurableObject } from 'cloudflare:workers';
import type { RoomInfo } from '../shared/protocol';
import { rankedTier } from '../shared/games/catalog';
import { gameById } from '../shared/games/registry';
import { PLAYER_HEADER } from '../shared/players/player';
import { inspect, RoomCore, RoomRefusal, type CoreSnapshot } from '../shared/room/core';
import { CLOSE_POLICY, type Outbox, type RoomSettings, type SocketAttachment } from '../shared/room/types';
import type { Env } from './env';
import { clientKey } from './limits';
import { lobbyName, lobbyShard, listingOf, sameListing, type PublicListing } from '../shared/room/listing';
import { clearActive, pendingRankedTable, recordEscape } from './ranked-db';
import { BadRankedResult, recordRankedResult, type RankedChange } from './ranked-results';
import { answerClose } from './socket-close';
import { SqlStore } from './store';

/**
 * An address whose socket was closed for refused frames (close 1008) may not open another
 * one in this room for this long: reconnecting floods are refused before a socket is accepted.
 */
export const COOL_OFF_MS = 10_000;
/** First retry of a failed ranked write, doubling up to the most. */
export const RANKED_RETRY_MS = 1_000;
export const RANKED_RETRY_MAX_MS = 60_000;

/**
 * One room: a thin shell around the pure room core (`shared/room`). It loads the room from
 * its store, hands each input to the core, applies the core's writes to the store, sends its
 * frames, and keeps one alarm no later than the core's next deadline.
 */
export class Room extends DurableObject<Env> {
  private readonly store: SqlStore;
  private readonly core: RoomCore;
  private readonly sockets = new Map<string, WebSocket>();
  /** Open sockets → their id, without deserializing an attachment per frame. */
  private readonly ids = new WeakMap<WebSocket, string>();
  private readonly closedByRoom = new WeakSet<WebSocket>();
  /** When the alarm is set for (null: none). Moved only to an earlier time, never on every message. */
  private armed: number | null = null;
  /** A turn is queued to send the updates an input left owed. */
  private flushQueued = false;
  /** Socket id → its client's address key, and address keys cooling off → until when (memory only: a flood keeps the room awake). */
  private readonly addresses = new Map<string, string>();
  private readonly coolingOff = new Map<string, number>();
  /** The public-tables entry this room last told its Lobby shard (undefined: not told since it loaded). */
  private listed: PublicListing | null | undefined = undefined;
  /** Lobby calls in order: a remove never overtakes the put before it. */
  private lobbyCalls: Promise<void> = Promise.resolve();
  /** Ranked rows being written (one writer at a time), and when to try again after a failure. */
  private settling = false;
  private retries = 0;
  private retryAt: number | null = null;
  /** Reading the queue's formed table for this code (one read for concurrent first arrivals). */
  private making: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new SqlStore(ctx.storage);
    this.core = new RoomCore({ game: gameById, randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)), random: Math.random }, this.store);
    cores.set(this, this.core);
    this.load();
    // Heartbeats are answered by the runtime without waking the room; their timestamps tell the core who went silent.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
    void ctx.blockConcurrencyWhile(async () => {
      this.armed = await ctx.storage.getAlarm();
    });
  }

  private load(): void {
    const loaded = this.store.load();
    if (!loaded) return;
    this.core.load(loaded);
    const now = Date.now();
    for (const ws of this.ctx.getWebSockets()) {
      const att = ws.deserializeAttachment() as SocketAttachment | null;
      if (!att) continue;
      if (att.closed) {
        // Closed by the room before it was evicted; its peer never finished the handshake.
        this.closedByRoom.add(ws);
        continue;
      }
      this.sockets.set(att.id, ws);
      this.ids.set(ws, att.id);
      this.core.restore(att, this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? now);
    }
    // A result or escapes owed from before a restart.
    this.settleRanked();
  }

  // ---------------------------------------------------------------- RPC from the Worker

  /**
   * Called once by the Worker right after it picked a fresh room code. The options come as the
   * request sent them: the room parses them, and a refusal (nothing created) is returned.
   */
  async init(settings: RoomSettings): Promise<(RoomRefusal['refusal'] & { message: string }) | null> {
    if (this.core.room) throw new Error('room already exists');
    try {
      this.carryOut(this.core.create(settings, Date.now()));
    } catch (e) {
      // The refusal as data for the browser, and its English sentence for HTTP callers and logs.
      if (e instanceof RoomRefusal) return { ...e.refusal, message: e.message };
      throw e;
    }
    return null;
  }

  /** Public room info for GET /api/rooms/:code; null when the room does not exist. */
  async info(code: string): Promise<RoomInfo | null> {
    await this.fromFormedTable(code);
    return this.core.info();
  }

  /**
   * A ranked table the queue formed (D1, `openRankedTables`) becomes its room when it is first
   * asked for: its first player's socket or its info. Concurrent first arrivals wait on one read.
   */
  private async fromFormedTable(code: string): Promise<void> {
    if (this.core.room) return;
    this.making ??= (async () => {
      const table = await pendingRankedTable(this.env.DB, code);
      const tier = table && rankedTier(table.game, table.tier);
      if (!table || !tier || this.core.room) return;
      this.carryOut(
        this.core.create(
          {
            code,
            game: table.game,
            options: {},
            clock: tier.seconds,
            pace: 'relaxed',
            ranked: { tier: table.tier, players: table.players, tickets: table.ticketHashes },
          },
          Date.now(),
        ),
      );
    })().finally(() => {
      this.making = null;
    });
    await this.making;
  }

  /** A finished game's replay for GET /api/rooms/:code/replay/:n (refused while it is played). */
  async replay(gameNo: number): Promise<ReturnType<RoomCore['replay']>> {
    return this.core.replay(gameNo);
  }

  override async fetch(request: Request): Promise<Response> {
    // The Worker routes `/api/rooms/<code>/ws` here, to the object named by that code.
    await this.fromFormedTable(new URL(request.url).pathname.split('/')[3] ?? '');
    if (!this.core.room) return Response.json({ code: 'unknown_room', message: 'No room has that code.' }, { status: 404 });
    const address = clientKey(request.headers.get('CF-Connecting-IP') ?? undefined);
    const now = Date.now();
    const until = this.coolingOff.get(address);
    if (until !== undefined && until > now) {
      const seconds = Math.ceil((until - now) / 1000);
      return Response.json(
        { code: 'cooling_off', seconds, message: `A connection from your address was closed for refused messages; try again in ${seconds} s.` },
        { status: 429, headers: { 'Retry-After': String(seconds) } },
      );
    }
    if (until !== undefined) this.coolingOff.delete(address);
    const pair = new WebSocketPair();
    const id = crypto.randomUUID();
    // Set by the Worker only, from a verified cookie (a client-sent header is dropped there).
    const player = request.headers.get(PLAYER_HEADER) ?? undefined;
    const out = this.core.open(id, Date.now(), player);
    const refusal = out.closes.find(([to]) => to === id);
    if (refusal) {
      // Refused (room_crowded): accepted outside hibernation, told why and closed. A hibernatable
      // socket closed this way in a room just woken from hibernation was often never closed at all
      // (seen under wrangler dev), so the browser neither reconnected nor learnt why.
      pair[1].accept();
      for (const [to, text] of out.frames) if (to === id) pair[1].send(text);
      pair[1].close(refusal[1], refusal[2]);
      this.carryOut({ ...out, frames: out.frames.filter(([to]) => to !== id), closes: out.closes.filter(([to]) => to !== id) });
      return new Response(null, { status: 101, webSocket: pair[0] });
    }
    this.addresses.set(id, address);
    this.ctx.acceptWebSocket(pair[1]);
    this.sockets.set(id, pair[1]);
    this.ids.set(pair[1], id);
    pair[1].serializeAttachment({ id, hello: false, seat: null, pings: false, ...(player !== undefined && { player }) } satisfies SocketAttachment);
    this.carryOut(out);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  // ---------------------------------------------------------------- inputs

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    // A socket the room closed may keep sending until its close handshake ends: one lookup per frame, nothing more.
    if (this.closedByRoom.has(ws)) return;
    const id = this.ids.get(ws) ?? this.idOf(ws);
    if (id && this.sockets.has(id)) this.carryOut(this.core.message(id, raw, Date.now()));
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // The peer's close frame is answered unless it answers the room's own.
    if (!this.closedByRoom.has(ws)) answerClose(ws, code, reason);
    this.gone(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.gone(ws);
  }

  private gone(ws: WebSocket): void {
    const id = this.idOf(ws);
    if (!id) return;
    this.sockets.delete(id);
    this.addresses.delete(id);
    this.carryOut(this.core.close(id, Date.now()));
  }

  override async alarm(): Promise<void> {
    // Everything due by the time the alarm was set for is handled, even if it runs early (tests).
    const now = Math.max(Date.now(), this.armed ?? 0);
    this.armed = null;
    const was = this.core.room;
    this.retryAt = null;
    const out = this.core.alarm(now, (id) => {
      const ws = this.sockets.get(id);
      return ws ? (this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? null) : null;
    });
    if (out.writes[0]?.t === 'deleteAll') {
      // An expired public room leaves the list (it may not be listed: a remove is harmless).
      if (was?.public === true) this.tellLobby(was.code, was.game, null);
      this.send(out);
      this.close(out.closes);
      this.sockets.clear();
      await this.store.deleteAll();
      return;
    }
    this.carryOut(out);
  }

  private idOf(ws: WebSocket): string | null {
    return this.ids.get(ws) ?? (ws.deserializeAttachment() as SocketAttachment | null)?.id ?? null;
  }

  // ---------------------------------------------------------------- effects

  /** Write the core's rows in one transaction, then send, close, and keep the alarm early enough. */
  private carryOut(out: Outbox): void {
    this.store.apply(out.writes);
    for (const att of out.attach) this.sockets.get(att.id)?.serializeAttachment(att);
    this.send(out);
    this.close(out.closes);
    // The other seats' updates after a move: built on the next turn, once this input's write is
    // on its way to commit and the mover's frame with it (the runtime holds frames until then).
    if (out.later && !this.flushQueued) {
      this.flushQueued = true;
      setTimeout(() => {
        this.flushQueued = false;
        this.carryOut(this.core.flush(Date.now()));
      }, 0);
    }
    this.syncListing();
    this.settleRanked();
    const next = this.core.nextDeadline();
    this.armAt(next === null ? this.retryAt : this.retryAt === null ? next : Math.min(next, this.retryAt));
  }

  private armAt(at: number | null): void {
    if (at !== null && (this.armed === null || at < this.armed)) {
      this.armed = at;
      void this.ctx.storage.setAlarm(at);
    }
  }

  /**
   * Keep this room's public-tables entry current: the pure rule (shared/room/listing.ts) says
   * what it is, and the Lobby shard hears only of changes. After a reload the room says it once
   * more (a put is idempotent; a remove of an unlisted room costs one call).
   */
  private syncListing(): void {
    const room = this.core.room;
    if (!room) return;
    const entry = listingOf(room);
    if (this.listed === undefined ? entry === null && room.public !== true : sameListing(entry, this.listed)) {
      this.listed = entry;
      return;
    }
    this.listed = entry;
    this.tellLobby(room.code, room.game, entry);
  }

  private tellLobby(code: string, game: string, entry: PublicListing | null): void {
    const lobby = this.env.LOBBIES.get(this.env.LOBBIES.idFromName(lobbyName(game, lobbyShard(code))));
    const call = async () => {
      // One retry: a lost call would leave the list stale until the next change or the Lobby's own expiry.
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          if (entry) await lobby.put(entry);
          else await lobby.remove(code);
          return;
        } catch (e) {
          if (attempt === 1) console.error(`lobby ${entry ? 'put' : 'remove'} for ${code} failed:`, e);
        }
      }
    };
    this.lobbyCalls = this.lobbyCalls.then(call);
    this.ctx.waitUntil(this.lobbyCalls);
  }

  // ---------------------------------------------------------------- ranked: what the room owes the database

  /**
   * A ranked room writes its escapes and, once its game ends, its result (B2's
   * `recordRankedResult`, exactly once per room and game). Both stay in the room record until
   * written, so an eviction or a restart in between only delays them; a D1 error is retried
   * from the alarm, and a retried result is never counted twice (the write is keyed by room and
   * game number). Then every socket gets the rating changes and the players may queue again.
   */
  private settleRanked(): void {
    if (this.settling || !this.core.room?.ranked) return;
    const { result, escapes } = this.core.rankedOwed();
    if (!result && escapes.length === 0) return;
    this.settling = true;
    const code = this.core.room.code;
    void (async () => {
      try {
        for (const e of escapes) await recordEscape(this.env.DB, { player: e.player, room: code, game: e.game, at: e.at });
        if (escapes.length > 0) this.carryOut(this.core.escapesWritten(escapes, Date.now()));
        if (result) {
          let changes: RankedChange[] = [];
          try {
            changes = (await recordRankedResult(this.env.DB, result)).changes;
          } catch (e) {
            // An input that can never be written is not retried (it would fail forever); anything else is.
            if (!(e instanceof BadRankedResult)) throw e;
            console.error(`room ${code}: ranked result refused`, e);
          }
          await clearActive(this.env.DB, code);
          this.carryOut(this.core.rated({ t: 'rated', game: result.gameNo, changes }, Date.now()));
        }
        this.retries = 0;
      } catch (e) {
        console.error(`room ${code}: writing ranked rows failed, retrying`, e);
        this.retries++;
        this.retryAt = Date.now() + Math.min(RANKED_RETRY_MAX_MS, RANKED_RETRY_MS * 2 ** Math.min(this.retries - 1, 6));
        this.armAt(this.retryAt);
      } finally {
        this.settling = false;
      }
    })();
  }

  private coolOff(address: string): void {
    const now = Date.now();
    if (this.coolingOff.size >= 1000) for (const [key, until] of this.coolingOff) if (until <= now) this.coolingOff.delete(key);
    this.coolingOff.set(address, now + COOL_OFF_MS);
  }

  private send(out: Outbox): void {
    for (const [id, text] of out.frames) {
      try {
        this.sockets.get(id)?.send(text);
      } catch {
        // Closed under us; its close handler cleans up.
      }
    }
  }

  /**
   * Close the sockets the core let go. Each is marked closed in its attachment first: a peer that
   * never answers the close keeps it listed by the runtime, and after a reload it must not come
   * back as a live seat.
   */
  private close(closes: Outbox['closes']): void {
    for (const [id, code, reason] of closes) {
      const ws = this.sockets.get(id);
      this.sockets.delete(id);
      if (ws) {
        this.ids.delete(ws);
        this.closedByRoom.add(ws);
        try {
          ws.serializeAttachment({ ...(ws.deserializeAttachment() as SocketAttachment), closed: true } satisfies SocketAttachment);
        } catch {
          // Already gone.
        }
      }
      const address = this.addresses.get(id);
      this.addresses.delete(id);
      if (code === CLOSE_POLICY && address !== undefined) this.coolOff(address);
      try {
        ws?.close(code, reason);
      } catch {
        // Already closed.
      }
    }
  }
}

/** Each Room's core, for `inspectRoom` (not a field the Worker could reach over RPC). */
const cores = new WeakMap<Room, RoomCore>();

/** A typed, read-only look at a Room's core, for tests. */
export function inspectRoom(room: Room): CoreSnapshot {
  return inspect(cores.get(room)!);
}
