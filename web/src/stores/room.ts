import { defineStore } from 'pinia';
import './pinia';
import ReconnectingWebSocket from 'partysocket/ws';
import * as v from 'valibot';
import { computed, ref, shallowRef } from 'vue';
import { PING_INTERVAL_MS, ServerMessage, updateBase, type ChatEntry, type ClientMessage, type LogEntry, type RoomInfo, type TurnClock } from '../../../shared/protocol';
import type { Reveal, VerifyProblem } from '../../../shared/fair';
import { applyPatch } from '../../../shared/room/patch';
import type { LocalConnection } from '../offline/local-client';
import { takeEarlySocket, tokenKey } from './early-socket';

const LOG_LIMIT = 200;
/** Nothing heard (not even a pong) for this long: the connection is gone even if the socket looks open. */
export const SILENT_AFTER_MS = 4_500;
/** A heartbeat slower than this shows the connection as slow. */
export const SLOW_RTT_MS = 500;
/** A move with no answer for this long frees the table to try again. */
const MOVE_TIMEOUT_MS = 6_000;

/**
 * What the player is shown about their connection:
 * connecting (first time), open, slow (round trip over 500 ms), offline (the browser said so,
 * or heartbeats stopped), reconnecting (trying again).
 */
export type ConnectionStatus = 'connecting' | 'open' | 'slow' | 'offline' | 'reconnecting' | 'local' | 'replay';

export { tokenKey } from './early-socket';

/** This browser's own check of a finished game's deal (`shared/fair`). */
export interface FairCheck {
  reveal: Reveal;
  ok: boolean;
  problems: VerifyProblem[];
  /** The commitment was shown to this browser before the end (else only the reveal's own consistency was checked). */
  seenBefore: boolean;
  /** This browser's nonce went into the deal. */
  contributed: boolean;
}
export { NAME_KEY } from '../offline/saved';

/** Fair-deal hashing (SHA-256, HMAC) is needed before a deal and after a game, never to paint a table: its own chunk. */
let fairCode: Promise<typeof import('../../../shared/fair')> | null = null;
const fair = () => (fairCode ??= import('../../../shared/fair'));

/**
 * One room's connection and latest view. The server is the authority: the store only
 * shows what it was sent, applies each update to the view it was built on, asks for a full
 * view when it missed one, and never queues moves while offline (a reconnect must not
 * replay them).
 *
 * Two transports feed it the same frames: a WebSocket to the room's Durable Object
 * (`connect(code)`), or a Web Worker hosting an offline room against bots
 * (`connectLocal(savedId)`); the tables never know which.
 */
