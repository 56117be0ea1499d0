/**
 * Abuse benchmark: does one hostile socket slow a room down for the people in it?
 * Starts `wrangler dev` on core 0 (observability off unless BENCH_OBS=on), opens one Eights
 * room with two people's sockets taking turns (a move every SPACING_MS, inside the 20
 * messages/s rate) from this process on core 1, and measures the mover's round trip (move sent
 * → its update received). Quiet and attack windows alternate (WINDOWS pairs sharing SECONDS per
 * phase), so a shared machine's background load falls on both alike. In attack windows one
 * hostile socket floods hellos, 100 KB frames and garbage as fast as TCP takes them and ignores
 * the room's close frame (e2e/load/abuse-attacker.mjs, its own process on core 1 at nice 10, so
 * the flood cannot delay the victim's event loop). BENCH_ATTACKER=polite makes it drop the
 * connection when the room's close frame comes, as a browser does, and reconnect at once. Prints p50/p99 of both phases, their ratio
 * (target: attack p99 ≤ 2× quiet p99) and the server's CPU in each phase.
 * Run: npx tsx e2e/load/abuse.bench.ts [seconds per phase]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { runtimePort, treeCpuSeconds } from './wrangler-procs';
import { counts as moveCounts, makeRoom, moveOnce, pct, type OnLost, type Sock } from './eights-room';

const PORT = Number(process.env.BENCH_PORT ?? 8798);
/**
 * BENCH_PATH=direct: people and attacker connect to the runtime's own port, past wrangler dev's
 * proxy (a development-only hop that production does not have); the default goes through it.
 */
const DIRECT = process.env.BENCH_PATH === 'direct';
/** Where people and attacker connect: wrangler dev's port, or (DIRECT) the runtime's, once found. */
let port = PORT;
let BASE = `localhost:${PORT}`;
const SECONDS = Number(process.argv[2] ?? 12);
const WINDOWS = Number(process.env.BENCH_WINDOWS ?? 6);
// Each seat moves every other move: 2 × (40 ms + round trip) keeps it under 13 moves a second, well inside the room's 20.
const SPACING_MS = 40;
const OBSERVABILITY = process.env.BENCH_OBS === 'on';
const POLITE = process.env.BENCH_ATTACKER === 'polite';

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

const lost: OnLost = (_s, e) => {
  if (!stopping) {
    console.error(`a player socket closed (${e.code} ${e.reason}): the server restarted or the room shut a person out; stopping`);
    process.exit(2);
  }
};
const newRoom = () => makeRoom(BASE, 2, lost);

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
      Object.assign(room, await newRoom());
      onNewRoom(room.code);
      continue;
    }
    const ms = await rtt;
    // A move refused or never answered counts as the slowest of all: the attack took it from the table.
    rtts.push(Number.isNaN(ms) ? Infinity : ms);
    await sleep(SPACING_MS);
  }
  return rtts;
}

interface AttackCounts {
  frames: number;
  bytes: number;
  opened: number;
  refusedOpens: number;
  dropped: number;
  closeFramesIgnored: number;
}

/** The hostile socket's process (e2e/load/abuse-attacker.mjs) on core 1 at nice 10; commands on its stdin. */
class Attacker {
  private readonly child: ChildProcess;
  private readonly result: Promise<AttackCounts>;
  constructor(code: string) {
    const script = new URL('./abuse-attacker.mjs', import.meta.url).pathname;
    this.child = spawn('taskset', ['-c', '1', 'nice', '-n', '10', process.execPath, script, String(port), code], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, ABUSE_POLITE: POLITE ? '1' : '0' },
    });
    this.result = new Promise((resolve) => {
      createInterface({ input: this.child.stdout! }).once('line', (line) => resolve(JSON.parse(line) as AttackCounts));
    });
  }
  /** go: flood; pause: stop sending; room CODE: leave for that room (a finished game is replaced). */
  command(cmd: string) {
    this.child.stdin!.write(`${cmd}\n`);
  }
  async stop(): Promise<AttackCounts> {
    this.child.stdin!.write('stop\n');
    return this.result;
  }
}

