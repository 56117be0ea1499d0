/**
 * The room's own logic as a pure core: seats, host and lobby settings, start and play
 * again, the turn clock, bot pacing, timeouts and "away", takeover and hand-back,
 * presence, chat, and which frame goes to which socket. It takes inputs (a socket opened,
 * a frame, a socket gone, the time) and returns an Outbox of effects (rows to write,
 * frames to send, sockets to close). No platform API: the Durable Object runs it on the
 * server and the browser runs it for offline play. It never names a game.
 *
 * This file is the door and the one orchestrator: the handler table, the room's lifecycle, and
 * acting on the clock's decisions. The modules import only downward: records and the context
 * (`types.ts`, `context.ts`, `mode.ts`); rules over them (`clock.ts` decides what is due,
 * `outbox.ts` reads what goes out, `gate.ts`, `fair-deal.ts`); seats (`tokens.ts`,
 * `presence.ts`, `joining.ts`, `lobby-settings.ts`, `chat.ts`); `play.ts`; the modes
 * (`friendly.ts`, `ranked.ts`, registered in `modes.ts`), which the modules below reach only
 * through the room's mode hooks (`r.mode`).
 */
import * as v from 'valibot';
import { sameListing } from '../lobby/listing';
import {
  CLIENT_MESSAGES,
  describeIssues,
  issuePath,
  type ClientMessageOf,
  type ClientMessageType,
  type RoomRefusal as RoomRefusalData,
  type RoomInfo,
  type TurnClock,
} from '../protocol';
import { onChat, onReact } from './chat';
import { dueNow, endPause, expiry, nextDeadline } from './clock';
import { type Conn, CreationRefused, emptyOutbox, gameOf, Input, newConn, RoomContext } from './context';
import { commitNext, onNonce, replay, type ReplayResult } from './fair-deal';
import { admitFrame, strike } from './gate';
import { onHint } from './hint';
import { onLeave, onRemoveSeat, onSit } from './joining';
import { onAddBot, onBotLevel, onSettings } from './lobby-settings';
import { modeById } from './mode';
import { modeIdOf, storedModeId } from './modes';
import { beginInput, finishInput, roomInfo, sendFull, sendHistory } from './outbox';
import { onAgain, onMove, onRead, onStart, playBot, playTimeouts, takeOver } from './play';
import { dropped, onBack, onHello } from './presence';
import type { Loaded } from './store';
import {
  CLOSE_GOING_AWAY,
  CLOSE_TRY_LATER,
  EXTRA_SOCKETS,
  SILENCE_MS,
  type Effect,
  type LiveRecord,
  type Outbox,
  type RoomPorts,
  type RoomRecord,
  type RoomSettings,
  type Settled,
  type SocketAttachment,
  type StoreReads,
} from './types';

export type { RatedFrame } from './ranked';
/** A room refused at creation (the name hosts know it by). */
export { CreationRefused as RoomRefusal };

type Handler<T extends ClientMessageType> = (r: RoomContext, c: Conn, msg: ClientMessageOf<T>) => void;

const NO_LIVE: Readonly<LiveRecord> = Object.freeze({ version: 0, turn: null, turnKey: null, botDue: null, lastActivity: 0, sent: {} });

/** What tests and tooling may read of a core: its records and how many sockets it tracks. */
export interface CoreSnapshot {
  readonly room: Readonly<RoomRecord> | null;
  readonly live: Readonly<LiveRecord>;
  readonly state: unknown;
  readonly sockets: number;
}

export class RoomCore {
  /** The room, once created or loaded (null before, and after it expired). */
  private r: RoomContext | null = null;
  /** Sockets live longer than a room object: they may open before it loads. */
  private readonly conns = new Map<string, Conn>();
  private readonly io = new Input();

  constructor(
    private readonly ports: RoomPorts,
    private readonly store: StoreReads,
  ) {}

  get room(): Readonly<RoomRecord> | null {
    return this.r?.room ?? null;
  }

  get live(): Readonly<LiveRecord> {
    return this.r?.live ?? NO_LIVE;
  }

