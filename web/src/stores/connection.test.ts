import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PING_INTERVAL_MS } from '../../../shared/protocol';
import { SILENT_AFTER_MS, SLOW_RTT_MS } from './connection';
import { tokenKey } from './early-socket';

// Fresh modules for each test: the entry script's early socket is page state (opened once, taken once).
let createConnection: typeof import('./connection').createConnection;
let openEarlySocket: typeof import('./early-socket').openEarlySocket;

/** Stands in for partysocket's reconnecting socket and the browser's WebSocket (hoisted: the mock below uses it). */
const FakeSocket = vi.hoisted(
  () =>
    class FakeSocket extends EventTarget {
      static readonly OPEN = 1;
      static made: FakeSocket[] = [];
      readyState = 0;
      sent: string[] = [];
      reconnects = 0;
      constructor(
        readonly url: string,
        _protocols?: unknown,
        readonly options: { startClosed?: boolean; shouldReconnectOnClose?: (e: { code: number }) => boolean } = {},
      ) {
        super();
        FakeSocket.made.push(this);
      }
      send(data: string) {
        this.sent.push(data);
      }
      close() {
        this.readyState = 3;
      }
      reconnect() {
        this.reconnects++;
        this.readyState = 0;
      }
      open() {
        this.readyState = 1;
        this.dispatchEvent(new Event('open'));
      }
      drop(code = 1006) {
        this.readyState = 3;
        this.dispatchEvent(Object.assign(new Event('close'), { code }));
      }
      hear(data: string) {
        this.dispatchEvent(new MessageEvent('message', { data }));
      }
    },
);
type FakeSocket = InstanceType<typeof FakeSocket>;
vi.mock('partysocket/ws', () => ({ default: FakeSocket }));

let win: EventTarget;
beforeEach(async () => {
  vi.resetModules();
  ({ createConnection } = await import('./connection'));
  ({ openEarlySocket } = await import('./early-socket'));
  vi.useFakeTimers();
  FakeSocket.made = [];
  win = new EventTarget();
  const store = new Map<string, string>([[tokenKey('ROOM'), 'tok']]);
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('location', { protocol: 'https:', host: 'cards.example' });
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function setup() {
  const frames: string[] = [];
  const dropped = vi.fn();
  const conn = createConnection({ frame: (t) => frames.push(t), dropped, failed: () => {} });
  conn.connect('ROOM');
  const ws = FakeSocket.made.at(-1)!;
  return { conn, ws, frames, dropped };
}

describe('the connection: what the player is shown', () => {
  it('connects, says hello with the seat token and asks for the log and chat with it, and pings', () => {
    const { conn, ws } = setup();
    expect(ws.url).toBe('wss://cards.example/api/rooms/ROOM/ws');
    expect(conn.status.value).toBe('connecting');
    expect(conn.send({ t: 'sync' })).toBe(false);
    ws.open();
    expect(conn.status.value).toBe('open');
    expect(JSON.parse(ws.sent[0]!)).toEqual({ t: 'hello', token: 'tok', ping: true });
    expect(JSON.parse(ws.sent[1]!)).toEqual({ t: 'history' });
    expect(ws.sent[2]).toBe('ping');
    expect(conn.connections()).toBe(1);
    expect(conn.send({ t: 'sync' })).toBe(true);
  });

  it('passes frames on, answers its own pongs, and shows a slow round trip as slow', () => {
    const { conn, ws, frames } = setup();
    ws.open();
    vi.advanceTimersByTime(SLOW_RTT_MS + 100);
    ws.hear('pong');
    expect(conn.rtt.value).toBe(SLOW_RTT_MS + 100);
    expect(conn.status.value).toBe('slow');
    // The next ping goes one interval after the first.
    vi.advanceTimersByTime(PING_INTERVAL_MS - SLOW_RTT_MS - 100);
    expect(ws.sent.filter((s) => s === 'ping')).toHaveLength(2);
    vi.advanceTimersByTime(50);
    ws.hear('pong');
    expect(conn.status.value).toBe('open');
    ws.hear('{"t":"chat"}');
    expect(frames).toEqual(['{"t":"chat"}']);
  });

  it('calls a silent connection offline, even with the socket open, and reconnects', () => {
    const { conn, ws, dropped } = setup();
    ws.open();
    vi.advanceTimersByTime(SILENT_AFTER_MS + PING_INTERVAL_MS);
    expect(conn.status.value).toBe('offline');
    expect(dropped).toHaveBeenCalled();
    expect(ws.reconnects).toBe(1);
    expect(conn.connected.value).toBe(false);
  });

  it('shows a closed socket as reconnecting, and follows the browser going offline and online', () => {
    const { conn, ws, dropped } = setup();
    ws.open();
    ws.drop();
    expect(conn.status.value).toBe('reconnecting');
    expect(dropped).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('offline'));
    expect(conn.status.value).toBe('offline');
    win.dispatchEvent(new Event('online'));
    expect(conn.status.value).toBe('reconnecting');
    expect(ws.reconnects).toBe(1);
    ws.open();
    expect(conn.status.value).toBe('open');
    expect(conn.connections()).toBe(2);
  });

  it('a room that refuses the connection as crowded (1013) is shown as refused and not asked again until the person retries', () => {
    const { conn, ws } = setup();
    expect(ws.options.shouldReconnectOnClose?.({ code: 1013 })).toBe(false);
    expect(ws.options.shouldReconnectOnClose?.({ code: 1006 })).toBe(true);
    ws.open();
    ws.drop(1013);
    expect(conn.status.value).toBe('refused');
    expect(ws.reconnects).toBe(0);
    conn.retry();
    expect(conn.status.value).toBe('reconnecting');
    expect(ws.reconnects).toBe(1);
  });

  it("adopts the entry script's early socket, reads what it buffered, and hands over when it closes", () => {
    openEarlySocket('ROOM');
    const early = FakeSocket.made[0]!;
    early.open();
    expect(early.sent.map((f) => (JSON.parse(f) as { t: string }).t)).toEqual(['hello', 'history']);
    early.hear('{"t":"welcome"}');
    const { conn, ws, frames, dropped } = setup();
    expect(ws).not.toBe(early);
    expect(ws.options.startClosed).toBe(true);
    expect(frames).toEqual(['{"t":"welcome"}']);
    expect(conn.status.value).toBe('open');
    early.hear('{"t":"room"}');
    expect(frames).toHaveLength(2);
    early.drop();
    expect(dropped).toHaveBeenCalled();
    expect(conn.status.value).toBe('reconnecting');
    expect(ws.reconnects).toBe(1);
  });

  it('an early socket asked for once the store has its first connection is not opened: it would be nobody’s', () => {
    setup();
    const made = FakeSocket.made.length;
    // A first visit's early socket waits for the player's cookie; the room page may have connected by then.
    openEarlySocket('ROOM');
    expect(FakeSocket.made).toHaveLength(made);
  });

  it('sends nothing in a replay, and stops listening when disconnected', () => {
    const { conn, ws } = setup();
    ws.open();
    conn.replay();
    expect(conn.status.value).toBe('replay');
    expect(conn.send({ t: 'sync' })).toBe(false);
    win.dispatchEvent(new Event('offline'));
    expect(conn.status.value).toBe('replay');
  });
});
