/**
 * Abuse benchmark: does one hostile socket slow a room down for the people in it?
 * Starts `wrangler dev`, opens one Eights room with two people's sockets taking turns (a move
 * at least every 60 ms, inside the 20 messages/s rate), and measures the mover's round trip
 * (move sent → its update received) for SECONDS quietly, then again while one extra socket
 * floods hellos, 100 KB frames and garbage as fast as it can, reconnecting whenever it is
 * closed (or refused while its address cools off). Prints p50/p99 of both and the ratio
 * (target: attack p99 ≤ 2× quiet p99). Run: npx tsx e2e/load/abuse.bench.ts [seconds]
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EightsView } from '../../shared/games/eights/types';
import type { ServerMessage } from '../../shared/protocol';
import { applyPatch } from '../../shared/room/patch';

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const BASE = `localhost:${PORT}`;
const SECONDS = Number(process.argv[2] ?? 10);
const SPACING_MS = 60;

interface Sock {
  ws: WebSocket;
  seat: number | null;
  version: number;
  view: EightsView | null;
  onReply?: (ok: boolean) => void;
  /** Closed on purpose (its game ended). */
  retired?: boolean;
}

function openPlayer(code: string): Promise<Sock> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${BASE}/api/rooms/${code}/ws`);
    const s: Sock = { ws, seat: null, version: 0, view: null };
    ws.onmessage = (e) => {
      const msg = JSON.parse(String(e.data)) as ServerMessage;
      if (msg.t === 'welcome') s.seat = msg.seat;
      if (msg.t === 'full') {
        s.version = msg.version;
        s.view = msg.view as EightsView;
      }
      if (msg.t === 'update') {
        s.version = msg.version;
        s.view = msg.view !== undefined ? (msg.view as EightsView) : msg.patch ? applyPatch(s.view, msg.patch) : s.view;
        s.onReply?.(true);
      }
      if (msg.t === 'error') s.onReply?.(false);
    };
    ws.onopen = () => {
      ws.send(JSON.stringify({ t: 'hello' }));
      resolve(s);
    };
    ws.onerror = () => reject(new Error('socket error'));
    ws.onclose = (e) => {
      if (!stopping && !s.retired) {
        console.error(`a player socket closed (${e.code} ${e.reason}): the server restarted or the room shut a person out; stopping`);
        process.exit(2);
      }
    };
  });
}

let stopping = false;
let server: ReturnType<typeof spawn> | null = null;

/** Stop wrangler dev (its whole process group) whichever way the bench ends. */
function stopServer() {
  try {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  server = null;
}
process.on('exit', stopServer);

async function makeRoom(): Promise<{ code: string; socks: Sock[] }> {
  const res = await fetch(`http://${BASE}/api/rooms`, { method: 'POST', body: JSON.stringify({ game: 'eights', clock: null }) });
  const { code } = (await res.json()) as { code: string };
  const socks: Sock[] = [];
  for (let i = 0; i < 2; i++) {
    const s = await openPlayer(code);
    s.ws.send(JSON.stringify({ t: 'join', name: `P${i}` }));
    while (s.seat === null) await sleep(5);
    socks.push(s);
  }
  socks[0]!.ws.send(JSON.stringify({ t: 'start' }));
  while (socks.some((s) => !s.view || s.view.hand === null)) await sleep(10);
  return { code, socks };
}

function nextMove(view: EightsView) {
  const card = view.playable[0];
  if (card) return { type: 'play', card, color: card.startsWith('W') ? 'r' : undefined, lastCard: view.hand?.length === 2 };
  if (view.canDraw) return { type: 'draw' };
  return { type: 'keep' };
}

let refused = 0;