  get state(): unknown {
    return this.r?.state ?? null;
  }

  // ------------------------------------------------------------------ the handler table

  private readonly handlers: { [T in ClientMessageType]: Handler<T> } = {
    // Identity is fixed by the first hello: a second one changes nothing.
    hello: (r, c, m) => (c.hello ? this.strike(c, { code: 'already_said_hello' }) : onHello(r, c, m.token, m.ping === true)),
    join: (r, c, m) => r.mode.join(r, c, m),
    leave: (r, c) => onLeave(r, c),
    move: (r, c, m) => onMove(r, c, m.version, m.move),
    sync: (r, c) => sendFull(r, c),
    history: (r, c) => sendHistory(r, c),
    chat: (r, c, m) => onChat(r, c, m.text),
    react: (r, c, m) => onReact(r, c, m.code),
    sit: (r, c, m) => onSit(r, c, m.seat),
    back: (r, c) => onBack(r, c),
    addBot: (r, c, m) => onAddBot(r, c, m.seat, m.level),
    botLevel: (r, c, m) => onBotLevel(r, c, m.seat, m.level),
    removeSeat: (r, c, m) => onRemoveSeat(r, c, m.seat),
    settings: (r, c, m) => onSettings(r, c, m),
    start: (r, c) => onStart(r, c),
    again: (r, c) => onAgain(r, c),
    nonce: (r, c, m) => onNonce(r, c, m.game, m.nonce),
    read: (r, c, m) => onRead(r, c, m.version),
    hint: (r, c, m) => onHint(r, c, m.version),
  };

  // ------------------------------------------------------------------ lifecycle

  /** A new room. Its options are parsed here, as a lobby's change of them is: games' `setup` gets them parsed. Its mode says how many seats. */
  create(settings: RoomSettings, now: number): Outbox {
    const game = gameOf(this.ports, settings.game);
    const options = v.safeParse(game.optionsSchema, settings.options);
    if (!options.success) throw new CreationRefused({ code: 'bad_options', field: issuePath(options.issues) }, describeIssues(options.issues));
    const mode = modeById(modeIdOf(settings));
    const made = mode.create(settings, game, now);
    const { ranked: _ranked, modeSettings: _settings, ...common } = settings;
    this.begin(now);
    const room: RoomRecord = {
      ...common,
      mode: mode.id,
      ...made.record,
      options: options.output as Record<string, unknown>,
      language: settings.language ?? 'en',
      public: false,
      status: 'lobby',
      seats: Array.from({ length: made.seats }, () => null),
      hostSeat: null,
      gameNo: 0,
      totals: [],
      gamesPlayed: 0,
      outcome: null,
      finishedAt: null,
      fair: { next: null, current: null },
    };
    const r = this.newRoom(room, { version: 0, turn: null, turnKey: null, botDue: null, lastActivity: now, sent: {} }, null);
    commitNext(r);
    r.changed('room');
    r.changed('live');
    return this.finish();
  }

  /**
   * Rebuild the room from storage: its records, the latest snapshot, and the moves after it
   * (games are deterministic from their state and moves).
   */
  load({ room, live, snapshot, tail }: Loaded): void {
    room.mode ??= storedModeId(room);
    // The newest live record is the stored one or the one on the latest move, whichever came later.
    const onMove = tail.filter((m) => m.game === room.gameNo && m.live).at(-1);
    const moved = onMove ? (JSON.parse(onMove.live as string) as LiveRecord) : null;
    const r = this.newRoom(room, moved && moved.version > live.version ? moved : live, null);
    if (room.gameNo === 0 || !snapshot || snapshot.game !== room.gameNo) return;
    let state = snapshot.state;
    r.state = state;
    // What spectators are shown (ranked: one turn behind) is rebuilt from the replayed moves.
    r.mode.watchFrom(r, snapshot.version);
    for (const row of tail) {
      if (row.game !== room.gameNo || row.version <= snapshot.version) continue;
      const result = r.game.apply(state, row.seat, JSON.parse(row.move));
      if (!result.ok) throw new Error(`replay of move ${row.version} failed: ${result.error.code}`);
      state = result.state;
      const before = r.state;
      r.state = state;
      r.mode.moved(r, before, row.version);
    }
    r.state = state;
  }