export const useRoomStore = defineStore('room', () => {
  const code = ref<string | null>(null);
  /** The saved offline game being played (null for online rooms). */
  const localId = ref<string | null>(null);
  const status = ref<ConnectionStatus>('connecting');
  const rtt = ref<number | null>(null);
  const room = ref<RoomInfo | null>(null);
  const view = shallowRef<unknown>(null);
  const version = ref(0);
  const seat = ref<number | null>(null);
  const isHost = ref(false);
  const clock = ref<TurnClock>(null);
  /** server time − local time, so countdowns follow the server's deadline. */
  const clockOffset = ref(0);
  const log = ref<LogEntry[]>([]);
  const chat = ref<ChatEntry[]>([]);
  const lastError = ref<{ code: string; message: string; at: number } | null>(null);
  /** Events of the latest update, for animations. */
  const lastEvents = shallowRef<LogEntry[]>([]);
  /** One move in flight at a time: set when sent, cleared by its answer, a refusal, a resync or a timeout. */
  const pending = ref(false);
  /** The last finished game's deal, as this browser checked it. */
  const fairCheck = shallowRef<FairCheck | null>(null);
  /** Fair deals: the first commitment seen for each game number, and the nonce this browser sent for it. */
  const seenCommitments = new Map<number, string>();
  const myNonces = new Map<number, string>();
  /** Seat, game and connection the last nonce was sent for: resent once per connection while the game is not dealt. */
  let nonceSentFor = '';
  /** Counts reveal checks and new games, so a check finishing late never overwrites a newer state. */
  let revealChecks = 0;
  let connections = 0;

  let socket: ReconnectingWebSocket | null = null;
  /**
   * The first connection when the entry script opened it before this code loaded
   * (./early-socket.ts); the reconnecting socket above takes over once it closes.
   */
  let firstSocket: WebSocket | null = null;
  /** The socket frames go out on: the early one while it lasts. */
  const live = (): { readyState: number; send(data: string): void } | null => firstSocket ?? socket;
  let local: LocalConnection | null = null;
  let lastHeard = 0;
  let pingSentAt = 0;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let pendingTimer: ReturnType<typeof setTimeout> | undefined;

  const mySeat = computed(() => (seat.value === null ? null : (room.value?.seats[seat.value] ?? null)));
  const connected = computed(() => status.value === 'open' || status.value === 'slow' || status.value === 'local');

  function setPending(on: boolean): void {
    pending.value = on;
    clearTimeout(pendingTimer);
    if (on) pendingTimer = setTimeout(() => (pending.value = false), MOVE_TIMEOUT_MS);
  }

  function send(msg: ClientMessage): boolean {
    // A replay has no room to send to: its table only looks.
    if (status.value === 'replay') return false;
    if (local) {
      local.send(JSON.stringify(msg));
      return true;
    }
    const out = live();
    if (!out || out.readyState !== WebSocket.OPEN || !connected.value) {
      lastError.value = { code: 'not_sent', message: 'Not sent — reconnecting.', at: Date.now() };
      return false;
    }
    out.send(JSON.stringify(msg));
    return true;
  }

  /** Drop the early socket (if any) and let the reconnecting one connect again now. */
  function reconnectNow(): void {
    if (firstSocket) {
      const s = firstSocket;
      firstSocket = null;
      s.close();
    }
    socket?.reconnect();
  }

  function connect(roomCode: string): void {
    disconnect();
    code.value = roomCode;
    status.value = navigator.onLine === false ? 'offline' : 'connecting';
    const early = takeEarlySocket(roomCode);
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new ReconnectingWebSocket(`${proto}://${location.host}/api/rooms/${roomCode}/ws`, [], {
      maxEnqueuedMessages: 0,
      minReconnectionDelay: 300,
      maxReconnectionDelay: 4000,
      connectionTimeout: 5000,
      // With an early socket this one waits: it connects when that one closes.
      startClosed: early !== null,
    });
    const opened = () => {
      connections++;
      status.value = 'open';
      lastHeard = Date.now();
      heartbeat();
    };
    const closed = () => {
      setPending(false);
      if (status.value !== 'offline') status.value = 'reconnecting';
    };
    const heard = (data: unknown) => {
      lastHeard = Date.now();
      if (data === 'pong') {
        rtt.value = lastHeard - pingSentAt;
        if (status.value === 'open' || status.value === 'slow') status.value = rtt.value > SLOW_RTT_MS ? 'slow' : 'open';
        return;
      }
      receive(String(data));
    };
    socket.addEventListener('open', () => {
      const token = localStorage.getItem(tokenKey(roomCode)) ?? undefined;
      socket!.send(JSON.stringify({ t: 'hello', token, ping: true } satisfies ClientMessage));
      opened();
    });
    socket.addEventListener('close', closed);
    socket.addEventListener('message', (e: MessageEvent) => heard(e.data));
    if (early) {
      // The entry script already said hello on it (early-socket.ts); what came meanwhile is read first.
      const first = early.socket;
      firstSocket = first;
      early.release();
      first.addEventListener('message', (e: MessageEvent) => {
        if (firstSocket === first) heard(e.data);
      });
      first.addEventListener('close', () => {
        if (firstSocket !== first) return;
        firstSocket = null;
        closed();
        socket?.reconnect();
      });
      if (first.readyState === WebSocket.OPEN) opened();
      else first.addEventListener('open', () => firstSocket === first && opened(), { once: true });
      for (const frame of early.frames) heard(frame);
    }
    pingTimer = setInterval(heartbeat, PING_INTERVAL_MS / 2);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onWake);
  }

  /** Play a saved offline game: its room runs in a Web Worker, loaded only now. False when there is no such game. */
  async function connectLocal(savedId: string): Promise<boolean> {
    disconnect();
    code.value = null;
    localId.value = savedId;
    status.value = 'local';
    connections++;
    const { openLocalRoom } = await import('../offline/local-client');
    if (localId.value !== savedId) return true;
    local = openLocalRoom(savedId, receive, (message) => {
      lastError.value = { code: 'local_failed', message, at: Date.now() };
    });
    return local !== null;
  }

  function receive(text: string): void {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = v.safeParse(ServerMessage, json);
    if (parsed.success) handle(parsed.output);
  }

  /** Ping every PING_INTERVAL_MS; silence past SILENT_AFTER_MS means the connection is gone, whatever the socket says. */
  function heartbeat(): void {
    const out = live();
    if (!out || out.readyState !== WebSocket.OPEN) return;
    const now = Date.now();
    if (now - lastHeard > SILENT_AFTER_MS) {
      status.value = 'offline';
      setPending(false);
      reconnectNow();
      return;
    }
    if (now - pingSentAt >= PING_INTERVAL_MS - 50) {
      pingSentAt = now;
      out.send('ping');
    }
  }

  function onOffline(): void {
    status.value = 'offline';
    setPending(false);
  }

  function onOnline(): void {
    status.value = 'reconnecting';
    reconnectNow();
  }

  /** The player asked to reconnect now rather than wait for the next automatic attempt. */
  function retry(): void {
    if (!socket) return;
    status.value = 'reconnecting';
    reconnectNow();
  }

  /** Back from a sleeping tab: make sure the view is current. */
  function onWake(): void {
    if (document.visibilityState !== 'visible' || !socket) return;
    if (live()?.readyState !== WebSocket.OPEN || Date.now() - lastHeard > SILENT_AFTER_MS) reconnectNow();
    else send({ t: 'sync' });
  }

  function disconnect(): void {
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onWake);
    const first = firstSocket;
    firstSocket = null;
    first?.close();
    socket?.close();
    socket = null;
    local?.close();
    local = null;
    localId.value = null;
    room.value = null;
    view.value = null;
    seat.value = null;
    isHost.value = false;
    log.value = [];
    chat.value = [];
    version.value = 0;
    setPending(false);
    fairCheck.value = null;
    revealChecks++;
    seenCommitments.clear();
    myNonces.clear();
    nonceSentFor = '';
  }

  /**
   * Remember the first commitment shown for each game, and add this browser's own random
   * nonce to a deal not yet made while it holds a person's seat.
   */
  function noteRoom(info: RoomInfo): void {
    if (info.status === 'playing' && fairCheck.value) fairCheck.value = null;
    if (info.status === 'playing') revealChecks++;
    const c = info.commitment;
    if (!c) return;
    if (!seenCommitments.has(c.game)) seenCommitments.set(c.game, c.hash);
    const me = seat.value === null ? null : info.seats[seat.value];
    if (info.status === 'playing' || !me || me.kind !== 'human') return;
    const key = `${seat.value}:${c.game}:${connections}`;
    if (key === nonceSentFor) return;
    nonceSentFor = key;
    void fair().then(({ newNonce }) => {
      // The room moved on while the hashing code loaded: a later room message sends it.
      if (nonceSentFor !== key) return;
      let nonce = myNonces.get(c.game);
      if (!nonce) {
        nonce = newNonce((n) => crypto.getRandomValues(new Uint8Array(n)));
        myNonces.set(c.game, nonce);
      }
      send({ t: 'nonce', game: c.game, nonce });
    });
  }

  /** Check a reveal here, by itself: against the commitment seen before the deal and this browser's nonce. */
  async function checkReveal(reveal: Reveal): Promise<void> {
    const seen = seenCommitments.get(reveal.game);
    const mine = myNonces.get(reveal.game) ?? null;
    const check = ++revealChecks;
    const { verifyReveal } = await fair();
    // A new game began (or another reveal came) while the hashing code loaded: this check is stale.
    if (check !== revealChecks) return;
    const result = verifyReveal(reveal, seen ? { hash: seen } : null, mine);
    fairCheck.value = { reveal, ...result, seenBefore: seen !== undefined, contributed: mine !== null && !result.problems.includes('nonce_missing') };
  }

  function handle(msg: ServerMessage): void {
    switch (msg.t) {
      case 'welcome':
        seat.value = msg.seat;
        isHost.value = msg.host;
        // Offline games keep their token with the saved game (the worker does).
        if (msg.token && code.value && !localId.value) localStorage.setItem(tokenKey(code.value), msg.token);
        return;
      case 'full': {
        const first = room.value === null || log.value.length === 0;
        clockOffset.value = msg.now - Date.now();
        room.value = msg.room;
        version.value = msg.version;
        view.value = msg.view;
        clock.value = msg.clock;
        lastEvents.value = [];
        setPending(false);
        noteRoom(msg.room);
        if (msg.reveal) void checkReveal(msg.reveal);
        // The log and chat are fetched once per connection, never carried in every resync.
        if (first) send({ t: 'history' });
        return;
      }
      case 'update':
        if (updateBase(msg) > version.value) {
          // Missed an update: this one does not build on what we have.
          send({ t: 'sync' });
          return;
        }
        if (msg.view !== undefined) view.value = msg.view;
        else if (msg.patch) view.value = applyPatch(view.value, msg.patch);
        version.value = msg.version;
        if (msg.clock !== undefined) {
          clock.value = msg.clock;
          if (msg.now !== undefined) clockOffset.value = msg.now - Date.now();
        }
        lastEvents.value = msg.events;
        if (msg.events.length) log.value = [...log.value, ...msg.events.map((e) => ({ ...e, at: Date.now() + clockOffset.value }))].slice(-LOG_LIMIT);
        setPending(false);
        return;
      case 'room':
        room.value = msg.room;
        noteRoom(msg.room);
        return;
      case 'reveal':
        void checkReveal(msg.reveal);
        return;
      case 'chat':
        chat.value = [...chat.value, msg.entry].slice(-LOG_LIMIT);
        return;
      case 'history':
        log.value = msg.log;
        chat.value = msg.chat;
        return;
      case 'error':
        // A nonce that arrived after the deal: it was not used, and nothing needs saying.
        if (msg.code === 'nonce_late') {
          if (room.value?.commitment) myNonces.delete(room.value.commitment.game);
          return;
        }
        lastError.value = { code: msg.code, message: msg.message, at: Date.now() };
        setPending(false);
        if (msg.code === 'bad_token' && code.value) localStorage.removeItem(tokenKey(code.value));
        return;
    }
  }

  /** Send a move against the current version; refused at once (and shown) when not connected or one is in flight. */
  function move(m: unknown): boolean {
    if (pending.value) return false;
    if (!send({ t: 'move', version: version.value, move: m })) return false;
    setPending(true);
    return true;
  }

  /** Show one step of a replay (web/src/replay): no socket, no moves; the tables draw it as any table. */
  function showReplay(frame: { room: RoomInfo; view: unknown; seat: number | null; version: number; events: LogEntry[]; log: LogEntry[] }): void {
    if (status.value !== 'replay') {
      disconnect();
      status.value = 'replay';
    }
    room.value = frame.room;
    view.value = frame.view;
    seat.value = frame.seat;
    version.value = frame.version;
    lastEvents.value = frame.events;
    log.value = frame.log;
    clock.value = null;
  }

  /** Local time at which the server's deadline passes. */
  function localDeadline(): number | null {
    return clock.value ? clock.value.deadline - clockOffset.value : null;
  }

  return {
    code, localId, status, rtt, connected, room, view, version, seat, isHost, clock, clockOffset, log, chat, lastError, lastEvents, mySeat, pending, fairCheck,
    connect, connectLocal, disconnect, retry, send, move, localDeadline, showReplay,
  };
});
