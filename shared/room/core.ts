/**
 * The room's own logic as a pure core: seats, host and lobby settings, start and play
 * again, the turn clock, bot pacing, timeouts and "away", takeover and hand-back,
 * presence, chat, and which frame goes to which socket. It takes inputs (a socket opened,
 * a frame, a socket gone, the time) and returns an Outbox of effects (rows to write,
 * frames to send, sockets to close). No platform API: the Durable Object runs it on the
 * server and the browser runs it for offline play. It never names a game.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import * as v from 'valibot';
import { Rng } from '../cards/rng';
import type { AnyGame, GameEvent, Seat } from '../engine/types';
import { deriveSeed, newCommitment, type Reveal } from '../fair';
import { REPLAY_FORMAT, REPLAY_VERSION, type ReplayRecord } from '../fair/replay';
import {
  CLIENT_MESSAGES,
  describeIssues,
  isClientMessageType,
  MAX_FRAME_BYTES,
  MAX_MESSAGES_PER_SECOND,
  type ClientMessageOf,
  type ClientMessageType,
  type LogEntry,
  type RoomErrorCode,
  type RoomInfo,
  type ServerMessage,
  type TurnClock,
} from '../protocol';
import { diff } from './patch';
import {
  AWAY_AFTER_TIMEOUTS,
  BOT_DELAY_MS,
  CHAT_BURST,
  CHAT_TAIL,
  CHAT_WINDOW_MS,
  CLOSE_GOING_AWAY,
  CLOSE_POLICY,
  CLOSE_TRY_LATER,
  EXTRA_SOCKETS,
  FINISHED_EXPIRY_MS,
  IDLE_EXPIRY_MS,
  LOG_TAIL,
  MAX_ERROR_REPLIES_PER_SECOND,
  ROOM_FLUSH_MS,
  SILENCE_MS,
  SNAPSHOT_EVERY,
  STRIKE_LIMIT,
  STRIKE_WARN,
  STRIKE_WINDOW_MS,
  TAKEOVER_MS,
  type LiveRecord,
  type MoveRow,
  type Outbox,
  type RoomPorts,
  type RoomRecord,
  type FairRecord,
  type RoomSettings,
  type SeatRecord,
  type SocketAttachment,
} from './types';

/** A socket as the room tracks it (rebuilt from its attachment after hibernation). */
interface Conn extends SocketAttachment {
  heardAt: number;
  rateWindow: number;
  rateCount: number;
  replies: number;
  strikes: number;
  strikeWindow: number;
  chat: number[];
}

type Handler<T extends ClientMessageType> = (c: Conn, msg: ClientMessageOf<T>) => void;

const SPECTATORS = 's';
const viewKey = (seat: number | null) => (seat === null ? SPECTATORS : String(seat));

/** A room refused at creation (its options do not parse): the host answers with the code and the sentence. */
export class RoomRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class RoomCore {
  room: RoomRecord | null = null;
  live: LiveRecord = { version: 0, turn: null, turnKey: null, botDue: null, lastActivity: 0, sent: {} };
  state: unknown = null;
  private readonly conns = new Map<string, Conn>();
  /** Per view key: the view last sent, to send only what changed. Lost on hibernation (then whole views go out once). */
  private readonly lastViews = new Map<string, unknown>();
  private readonly lastClocks = new Map<string, string>();
  private out: Outbox = emptyOutbox();
  private now = 0;
  private roomChanged = false;
  private liveChanged = false;
  /** Room info must go out: at once when `roomUrgent`, else coalesced by `roomFlushAt`. */
  private roomDirty = false;
  private roomUrgent = false;
  private roomFlushAt: number | null = null;
  private lastRoomSent = 0;
  /** Moves applied during this input: one update per socket at the end. */
  private pendingEvents: LogEntry[] = [];
  private stateChanged = false;
  private movers = new Set<number>();
  /** A game ended during this input: its reveal goes to every socket after the last update. */
  private pendingReveal: Reveal | null = null;

  /**
   * Other seats' updates from the last move, not yet built (see `opts.deferOthers`). Each key's
   * sockets are looked up when it is paid; no input runs in between.
   */
  private owed: { keys: string[]; priors: (number | undefined)[]; version: number; events: LogEntry[]; now: number; clockText: string } | null = null;

  constructor(
    private readonly ports: RoomPorts,
    /**
     * `deferOthers`: after a move, build only the mover's update in this input and owe the other
     * seats theirs (Outbox `later`) until the host's next turn. A runtime that holds an input's
     * frames until its write commits then sends the mover's frame sooner, as it no longer waits
     * for the other seats' views and diffs.
     */
    private readonly opts: { deferOthers?: boolean } = {},
  ) {}

  // ------------------------------------------------------------------ lifecycle

  /** A new room. Its options are parsed here, as a lobby's change of them is: games' `setup` gets them parsed. */
  create(settings: RoomSettings, now: number): Outbox {
    const game = this.gameOf(settings.game);
    const options = v.safeParse(game.optionsSchema, settings.options);
    if (!options.success) throw new RoomRefusal('bad_options', describeIssues(options.issues));
    this.begin(now);
    this.room = {
      ...settings,
      options: options.output as Record<string, unknown>,
      status: 'lobby',
      seats: Array.from({ length: Math.max(...game.playerCounts) }, () => null),
      hostSeat: null,
      gameNo: 0,
      totals: [],
      gamesPlayed: 0,
      outcome: null,
      finishedAt: null,
      fair: { next: null, current: null },
    };
    this.commitNext();
    this.live = { version: 0, turn: null, turnKey: null, botDue: null, lastActivity: now, sent: {} };
    this.roomChanged = this.liveChanged = true;
    return this.finish();
  }

  /**
   * Rebuild the room from storage: its records, the latest snapshot, and the moves after it
   * (games are deterministic from their state and moves).
   */
  load(room: RoomRecord, live: LiveRecord, snapshot: { game: number; version: number; state: unknown } | null, tail: MoveRow[]): void {
    this.room = room;
    // The newest live record is the stored one or the one on the latest move, whichever came later.
    const onMove = tail.filter((m) => m.game === room.gameNo && m.live).at(-1);
    const moved = onMove ? (JSON.parse(onMove.live as string) as LiveRecord) : null;
    this.live = moved && moved.version > live.version ? moved : live;
    this.state = null;
    if (room.gameNo === 0 || !snapshot || snapshot.game !== room.gameNo) return;
    const game = this.game();
    let state = snapshot.state;
    for (const row of tail) {
      if (row.game !== room.gameNo || row.version <= snapshot.version) continue;
      const result = game.apply(state, row.seat, JSON.parse(row.move));
      if (!result.ok) throw new Error(`replay of move ${row.version} failed: ${result.error.code}`);
      state = result.state;
    }
    this.state = state;
  }

