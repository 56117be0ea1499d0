import { SELF } from 'cloudflare:test';
import type { ClientMessage, ServerMessage } from '../../shared/protocol';

export const ORIGIN = 'http://cardroom.test';

export async function createRoom(game = 'eights', options: Record<string, unknown> = {}, clock: number | null = null): Promise<string> {
  const res = await SELF.fetch(`${ORIGIN}/api/rooms`, { method: 'POST', body: JSON.stringify({ game, options, clock }) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { code: string }).code;
}

type Msg<T extends ServerMessage['t']> = Extract<ServerMessage, { t: T }>;

/** A raw WebSocket client of a room, recording everything it receives. */
export class TestClient {
  readonly received: ServerMessage[] = [];
  readonly raw: string[] = [];
  private waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  seat: number | null = null;
  token: string | undefined;
  version = 0;
  view: unknown = null;
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.addEventListener('message', (e) => {
      const text = String(e.data);
      this.raw.push(text);
      if (text === 'pong') return;
      const msg = JSON.parse(text) as ServerMessage;
      this.received.push(msg);
      if (msg.t === 'welcome') {
        this.seat = msg.seat;
        if (msg.token) this.token = msg.token;
      }
      if (msg.t === 'full' || msg.t === 'update') {
        this.version = msg.version;
        this.view = msg.view;
      }
      this.waiters = this.waiters.filter((w) => {
        if (!w.pred(msg)) return true;
        w.resolve(msg);
        return false;
      });
    });
    ws.addEventListener('close', () => (this.closed = true));
  }

  static async open(code: string): Promise<TestClient> {
    const res = await SELF.fetch(`${ORIGIN}/api/rooms/${code}/ws`, { headers: { Upgrade: 'websocket' } });
    const ws = res.webSocket;
    if (!ws) throw new Error(`no websocket: ${res.status}`);
    ws.accept();
    return new TestClient(ws);
  }

  /** Open, say hello (with a token to reclaim a seat) and wait for the full view. */
  static async connect(code: string, token?: string): Promise<TestClient> {
    const c = await TestClient.open(code);
    c.send({ t: 'hello', token });
    await c.waitFor('full');
    return c;
  }

  send(msg: ClientMessage | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(msg));
  }

  sendRaw(data: string | ArrayBuffer): void {
    this.ws.send(data);
  }

  /** Wait for the next message of type `t` (after the ones already received) matching `pred`. */
  waitFor<T extends ServerMessage['t']>(t: T, pred: (m: Msg<T>) => boolean = () => true, timeoutMs = 5000): Promise<Msg<T>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${t} ${pred.toString().slice(0, 120)}; last: ${JSON.stringify(this.received.slice(-3))}`)), timeoutMs);
      this.waiters.push({
        pred: (m) => m.t === t && pred(m as Msg<T>),
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Msg<T>);
        },
      });
    });
  }

  async join(name: string): Promise<number> {
    const welcome = this.waitFor('welcome', (m) => m.seat !== null);
    this.send({ t: 'join', name });
    return (await welcome).seat!;
  }

  /** Send a move made against the latest version and wait for the resulting update or error. */
  async move(move: unknown): Promise<Msg<'update'> | Msg<'error'>> {
    const outcome = Promise.race([this.waitFor('update'), this.waitFor('error')]);
    this.send({ t: 'move', version: this.version, move });
    return outcome;
  }

  /** Resolves once no message has arrived for `ms`. */
  async settle(ms = 100): Promise<void> {
    let count = -1;
    while (count !== this.received.length) {
      count = this.received.length;
      await new Promise((r) => setTimeout(r, ms));
    }
  }

  errors(): Msg<'error'>[] {
    return this.received.filter((m): m is Msg<'error'> => m.t === 'error');
  }

  close(): void {
    this.ws.close(1000, 'bye');
  }
}
