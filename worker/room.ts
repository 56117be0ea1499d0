import { DurableObject } from 'cloudflare:workers';
import * as v from 'valibot';
import { Rng } from '../shared/cards/rng';
import type { AnyGame, GameEvent, Seat } from '../shared/engine/types';
import { gameById } from '../shared/games/registry';
import {
  ClientMessage,
  describeIssues,
  MAX_FRAME_BYTES,
  MAX_MESSAGES_PER_SECOND,
  type BotPace,
  type ChatEntry,
  type LogEntry,
  type RoomInfo,
  type ServerMessage,
  type TurnClock,
} from '../shared/protocol';
import type { Env } from './env';
import { hashToken, newSeatToken, newSeed } from './ids';

/** How long a disconnected person's seat waits before a bot plays it. */
export const TAKEOVER_MS = 15_000;
/** Bots wait this long (plus up to the jitter) so people can follow their moves. */
export const BOT_DELAY_MS: Record<BotPace, { base: number; jitter: number }> = {
  relaxed: { base: 600, jitter: 600 },
  quick: { base: 150, jitter: 100 },
};
/** Timeouts in a row after which a person counts as away and a bot plays for them. */
export const AWAY_AFTER_TIMEOUTS = 2;
/** An idle room is deleted after this long without any message or move. */
export const IDLE_EXPIRY_MS = 6 * 60 * 60 * 1000;
/** A finished room is deleted after this long. */
export const FINISHED_EXPIRY_MS = 60 * 60 * 1000;
const LOG_TAIL = 40;
const CHAT_TAIL = 50;
const CHAT_BURST = 5;
const CHAT_WINDOW_MS = 10_000;

interface SeatRecord {
  name: string;
  kind: 'human' | 'bot';
  tokenHash: string | null;
  /** When the person's last socket closed (null while connected, and for bots). */
  disconnectedAt: number | null;
  botPlaying: boolean;
  /** Timeouts in a row. */
  timeouts: number;
  /** The person asked for the seat back while the game could not hand it over yet. */
  wantsBack: boolean;
}

interface RoomMeta {
  code: string;
  game: string;
  options: Record<string, unknown>;
  clock: number | null;
  pace: BotPace;
  status: 'lobby' | 'playing' | 'finished';
  seats: (SeatRecord | null)[];
  hostSeat: number | null;
  /** State version: the number of moves applied in the current game. */
  version: number;
  /** Sequence number of the last message broadcast to the room. */
  seq: number;
  gameNo: number;
  totals: number[];
  gamesPlayed: number;
  outcome: RoomInfo['outcome'];
  turn: TurnClock;
  /** The turn the clock was started for, so a move inside the same turn keeps it. */
  turnKey: string | null;
  botDue: number | null;
  lastActivity: number;
  finishedAt: number | null;
  /** When the alarm was set for: an alarm run early (tests) still handles what was due then. */
  alarmAt: number | null;
}

interface Attachment {
  /** Has said hello; only such sockets get room broadcasts. */
  ready: boolean;
  seat: number | null;
}

type Outgoing = ServerMessage;

