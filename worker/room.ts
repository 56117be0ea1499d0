import { DurableObject } from 'cloudflare:workers';
import type { RoomInfo } from '../shared/protocol';
import { gameById } from '../shared/games/registry';
import { PLAYER_HEADER } from '../shared/players/player';
import { inspect, RoomCore, RoomRefusal, type CoreSnapshot } from '../shared/room/core';
import type { Outbox, RoomSettings, SocketAttachment } from '../shared/room/types';
import type { Env } from './env';
import { CoolingOff } from './cool-off';
import { clientKey } from './limits';
import { lobbyCall, LobbyPort } from './ports/lobby';
import { d1ResultWrites, ResultsPort } from './ports/results';
import { d1FormedTable, TablesPort } from './ports/tables';
import { answerClose } from './socket-close';
import { SqlStore } from './store';

/**
 * One room: a thin shell around the pure room core (`shared/room`). It loads the room from
 * its store, hands each input to the core, applies the core's writes to the store, sends its
 * frames, hands its effects to the ports (`ports/`: the Lobby, ranked results, formed tables),
 * and keeps one alarm no later than the core's next deadline.
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
  private readonly coolingOff = new CoolingOff();
  private readonly lobby: LobbyPort;
  private readonly results: ResultsPort;
  private readonly tables: TablesPort;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new SqlStore(ctx.storage);
    this.core = new RoomCore({ game: gameById, randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)), random: Math.random }, this.store);
    cores.set(this, this.core);
    this.lobby = new LobbyPort(lobbyCall(env.LOBBIES), (work) => ctx.waitUntil(work));
    this.results = new ResultsPort(d1ResultWrites(env.DB), (ack) => this.carryOut(this.core.settled(ack, Date.now())));
    this.tables = new TablesPort(d1FormedTable(env.DB), {
      exists: () => this.core.room !== null,
      create: (s) => this.carryOut(this.core.create(s, Date.now())),
    });
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
    this.settle(this.core.owed()); // owed from before a restart: a result, escapes
  }

  // ---------------------------------------------------------------- RPC from the Worker

  /** Called once by the Worker right after it picked a fresh room code: the room parses the options, and returns a refusal (nothing created). */
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
    await this.tables.open(code);
    return this.core.info();
  }

  /** A finished game's replay for GET /api/rooms/:code/replay/:n (refused while it is played). */
  async replay(gameNo: number): Promise<ReturnType<RoomCore['replay']>> {
    return this.core.replay(gameNo);
  }

  override async fetch(request: Request): Promise<Response> {
    // The Worker routes `/api/rooms/<code>/ws` here, to the object named by that code.
    await this.tables.open(new URL(request.url).pathname.split('/')[3] ?? '');
    if (!this.core.room) return Response.json({ code: 'unknown_room', message: 'No room has that code.' }, { status: 404 });
    const address = clientKey(request.headers.get('CF-Connecting-IP') ?? undefined);
    const coolingOff = this.coolingOff.refusal(address, Date.now());
    if (coolingOff) return coolingOff;
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
    this.coolingOff.opened(id, address);
    this.ctx.acceptWebSocket(pair[1]);
    this.sockets.set(id, pair[1]);
    this.ids.set(pair[1], id);
    pair[1].serializeAttachment({ id, hello: false, seat: null, pings: false, ...(player !== undefined && { player }) } satisfies SocketAttachment);
    this.carryOut(out);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    // A socket the room closed may keep sending until its close handshake ends: one lookup per frame, nothing more.
    if (this.closedByRoom.has(ws)) return;
    const id = this.ids.get(ws) ?? this.idOf(ws);
    if (id && this.sockets.has(id)) this.carryOut(this.core.message(id, raw, Date.now()));
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    if (!this.closedByRoom.has(ws)) answerClose(ws, code, reason); // unless it answers the room's own close
    this.gone(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.gone(ws);
  }

  private gone(ws: WebSocket): void {
    const id = this.idOf(ws);
    if (!id) return;
    this.sockets.delete(id);
    this.coolingOff.gone(id);
    this.carryOut(this.core.close(id, Date.now()));
  }

  override async alarm(): Promise<void> {
    // Everything due by the time the alarm was set for is handled, even if it runs early (tests).
    const now = Math.max(Date.now(), this.armed ?? 0);
    this.armed = null;
    const heardAt = (ws: WebSocket | undefined) => (ws ? (this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? null) : null);
    this.carryOut(this.core.alarm(now, (id) => heardAt(this.sockets.get(id))));
  }

  private idOf(ws: WebSocket): string | null {
    return this.ids.get(ws) ?? (ws.deserializeAttachment() as SocketAttachment | null)?.id ?? null;
  }

  // ---------------------------------------------------------------- effects

  /** Write the core's rows in one transaction, then send, close, hand effects to the ports, and keep the alarm early enough. */
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
    this.lobby.handle(out.effects);
    this.settle(out.effects);
    this.keepAlarm();
  }

  /** Owed results and escapes go to their port; a failed write is retried from the alarm. */
  private settle = (effects: Outbox['effects']) => void this.results.handle(effects)?.then(() => this.keepAlarm());

  /** One alarm, no later than the core's next deadline or a retry; moved only to an earlier time. */
  private keepAlarm(): void {
    const at = [this.core.nextDeadline(), this.results.retryAt].reduce<number | null>((a, b) => (b === null ? a : a === null ? b : Math.min(a, b)), null);
    if (at !== null && (this.armed === null || at < this.armed)) {
      this.armed = at;
      void this.ctx.storage.setAlarm(at);
    }
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
      this.coolingOff.gone(id, code);
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
