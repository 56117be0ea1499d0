import * as v from 'valibot';
import { ref, shallowRef } from 'vue';
import { ServerMessage, updateBase, type ChatEntry, type ClientMessage, type LogEntry, type RoomInfo, type TurnClock } from '../../../shared/protocol';
import type { Reveal } from '../../../shared/fair';
import type { Refusal } from '../../../shared/engine/types';
import type { ClientRefusal } from '../../../shared/protocol/refusals';
import { applyPatch } from '../../../shared/room/patch';
import { createMoveLock } from './move-lock';

const LOG_LIMIT = 200;

/** A refusal or a problem to show the person, as data (the page words it: games/refusals.ts). */
export interface TableError {
  refusal: Refusal;
  /** A move the game refused (worded by the game's table), else the room's or the page's own. */
  game: boolean;
  at: number;
}

export interface TableDeps {
  /** Send a frame; false when it could not go. */
  send(msg: ClientMessage): boolean;
  /** A room message (seats, status, commitment) arrived. */
  roomChanged?(info: RoomInfo, seat: number | null): void;
  /** A finished game's deal was revealed. */
  revealed?(reveal: Reveal): void;
  /** The nonce this browser sent for `game` came after the deal. */
  nonceLate?(game: number): void;
  /** The room gave this browser a seat token (null: the one it had is refused). */
  token?(token: string | null): void;
  /** A seat's quick reaction (a code). */
  reacted?(seat: number, code: string): void;
  /** The connection asks for the log and chat right after its hello (a room's sockets do): the table need not. */
  historyAsked?(): boolean;
}

/**
 * A room's latest state as this browser was told it: room, seat view, version, clock, log
 * and chat, and the single move in flight. The server is the authority: each update is
 * applied to the view it was built on, a missed one asks for a full view, and a frame that
 * does not read as the protocol is shown to the person and answered with a resync rather
 * than dropped silently.
 */
