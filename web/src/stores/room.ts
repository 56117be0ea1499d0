import { defineStore } from 'pinia';
import ReconnectingWebSocket from 'partysocket/ws';
import * as v from 'valibot';
import { computed, ref, shallowRef } from 'vue';
import { ServerMessage, type ChatEntry, type ClientMessage, type LogEntry, type RoomInfo, type TurnClock } from '@shared/protocol';

const LOG_LIMIT = 200;
/** No message (not even a pong) for this long means the socket is dead even if it looks open. */
const SILENCE_MS = 35_000;
const PING_MS = 15_000;

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'gone';

export const tokenKey = (code: string) => `cardroom:seat:${code}`;
export const NAME_KEY = 'cardroom:name';

/**
 * One room's connection and latest view. The server is the authority: the store only
 * shows what it was sent, asks for a full view when it misses a message, and never
 * queues moves while offline (a reconnect must not replay them).
 */
export const useRoomStore = defineStore('room', () => {
  const code = ref<string | null>(null);
  const status = ref<ConnectionStatus>('connecting');
  const room = ref<RoomInfo | null>(null);
  const view = shallowRef<unknown>(null);
  const version = ref(0);
  const seq = ref(0);
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

  let socket: ReconnectingWebSocket | null = null;
  let lastHeard = 0;
  let pingTimer: ReturnType<typeof setInterval> | null = null;

  const mySeat = computed(() => (seat.value === null ? null : (room.value?.seats[seat.value] ?? null)));

  function send(msg: ClientMessage): boolean {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      lastError.value = { code: 'offline', message: 'Not connected right now; try again in a moment.', at: Date.now() };
      return false;
    }
    socket.send(JSON.stringify(msg));
    return true;
  }

  function connect(roomCode: string): void {
    disconnect();
    code.value = roomCode;
    status.value = 'connecting';
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new ReconnectingWebSocket(`${proto}://${location.host}/api/rooms/${roomCode}/ws`, [], {
      maxEnqueuedMessages: 0,
      minReconnectionDelay: 500,
      maxReconnectionDelay: 5000,
      connectionTimeout: 6000,
    });
    socket.addEventListener('open', () => {
      status.value = 'open';
      lastHeard = Date.now();
      const token = localStorage.getItem(tokenKey(roomCode)) ?? undefined;
      socket!.send(JSON.stringify({ t: 'hello', token } satisfies ClientMessage));
    });
    socket.addEventListener('close', () => {
      if (status.value !== 'gone') status.value = 'reconnecting';
    });
    socket.addEventListener('message', (e: MessageEvent) => {
      lastHeard = Date.now();
      if (e.data === 'pong') return;
      let json: unknown;
      try {
        json = JSON.parse(String(e.data));
      } catch {
        return;
      }
      const parsed = v.safeParse(ServerMessage, json);
      if (parsed.success) handle(parsed.output);
    });
    pingTimer = setInterval(() => {
      if (!socket || socket.readyState !== WebSocket.OPEN) return;
      if (Date.now() - lastHeard > SILENCE_MS) socket.reconnect();
      else socket.send('ping');
    }, PING_MS);
    window.addEventListener('online', onWake);
    document.addEventListener('visibilitychange', onWake);
  }

  /** Back from a sleeping tab or a network change: make sure the view is current. */
  function onWake(): void {
    if (document.visibilityState !== 'visible' || !socket) return;
    if (socket.readyState !== WebSocket.OPEN || Date.now() - lastHeard > PING_MS) socket.reconnect();
    else send({ t: 'sync' });
  }

  function disconnect(): void {
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    window.removeEventListener('online', onWake);
    document.removeEventListener('visibilitychange', onWake);
    socket?.close();
    socket = null;
    room.value = null;
    view.value = null;
    seat.value = null;
    isHost.value = false;
    log.value = [];
    chat.value = [];
    seq.value = 0;
    version.value = 0;
  }

  /** A sequenced message must follow the last one; on a gap, ask for everything. */
  function inSequence(next: number): boolean {
    if (next === seq.value + 1) {
      seq.value = next;
      return true;
    }
    if (next > seq.value + 1) send({ t: 'sync' });
    return false;
  }

  function handle(msg: ServerMessage): void {
    switch (msg.t) {
      case 'welcome':
        seat.value = msg.seat;
        isHost.value = msg.host;
        if (msg.token && code.value) localStorage.setItem(tokenKey(code.value), msg.token);
        return;
      case 'full':
        seq.value = msg.seq;
        clockOffset.value = msg.now - Date.now();
        room.value = msg.room;
        version.value = msg.version;
        view.value = msg.view;
        clock.value = msg.clock;
        log.value = msg.log;
        chat.value = msg.chat;
        lastEvents.value = [];
        return;
      case 'update':
        if (!inSequence(msg.seq)) return;
        clockOffset.value = msg.now - Date.now();
        version.value = msg.version;
        view.value = msg.view;
        clock.value = msg.clock;
        lastEvents.value = msg.events;
        log.value = [...log.value, ...msg.events].slice(-LOG_LIMIT);
        return;
      case 'room':
        if (!inSequence(msg.seq)) return;
        room.value = msg.room;
        return;
      case 'chat':
        if (!inSequence(msg.seq)) return;
        chat.value = [...chat.value, msg.entry].slice(-LOG_LIMIT);
        return;
      case 'error':
        lastError.value = { code: msg.code, message: msg.message, at: Date.now() };
        if (msg.code === 'bad_token' && code.value) localStorage.removeItem(tokenKey(code.value));
        return;
    }
  }

  function move(m: unknown): boolean {
    return send({ t: 'move', version: version.value, move: m });
  }

  /** Local time at which the server's deadline passes. */
  function localDeadline(): number | null {
    return clock.value ? clock.value.deadline - clockOffset.value : null;
  }

  return {
    code, status, room, view, version, seq, seat, isHost, clock, clockOffset, log, chat, lastError, lastEvents, mySeat,
    connect, disconnect, send, move, localDeadline,
  };
});
