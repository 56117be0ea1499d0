import ReconnectingWebSocket from 'partysocket/ws';
import { computed, ref } from 'vue';
import { PING_INTERVAL_MS, type ClientMessage } from '../../../shared/protocol';
import { CLOSE_TRY_LATER } from '../../../shared/room/types';
import type { LocalConnection } from '../offline/local-client';
import { takeEarlySocket, tokenKey } from './early-socket';

/** Nothing heard (not even a pong) for this long: the connection is gone even if the socket looks open. */
export const SILENT_AFTER_MS = 4_500;
/** A heartbeat slower than this shows the connection as slow. */
export const SLOW_RTT_MS = 500;
const OPEN = 1; // WebSocket.OPEN

/**
 * What the player is shown about their connection:
 * connecting (first time), open, slow (round trip over 500 ms), offline (the browser said so,
 * or heartbeats stopped), reconnecting (trying again), refused (the room is crowded: not asked
 * again until the person says so).
 */
export type ConnectionStatus = 'connecting' | 'open' | 'slow' | 'offline' | 'reconnecting' | 'refused' | 'local' | 'replay';

export interface ConnectionHooks {
  /** A frame from the room (heartbeat answers are the connection's own). */
  frame(text: string): void;
  /** The connection dropped or went silent: nothing in flight will be answered. */
  dropped(): void;
  /** The offline room could not run. */
  failed(message: string): void;
}

/**
 * The transports that carry a room's frames, and the truth about them: a WebSocket to the
 * room's Durable Object (adopting the entry script's early socket first), a Web Worker hosting
 * an offline room, or nothing (a replay). Heartbeats every PING_INTERVAL_MS / 2; silence past
 * SILENT_AFTER_MS means gone, whatever the socket says. Never queues a frame while offline
 * (a reconnect must not replay moves).
 */
export function createConnection(hooks: ConnectionHooks) {
  const code = ref<string | null>(null);
  /** The saved offline game being played (null for online rooms). */
  const localId = ref<string | null>(null);
  const status = ref<ConnectionStatus>('connecting');
  const rtt = ref<number | null>(null);
  const connected = computed(() => status.value === 'open' || status.value === 'slow' || status.value === 'local');
  /** Counts connections opened, so what is owed once per connection (the fair-deal nonce) is resent. */
  let connections = 0;

  let socket: ReconnectingWebSocket | null = null;
  /** The entry script's socket (./early-socket.ts) while it lasts; the reconnecting one takes over once it closes. */
  let firstSocket: WebSocket | null = null;
  const live = (): { readyState: number; send(data: string): void } | null => firstSocket ?? socket;
  let local: LocalConnection | null = null;
  let lastHeard = 0;
  let pingSentAt = 0;
  let pingTimer: ReturnType<typeof setInterval> | null = null;

  /** Send a frame now; false when there is nowhere to send it (offline, reconnecting, a replay). */
  function send(msg: ClientMessage): boolean {
    if (status.value === 'replay') return false;
    if (local) {
      local.send(JSON.stringify(msg));
      return true;
    }
    const out = live();
    if (!out || out.readyState !== OPEN || !connected.value) return false;
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

  function opened(): void {
    connections++;
    status.value = 'open';
    lastHeard = Date.now();
    heartbeat();
  }
  function closed(e: CloseEvent): void {
    hooks.dropped();
    if (e.code === CLOSE_TRY_LATER) status.value = 'refused';
    else if (status.value !== 'offline') status.value = 'reconnecting';
  }
  function heard(data: unknown): void {
    lastHeard = Date.now();
    if (data === 'pong') {
      rtt.value = lastHeard - pingSentAt;
      if (status.value === 'open' || status.value === 'slow') status.value = rtt.value > SLOW_RTT_MS ? 'slow' : 'open';
      return;
    }
    hooks.frame(String(data));
  }

  function connect(roomCode: string): void {
    disconnect();
    code.value = roomCode;
    status.value = navigator.onLine === false ? 'offline' : 'connecting';
    const early = takeEarlySocket(roomCode);
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new ReconnectingWebSocket(`${proto}://${location.host}/api/rooms/${roomCode}/ws`, [], {
      maxEnqueuedMessages: 0,
      minReconnectionDelay: 300,
      maxReconnectionDelay: 4000,
      connectionTimeout: 5000,
      // With an early socket this one waits: it connects when that one closes.
      startClosed: early !== null,
      // A room that refused the connection (crowded) is not asked again in a loop: the page says
      // why, and the person tries again when they choose.
      shouldReconnectOnClose: (e) => e.code !== CLOSE_TRY_LATER,
    });
    socket = ws;
    ws.addEventListener('open', () => {
      const token = localStorage.getItem(tokenKey(roomCode)) ?? undefined;
      ws.send(JSON.stringify({ t: 'hello', token, ping: true } satisfies ClientMessage));
      // The log and chat with it, not after the first view: the table's log shows with the table.
      ws.send(JSON.stringify({ t: 'history' } satisfies ClientMessage));
      opened();
    });
    ws.addEventListener('close', closed);
    ws.addEventListener('message', (e: MessageEvent) => heard(e.data));
    if (early) {
      // The entry script already said hello on it; what came meanwhile is read first.
      const first = early.socket;
      firstSocket = first;
      early.release();
      first.addEventListener('message', (e: MessageEvent) => {
        if (firstSocket === first) heard(e.data);
      });
      first.addEventListener('close', (e: CloseEvent) => {
        if (firstSocket !== first) return;
        firstSocket = null;
        closed(e);
        if (e.code !== CLOSE_TRY_LATER) socket?.reconnect();
      });
      if (first.readyState === OPEN) opened();
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
    local = openLocalRoom(savedId, hooks.frame, hooks.failed);
    return local !== null;
  }

  /** A replay has no room: nothing is sent. */
  function replay(): void {
    if (status.value === 'replay') return;
    disconnect();
    status.value = 'replay';
  }

  function heartbeat(): void {
    const out = live();
    if (!out || out.readyState !== OPEN) return;
    const now = Date.now();
    if (now - lastHeard > SILENT_AFTER_MS) {
      status.value = 'offline';
      hooks.dropped();
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
    hooks.dropped();
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
    if (live()?.readyState !== OPEN || Date.now() - lastHeard > SILENT_AFTER_MS) reconnectNow();
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
  }

  return { code, localId, status, rtt, connected, connections: () => connections, send, connect, connectLocal, replay, retry, disconnect };
}

export type Connection = ReturnType<typeof createConnection>;