  /** A socket that survived hibernation. */
  restore(att: SocketAttachment, now: number): void {
    this.conns.set(att.id, newConn(att, now));
  }

  /** A new socket. Refused with a clear error when the room already has as many as it takes. */
  open(id: string, now: number): Outbox {
    this.begin(now);
    const room = this.room;
    if (room && this.conns.size >= room.seats.length * 2 + EXTRA_SOCKETS) {
      this.frame(id, { t: 'error', code: 'room_crowded', message: `This room already has ${this.conns.size} connections, the most it takes; try again later.` });
      this.out.closes.push([id, CLOSE_TRY_LATER, 'room crowded']);
      return this.finish();
    }
    this.conns.set(id, newConn({ id, hello: false, seat: null, pings: false }, now));
    this.out.attach.push({ id, hello: false, seat: null, pings: false });
    return this.finish();
  }

  /** A socket closed or failed. */
  close(id: string, now: number): Outbox {
    this.begin(now);
    this.drop(id);
    return this.finish();
  }

  /** Public info for the HTTP API; null when the room does not exist. */
  info(): RoomInfo | null {
    return this.room ? this.roomInfo() : null;
  }

  // ------------------------------------------------------------------ frames

  /** One frame from a socket. Every frame counts against its rate; a refusal costs a counter and at most a short reply. */
  message(id: string, raw: string | ArrayBuffer, now: number): Outbox {
    this.begin(now);
    const c = this.conns.get(id);
    if (!c) return this.finish();
    c.heardAt = now;
    if (now - c.rateWindow >= 1000) {
      c.rateWindow = now;
      c.rateCount = 0;
      c.replies = 0;
    }
    if (++c.rateCount > MAX_MESSAGES_PER_SECOND) return this.reject(c, 'rate_limited', `Slow down: at most ${MAX_MESSAGES_PER_SECOND} messages a second.`);
    const size = typeof raw === 'string' ? utf8Length(raw) : raw.byteLength;
    if (size > MAX_FRAME_BYTES) return this.reject(c, 'too_large', `Messages are at most ${MAX_FRAME_BYTES / 1024} KB; this one was ${size} bytes.`);
    if (typeof raw !== 'string') return this.reject(c, 'bad_message', 'Messages must be JSON text, not binary.');
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return this.reject(c, 'bad_json', 'That message is not valid JSON.');
    }
    const t = typeof json === 'object' && json !== null ? (json as { t?: unknown }).t : undefined;
    if (!isClientMessageType(t)) {
      return this.reject(c, 'unknown_type', t === undefined ? 'Messages need a type field "t".' : `Unknown message type "${String(t).slice(0, 40)}".`);
    }
    const spec = CLIENT_MESSAGES[t];
    const parsed = v.safeParse(spec.schema, json);
    if (!parsed.success) return this.reject(c, 'bad_message', `Bad "${t}" message: ${describeIssues(parsed.issues)}`);
    if (!this.room) {
      this.error(c, 'unknown_room', 'This room no longer exists.');
      return this.finish();
    }
    if (t !== 'hello' && !c.hello) return this.reject(c, 'hello_first', 'Say hello first.');
    if (spec.host && (c.seat === null || c.seat !== this.room.hostSeat)) {
      this.error(c, 'not_host', 'Only the host can do that.');
      return this.finish();
    }
    if (t !== 'hello' && t !== 'sync' && t !== 'history') this.live.lastActivity = now;
    (this.handlers[t] as Handler<typeof t>)(c, parsed.output as never);
    return this.finish();
  }

  private readonly handlers: { [T in ClientMessageType]: Handler<T> } = {
    hello: (c, m) => this.onHello(c, m.token, m.ping === true),
    join: (c, m) => this.onJoin(c, m.name, m.seat),
    leave: (c) => this.onLeave(c),
    move: (c, m) => this.onMove(c, m.version, m.move),
    sync: (c) => this.sendFull(c),
    history: (c) => this.sendHistory(c),
    chat: (c, m) => this.onChat(c, m.text),
    back: (c) => this.onBack(c),
    addBot: (c, m) => this.onAddBot(c, m.seat),
    removeSeat: (c, m) => this.onRemoveSeat(c, m.seat),
    settings: (c, m) => this.onSettings(c, m),
    start: (c) => this.onStart(c),
    again: (c) => this.onAgain(c),
    nonce: (c, m) => this.onNonce(c, m.game, m.nonce),
  };

  private reject(c: Conn, code: RoomErrorCode, message: string): Outbox {
    this.strike(c, code, message);
    return this.finish();
  }

  /** Refuse a frame the client should not have sent: counted, warned once, then the socket is closed. */
  private strike(c: Conn, code: RoomErrorCode, message: string): void {
    if (this.now - c.strikeWindow >= STRIKE_WINDOW_MS) {
      c.strikeWindow = this.now;
      c.strikes = 0;
    }
    c.strikes++;
    if (c.strikes >= STRIKE_LIMIT) {
      this.frame(c.id, { t: 'error', code: 'policy_violation', message: `Closed after ${c.strikes} refused messages in ${STRIKE_WINDOW_MS / 1000} s (last: ${message})` });
      this.out.closes.push([c.id, CLOSE_POLICY, 'too many refused messages']);
      this.drop(c.id);
      return;
    }
    if (c.strikes === STRIKE_WARN) {
      this.frame(c.id, { t: 'error', code: 'last_warning', message: `${message} This connection closes after ${STRIKE_LIMIT - STRIKE_WARN} more refused messages.` });
      c.replies++;
      return;
    }
    if (c.replies++ < MAX_ERROR_REPLIES_PER_SECOND) this.frame(c.id, { t: 'error', code, message });
  }

  /** A refusal of a well-formed request (a rule, a permission): always answered, never a strike. */
  private error(c: Conn, code: RoomErrorCode, message: string): void {
    this.frame(c.id, { t: 'error', code, message });
  }

  // ------------------------------------------------------------------ the time

  /**
   * The alarm: everything due by `now` — turn timeouts, a bot's move, bot takeover of seats
   * disconnected too long, silent sockets, coalesced presence, room expiry.
   * `heartbeat(id)` is when the socket's last ping was answered (null if never).
   */
  alarm(now: number, heartbeat: (id: string) => number | null): Outbox {
    this.begin(now);
    const room = this.room;
    if (!room) return this.finish();

    // Silent sockets (no frame or heartbeat for SILENCE_MS) are gone even though they look open.
    for (const c of [...this.conns.values()]) {
      if (!c.pings) continue;
      c.heardAt = Math.max(c.heardAt, heartbeat(c.id) ?? 0);
      if (now - c.heardAt >= SILENCE_MS) {
        this.out.closes.push([c.id, CLOSE_GOING_AWAY, 'no heartbeat']);
        this.drop(c.id);
      }
    }

    if (now >= this.expiry()) {
      if (![...this.conns.values()].some((c) => c.hello)) {
        for (const id of this.conns.keys()) this.out.closes.push([id, CLOSE_GOING_AWAY, 'room expired']);
        this.conns.clear();
        this.room = null;
        this.state = null;
        this.out.writes = [{ t: 'deleteAll' }];
        this.roomChanged = this.liveChanged = this.roomDirty = false;
        return this.finishRaw();
      }
      this.live.lastActivity = now;
      this.liveChanged = true;
    }

    if (room.status === 'playing') {
      const dueTurn = this.live.turn && now >= this.live.turn.deadline ? this.live.turn : null;
      const dueBot = this.live.botDue !== null && now >= this.live.botDue ? this.live.botDue : null;
      let takenOver = false;
      for (const rec of room.seats) {
        if (rec && rec.kind === 'human' && !rec.botPlaying && rec.disconnectedAt !== null && now >= rec.disconnectedAt + TAKEOVER_MS) {
          rec.botPlaying = true;
          takenOver = true;
        }
      }
      if (takenOver) {
        this.roomChanged = true;
        this.markRoom(true);
        this.refreshTurn(false);
      }
      if (dueTurn && this.live.turn === dueTurn) this.runTimeouts();
      if (room.status === 'playing' && dueBot !== null && this.live.botDue === dueBot) this.runBotMove();
    }
    return this.finish();
  }

  /** The earliest time something is due; the host keeps one alarm no later than this. */
  nextDeadline(): number | null {
    const room = this.room;
    if (!room) return null;
    let at = this.expiry();
    const consider = (t: number | null) => {
      if (t !== null && t < at) at = t;
    };
    if (room.status === 'playing') {
      consider(this.live.turn?.deadline ?? null);
      consider(this.live.botDue);
      for (const s of room.seats) if (s && s.kind === 'human' && !s.botPlaying && s.disconnectedAt !== null) consider(s.disconnectedAt + TAKEOVER_MS);
    }
    for (const c of this.conns.values()) if (c.pings) consider(c.heardAt + SILENCE_MS);
    consider(this.roomFlushAt);
    return at;
  }

  private expiry(): number {
    const room = this.room!;
    return room.status === 'finished' && room.finishedAt
      ? Math.max(room.finishedAt, this.live.lastActivity) + FINISHED_EXPIRY_MS
      : this.live.lastActivity + IDLE_EXPIRY_MS;
  }

  // ------------------------------------------------------------------ seats and presence

  private onHello(c: Conn, token: string | undefined, pings = true): void {
    const room = this.room!;
    // Identity is fixed by the first hello: a second one changes nothing.
    if (c.hello) {
      this.strike(c, 'already_said_hello', 'This connection already said hello; open a new one to change who you are.');
      return;
    }
    c.hello = true;
    c.pings = pings;
    if (token !== undefined) {
      const hash = hashToken(token);
      const found = room.seats.findIndex((s) => s !== null && s.tokenHash === hash);
      if (found < 0) {
        this.attach(c);
        this.error(c, 'bad_token', 'That seat token does not belong to any seat in this room; you are watching.');
      } else {
        c.seat = found;
        this.attach(c);
        this.seatReturned(found);
      }
    } else {
      this.attach(c);
    }
    this.frame(c.id, { t: 'welcome', seat: c.seat, host: c.seat !== null && c.seat === room.hostSeat });
    this.sendFull(c);
    this.markRoom(false);
  }

  /** A person's socket is back: connected again, and the seat is handed back from the bot where the game allows. */
  private seatReturned(seat: number): void {
    const rec = this.room!.seats[seat];
    if (!rec || rec.kind !== 'human') return;
    if (rec.disconnectedAt !== null) {
      rec.disconnectedAt = null;
      this.roomChanged = true;
    }
    if (rec.botPlaying && rec.timeouts < AWAY_AFTER_TIMEOUTS) this.requestHandBack(seat);
  }

  private requestHandBack(seat: number): boolean {
    const rec = this.room!.seats[seat]!;
    const game = this.game();
    this.roomChanged = true;
    this.markRoom(true);
    if (this.room!.status !== 'playing' || !game.canHandBack || game.canHandBack(this.state, seat)) {
      rec.botPlaying = false;
      rec.wantsBack = false;
      rec.timeouts = 0;
      this.refreshTurn(true);
      return true;
    }
    rec.wantsBack = true;
    return false;
  }

  private onJoin(c: Conn, name: string, wanted: number | undefined): void {
    const room = this.room!;
    if (c.seat !== null) return this.error(c, 'already_seated', 'You already have a seat in this room.');
    if (room.status !== 'lobby') return this.error(c, 'game_started', 'This game has already started; you can watch it.');
    if (wanted !== undefined && (wanted >= room.seats.length || room.seats[wanted] !== null)) {
      return this.error(c, 'seat_taken', `Seat ${wanted + 1} is not free.`);
    }
    const seat = wanted ?? room.seats.findIndex((s) => s === null);
    if (seat < 0) return this.error(c, 'room_full', 'Every seat is taken; you can watch.');
    const token = newToken(this.ports.randomBytes(32));
    room.seats[seat] = { name: uniqueName(name, room.seats), kind: 'human', tokenHash: hashToken(token), disconnectedAt: null, botPlaying: false, timeouts: 0, wantsBack: false };
    if (room.hostSeat === null) room.hostSeat = seat;
    c.seat = seat;
    this.attach(c);
    this.roomChanged = true;
    this.frame(c.id, { t: 'welcome', seat, token, host: seat === room.hostSeat });
    this.sendFull(c);
    this.markRoom(true);
  }

  private onLeave(c: Conn): void {
    const room = this.room!;
    if (c.seat === null) return this.error(c, 'not_seated', 'You are not in a seat.');
    const seat = c.seat;
    this.dropNonce(seat);
    if (room.status === 'lobby') {
      room.seats[seat] = null;
    } else {
      // Mid-game the seat stays; a bot plays it from now on.
      const rec = room.seats[seat]!;
      room.seats[seat] = { ...rec, kind: 'bot', tokenHash: null, botPlaying: true, disconnectedAt: null, name: `${rec.name} (bot)` };
    }
    for (const o of this.conns.values()) {
      if (o.seat === seat) {
        o.seat = null;
        this.attach(o);
      }
    }
    const hostLeft = room.hostSeat === seat;
    if (hostLeft) room.hostSeat = this.nextHost();
    for (const o of this.conns.values()) {
      if (o.hello && (o.id === c.id || (hostLeft && o.seat !== null && o.seat === room.hostSeat))) {
        this.frame(o.id, { t: 'welcome', seat: o.seat, host: o.seat !== null && o.seat === room.hostSeat });
      }
    }
    this.sendFull(c);
    this.roomChanged = true;
    this.markRoom(true);
    this.refreshTurn(false);
  }

  private nextHost(): number | null {
    const i = this.room!.seats.findIndex((s) => s !== null && s.kind === 'human');
    return i < 0 ? null : i;
  }

  private onBack(c: Conn): void {
    if (c.seat === null) return this.error(c, 'not_seated', 'You are not in a seat.');
    const rec = this.room!.seats[c.seat]!;
    if (!rec.botPlaying || rec.kind === 'bot') return;
    rec.timeouts = 0;
    if (!this.requestHandBack(c.seat)) {
      this.error(c, 'handback_pending', 'You get your seat back at the next point the game allows.');
    }
  }

  private onAddBot(c: Conn, wanted: number | undefined): void {
    const room = this.room!;
    if (room.status !== 'lobby') return this.error(c, 'game_started', 'Bots can only be added in the lobby.');
    const seat = wanted ?? room.seats.findIndex((s) => s === null);
    if (seat < 0 || seat >= room.seats.length || room.seats[seat] !== null) {
      return this.error(c, 'room_full', wanted === undefined ? 'Every seat is taken.' : `Seat ${wanted + 1} is not free.`);
    }
    room.seats[seat] = { name: uniqueName(BOT_NAMES[seat % BOT_NAMES.length]!, room.seats), kind: 'bot', tokenHash: null, disconnectedAt: null, botPlaying: true, timeouts: 0, wantsBack: false };
    this.roomChanged = true;
    this.markRoom(true);
  }

  private onRemoveSeat(c: Conn, seat: number): void {
    const room = this.room!;
    if (room.status !== 'lobby') return this.error(c, 'game_started', 'Seats can only be changed in the lobby.');
    if (seat >= room.seats.length || room.seats[seat] === null) return this.error(c, 'seat_empty', `Seat ${seat + 1} is already empty.`);
    if (seat === room.hostSeat) return this.error(c, 'cannot_remove_host', 'The host cannot remove themselves; leave instead.');
    room.seats[seat] = null;
    this.dropNonce(seat);
    for (const o of this.conns.values()) {
      if (o.seat === seat) {
        o.seat = null;
        this.attach(o);
        this.frame(o.id, { t: 'welcome', seat: null, host: false });
      }
    }
    this.roomChanged = true;
    this.markRoom(true);
  }

  private onSettings(c: Conn, { clock, pace, options }: ClientMessageOf<'settings'>): void {
    const room = this.room!;
    if (room.status !== 'lobby') return this.error(c, 'game_started', 'Settings can only be changed in the lobby.');
    if (options !== undefined) {
      const parsed = v.safeParse(this.game().optionsSchema, { ...room.options, ...options });
      if (!parsed.success) return this.error(c, 'bad_options', describeIssues(parsed.issues));
      room.options = parsed.output as Record<string, unknown>;
    }
    if (clock !== undefined) room.clock = clock;
    if (pace !== undefined) room.pace = pace;
    this.roomChanged = true;
    this.markRoom(true);
  }

  private onChat(c: Conn, text: string): void {
    const room = this.room!;
    c.chat = c.chat.filter((t) => this.now - t < CHAT_WINDOW_MS);
    if (c.chat.length >= CHAT_BURST) return this.error(c, 'chat_rate_limited', `At most ${CHAT_BURST} chat messages every ${CHAT_WINDOW_MS / 1000} seconds.`);
    c.chat.push(this.now);
    const name = c.seat === null ? 'Spectator' : (room.seats[c.seat]?.name ?? 'Player');
    const entry = { seat: c.seat, name, text, at: this.now };
    this.out.writes.push({ t: 'chat', entry: JSON.stringify(entry) });
    this.broadcast({ t: 'chat', entry });
  }

  // ------------------------------------------------------------------ starting

  private onStart(c: Conn): void {
    const room = this.room!;
    if (room.status !== 'lobby') return this.error(c, 'game_started', 'The game has already started.');
    const game = this.game();
    const taken = room.seats.filter((s) => s !== null).length;
    if (!game.playerCounts.includes(taken)) {
      return this.error(c, 'wrong_player_count', `${game.name} needs ${describeCounts(game.playerCounts)} players; ${taken} ${taken === 1 ? 'is' : 'are'} seated.`);
    }
    const order = this.playOrder(taken);
    if (typeof order === 'string') return this.error(c, 'teams_unbalanced', order);
    // Seats are renumbered in play order from 0; sockets follow their seat.
    const mapping = new Map(order.map((from, to) => [from, to]));
    room.seats = order.map((from) => room.seats[from]!);
    room.hostSeat = room.hostSeat === null ? null : (mapping.get(room.hostSeat) ?? null);
    // Nonces follow their seat too.
    const next = this.fair().next;
    if (next) next.nonces = Object.fromEntries(Object.entries(next.nonces).flatMap(([from, nonce]) => (mapping.has(Number(from)) ? [[String(mapping.get(Number(from))), nonce]] : [])));
    room.totals = new Array(this.teamCount(taken) ?? taken).fill(0);
    for (const o of this.conns.values()) {
      if (o.seat !== null) {
        o.seat = mapping.get(o.seat) ?? null;
        this.attach(o);
      }
      if (o.hello) this.frame(o.id, { t: 'welcome', seat: o.seat, host: o.seat !== null && o.seat === room.hostSeat });
    }
    this.lastViews.clear();
    this.live.sent = {};
    this.startGame();
  }

  /**
   * Lobby seats in the order they will be dealt. Team games keep the teams the lobby
   * showed: the k-th person of a team in the lobby takes that team's k-th seat.
   */
  private playOrder(taken: number): number[] | string {
    const room = this.room!;
    const occupied = room.seats.flatMap((s, i) => (s ? [i] : []));
    const game = this.game();
    if (!game.teams) return occupied;
    const shown = game.teams(room.seats.length);
    const dealt = game.teams(taken);
    const queues = new Map<number, number[]>();
    for (const i of occupied) queues.set(shown[i]!, [...(queues.get(shown[i]!) ?? []), i]);
    const need = new Map<number, number>();
    for (const t of dealt) need.set(t, (need.get(t) ?? 0) + 1);
    for (const [team, n] of need) {
      if ((queues.get(team)?.length ?? 0) !== n) {
        const counts = [...need.keys()].map((t) => `team ${teamLetter(t)} has ${queues.get(t)?.length ?? 0}`).join(', ');
        return `Teams must be even for ${taken} players (${n} each): ${counts}. Move a player or add a bot.`;
      }
    }
    return dealt.map((team) => queues.get(team)!.shift()!);
  }

  private teamCount(players: number): number | null {
    const teams = this.game().teams?.(players);
    return teams ? Math.max(...teams) + 1 : null;
  }

  private onAgain(c: Conn): void {
    if (this.room!.status !== 'finished') return this.error(c, 'not_finished', 'The current game is not over yet.');
    this.startGame();
  }

  private startGame(): void {
    const room = this.room!;
    const game = this.game();
    const seats = room.seats as SeatRecord[];
    const fair = this.fair();
    if (!fair.next || fair.next.game !== room.gameNo + 1) this.commitNext();
    const next = fair.next!;
    // People's nonces only: a bot (or a seat a person left) contributes none.
    const nonces = seats.flatMap((s, seat) => {
      const nonce = next.nonces[String(seat)];
      return s.kind === 'human' && nonce ? [{ seat, nonce }] : [];
    });
    const seed = deriveSeed(next.secret, nonces);
    fair.current = { game: next.game, commitment: next.hash, salt: next.salt, secret: next.secret, nonces, seed };
    fair.next = null;
    const players = seats.map((s) => ({ name: s.name }));
    this.state = game.setup(players, room.options, seed);
    room.status = 'playing';
    room.gameNo++;
    room.outcome = null;
    room.finishedAt = null;
    this.live.version = 0;
    this.live.turnKey = null;
    for (const s of seats) {
      s.timeouts = 0;
      s.wantsBack = false;
      if (s.kind === 'human' && s.disconnectedAt === null) s.botPlaying = false;
    }
    this.out.writes.push({ t: 'game', game: room.gameNo, seed, setup: JSON.stringify({ players, options: room.options }), fair: JSON.stringify(fair.current), outcome: null });
    this.out.writes.push({ t: 'snapshot', game: room.gameNo, version: 0, state: JSON.stringify(this.state) });
    this.roomChanged = this.liveChanged = true;
    this.markRoom(true);
    this.refreshTurn(true);
    this.pendingEvents.push({ type: 'start', game: room.gameNo });
    this.stateChanged = true;
  }

  // ------------------------------------------------------------------ moves

  private onMove(c: Conn, version: number, rawMove: unknown): void {
    const room = this.room!;
    if (c.seat === null) return this.error(c, 'not_seated', 'Spectators cannot make moves.');
    if (room.status !== 'playing') return this.error(c, 'not_playing', room.status === 'lobby' ? 'The game has not started yet.' : 'The game is over.');
    // Stale: this seat was sent a newer table than the one the move was made on (or the version is from nowhere).
    const seen = this.live.sent[viewKey(c.seat)] ?? this.live.version;
    if (version < seen || version > this.live.version) {
      this.error(c, 'stale_move', 'The table changed before your move arrived; here is the current table.');
      return this.sendFull(c);
    }
    const game = this.game();
    const parsed = v.safeParse(game.moveSchema, rawMove);
    if (!parsed.success) return this.error(c, 'bad_move', `That move is not well formed: ${describeIssues(parsed.issues)}`);
    const seatRec = room.seats[c.seat]!;
    if (seatRec.botPlaying) {
      seatRec.timeouts = 0;
      if (!this.requestHandBack(c.seat)) return this.error(c, 'handback_pending', 'A bot is finishing this part for you; you get your seat back shortly.');
    }
    const result = this.applyMove(c.seat, parsed.output, 'player');
    if (result !== true) this.gameError(c, result);
  }

  /** Apply one move for `seat` and record it; the update goes out when the input is finished. */
  private applyMove(seat: Seat, move: unknown, by: 'player' | 'bot' | 'timeout'): true | { code: string; message: string } {
    const room = this.room!;
    const game = this.game();
    const result = game.apply(this.state, seat, move);
    if (!result.ok) return result.error;
    const rec = room.seats[seat]!;
    if (by === 'player' && rec.timeouts !== 0) {
      rec.timeouts = 0;
      this.roomChanged = true;
    }
    this.state = result.state;
    this.live.version++;
    this.liveChanged = true;
    this.stateChanged = true;
    this.movers.add(seat);
    const events: LogEntry[] = result.events.map((e: GameEvent) => ({ ...e }));
    if (by === 'timeout') events.unshift({ type: 'timeout', seat });
    const outcome = game.outcome(this.state);
    if (outcome) {
      room.status = 'finished';
      room.outcome = outcome;
      room.finishedAt = this.now;
      room.gamesPlayed++;
      const teams = game.teams?.(room.seats.length);
      room.totals = room.totals.map((t, i) => t + (outcome.scores[teams ? teams.indexOf(i) : i] ?? 0));
      this.live.turn = null;
      this.live.botDue = null;
      events.push({ type: 'end', winners: outcome.winners, scores: outcome.scores });
      this.reveal(outcome);
      this.roomChanged = true;
      this.markRoom(true);
    } else {
      this.handBackWhereAllowed();
      this.refreshTurn(false);
    }
    const at = this.now;
    this.out.writes.push({ t: 'move', game: room.gameNo, version: this.live.version, seat, move: JSON.stringify(move), events: JSON.stringify(events), at });
    if (outcome || this.live.version % SNAPSHOT_EVERY === 0) {
      this.out.writes.push({ t: 'snapshot', game: room.gameNo, version: this.live.version, state: JSON.stringify(this.state) });
    }
    this.pendingEvents.push(...events);
    return true;
  }

  private handBackWhereAllowed(): void {
    const game = this.game();
    this.room!.seats.forEach((rec, seat) => {
      if (rec?.wantsBack && rec.botPlaying && (!game.canHandBack || game.canHandBack(this.state, seat))) {
        rec.botPlaying = false;
        rec.wantsBack = false;
        rec.timeouts = 0;
        this.roomChanged = true;
        this.markRoom(true);
      }
    });
  }

  private isBotControlled(seat: number): boolean {
    const rec = this.room!.seats[seat];
    return !rec || rec.kind === 'bot' || rec.botPlaying;
  }

  /** Who the clock waits for after a change; a new turn restarts the clock, a bot to move gets a paced move. */
  private refreshTurn(force: boolean): void {
    const room = this.room!;
    const live = this.live;
    this.liveChanged = true;
    if (room.status !== 'playing') {
      live.turn = null;
      live.botDue = null;
      return;
    }
    const game = this.game();
    const active = game.activeSeats(this.state);
    const key = `${active.join(',')}|${game.turnKey ? game.turnKey(this.state) : live.version}`;
    const humans = active.filter((s: number) => !this.isBotControlled(s));
    const bots = active.filter((s: number) => this.isBotControlled(s));
    const pace = BOT_DELAY_MS[room.pace];
    live.botDue = bots.length > 0 ? (live.botDue && !force && key === live.turnKey ? live.botDue : this.now + pace.base + Math.floor(this.ports.random() * pace.jitter)) : null;
    if (humans.length === 0) {
      live.turn = null;
    } else if (force || key !== live.turnKey || !live.turn) {
      const seconds = game.turnSeconds ? game.turnSeconds(this.state, room.clock) : room.clock;
      live.turn = seconds === null ? null : { deadline: this.now + seconds * 1000, seats: humans, seconds };
    } else if (live.turn.seats.join() !== humans.join()) {
      live.turn = { ...live.turn, seats: humans };
    }
    live.turnKey = key;
  }

  private runTimeouts(): void {
    const room = this.room!;
    const game = this.game();
    const seats = this.live.turn?.seats ?? [];
    this.live.turn = null;
    for (const seat of seats) {
      if (room.status !== 'playing' || this.isBotControlled(seat)) continue;
      const rec = room.seats[seat]!;
      const turn = this.live.turnKey;
      // A turn of several moves (draw, meld, discard) is played out to its end, and counts as one timeout.
      let applied = 0;
      for (let guard = 0; guard < 16; guard++) {
        const move = game.timeoutMove(this.state, seat);
        if (move === null || this.applyMove(seat, move, applied === 0 ? 'timeout' : 'bot') !== true) break;
        applied++;
        if (room.status !== 'playing' || this.live.turnKey !== turn || !game.activeSeats(this.state).includes(seat)) break;
      }
      if (applied === 0) continue;
      rec.timeouts++;
      this.roomChanged = true;
      if (rec.timeouts >= AWAY_AFTER_TIMEOUTS) {
        rec.botPlaying = true;
        this.markRoom(true);
      }
    }
    if (room.status === 'playing') this.refreshTurn(!this.live.turn);
  }

  private runBotMove(): void {
    const room = this.room!;
    const game = this.game();
    this.live.botDue = null;
    const seat = game.activeSeats(this.state).find((s: number) => this.isBotControlled(s));
    if (seat === undefined) return this.refreshTurn(false);
    const move = game.botMove(this.state, seat, new Rng(`${room.code}:${room.gameNo}:${this.live.version}:${this.ports.random()}`));
    const result = this.applyMove(seat, move, 'bot');
    if (result !== true) {
      // A bot must never stall the table: fall back to its timeout move.
      const fallback = game.timeoutMove(this.state, seat);
      if (fallback === null || this.applyMove(seat, fallback, 'bot') !== true) this.refreshTurn(true);
    }
  }

  // ------------------------------------------------------------------ what goes out

  private begin(now: number): void {
    this.now = now;
    this.out = emptyOutbox();
    // Owed updates go out before anything this input does, and are built on the state they were owed for.
    this.payOwed();
    this.pendingEvents = [];
    this.stateChanged = false;
    this.movers.clear();
  }

  /**
   * Send what an earlier input left owed (its Outbox said `later`). The host calls this on its
   * next turn; any other input pays it first anyway.
   */
  flush(now: number): Outbox {
    this.begin(now);
    return this.finish();
  }

  /** Close the input: one update per view key, coalesced room info, and the rows to write. */
  private finish(): Outbox {
    if (this.room) {
      if (this.roomDirty && (this.roomUrgent || this.now - this.lastRoomSent >= ROOM_FLUSH_MS || (this.roomFlushAt !== null && this.now >= this.roomFlushAt))) {
        this.broadcastRoom();
      } else if (this.roomDirty && this.roomFlushAt === null) {
        this.roomFlushAt = this.lastRoomSent + ROOM_FLUSH_MS;
      }
      if (this.stateChanged) this.broadcastUpdate();
      if (this.pendingReveal) this.broadcast({ t: 'reveal', reveal: this.pendingReveal });
      if (this.roomChanged) this.out.writes.push({ t: 'room', value: JSON.stringify(this.room) });
      if (this.liveChanged) {
        // Ride on this input's last move row when there is one: one table page touched per move instead of two.
        const lastMove = [...this.out.writes].reverse().find((w) => w.t === 'move');
        if (lastMove && lastMove.t === 'move') lastMove.live = JSON.stringify(this.live);
        else this.out.writes.push({ t: 'live', value: JSON.stringify(this.live) });
      }
    }
    return this.finishRaw();
  }

  private finishRaw(): Outbox {
    this.roomChanged = this.liveChanged = this.stateChanged = false;
    this.pendingEvents = [];
    this.pendingReveal = null;
    return this.out;
  }

  private markRoom(urgent: boolean): void {
    this.roomDirty = true;
    if (urgent) this.roomUrgent = true;
  }

  private broadcastRoom(): void {
    this.roomDirty = this.roomUrgent = false;
    this.roomFlushAt = null;
    this.lastRoomSent = this.now;
    this.broadcast({ t: 'room', room: this.roomInfo() });
  }

  private broadcast(msg: ServerMessage): void {
    const text = JSON.stringify(msg);
    for (const c of this.conns.values()) if (c.hello) this.out.frames.push([c.id, text]);
  }

  /** After moves: each view key gets what changed for it, or nothing if its view and the public events did not change. */
  private broadcastUpdate(): void {
    const byKey = this.socketsByViewKey();
    const version = this.live.version;
    const clockText = JSON.stringify(this.live.turn);
    // The mover's own update goes out first: it is the one their round trip waits for.
    const keys = [...byKey.keys()];
    const first = keys.findIndex((k) => k !== SPECTATORS && this.movers.has(Number(k)));
    if (first > 0) keys.unshift(...keys.splice(first, 1));
    // With public events every key gets an update, so the others can be owed: their bases are
    // taken and `sent` moves on now (it is written with this input), their frames come next turn.
    const defer = this.opts.deferOthers === true && first >= 0 && this.pendingEvents.length > 0 && !this.pendingReveal;
    const owed: NonNullable<RoomCore['owed']> = { keys: [], priors: [], version, events: this.pendingEvents, now: this.now, clockText };
    for (const key of keys) {
      const prior = this.live.sent[key];
      this.live.sent[key] = version;
      if (defer && key !== keys[0]) {
        owed.keys.push(key);
        owed.priors.push(prior);
      } else this.sendUpdate(key, byKey.get(key)!, prior, version, this.pendingEvents, this.now, clockText);
    }
    if (owed.keys.length > 0) {
      this.owed = owed;
      this.out.later = true;
    }
    this.liveChanged = true;
  }

  /** One view key's update, built on the version it was last sent (`prior`); none when it has nothing to say, and then `sent` is put back. */
  private sendUpdate(key: string, conns: Conn[], prior: number | undefined, version: number, events: LogEntry[], now: number, clockText: string): void {
    const seat = key === SPECTATORS ? null : Number(key);
    const base = prior ?? 0;
    const view = this.game().view(this.state, seat);
    const before = this.lastViews.get(key);
    // `base` goes only when it is not the version just before (see updateBase): 13 bytes off most frames.
    const msg: Extract<ServerMessage, { t: 'update' }> = base === version - 1 ? { t: 'update', version, events } : { t: 'update', version, base, events };
    if (before === undefined) msg.view = view;
    else {
      const patch = diff(before, view);
      if (patch.length > 0) msg.patch = patch;
    }
    if (this.lastClocks.get(key) !== clockText) {
      msg.clock = this.live.turn;
      msg.now = now;
      this.lastClocks.set(key, clockText);
    }
    const mover = seat !== null && this.movers.has(seat);
    if (!mover && msg.view === undefined && msg.patch === undefined && msg.clock === undefined && events.length === 0) {
      if (prior === undefined) delete this.live.sent[key];
      else this.live.sent[key] = prior;
      return;
    }
    this.lastViews.set(key, view);
    const text = JSON.stringify(msg);
    for (const c of conns) this.out.frames.push([c.id, text]);
  }

  /** The updates owed from the last input, into this input's outbox ahead of its own frames. */
  private payOwed(): void {
    const owed = this.owed;
    if (!owed) return;
    this.owed = null;
    const byKey = this.socketsByViewKey();
    for (let i = 0; i < owed.keys.length; i++) {
      const conns = byKey.get(owed.keys[i]!);
      if (conns) this.sendUpdate(owed.keys[i]!, conns, owed.priors[i], owed.version, owed.events, owed.now, owed.clockText);
    }
  }

  /** The sockets that said hello, by the view they are sent. */
  private socketsByViewKey(): Map<string, Conn[]> {
    const byKey = new Map<string, Conn[]>();
    for (const c of this.conns.values()) {
      if (!c.hello) continue;
      const key = viewKey(c.seat);
      const list = byKey.get(key);
      if (list) list.push(c);
      else byKey.set(key, [c]);
    }
    return byKey;
  }

  /** Everything one socket needs to draw the table; small and flat with game length. */
  private sendFull(c: Conn): void {
    const key = viewKey(c.seat);
    const view = this.state === null ? null : this.game().view(this.state, c.seat);
    // The first socket of a view key sets what later updates to that key are built on.
    if (![...this.conns.values()].some((o) => o !== c && o.hello && viewKey(o.seat) === key)) {
      this.lastViews.set(key, view);
      this.lastClocks.set(key, JSON.stringify(this.live.turn));
      if (this.live.sent[key] !== this.live.version) {
        this.live.sent[key] = this.live.version;
        this.liveChanged = true;
      }
    }
    const full: Extract<ServerMessage, { t: 'full' }> = { t: 'full', now: this.now, room: this.roomInfo(), version: this.live.version, view, clock: this.live.turn };
    const dealt = this.room!.fair?.current;
    if (this.room!.status === 'finished' && dealt) full.reveal = dealt;
    this.frame(c.id, full);
  }

  private sendHistory(c: Conn): void {
    const rows = this.room!.gameNo > 0 ? this.ports.moveTail(this.room!.gameNo, LOG_TAIL) : [];
    const log: LogEntry[] = [];
    for (const row of rows) for (const e of JSON.parse(row.events) as LogEntry[]) log.push({ ...e, at: row.at });
    this.frame(c.id, { t: 'history', log: log.slice(-LOG_TAIL), chat: this.ports.chatTail(CHAT_TAIL) });
  }

  /** A move the game refused, with the game's own code and sentence. */
  private gameError(c: Conn, error: { code: string; message: string }): void {
    this.frame(c.id, { t: 'error', code: error.code, message: error.message });
  }

  private frame(id: string, msg: ServerMessage | { t: 'error'; code: RoomErrorCode; message: string }): void {
    this.out.frames.push([id, JSON.stringify(msg)]);
  }

  private attach(c: Conn): void {
    this.out.attach.push({ id: c.id, hello: c.hello, seat: c.seat, pings: c.pings });
  }

  /** Forget a socket; its seat is disconnected when it was the seat's last one. */
  private drop(id: string): void {
    const c = this.conns.get(id);
    if (!c) return;
    this.conns.delete(id);
    if (!this.room || !c.hello) return;
    const key = viewKey(c.seat);
    if (![...this.conns.values()].some((o) => o.hello && viewKey(o.seat) === key)) {
      this.lastViews.delete(key);
      this.lastClocks.delete(key);
    }
    if (c.seat !== null && ![...this.conns.values()].some((o) => o.hello && o.seat === c.seat)) {
      const rec = this.room.seats[c.seat];
      // Set once per disconnection: dropping the seat's socket again (say, one a reload brought
      // back) must not restart the takeover clock.
      if (rec && rec.kind === 'human' && rec.disconnectedAt === null) {
        rec.disconnectedAt = this.now;
        rec.wantsBack = false;
        this.roomChanged = true;
      }
    }
    this.markRoom(false);
  }

  private roomInfo(): RoomInfo {
    const room = this.room!;
    const seated = new Set<number>();
    let spectators = 0;
    for (const c of this.conns.values()) {
      if (!c.hello) continue;
      if (c.seat === null) spectators++;
      else seated.add(c.seat);
    }
    return {
      code: room.code,
      game: room.game,
      status: room.status,
      options: room.options,
      clock: room.clock,
      pace: room.pace,
      seats: room.seats.map((s, i) => (s === null ? null : { name: s.name, kind: s.kind, connected: s.kind === 'bot' || seated.has(i), botPlaying: s.kind === 'bot' || s.botPlaying })),
      teams: this.game().teams?.(room.seats.length) ?? null,
      hostSeat: room.hostSeat,
      spectators,
      totals: room.totals,
      gamesPlayed: room.gamesPlayed,
      outcome: room.outcome,
      commitment: this.publicCommitment(),
    };
  }

  // ------------------------------------------------------------------ fair deals

  /** The room's commit–reveal record (rooms stored before fair deals get one on first use). */
  private fair(): FairRecord {
    const room = this.room!;
    if (!room.fair) {
      room.fair = { next: null, current: null };
      if (room.status !== 'playing') this.commitNext();
    }
    return room.fair;
  }

  /** Draw the next game's secret and publish its commitment: before anyone can send a nonce for it. */
  private commitNext(): void {
    const room = this.room!;
    const { salt, secret, hash } = newCommitment((n) => this.ports.randomBytes(n));
    this.fair().next = { game: room.gameNo + 1, salt, secret, hash, nonces: {} };
    this.roomChanged = true;
  }

  private publicCommitment(): RoomInfo['commitment'] {
    const fair = this.room!.fair;
    if (!fair) return null;
    if (this.room!.status === 'playing') return fair.current ? { game: fair.current.game, hash: fair.current.commitment } : null;
    return fair.next ? { game: fair.next.game, hash: fair.next.hash } : null;
  }

  /** A seated person's contribution to the next deal. Spectators, bots and late nonces change nothing. */
  private onNonce(c: Conn, game: number, nonce: string): void {
    const room = this.room!;
    if (c.seat === null || room.seats[c.seat]?.kind !== 'human') return this.error(c, 'not_seated', 'Only seated players contribute to the deal.');
    const next = room.status === 'playing' ? null : this.fair().next;
    if (!next || next.game !== game) {
      return this.error(c, 'nonce_late', next ? `The next game to be dealt is game ${next.game}, not ${game}.` : 'This game is already dealt; your browser adds to the next one.');
    }
    if (next.nonces[String(c.seat)] === nonce) return;
    next.nonces[String(c.seat)] = nonce;
    this.roomChanged = true;
  }

  private dropNonce(seat: number): void {
    const next = this.room!.fair?.next;
    if (next && next.nonces[String(seat)] !== undefined) {
      delete next.nonces[String(seat)];
      this.roomChanged = true;
    }
  }

  /** The game is over: its reveal goes to every socket, its row gets the outcome, and the next game is committed to. */
  private reveal(outcome: RoomInfo['outcome']): void {
    const room = this.room!;
    const fair = this.fair();
    const dealt = fair.current;
    if (dealt) {
      this.pendingReveal = dealt;
      const players = (room.seats as SeatRecord[]).map((s) => ({ name: s.name }));
      this.out.writes.push({ t: 'game', game: room.gameNo, seed: dealt.seed, setup: JSON.stringify({ players, options: room.options }), fair: JSON.stringify(dealt), outcome: JSON.stringify(outcome) });
    }
    this.commitNext();
  }

  /**
   * The replay of a finished game: its setup, seed, reveal and whole move log. Refused while
   * that game is being played (its moves name cards that are still hidden).
   */
  replay(gameNo: number): { ok: true; record: ReplayRecord } | { ok: false; code: 'no_replay' | 'unknown_room'; message: string } {
    const room = this.room;
    if (!room) return { ok: false, code: 'unknown_room', message: 'No room has that code.' };
    if (!Number.isInteger(gameNo) || gameNo < 1 || gameNo > room.gameNo) return { ok: false, code: 'no_replay', message: `This room has no game ${gameNo}.` };
    if (gameNo === room.gameNo && room.status !== 'finished') return { ok: false, code: 'no_replay', message: `Game ${gameNo} is still being played; its replay opens when it is over.` };
    const log = this.ports.gameLog(gameNo);
    if (!log) return { ok: false, code: 'no_replay', message: `Game ${gameNo} of this room is no longer stored.` };
    const setup = JSON.parse(log.setup) as { players: { name: string }[]; options: Record<string, unknown> };
    return {
      ok: true,
      record: {
        format: REPLAY_FORMAT,
        version: REPLAY_VERSION,
        game: room.game,
        room: room.code,
        gameNo,
        players: setup.players,
        options: setup.options,
        seed: log.seed,
        reveal: log.fair ? (JSON.parse(log.fair) as Reveal) : null,
        moves: log.moves.map((m) => ({ seat: m.seat, move: JSON.parse(m.move) as unknown })),
        outcome: log.outcome ? (JSON.parse(log.outcome) as ReplayRecord['outcome']) : null,
      },
    };
  }

  private game(): AnyGame {
    return this.gameOf(this.room!.game);
  }

  private gameOf(id: string): AnyGame {
    const game = this.ports.game(id);
    if (!game) throw new Error(`unknown game ${id}`);
    return game;
  }

  /** Test and tooling access: the number of sockets the room tracks. */
  get socketCount(): number {
    return this.conns.size;
  }
}