  private newRoom(room: RoomRecord, live: LiveRecord, state: unknown): RoomContext {
    this.r = new RoomContext(this.ports, this.store, this.io, this.conns, room, live, state);
    return this.r;
  }

  /** A socket that survived hibernation. */
  restore(att: SocketAttachment, now: number): void {
    this.conns.set(att.id, newConn(att, now));
  }

  /**
   * A new socket, with the verified player on it (if any). Refused with a clear error when the
   * room already has as many as it takes.
   */
  open(id: string, now: number, player?: string): Outbox {
    this.begin(now);
    const r = this.r;
    if (r && this.conns.size >= r.room.seats.length * 2 + EXTRA_SOCKETS) {
      this.io.frame(id, { t: 'error', code: 'room_crowded', connections: this.conns.size });
      this.io.out.closes.push([id, CLOSE_TRY_LATER, 'room crowded']);
      return this.finish();
    }
    const att: SocketAttachment = { id, hello: false, seat: null, pings: false, ...(player !== undefined && { player }) };
    this.conns.set(id, newConn(att, now));
    this.io.out.attach.push(att);
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
    return this.r ? roomInfo(this.r) : null;
  }

  /** A finished game's replay (see `fair-deal.ts`). */
  replay(gameNo: number): ReplayResult {
    if (!this.r) return { ok: false, code: 'unknown_room', message: 'No room has that code.' };
    return replay(this.r.room, (n) => this.store.gameLog(n), gameNo);
  }

  // ------------------------------------------------------------------ frames

  /** One frame from a socket. Every frame counts against its rate; a refusal costs a counter and at most a short reply (`gate.ts`). */
  message(id: string, raw: string | ArrayBuffer, now: number): Outbox {
    this.begin(now);
    const c = this.conns.get(id);
    if (!c) return this.finish();
    const admitted = admitFrame(c, raw, now);
    if (!admitted.ok) return this.reject(c, admitted.refusal);
    const { t, msg } = admitted;
    const spec = CLIENT_MESSAGES[t];
    const r = this.r;
    if (!r) {
      this.io.error(c, { code: 'unknown_room' });
      return this.finish();
    }
    if (t !== 'hello' && !c.hello) return this.reject(c, { code: 'hello_first' });
    const refused = spec.host ? r.mode.refuses(r, 'host') : null;
    if (refused) {
      this.io.error(c, refused);
      return this.finish();
    }
    if (spec.host && (c.seat === null || c.seat !== r.room.hostSeat)) {
      this.io.error(c, { code: 'not_host' });
      return this.finish();
    }
    if (t !== 'hello' && t !== 'sync' && t !== 'history' && t !== 'hint') r.live.lastActivity = now;
    (this.handlers[t] as Handler<typeof t>)(r, c, msg as never);
    return this.finish();
  }

  private reject(c: Conn, refusal: RoomRefusalData): Outbox {
    this.strike(c, refusal);
    return this.finish();
  }

  private strike(c: Conn, refusal: RoomRefusalData): void {
    if (strike(this.io, c, refusal)) this.drop(c.id);
  }

  /** Forget a socket; its seat is disconnected when it was the seat's last one. */
  private drop(id: string): void {
    const c = this.conns.get(id);
    if (!c) return;
    this.conns.delete(id);
    if (this.r) dropped(this.r, c);
  }

  // ------------------------------------------------------------------ the time