/** One move by whoever is to move: the round trip in ms, NaN if refused or lost, null when the game is over. */
function moveOnce(room: Sock[]): Promise<number> | null {
  const turn = room[0]!.view?.turn;
  const mover = room.find((s) => s.seat === turn);
  if (!mover?.view || mover.view.winner !== null || turn === null || turn === undefined) return null;
  return new Promise((resolve) => {
    const t0 = performance.now();
    const timer = setTimeout(() => finish(false), 5000);
    function finish(ok: boolean) {
      clearTimeout(timer);
      mover!.onReply = undefined;
      if (!ok) refused++;
      resolve(ok ? performance.now() - t0 : NaN);
    }
    mover.onReply = finish;
    mover.ws.send(JSON.stringify({ t: 'move', version: mover.version, move: nextMove(mover.view!) }));
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/** Moves for `seconds`, a new room whenever a game ends; the round trips. */
async function measure(room: { code: string; socks: Sock[] }, seconds: number, onNewRoom: (code: string) => void): Promise<number[]> {
  const rtts: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    // Let every socket catch up with the last move before the next one.
    while (room.socks.some((s) => s.version !== room.socks[0]!.version)) await sleep(1);
    const rtt = moveOnce(room.socks);
    if (rtt === null) {
      for (const s of room.socks) {
        s.retired = true;
        s.ws.close();
      }
      Object.assign(room, await makeRoom());
      onNewRoom(room.code);
      continue;
    }
    const ms = await rtt;
    if (!Number.isNaN(ms)) rtts.push(ms);
    await sleep(SPACING_MS);
  }
  return rtts;
}

const BIG = JSON.stringify({ t: 'chat', text: 'x'.repeat(100 * 1024) });
const GARBAGE: (string | Uint8Array)[] = ['{not json', JSON.stringify({ t: 'teleport' }), new Uint8Array([1, 2, 3]), JSON.stringify({ t: 'move', version: 'x' }), 'null', JSON.stringify({ t: 'chat', text: 42 })];

/** The attacker: one socket at a time, flooding as fast as the socket takes it, reopened whenever it closes. */
class Attacker {
  stopped = false;
  opened = 0;
  refusedOpens = 0;
  frames = 0;
  closes = new Map<number, number>();
  code: string;
  private done: Promise<void>;
  constructor(code: string) {
    this.code = code;
    this.done = this.run();
  }
  private async run() {
    while (!this.stopped) {
      // A refused upgrade (429 while the address cools off) shows up as an error then a close.
      const ws = new WebSocket(`ws://${BASE}/api/rooms/${this.code}/ws`);
      const opened = await new Promise<boolean>((resolve) => {
        ws.onopen = () => resolve(true);
        ws.onerror = () => resolve(false);
      });
      if (!opened) {
        this.refusedOpens++;
        continue;
      }
      this.opened++;
      const closed = new Promise<void>((resolve) => {
        ws.onclose = (e) => {
          this.closes.set(e.code, (this.closes.get(e.code) ?? 0) + 1);
          resolve();
        };
      });
      let open = true;
      void closed.then(() => (open = false));
      let i = 0;
      while (open && !this.stopped) {
        // As fast as the socket drains: never more than 1 MB queued on our side, and the event loop gets a turn every 32 frames.
        for (let burst = 0; burst < 32 && open && ws.bufferedAmount < 1 << 20; burst++) {
          const kind = i++ % 3;
          try {
            if (kind === 0) ws.send(JSON.stringify({ t: 'hello', token: i % 2 ? 'A'.repeat(43) : 'bad token' }));
            else if (kind === 1) ws.send(BIG);
            else ws.send(GARBAGE[i % GARBAGE.length]!);
            this.frames++;
          } catch {
            open = false;
          }
        }
        await new Promise((r) => setImmediate(r));
      }
      if (open) ws.close();
    }
  }
  async stop() {
    this.stopped = true;
    await this.done;
  }
}

async function run() {
  server = spawn('npx', ['wrangler', 'dev', '--port', String(PORT), '--persist-to', '.wrangler/bench-state', '--log-level', 'error', '--var', 'ROOM_LIMIT:off'], { stdio: 'ignore', detached: true });
  try {
    let up = false;
    for (let i = 0; i < 120 && !up; i++) {
      // Only our own server counts: it exits at once when the port is taken.
      if (server.exitCode !== null) throw new Error(`wrangler dev exited (${server.exitCode}); is port ${PORT} in use?`);
      up = await fetch(`http://${BASE}/api/health`).then((r) => r.ok, () => false);
      if (!up) await sleep(500);
    }
    if (!up) throw new Error('wrangler dev did not start');
    console.error('server up; opening the room');
    const room = await makeRoom();
    console.error('room open; measuring');
    // Warm up (first requests compile and load the room).
    await measure(room, 2, () => {});
    const quiet = await measure(room, SECONDS, () => {});
    const attacker = new Attacker(room.code);
    await sleep(500);
    const attack = await measure(room, SECONDS, (code) => (attacker.code = code));
    await attacker.stop();
    const row = (label: string, xs: number[]) => console.log(`${label.padEnd(7)} ${String(xs.length).padStart(5)}  ${pct(xs, 50).toFixed(1).padStart(7)}  ${pct(xs, 99).toFixed(1).padStart(7)}  ${Math.max(...xs).toFixed(1).padStart(7)}`);
    console.log(`phase   moves   p50 ms  p99 ms  max ms`);
    row('quiet', quiet);
    row('attack', attack);
    const ratio = pct(attack, 99) / pct(quiet, 99);
    console.log(`attack p99 / quiet p99: ${ratio.toFixed(2)} (target ≤ 2)`);
    console.log(
      `attacker: ${attacker.frames} frames on ${attacker.opened} sockets, ${attacker.refusedOpens} opens refused; closes ${[...attacker.closes].map(([c, n]) => `${c}×${n}`).join(', ') || 'none'}; moves refused or lost: ${refused}`,
    );
    stopping = true;
    for (const s of room.socks) s.ws.close();
  } finally {
    stopServer();
  }
}

await run();
process.exit(0);