export class Room extends DurableObject<Env> {
  private sql: SqlStorage;
  private meta: RoomMeta | null = null;
  private state: unknown = null;
  /** Per-socket message counters; lost on hibernation, which only happens when idle anyway. */
  private rates = new WeakMap<WebSocket, { windowStart: number; count: number; chat: number[] }>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS moves (game INTEGER NOT NULL, version INTEGER NOT NULL, seat INTEGER NOT NULL, move TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (game, version))`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS log (id INTEGER PRIMARY KEY AUTOINCREMENT, entry TEXT NOT NULL)`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS chat (id INTEGER PRIMARY KEY AUTOINCREMENT, entry TEXT NOT NULL)`);
    this.load();
    // Answered by the runtime without waking the room.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  // ---------------------------------------------------------------- storage

  private load(): void {
    const rows = this.sql.exec<{ key: string; value: string }>(`SELECT key, value FROM kv`).toArray();
    for (const row of rows) {
      if (row.key === 'meta') this.meta = JSON.parse(row.value) as RoomMeta;
      if (row.key === 'state') this.state = JSON.parse(row.value);
    }
  }

  private saveMeta(): void {
    this.sql.exec(`INSERT OR REPLACE INTO kv (key, value) VALUES ('meta', ?)`, JSON.stringify(this.meta));
  }

  private saveState(): void {
    this.sql.exec(`INSERT OR REPLACE INTO kv (key, value) VALUES ('state', ?)`, JSON.stringify(this.state));
  }

  private appendLog(entries: LogEntry[]): void {
    for (const e of entries) this.sql.exec(`INSERT INTO log (entry) VALUES (?)`, JSON.stringify(e));
  }

  private logTail(): LogEntry[] {
    return this.sql
      .exec<{ entry: string }>(`SELECT entry FROM log ORDER BY id DESC LIMIT ?`, LOG_TAIL)
      .toArray()
      .reverse()
      .map((r) => JSON.parse(r.entry) as LogEntry);
  }

  private chatTail(): ChatEntry[] {
    return this.sql
      .exec<{ entry: string }>(`SELECT entry FROM chat ORDER BY id DESC LIMIT ?`, CHAT_TAIL)
      .toArray()
      .reverse()
      .map((r) => JSON.parse(r.entry) as ChatEntry);
  }

  // ---------------------------------------------------------------- RPC from the Worker

  /** Called once by the Worker right after it picked a fresh room code. */
  async init(settings: { code: string; game: string; options: Record<string, unknown>; clock: number | null; pace: BotPace }): Promise<void> {
    if (this.meta) throw new Error('room already exists');
    const game = this.requireGame(settings.game);
    const now = Date.now();
    this.meta = {
      code: settings.code,
      game: settings.game,
      options: settings.options,
      clock: settings.clock,
      pace: settings.pace,
      status: 'lobby',
      seats: Array.from({ length: Math.max(...game.playerCounts) }, () => null),
      hostSeat: null,
      version: 0,
      seq: 0,
      gameNo: 0,
      totals: [],
      gamesPlayed: 0,
      outcome: null,
      turn: null,
      turnKey: null,
      botDue: null,
      lastActivity: now,
      finishedAt: null,
      alarmAt: null,
    };
    this.saveMeta();
    this.schedule();
  }

  /** Public room info for GET /api/rooms/:code; null when the room does not exist. */
  async info(): Promise<RoomInfo | null> {
    return this.meta ? this.roomInfo() : null;
  }

  override async fetch(_request: Request): Promise<Response> {
    if (!this.meta) return Response.json({ code: 'unknown_room', message: 'No room has that code.' }, { status: 404 });
    const pair = new WebSocketPair();
    const attachment: Attachment = { ready: false, seat: null };
    this.ctx.acceptWebSocket(pair[1]);
    pair[1].serializeAttachment(attachment);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  // ---------------------------------------------------------------- sockets

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    if (!this.meta) return this.send(ws, { t: 'error', code: 'unknown_room', message: 'This room no longer exists.' });
    const size = typeof raw === 'string' ? new TextEncoder().encode(raw).length : raw.byteLength;
    if (size > MAX_FRAME_BYTES) {
      return this.send(ws, { t: 'error', code: 'too_large', message: `Messages are at most ${MAX_FRAME_BYTES / 1024} KB; this one was ${size} bytes.` });
    }
    if (!this.withinRate(ws)) {
      return this.send(ws, { t: 'error', code: 'rate_limited', message: `Slow down: at most ${MAX_MESSAGES_PER_SECOND} messages a second.` });
    }
    if (typeof raw !== 'string') return this.send(ws, { t: 'error', code: 'bad_message', message: 'Messages must be JSON text, not binary.' });
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return this.send(ws, { t: 'error', code: 'bad_json', message: 'That message is not valid JSON.' });
    }
    const parsed = v.safeParse(ClientMessage, json);
    if (!parsed.success) {
      const t = typeof json === 'object' && json !== null && 't' in json ? String((json as { t: unknown }).t) : undefined;
      const known = ['hello', 'join', 'leave', 'move', 'sync', 'chat', 'back', 'addBot', 'removeSeat', 'settings', 'start', 'again'];
      if (t === undefined || !known.includes(t)) {
        return this.send(ws, { t: 'error', code: 'unknown_type', message: t === undefined ? 'Messages need a type field "t".' : `Unknown message type "${t}".` });
      }
      return this.send(ws, { t: 'error', code: 'bad_message', message: `Bad "${t}" message: ${describeIssues(parsed.issues)}` });
    }
    const msg = parsed.output;
    const att = this.attachment(ws);
    if (msg.t === 'hello') return this.onHello(ws, msg.token);
    if (!att.ready) return this.send(ws, { t: 'error', code: 'hello_first', message: 'Say hello first.' });
    this.meta.lastActivity = Date.now();
    switch (msg.t) {
      case 'sync':
        return this.sendFull(ws);
      case 'join':
        return this.onJoin(ws, att, msg.name, msg.seat);
      case 'leave':
        return this.onLeave(ws, att);
      case 'chat':
        return this.onChat(ws, att, msg.text);
      case 'back':
        return this.onBack(ws, att);
      case 'move':
        return this.onMove(ws, att, msg.version, msg.move);
      case 'addBot':
      case 'removeSeat':
      case 'settings':
      case 'start':
      case 'again':
        if (att.seat === null || att.seat !== this.meta.hostSeat) {
          return this.send(ws, { t: 'error', code: 'not_host', message: 'Only the host can do that.' });
        }
        if (msg.t === 'addBot') return this.onAddBot(ws, msg.seat);
        if (msg.t === 'removeSeat') return this.onRemoveSeat(ws, msg.seat);
        if (msg.t === 'settings') return this.onSettings(ws, msg);
        if (msg.t === 'start') return this.onStart(ws);
        return this.onAgain(ws);
    }
  }

  override async webSocketClose(ws: WebSocket): Promise<void> {
    this.onSocketGone(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.onSocketGone(ws);
  }

  private onSocketGone(ws: WebSocket): void {
    if (!this.meta) return;
    const att = this.attachment(ws);
    ws.serializeAttachment({ ready: false, seat: null } satisfies Attachment);
    if (att.seat !== null && !this.seatConnected(att.seat, ws)) {
      const seat = this.meta.seats[att.seat];
      if (seat && seat.kind === 'human') {
        seat.disconnectedAt = Date.now();
        seat.wantsBack = false;
      }
    }
    this.saveMeta();
    this.broadcastRoom();
    this.schedule();
  }

  private attachment(ws: WebSocket): Attachment {
    return (ws.deserializeAttachment() as Attachment | null) ?? { ready: false, seat: null };
  }

  private withinRate(ws: WebSocket): boolean {
    const now = Date.now();
    let r = this.rates.get(ws);
    if (!r) this.rates.set(ws, (r = { windowStart: now, count: 0, chat: [] }));
    if (now - r.windowStart >= 1000) {
      r.windowStart = now;
      r.count = 0;
    }
    r.count++;
    return r.count <= MAX_MESSAGES_PER_SECOND;
  }

  private readySockets(): { ws: WebSocket; att: Attachment }[] {
    const out: { ws: WebSocket; att: Attachment }[] = [];
    for (const ws of this.ctx.getWebSockets()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const att = this.attachment(ws);
      if (att.ready) out.push({ ws, att });
    }
    return out;
  }

  private seatConnected(seat: number, except?: WebSocket): boolean {
    return this.readySockets().some(({ ws, att }) => att.seat === seat && ws !== except);
  }

  private send(ws: WebSocket, msg: Outgoing): void {
    try {
      ws.send(JSON.stringify(msg));
    } catch {
      // The socket closed under us; its close handler cleans up.
    }
  }

  // ---------------------------------------------------------------- messages

  private async onHello(ws: WebSocket, token: string | undefined): Promise<void> {
    const meta = this.meta!;
    let seat: number | null = null;
    if (token !== undefined) {
      // Check the token before anything else changes: a failed reclaim touches nothing.
      const hash = await hashToken(token);
      const found = meta.seats.findIndex((s) => s !== null && s.tokenHash === hash);
      if (found < 0) {
        ws.serializeAttachment({ ready: true, seat: null } satisfies Attachment);
        this.send(ws, { t: 'error', code: 'bad_token', message: 'That seat token does not belong to any seat in this room; you are watching.' });
        this.send(ws, { t: 'welcome', seat: null, host: false });
        this.sendFull(ws);
        this.broadcastRoom();
        return;
      }
      seat = found;
    }
    ws.serializeAttachment({ ready: true, seat } satisfies Attachment);
    if (seat !== null) this.seatReturned(seat);
    this.saveMeta();
    this.send(ws, { t: 'welcome', seat, host: seat !== null && seat === meta.hostSeat });
    this.sendFull(ws);
    this.broadcastRoom();
    this.schedule();
  }

  /** A person's socket is back: they are connected again and get their seat back from the bot. */
  private seatReturned(seat: number): void {
    const rec = this.meta!.seats[seat];
    if (!rec || rec.kind !== 'human') return;
    rec.disconnectedAt = null;
    if (rec.botPlaying && rec.timeouts < AWAY_AFTER_TIMEOUTS) this.requestHandBack(seat);
  }

  private requestHandBack(seat: number): boolean {
    const rec = this.meta!.seats[seat]!;
    const game = this.game();
    if (this.meta!.status !== 'playing' || !game.canHandBack || game.canHandBack(this.state, seat)) {
      rec.botPlaying = false;
      rec.wantsBack = false;
      rec.timeouts = 0;
      this.refreshTurn(true);
      return true;
    }
    rec.wantsBack = true;
    return false;
  }

  private async onJoin(ws: WebSocket, att: Attachment, name: string, wanted: number | undefined): Promise<void> {
    const meta = this.meta!;
    if (att.seat !== null) return this.send(ws, { t: 'error', code: 'already_seated', message: 'You already have a seat in this room.' });
    if (meta.status !== 'lobby') return this.send(ws, { t: 'error', code: 'game_started', message: 'This game has already started; you can watch it.' });
    let seat = wanted ?? meta.seats.findIndex((s) => s === null);
    if (wanted !== undefined && (wanted >= meta.seats.length || meta.seats[wanted] !== null)) {
      return this.send(ws, { t: 'error', code: 'seat_taken', message: `Seat ${wanted + 1} is not free.` });
    }
    if (seat < 0) return this.send(ws, { t: 'error', code: 'room_full', message: 'Every seat is taken; you can watch.' });
    const token = newSeatToken();
    const tokenHash = await hashToken(token);
    // The await let other messages in: check the seat is still free.
    if (meta.seats[seat] !== null || meta.status !== 'lobby') {
      seat = meta.seats.findIndex((s) => s === null);
      if (seat < 0 || meta.status !== 'lobby') return this.send(ws, { t: 'error', code: 'room_full', message: 'Every seat is taken; you can watch.' });
    }
    meta.seats[seat] = { name: uniqueName(name, meta.seats), kind: 'human', tokenHash, disconnectedAt: null, botPlaying: false, timeouts: 0, wantsBack: false };
    if (meta.hostSeat === null) meta.hostSeat = seat;
    ws.serializeAttachment({ ready: true, seat } satisfies Attachment);
    this.saveMeta();
    this.send(ws, { t: 'welcome', seat, token, host: seat === meta.hostSeat });
    this.sendFull(ws);
    this.broadcastRoom();
  }

  private onLeave(ws: WebSocket, att: Attachment): void {
    const meta = this.meta!;
    if (att.seat === null) return this.send(ws, { t: 'error', code: 'not_seated', message: 'You are not in a seat.' });
    const seat = att.seat;
    if (meta.status === 'lobby') {
      meta.seats[seat] = null;
    } else {
      // Mid-game the seat stays; a bot plays it from now on.
      const rec = meta.seats[seat]!;
      meta.seats[seat] = { ...rec, kind: 'bot', tokenHash: null, botPlaying: true, disconnectedAt: null, name: `${rec.name} (bot)` };
    }
    for (const s of this.readySockets()) if (s.att.seat === seat) s.ws.serializeAttachment({ ready: true, seat: null } satisfies Attachment);
    if (meta.hostSeat === seat) meta.hostSeat = this.nextHost();
    this.saveMeta();
    for (const s of this.readySockets()) {
      if (s.att.seat === null || s.att.seat === meta.hostSeat) this.send(s.ws, { t: 'welcome', seat: s.att.seat, host: s.att.seat !== null && s.att.seat === meta.hostSeat });
    }
    this.broadcastRoom();
    this.refreshTurn(false);
    this.schedule();
  }

  private nextHost(): number | null {
    const i = this.meta!.seats.findIndex((s) => s !== null && s.kind === 'human');
    return i < 0 ? null : i;
  }

  private onChat(ws: WebSocket, att: Attachment, text: string): void {
    const meta = this.meta!;
    const r = this.rates.get(ws)!;
    const now = Date.now();
    r.chat = r.chat.filter((t) => now - t < CHAT_WINDOW_MS);
    if (r.chat.length >= CHAT_BURST) {
      return this.send(ws, { t: 'error', code: 'chat_rate_limited', message: `At most ${CHAT_BURST} chat messages every ${CHAT_WINDOW_MS / 1000} seconds.` });
    }
    r.chat.push(now);
    const name = att.seat === null ? 'Spectator' : (meta.seats[att.seat]?.name ?? 'Player');
    const entry: ChatEntry = { seat: att.seat, name, text, at: now };
    this.sql.exec(`INSERT INTO chat (entry) VALUES (?)`, JSON.stringify(entry));
    this.sql.exec(`DELETE FROM chat WHERE id <= (SELECT MAX(id) FROM chat) - ?`, CHAT_TAIL);
    meta.seq++;
    this.saveMeta();
    for (const s of this.readySockets()) this.send(s.ws, { t: 'chat', seq: meta.seq, entry });
  }

  private onBack(ws: WebSocket, att: Attachment): void {
    if (att.seat === null) return this.send(ws, { t: 'error', code: 'not_seated', message: 'You are not in a seat.' });
    const rec = this.meta!.seats[att.seat]!;
    if (!rec.botPlaying) return;
    rec.timeouts = 0;
    if (!this.requestHandBack(att.seat)) {
      this.send(ws, { t: 'error', code: 'handback_pending', message: 'You get your seat back at the next point the game allows (for Baloot, the end of this trick).' });
    }
    this.saveMeta();
    this.broadcastRoom();
    this.schedule();
  }

  private onAddBot(ws: WebSocket, wanted: number | undefined): void {
    const meta = this.meta!;
    if (meta.status !== 'lobby') return this.send(ws, { t: 'error', code: 'game_started', message: 'Bots can only be added in the lobby.' });
    const seat = wanted ?? meta.seats.findIndex((s) => s === null);
    if (seat < 0 || seat >= meta.seats.length || meta.seats[seat] !== null) {
      return this.send(ws, { t: 'error', code: 'room_full', message: wanted === undefined ? 'Every seat is taken.' : `Seat ${wanted + 1} is not free.` });
    }
    meta.seats[seat] = { name: uniqueName(BOT_NAMES[seat % BOT_NAMES.length]!, meta.seats), kind: 'bot', tokenHash: null, disconnectedAt: null, botPlaying: true, timeouts: 0, wantsBack: false };
    this.saveMeta();
    this.broadcastRoom();
  }

  private onRemoveSeat(ws: WebSocket, seat: number): void {
    const meta = this.meta!;
    if (meta.status !== 'lobby') return this.send(ws, { t: 'error', code: 'game_started', message: 'Seats can only be changed in the lobby.' });
    if (seat >= meta.seats.length || meta.seats[seat] === null) return this.send(ws, { t: 'error', code: 'seat_empty', message: `Seat ${seat + 1} is already empty.` });
    if (seat === meta.hostSeat) return this.send(ws, { t: 'error', code: 'cannot_remove_host', message: 'The host cannot remove themselves; leave instead.' });
    meta.seats[seat] = null;
    for (const s of this.readySockets()) {
      if (s.att.seat === seat) {
        s.ws.serializeAttachment({ ready: true, seat: null } satisfies Attachment);
        this.send(s.ws, { t: 'welcome', seat: null, host: false });
      }
    }
    this.saveMeta();
    this.broadcastRoom();
  }

  private onSettings(ws: WebSocket, { clock, pace, options }: Extract<ClientMessage, { t: 'settings' }>): void {
    const meta = this.meta!;
    if (meta.status !== 'lobby') return this.send(ws, { t: 'error', code: 'game_started', message: 'Settings can only be changed in the lobby.' });
    if (options !== undefined) {
      const parsed = v.safeParse(this.game().optionsSchema, { ...meta.options, ...options });
      if (!parsed.success) return this.send(ws, { t: 'error', code: 'bad_options', message: describeIssues(parsed.issues) });
      meta.options = parsed.output as Record<string, unknown>;
    }
    if (clock !== undefined) meta.clock = clock;
    if (pace !== undefined) meta.pace = pace;
    this.saveMeta();
    this.broadcastRoom();
  }

  private onStart(ws: WebSocket): void {
    const meta = this.meta!;
    if (meta.status !== 'lobby') return this.send(ws, { t: 'error', code: 'game_started', message: 'The game has already started.' });
    const game = this.game();
    const taken = meta.seats.filter((s) => s !== null).length;
    if (!game.playerCounts.includes(taken)) {
      return this.send(ws, { t: 'error', code: 'wrong_player_count', message: `${game.name} needs ${describeCounts(game.playerCounts)} players; ${taken} ${taken === 1 ? 'is' : 'are'} seated.` });
    }
    // Close the gaps: seats are numbered in play order from 0. Sockets follow their seat.
    const mapping = new Map<number, number>();
    const seats: SeatRecord[] = [];
    meta.seats.forEach((s, i) => {
      if (s) {
        mapping.set(i, seats.length);
        seats.push(s);
      }
    });
    for (const s of this.readySockets()) {
      if (s.att.seat !== null) s.ws.serializeAttachment({ ready: true, seat: mapping.get(s.att.seat) ?? null } satisfies Attachment);
    }
    meta.seats = seats;
    meta.hostSeat = meta.hostSeat === null ? null : (mapping.get(meta.hostSeat) ?? null);
    meta.totals = seats.map(() => 0);
    for (const s of this.readySockets()) this.send(s.ws, { t: 'welcome', seat: s.att.seat, host: s.att.seat !== null && s.att.seat === meta.hostSeat });
    this.startGame();
  }

  private onAgain(ws: WebSocket): void {
    if (this.meta!.status !== 'finished') return this.send(ws, { t: 'error', code: 'not_finished', message: 'The current game is not over yet.' });
    this.startGame();
  }

  private startGame(): void {
    const meta = this.meta!;
    const game = this.game();
    const seats = meta.seats as SeatRecord[];
    this.state = game.setup(seats.map((s) => ({ name: s.name })), meta.options, newSeed());
    meta.status = 'playing';
    meta.version = 0;
    meta.gameNo++;
    meta.outcome = null;
    meta.finishedAt = null;
    meta.turnKey = null;
    for (const s of seats) {
      s.timeouts = 0;
      if (s.kind === 'human' && s.disconnectedAt === null) s.botPlaying = false;
    }
    const events: LogEntry[] = [{ type: 'start', text: `Game ${meta.gameNo} of ${game.name} started.`, at: Date.now() }];
    this.ctx.storage.transactionSync(() => {
      this.sql.exec(`DELETE FROM log`);
      this.appendLog(events);
      this.saveState();
      this.refreshTurn(true);
      this.saveMeta();
    });
    this.broadcastRoom();
    this.broadcastUpdate(events);
    this.schedule();
  }

  private onMove(ws: WebSocket, att: Attachment, version: number, rawMove: unknown): void {
    const meta = this.meta!;
    if (att.seat === null) return this.send(ws, { t: 'error', code: 'not_seated', message: 'Spectators cannot make moves.' });
    if (meta.status !== 'playing') return this.send(ws, { t: 'error', code: 'not_playing', message: meta.status === 'lobby' ? 'The game has not started yet.' : 'The game is over.' });
    if (version !== meta.version) {
      this.send(ws, { t: 'error', code: 'stale_move', message: 'The table changed before your move arrived; here is the current table.' });
      return this.sendFull(ws);
    }
    const seatRec = meta.seats[att.seat]!;
    if (seatRec.botPlaying) {
      seatRec.timeouts = 0;
      if (!this.requestHandBack(att.seat)) {
        this.saveMeta();
        return this.send(ws, { t: 'error', code: 'handback_pending', message: 'A bot is finishing this part for you; you get your seat back shortly.' });
      }
      this.broadcastRoom();
    }
    const game = this.game();
    const parsed = v.safeParse(game.moveSchema, rawMove);
    if (!parsed.success) return this.send(ws, { t: 'error', code: 'bad_move', message: `That move is not well formed: ${describeIssues(parsed.issues)}` });
    const ok = this.applyMove(att.seat, parsed.output, 'player');
    if (ok !== true) this.send(ws, { t: 'error', code: ok.code, message: ok.message });
  }

  // ---------------------------------------------------------------- game flow

  /** Apply one move for `seat`, store it, and tell everyone. Returns the game's error if refused. */
  private applyMove(seat: Seat, move: unknown, by: 'player' | 'bot' | 'timeout'): true | { code: string; message: string } {
    const meta = this.meta!;
    const game = this.game();
    const result = game.apply(this.state, seat, move);
    if (!result.ok) return result.error;
    const now = Date.now();
    const rec = meta.seats[seat]!;
    if (by === 'player') rec.timeouts = 0;
    this.state = result.state;
    meta.version++;
    const events: LogEntry[] = result.events.map((e: GameEvent) => ({ ...e, at: now }));
    if (by === 'timeout') events.unshift({ type: 'timeout', seat, text: `${rec.name} ran out of time.`, at: now });
    const outcome = game.outcome(this.state);
    this.ctx.storage.transactionSync(() => {
      this.sql.exec(`INSERT INTO moves (game, version, seat, move, at) VALUES (?, ?, ?, ?, ?)`, meta.gameNo, meta.version, seat, JSON.stringify(move), now);
      this.appendLog(events);
      this.saveState();
      if (outcome) {
        meta.status = 'finished';
        meta.outcome = outcome;
        meta.finishedAt = now;
        meta.gamesPlayed++;
        meta.totals = meta.totals.map((t, i) => t + (outcome.scores[i] ?? 0));
        meta.turn = null;
        meta.botDue = null;
        events.push({ type: 'end', text: outcome.summary, at: now });
        this.appendLog(events.slice(-1));
      } else {
        this.handBackWhereAllowed();
        this.refreshTurn(false);
      }
      this.saveMeta();
    });
    this.broadcastUpdate(events);
    if (outcome) this.broadcastRoom();
    this.schedule();
    return true;
  }

  private handBackWhereAllowed(): void {
    const game = this.game();
    this.meta!.seats.forEach((rec, seat) => {
      if (rec?.wantsBack && rec.botPlaying && (!game.canHandBack || game.canHandBack(this.state, seat))) {
        rec.botPlaying = false;
        rec.wantsBack = false;
        rec.timeouts = 0;
      }
    });
  }

  private isBotControlled(seat: number): boolean {
    const rec = this.meta!.seats[seat];
    return !rec || rec.kind === 'bot' || rec.botPlaying;
  }

  /**
   * Work out who the clock waits for after a change. A new turn (different active seats or
   * version key) restarts the clock; a bot to move gets a paced move.
   */
  private refreshTurn(force: boolean): void {
    const meta = this.meta!;
    if (meta.status !== 'playing') {
      meta.turn = null;
      meta.botDue = null;
      return;
    }
    const game = this.game();
    const active = game.activeSeats(this.state);
    const now = Date.now();
    const key = `${active.join(',')}|${game.turnKey ? game.turnKey(this.state) : meta.version}`;
    const humans = active.filter((s) => !this.isBotControlled(s));
    const bots = active.filter((s) => this.isBotControlled(s));
    meta.botDue = bots.length > 0 ? (meta.botDue && !force && key === meta.turnKey ? meta.botDue : now + BOT_DELAY_MS[meta.pace].base + Math.floor(Math.random() * BOT_DELAY_MS[meta.pace].jitter)) : null;
    if (humans.length === 0) {
      meta.turn = null;
    } else if (force || key !== meta.turnKey || !meta.turn) {
      const seconds = game.turnSeconds ? game.turnSeconds(this.state, meta.clock) : meta.clock;
      meta.turn = seconds === null ? null : { deadline: now + seconds * 1000, seats: humans, seconds };
    } else {
      meta.turn = { ...meta.turn, seats: humans };
    }
    meta.turnKey = key;
  }

  /** Earliest pending deadline; the one alarm is always set to it. */
  private nextDeadline(): number | null {
    const meta = this.meta;
    if (!meta) return null;
    const times: number[] = [];
    if (meta.status === 'playing') {
      if (meta.turn) times.push(meta.turn.deadline);
      if (meta.botDue) times.push(meta.botDue);
      for (const s of meta.seats) if (s && s.kind === 'human' && !s.botPlaying && s.disconnectedAt !== null) times.push(s.disconnectedAt + TAKEOVER_MS);
    }
    times.push(meta.status === 'finished' && meta.finishedAt ? Math.max(meta.finishedAt + FINISHED_EXPIRY_MS, meta.lastActivity + FINISHED_EXPIRY_MS) : meta.lastActivity + IDLE_EXPIRY_MS);
    return Math.min(...times);
  }

  private schedule(): void {
    const meta = this.meta;
    if (!meta) return;
    const at = this.nextDeadline();
    if (at === meta.alarmAt) return;
    meta.alarmAt = at;
    this.saveMeta();
    if (at === null) void this.ctx.storage.deleteAlarm();
    else void this.ctx.storage.setAlarm(at);
  }

  override async alarm(): Promise<void> {
    const meta = this.meta;
    if (!meta) return;
    // Handles everything due by the time the alarm was set for, even if it runs early.
    const now = Math.max(Date.now(), meta.alarmAt ?? 0);
    meta.alarmAt = null;

    const expiry = this.nextExpiry();
    if (now >= expiry) {
      if (this.readySockets().length === 0) {
        for (const ws of this.ctx.getWebSockets()) ws.close(1001, 'room expired');
        await this.ctx.storage.deleteAll();
        this.meta = null;
        this.state = null;
        return;
      }
      meta.lastActivity = now;
    }

    if (meta.status === 'playing') {
      // Only what was pending when the alarm fired: deadlines created while handling it
      // (a bot's paced move after a takeover) get an alarm of their own.
      const dueTurn = meta.turn && now >= meta.turn.deadline ? meta.turn : null;
      const dueBot = meta.botDue !== null && now >= meta.botDue ? meta.botDue : null;
      let changed = false;
      for (const rec of meta.seats) {
        if (rec && rec.kind === 'human' && !rec.botPlaying && rec.disconnectedAt !== null && now >= rec.disconnectedAt + TAKEOVER_MS) {
          rec.botPlaying = true;
          changed = true;
        }
      }
      if (changed) {
        this.refreshTurn(false);
        this.saveMeta();
        this.broadcastRoom();
      }
      if (dueTurn && meta.turn === dueTurn) this.runTimeouts();
      if (meta.status === 'playing' && dueBot !== null && meta.botDue === dueBot) this.runBotMove();
    }
    this.saveMeta();
    this.schedule();
  }

  private nextExpiry(): number {
    const meta = this.meta!;
    return meta.status === 'finished' && meta.finishedAt
      ? Math.max(meta.finishedAt, meta.lastActivity) + FINISHED_EXPIRY_MS
      : meta.lastActivity + IDLE_EXPIRY_MS;
  }

  private runTimeouts(): void {
    const meta = this.meta!;
    const game = this.game();
    const seats = meta.turn?.seats ?? [];
    meta.turn = null;
    let awayChanged = false;
    for (const seat of seats) {
      if (meta.status !== 'playing' || this.isBotControlled(seat)) continue;
      const rec = meta.seats[seat]!;
      const turn = meta.turnKey;
      // A turn of several moves (Rummy: draw, then discard) is played out to its end, and
      // counts as one timeout.
      let applied = 0;
      for (let guard = 0; guard < 8; guard++) {
        const move = game.timeoutMove(this.state, seat);
        if (move === null || this.applyMove(seat, move, 'timeout') !== true) break;
        applied++;
        if (meta.status !== 'playing' || meta.turnKey !== turn || !game.activeSeats(this.state).includes(seat)) break;
      }
      if (applied === 0) continue;
      rec.timeouts++;
      if (rec.timeouts >= AWAY_AFTER_TIMEOUTS) {
        rec.botPlaying = true;
        awayChanged = true;
      }
    }
    if (awayChanged) this.broadcastRoom();
    if (meta.status === 'playing' && !meta.turn) this.refreshTurn(true);
  }

  private runBotMove(): void {
    const meta = this.meta!;
    const game = this.game();
    meta.botDue = null;
    const seat = game.activeSeats(this.state).find((s: number) => this.isBotControlled(s));
    if (seat === undefined) return this.refreshTurn(false);
    const move = game.botMove(this.state, seat, new Rng(`${meta.code}:${meta.gameNo}:${meta.version}:${Math.random()}`));
    const result = this.applyMove(seat, move, 'bot');
    if (result !== true) {
      // A bot must never stall the table: fall back to its timeout move.
      const fallback = game.timeoutMove(this.state, seat);
      if (fallback === null || this.applyMove(seat, fallback, 'bot') !== true) {
        console.error(`bot for seat ${seat} in ${meta.game} produced an illegal move: ${result.code}`);
      }
    }
  }

  // ---------------------------------------------------------------- views and broadcasts

  private game(): AnyGame {
    return this.requireGame(this.meta!.game);
  }

  private requireGame(id: string): AnyGame {
    const game = gameById(id);
    if (!game) throw new Error(`unknown game ${id}`);
    return game;
  }

  private roomInfo(): RoomInfo {
    const meta = this.meta!;
    const sockets = this.readySockets();
    return {
      code: meta.code,
      game: meta.game,
      status: meta.status,
      options: meta.options,
      clock: meta.clock,
      pace: meta.pace,
      seats: meta.seats.map((s, i) =>
        s === null
          ? null
          : { name: s.name, kind: s.kind, connected: s.kind === 'bot' || sockets.some(({ att }) => att.seat === i), botPlaying: s.kind === 'bot' || s.botPlaying },
      ),
      hostSeat: meta.hostSeat,
      spectators: sockets.filter(({ att }) => att.seat === null).length,
      totals: meta.totals,
      gamesPlayed: meta.gamesPlayed,
      outcome: meta.outcome,
    };
  }

  private viewFor(seat: number | null): unknown {
    if (this.state === null) return null;
    return this.game().view(this.state, seat);
  }

  private sendFull(ws: WebSocket): void {
    const meta = this.meta!;
    const att = this.attachment(ws);
    this.send(ws, {
      t: 'full',
      seq: meta.seq,
      now: Date.now(),
      room: this.roomInfo(),
      version: meta.version,
      view: this.viewFor(att.seat),
      clock: meta.turn,
      log: this.logTail(),
      chat: this.chatTail(),
    });
  }

  private broadcastRoom(): void {
    const meta = this.meta!;
    meta.seq++;
    this.saveMeta();
    const room = this.roomInfo();
    for (const s of this.readySockets()) this.send(s.ws, { t: 'room', seq: meta.seq, room });
  }

  private broadcastUpdate(events: LogEntry[]): void {
    const meta = this.meta!;
    meta.seq++;
    this.saveMeta();
    const now = Date.now();
    const views = new Map<number | null, unknown>();
    for (const s of this.readySockets()) {
      if (!views.has(s.att.seat)) views.set(s.att.seat, this.viewFor(s.att.seat));
      this.send(s.ws, { t: 'update', seq: meta.seq, now, version: meta.version, view: views.get(s.att.seat), clock: meta.turn, events });
    }
  }
}

const BOT_NAMES = ['Robo Rana', 'Bot Basil', 'Cyber Cleo', 'Droid Dev', 'Echo Emil', 'Fuzzy Faye', 'Gizmo Gus', 'Hal Hana'];

function uniqueName(name: string, seats: (SeatRecord | null)[]): string {
  const taken = new Set(seats.filter((s) => s !== null).map((s) => s!.name));
  if (!taken.has(name)) return name;
  for (let i = 2; ; i++) if (!taken.has(`${name} ${i}`)) return `${name} ${i}`;
}

function describeCounts(counts: readonly number[]): string {
  if (counts.length === 1) return String(counts[0]);
  const sorted = [...counts].sort((a, b) => a - b);
  const contiguous = sorted.every((c, i) => i === 0 || c === sorted[i - 1]! + 1);
  return contiguous ? `${sorted[0]}–${sorted[sorted.length - 1]}` : sorted.join(' or ');
}
