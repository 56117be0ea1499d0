import { runDurableObjectAlarm, SELF } from 'cloudflare:test';
import { updateBase, type ClientMessage, type ServerMessage } from '../../shared/protocol';
import type { EightsView } from '../../shared/games/eights/types';
import { applyPatch } from '../../shared/room/patch';

/** The move a simple Eights client makes from its own view: first playable card, else draw, else keep. */
export function simpleEightsMove(view: EightsView) {
  const card = view.playable[0];
  if (card) return { type: 'play', card, color: card.startsWith('W') ? 'r' : undefined, lastCard: view.hand?.length === 2 };
  if (view.canDraw) return { type: 'draw' };
  return { type: 'keep' };
}

export const ORIGIN = 'http://cardroom.test';

export async function createRoom(game = 'eights', options: Record<string, unknown> = {}, clock: number | null = null): Promise<string> {
  const res = await SELF.fetch(`${ORIGIN}/api/rooms`, { method: 'POST', body: JSON.stringify({ game, options, clock }) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { code: string }).code;
}

type Msg<T extends ServerMessage['t']> = Extract<ServerMessage, { t: T }>;

export class RefusedOpen extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`no websocket: ${status} ${body}`);
  }
}

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
  closeCode: number | null = null;
  /** Updates that did not build on what this client had (there should be none). */
  gaps = 0;

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
      if (msg.t === 'full') {
        this.version = msg.version;
        this.view = msg.view;
      }
      if (msg.t === 'update') {
        if (updateBase(msg) > this.version) this.gaps++;
        if (msg.view !== undefined) this.view = msg.view;
        else if (msg.patch) this.view = applyPatch(this.view, msg.patch);
        this.version = msg.version;
      }
      this.waiters = this.waiters.filter((w) => {
        if (!w.pred(msg)) return true;
        w.resolve(msg);
        return false;
      });
    });
    ws.addEventListener('close', (e) => {
      this.closed = true;
      this.closeCode = e.code;
    });
  }

  /**
   * Open a socket (from client address `ip` when given); throws with the status and body when refused.
   * `halfOpen`: a peer that never answers the room's close frame, as a client whose connection died does.
   * `headers`: sent with the upgrade (a player's cookie, a forged header).
   */
  static async open(code: string, ip?: string, halfOpen = false, headers: Record<string, string> = {}): Promise<TestClient> {
    const res = await SELF.fetch(`${ORIGIN}/api/rooms/${code}/ws`, {
      headers: { ...headers, Upgrade: 'websocket', ...(ip ? { 'CF-Connecting-IP': ip } : {}) },
    });
    const ws = res.webSocket;
    if (!ws) throw new RefusedOpen(res.status, await res.text());
    ws.accept({ allowHalfOpen: halfOpen });
    return new TestClient(ws);
  }

  /** Open a socket straight to a room object as the Worker would for a player (`X-Player-Id`), say hello and wait for the full view. */
  static async connectAs(stub: DurableObjectStub, player: string | null): Promise<TestClient> {
    const res = await stub.fetch(`${ORIGIN}/ws`, { headers: { Upgrade: 'websocket', ...(player ? { 'X-Player-Id': player } : {}) } });
    const ws = res.webSocket;
    if (!ws) throw new RefusedOpen(res.status, await res.text());
    ws.accept();
    const c = new TestClient(ws);
    c.send({ t: 'hello' });
    await c.waitFor('full');
    return c;
  }

  /** Open, say hello (with a token to reclaim a seat) and wait for the full view. */
  static async connect(code: string, token?: string, ping = false, ip?: string, halfOpen = false): Promise<TestClient> {
    const c = await TestClient.open(code, ip, halfOpen);
    c.send({ t: 'hello', token, ping });
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
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${t} ${pred.toString().slice(0, 120)}; last: ${JSON.stringify(this.received.slice(-3))}`)),
        timeoutMs,
      );
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

/**
 * Run a room's alarm, again and again, until `done()` holds: each run handles what was due
 * when it was set (a coalesced presence broadcast takes an alarm of its own, so the one a
 * test waits for may be the second or third).
 */
export async function runAlarmsUntil(stub: DurableObjectStub, done: () => boolean | Promise<boolean>, max = 10): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await done()) return;
    if (!(await runDurableObjectAlarm(stub))) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 5));
  }
  if (!(await done())) throw new Error(`not reached after ${max} alarms`);
}

/**
 * An Eights room under way between Ana and a seat whose socket promised heartbeats, sent one ping
 * and then falls silent (it stays open: a half-open connection; `halfOpen` also never answers the
 * room's close). Nothing else wakes the room: there is no clock.
 */
export async function roomWithSilentSeat(track: (c: TestClient) => TestClient, halfOpen = false) {
  const code = await createRoom('eights');
  const a = track(await TestClient.connect(code));
  await a.join('Ana');
  const silent = track(await TestClient.connect(code, undefined, true, undefined, halfOpen));
  const seat = await silent.join('Sil');
  const started = a.waitFor('update', (m) => m.events.some((e) => e.type === 'start'));
  a.send({ t: 'start' });
  await started;
  silent.sendRaw('ping');
  await new Promise((r) => setTimeout(r, 50));
  return { code, a, silent, seat };
}