async function run() {
  // The server on core 0, this process (the people) on core 1, the attacker on core 1 at a lower priority.
  execFileSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  const env = { ...process.env, ...(OBSERVABILITY ? {} : { X_LOCAL_OBSERVABILITY: 'false' }) };
  server = spawn(
    'taskset',
    ['-c', '0', 'npx', 'wrangler', 'dev', '--port', String(PORT), '--persist-to', '.wrangler/bench-state', '--log-level', 'error', '--var', 'ROOM_LIMIT:off'],
    { stdio: 'ignore', detached: true, env },
  );
  let attacker: Attacker | null = null;
  try {
    let up = false;
    for (let i = 0; i < 120 && !up; i++) {
      // Only our own server counts: it exits at once when the port is taken.
      if (server.exitCode !== null) throw new Error(`wrangler dev exited (${server.exitCode}); is port ${PORT} in use?`);
      up = await fetch(`http://${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await sleep(500);
    }
    if (!up) throw new Error('wrangler dev did not start');
    if (DIRECT) {
      port = await runtimePort(server.pid!, PORT);
      BASE = `localhost:${port}`;
      console.error(`connecting straight to the runtime on port ${port}`);
    }
    console.error('server up; opening the room');
    const room = await newRoom();
    attacker = new Attacker(room.code);
    console.error(`room open; ${WINDOWS} quiet and ${WINDOWS} attack windows of ${(SECONDS / WINDOWS).toFixed(1)} s`);
    // Warm up (first requests compile and load the room).
    await measure(room, 2, () => {});
    const quiet: number[] = [];
    const attack: number[] = [];
    const cpu = { quiet: 0, attack: 0 };
    for (let w = 0; w < WINDOWS; w++) {
      for (const phase of ['quiet', 'attack'] as const) {
        if (phase === 'attack') attacker.command('go');
        const cpu0 = treeCpuSeconds(server.pid!);
        // A room whose game ends is replaced, and the attacker follows it.
        const rtts = await measure(room, SECONDS / WINDOWS, (code) => attacker!.command(`room ${code}`));
        cpu[phase] += treeCpuSeconds(server.pid!) - cpu0;
        if (phase === 'attack') attacker.command('pause');
        (phase === 'quiet' ? quiet : attack).push(...rtts);
        // Let the attack's backlog drain before the next quiet window.
        await sleep(300);
      }
    }
    const counts = await attacker.stop();
    attacker = null;
    const row = (label: string, xs: number[], seconds: number) =>
      console.log(
        `${label.padEnd(7)} ${String(xs.length).padStart(5)}  ${String(xs.filter((x) => x === Infinity).length).padStart(4)}  ${pct(xs, 50).toFixed(2).padStart(7)}  ${pct(xs, 99).toFixed(2).padStart(7)}  ${Math.max(
          ...xs,
        )
          .toFixed(1)
          .padStart(7)}  ${((100 * seconds) / SECONDS).toFixed(0).padStart(9)} %`,
      );
    console.log(
      `wrangler dev ${DIRECT ? '(straight to the runtime, past its proxy) ' : ''}${OBSERVABILITY ? 'with local observability (defaults)' : 'with local observability off'}; the attacker ${POLITE ? 'drops its connection on the close frame' : 'ignores the close frame'}; the room's move round trip:`,
    );
    console.log(`phase   moves  lost   p50 ms   p99 ms   max ms  server CPU`);
    row('quiet', quiet, cpu.quiet);
    row('attack', attack, cpu.attack);
    const ratio = pct(attack, 99) / pct(quiet, 99);
    console.log(`attack p99 / quiet p99: ${ratio.toFixed(2)} (target ≤ 2)`);
    console.log(
      `attacker: ${counts.frames} frames (${(counts.bytes / 1e6).toFixed(1)} MB) written in ${SECONDS} s on ${counts.opened} socket(s), ` +
        `${counts.refusedOpens} opens refused, dropped by the server ${counts.dropped}×, close frames ignored ${counts.closeFramesIgnored}; moves refused or lost: ${moveCounts.refused}`,
    );
    stopping = true;
    for (const s of room.socks) s.ws.close();
  } finally {
    if (attacker) await Promise.race([attacker.stop(), sleep(1000)]);
    stopServer();
  }
}

await run();
process.exit(0);