  /**
   * The alarm: everything due by `now` — turn timeouts, a bot's move, bot takeover of seats
   * disconnected too long, silent sockets, coalesced presence, room expiry.
   * `heartbeat(id)` is when the socket's last ping was answered (null if never).
   */
  alarm(now: number, heartbeat: (id: string) => number | null): Outbox {
    this.begin(now);
    const r = this.r;
    if (!r) return this.finish();

    // Silent sockets (no frame or heartbeat for SILENCE_MS) are gone even though they look open.
    for (const c of [...this.conns.values()]) {
      if (!c.pings) continue;
      c.heardAt = Math.max(c.heardAt, heartbeat(c.id) ?? 0);
      if (now - c.heardAt >= SILENCE_MS) {
        this.io.out.closes.push([c.id, CLOSE_GOING_AWAY, 'no heartbeat']);
        this.drop(c.id);
      }
    }

    if (now >= expiry(r)) {
      if (![...this.conns.values()].some((c) => c.hello)) {
        for (const id of this.conns.keys()) this.io.out.closes.push([id, CLOSE_GOING_AWAY, 'room expired']);
        this.conns.clear();
        this.r = null;
        this.io.out.writes = [{ t: 'deleteAll' }];
        // An expired public room leaves the list (it may not be listed: a remove is harmless).
        if (r.room.public === true) this.io.out.effects.push({ t: 'listing', code: r.room.code, game: r.room.game, entry: null });
        return this.io.out;
      }
      r.live.lastActivity = now;
      r.changed('live');
    }

    if (r.room.status !== 'playing') r.mode.lobbyDue(r);
    else {
      // The clock decides what is due; play carries it out: takeovers, then timeouts, then a bot's move.
      const due = dueNow(r);
      if (due.pauseOver) endPause(r);
      takeOver(r, due.takeovers);
      if (due.turn && r.live.turn === due.turn) playTimeouts(r);
      if (r.room.status === 'playing' && due.bot !== null && r.live.botDue === due.bot) playBot(r);
    }
    return this.finish();
  }

  // ------------------------------------------------------------------ what other systems are owed

  /** What the room owes other systems now (its mode's `owed`): after a load, the host asks once; later inputs carry them in their Outbox. */
  owed(): Effect[] {
    return this.r ? this.r.mode.owed(this.r) : [];
  }

  /** The host carried out an owed effect (a result written, escapes written). */
  settled(ack: Settled, now: number): Outbox {
    this.begin(now);
    if (this.r) this.r.mode.settled(this.r, ack);
    return this.finish();
  }

  /** The seats whose move the game waits for (none outside a game under way). */
  activeSeats(): number[] {
    const r = this.r;
    return r && r.room.status === 'playing' && r.state !== null ? r.game.activeSeats(r.state) : [];
  }

  /** The earliest time something is due; the host keeps one alarm no later than this. */
  nextDeadline(): number | null {
    return this.r ? nextDeadline(this.r) : null;
  }

  // ------------------------------------------------------------------ what goes out

  private begin(now: number): void {
    this.io.now = now;
    this.io.out = emptyOutbox();
    if (this.r) beginInput(this.r);
  }

  /**
   * Send what an earlier input left owed (its Outbox said `later`). Every host calls this when it
   * chooses (the Durable Object on its next turn, the memory host at once); any other input pays it first anyway.
   */
  flush(now: number): Outbox {
    this.begin(now);
    return this.finish();
  }

  private finish(): Outbox {
    const r = this.r;
    if (r) {
      finishInput(r);
      this.io.out.effects.push(...effectsOf(r));
    }
    return this.io.out;
  }
}

/** The room's public-tables entry when it changed, and what its mode owes other systems. */
function effectsOf(r: RoomContext): Effect[] {
  const entry = r.mode.listing(r);
  const known = r.listed;
  r.listed = entry;
  const owed = r.mode.owed(r);
  // After a load the room says its entry once more (a put is idempotent; a remove of an unlisted room costs one call).
  const same = known === undefined ? entry === null && r.room.public !== true : sameListing(entry, known);
  return same ? owed : [{ t: 'listing', code: r.room.code, game: r.room.game, entry }, ...owed];
}

/** A typed, read-only look at a core for tests and tooling (its fields stay private). */
export function inspect(core: RoomCore): CoreSnapshot {
  return { room: core.room, live: core.live, state: core.state, sockets: core['conns'].size };
}

export type { TurnClock };