function emptyOutbox(): Outbox {
  return { writes: [], frames: [], closes: [], attach: [] };
}

function newConn(att: SocketAttachment, now: number): Conn {
  return { ...att, heardAt: now, rateWindow: now, rateCount: 0, replies: 0, strikes: 0, strikeWindow: now, chat: [] };
}

/** UTF-8 length without encoding when the answer is clear from the UTF-16 length. */
function utf8Length(s: string): number {
  if (s.length > MAX_FRAME_BYTES || s.length * 3 <= MAX_FRAME_BYTES) return s.length;
  return utf8ToBytes(s).length;
}

/** Only the SHA-256 of a seat token is ever stored. */
export function hashToken(token: string): string {
  return bytesToHex(sha256(utf8ToBytes(token)));
}

/** 32 random bytes, base64url (43 characters). */
function newToken(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += alphabet[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

const BOT_NAMES = ['Robo Rana', 'Bot Basil', 'Cyber Cleo', 'Droid Dev', 'Echo Emil', 'Fuzzy Faye', 'Gizmo Gus', 'Hal Hana'];

function uniqueName(name: string, seats: (SeatRecord | null)[]): string {
  const taken = new Set(seats.filter((s) => s !== null).map((s) => s!.name));
  if (!taken.has(name)) return name;
  for (let i = 2; ; i++) if (!taken.has(`${name} ${i}`)) return `${name} ${i}`;
}

function teamLetter(team: number): string {
  return String.fromCharCode(65 + team);
}

function describeCounts(counts: readonly number[]): string {
  if (counts.length === 1) return String(counts[0]);
  const sorted = [...counts].sort((a, b) => a - b);
  const contiguous = sorted.every((c, i) => i === 0 || c === sorted[i - 1]! + 1);
  return contiguous ? `${sorted[0]}–${sorted[sorted.length - 1]}` : sorted.join(' or ');
}

export type { TurnClock };
