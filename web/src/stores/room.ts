import { defineStore } from 'pinia';
import './pinia';
import { computed, ref } from 'vue';
import type { ClientMessage, LogEntry, RoomInfo } from '../../../shared/protocol';
import { createConnection } from './connection';
import { tokenKey } from './early-socket';
import { createFairDeal } from './fair-deal';
import { createReactions } from './reactions';
import { createTable } from './table';

export { SILENT_AFTER_MS, SLOW_RTT_MS, type ConnectionStatus } from './connection';
export type { FairCheck } from './fair-deal';
export { tokenKey } from './early-socket';
export { NAME_KEY } from '../offline/saved';

/**
 * One room as this page sees it, put together from its three concerns: the connection
 * (./connection.ts: sockets, the offline worker, heartbeats), the table (./table.ts: frames,
 * patches, resyncs, the move lock, log and chat) and the fair deal (./fair-deal.ts). The
 * tables never use it directly: they go through `useGameTable`, and never know which
 * transport feeds them.
 */
export const useRoomStore = defineStore('room', () => {
  const reactions = createReactions();
  const table = createTable({
    reacted: (seat, code) => reactions.receive(seat, code),
    historyAsked: () => conn.localId.value === null,
    send: (msg) => send(msg),
    roomChanged: (info, seat) => fair.noteRoom(info, seat),
    revealed: (reveal) => void fair.checkReveal(reveal),
    nonceLate: (game) => fair.nonceLate(game),
    token(token) {
      // Offline games keep their token with the saved game (the worker does).
      const code = conn.code.value;
      if (!code || conn.localId.value) return;
      if (token) localStorage.setItem(tokenKey(code), token);
      else localStorage.removeItem(tokenKey(code));
    },
  });
  const conn = createConnection({
    frame: table.receive,
    dropped: table.free,
    failed: (message) => {
      console.warn('cardroom: the offline room stopped', message);
      table.fail({ code: 'local_failed' });
    },
  });
  const fair = createFairDeal({ send: (msg) => send(msg), connection: conn.connections });

  /**
   * The seat a table may call "You": this browser's own seat; in a replay, the seat its viewer
   * played (if any), whichever seat's view is shown.
   */
  const you = computed(() => (conn.status.value === 'replay' ? table.replayViewer.value : table.seat.value));
  /** A coach ("How to play") says the hint's reason itself: the table only highlights the move. */
  const coached = ref(false);

  const mySeat = computed(() => (table.seat.value === null ? null : (table.room.value?.seats[table.seat.value] ?? null)));

  /** Send a frame; when it cannot go (offline, reconnecting) the person is told. A replay sends nothing. */
  function send(msg: ClientMessage): boolean {
    if (conn.send(msg)) return true;
    if (conn.status.value !== 'replay') table.fail({ code: 'not_sent' });
    return false;
  }

  /**
   * The person read what the room paused the table for (a game's reading pause, e.g. a
   * round summary). Quietly dropped when it cannot go: the pause ends by itself.
   */
  function read(): void {
    conn.send({ t: 'read', version: table.version.value });
  }

  function reset(): void {
    table.reset();
    fair.reset();
    reactions.reset();
  }

  function disconnect(): void {
    conn.disconnect();
    reset();
  }

  function connect(code: string): void {
    reset();
    conn.connect(code);
    reactions.open(code);
  }

  function connectLocal(savedId: string): Promise<boolean> {
    reset();
    reactions.open(`offline:${savedId}`);
    return conn.connectLocal(savedId);
  }

  /** Show one step of a replay (web/src/replay): no socket, no moves; the tables draw it as any table. */
  function showReplay(frame: {
    room: RoomInfo;
    view: unknown;
    seat: number | null;
    viewer: number | null;
    version: number;
    events: LogEntry[];
    log: LogEntry[];
  }): void {
    if (conn.status.value !== 'replay') {
      reset();
      conn.replay();
    }
    table.show(frame);
  }

  return {
    code: conn.code,
    localId: conn.localId,
    status: conn.status,
    rtt: conn.rtt,
    connected: conn.connected,
    room: table.room,
    view: table.view,
    version: table.version,
    seat: table.seat,
    you,
    isHost: table.isHost,
    clock: table.clock,
    clockOffset: table.clockOffset,
    log: table.log,
    chat: table.chat,
    lastError: table.lastError,
    lastEvents: table.lastEvents,
    rated: table.rated,
    hint: table.hint,
    coached,
    pending: table.pending,
    fairCheck: fair.fairCheck,
    mySeat,
    /** Quick reactions shown on seats, and the seats this person hid (web/src/stores/reactions.ts). */
    reactions: reactions.shown,
    /** The codes the room's game offers. */
    reactionCodes: table.reactions,
    mutedReactions: reactions.muted,
    muteReactions: reactions.setMuted,
    connect,
    connectLocal,
    disconnect,
    retry: conn.retry,
    send,
    move: table.move,
    read,
    /** Ask for a hint (solo play): shown by the table as `hint`, or refused in the toast. */
    askHint: table.askHint,
    localDeadline: table.localDeadline,
    showReplay,
  };
});