export function createTable(deps: TableDeps) {
  const room = ref<RoomInfo | null>(null);
  const view = shallowRef<unknown>(null);
  const version = ref(0);
  const seat = ref<number | null>(null);
  /** A replay's viewer: the seat this browser played in that game, if any (the seat shown may be anyone's). */
  const replayViewer = ref<number | null>(null);
  const isHost = ref(false);
  /** The quick reactions the room's game offers (from the first welcome). */
  const reactions = ref<string[]>([]);
  const clock = ref<TurnClock>(null);
  /** server time − local time, so countdowns follow the server's deadline. */
  const clockOffset = ref(0);
  const log = ref<LogEntry[]>([]);
  const chat = ref<ChatEntry[]>([]);
  const lastError = ref<TableError | null>(null);
  /** Events of the latest update, for animations. */
  const lastEvents = shallowRef<LogEntry[]>([]);
  const lock = createMoveLock();
  /** A ranked game's rating changes (the `rated` frame, sent once its result is written, and again to a late socket). */
  const rated = shallowRef<Extract<ServerMessage, { t: 'rated' }> | null>(null);
  /** The hint this browser asked for (solo play), for the table of its version: it goes when the table moves on. */
  const hint = shallowRef<{ version: number; move: unknown; why: Refusal } | null>(null);

  const fail = (refusal: Refusal | ClientRefusal, game = false) => (lastError.value = { refusal, game, at: Date.now() });

  /** One frame from the room, as text. */
  function receive(text: string): void {
    let json: unknown;
    let parsed: v.SafeParseResult<typeof ServerMessage> | null = null;
    try {
      json = JSON.parse(text);
      parsed = v.safeParse(ServerMessage, json);
    } catch {
      parsed = null;
    }
    if (parsed?.success) {
      handle(parsed.output);
      return;
    }
    // Something this page cannot read (a newer room, a damaged frame): say so, and ask for the
    // whole table again so what is shown is what the room holds.
    console.warn('cardroom: unreadable frame from the room', parsed?.issues ?? text.slice(0, 200));
    fail({ code: 'unreadable_frame' });
    deps.send({ t: 'sync' });
  }

  function handle(msg: ServerMessage): void {
    switch (msg.t) {
      case 'welcome':
        seat.value = msg.seat;
        isHost.value = msg.host;
        if (msg.reactions) reactions.value = msg.reactions;
        if (msg.token) deps.token?.(msg.token);
        return;
      case 'full': {
        const first = room.value === null || log.value.length === 0;
        clockOffset.value = msg.now - Date.now();
        room.value = msg.room;
        version.value = msg.version;
        view.value = msg.view;
        clock.value = msg.clock;
        if (hint.value && hint.value.version !== msg.version) hint.value = null;
        lastEvents.value = [];
        lock.free();
        deps.roomChanged?.(msg.room, seat.value);
        if (msg.reveal) deps.revealed?.(msg.reveal);
        // The log and chat are fetched once per connection, never carried in every resync: asked for
        // with the hello where the connection does (one round trip sooner), else here.
        if (first && !deps.historyAsked?.()) deps.send({ t: 'history' });
        return;
      }
      case 'update':
        if (updateBase(msg) > version.value) {
          // Missed an update: this one does not build on what we have.
          deps.send({ t: 'sync' });
          return;
        }
        if (msg.view !== undefined) view.value = msg.view;
        else if (msg.patch) view.value = applyPatch(view.value, msg.patch);
        version.value = msg.version;
        hint.value = null;
        if (msg.clock !== undefined) {
          clock.value = msg.clock;
          if (msg.now !== undefined) clockOffset.value = msg.now - Date.now();
        }
        lastEvents.value = msg.events;
        if (msg.events.length) log.value = [...log.value, ...msg.events.map((e) => ({ ...e, at: Date.now() + clockOffset.value }))].slice(-LOG_LIMIT);
        lock.free();
        return;
      case 'room':
        room.value = msg.room;
        deps.roomChanged?.(msg.room, seat.value);
        return;
      case 'reveal':
        deps.revealed?.(msg.reveal);
        return;
      case 'chat':
        chat.value = [...chat.value, msg.entry].slice(-LOG_LIMIT);
        return;
      case 'reaction':
        deps.reacted?.(msg.seat, msg.code);
        return;
      case 'history':
        log.value = msg.log;
        chat.value = msg.chat;
        return;
      case 'rated':
        rated.value = msg;
        return;
      case 'hint':
        // An answer for a table already gone is no advice.
        if (msg.version === version.value) hint.value = { version: msg.version, move: msg.move, why: msg.why as Refusal };
        return;
      case 'error': {
        // A nonce that arrived after the deal: it was not used, and nothing needs saying.
        if (msg.code === 'nonce_late') {
          if (room.value?.commitment) deps.nonceLate?.(room.value.commitment.game);
          return;
        }
        // The refusal is the frame's code and parameters: the page words it.
        const { t: _, source, ...refusal } = msg;
        fail(refusal as Refusal, source === 'game');
        lock.free();
        if (msg.code === 'bad_token') deps.token?.(null);
        return;
      }
    }
  }

  /** Ask the room for a hint on the current table (solo play); its answer or refusal comes as a frame. */
  function askHint(): boolean {
    return deps.send({ t: 'hint', version: version.value });
  }

  /** Send a move against the current version; refused at once when one is in flight or it cannot go. */
  function move(m: unknown): boolean {
    if (lock.held.value) return false;
    if (!deps.send({ t: 'move', version: version.value, move: m })) return false;
    // A new move: the last refusal is no longer news.
    lastError.value = null;
    lock.hold();
    return true;
  }

  /** Show one step of a replay: drawn as any table, with no clock. */
  function show(frame: {
    room: RoomInfo;
    view: unknown;
    seat: number | null;
    viewer: number | null;
    version: number;
    events: LogEntry[];
    log: LogEntry[];
  }): void {
    room.value = frame.room;
    view.value = frame.view;
    seat.value = frame.seat;
    replayViewer.value = frame.viewer;
    version.value = frame.version;
    lastEvents.value = frame.events;
    log.value = frame.log;
    clock.value = null;
  }

  /** Local time at which the server's deadline passes. */
  function localDeadline(): number | null {
    return clock.value ? clock.value.deadline - clockOffset.value : null;
  }

  function reset(): void {
    room.value = null;
    view.value = null;
    seat.value = null;
    replayViewer.value = null;
    isHost.value = false;
    reactions.value = [];
    log.value = [];
    chat.value = [];
    version.value = 0;
    rated.value = null;
    hint.value = null;
    lock.free();
  }

  return {
    room,
    view,
    version,
    seat,
    replayViewer,
    isHost,
    reactions,
    clock,
    clockOffset,
    log,
    chat,
    lastError,
    lastEvents,
    rated,
    hint,
    askHint,
    pending: lock.held,
    receive,
    move,
    show,
    localDeadline,
    reset,
    fail,
    free: lock.free,
  };
}

export type Table = ReturnType<typeof createTable>;
