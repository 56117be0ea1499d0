/**
 * The room side by side with boardgame.io: `npm run bench peer`.
 * Runs the peer harness (../shared/bench/peer-bgio beside the project: boardgame.io 0.50.2 on
 * its own server, and Cardroom's room under `wrangler dev` through e2e/load/peer-adapter.mjs)
 * with one load generator on core 1 and each server on core 0, then prints one table.
 * Cardroom's `wrangler dev` is started here, fresh for every step: with the rooms' storage in RAM
 * (/dev/shm), the counterpart of boardgame.io's in-memory store, and for the round trip also on
 * disk, straight to the runtime past wrangler dev's proxy, and with wrangler's defaults.
 * The harness is copied to a writable tools folder and installed there on first use.
 * PEER_QUICK=1 runs shorter steps (a smoke run, not figures to record); PEER_PORT picks the servers' port;
 * PEER_STEPS=seq,max (any of seq, ramp, max, sync) runs only those steps, for a quick before/after;
 * PEER_ROOMS=800 runs the ramp at those room counts only (a step repeated).
 * PEER_BEFORE=<commit> also measures that commit's room (its files unpacked beside the tools, this
 * checkout's packages) in the same run, each step right after this checkout's, and adds a column:
 * a change's before and after on one machine in one sitting.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processTree, runtimePort } from '../e2e/load/wrangler-procs';

const root = resolve(new URL('..', import.meta.url).pathname);
const source = resolve(root, '..', 'shared', 'bench', 'peer-bgio');
const harness = process.env.PEER_BGIO_DIR ?? join(homedir(), '.cache', 'cardroom-tools', 'peer-bgio');
const quick = process.env.PEER_QUICK === '1';
const steps = new Set((process.env.PEER_STEPS ?? 'seq,ramp,max,sync').split(','));

function install(): boolean {
  if (existsSync(join(harness, 'node_modules', 'boardgame.io'))) return true;
  if (!existsSync(join(source, 'loadgen.mjs'))) {
    console.log(`The peer harness is not here: expected ${source} (the shared bench folder beside the project).`);
    console.log('Put the peer-bgio folder there (or set PEER_BGIO_DIR to an installed copy) and run `npm run bench peer` again.');
    return false;
  }
  console.log(`Installing the peer harness into ${harness}`);
  mkdirSync(harness, { recursive: true });
  cpSync(source, harness, { recursive: true });
  execFileSync('chmod', ['-R', 'u+w', harness]);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: harness, stdio: 'inherit' });
  return true;
}

const beforeRef = process.env.PEER_BEFORE;

/** The commit asked for in PEER_BEFORE, unpacked (no git worktree: nothing to clean in the repo) and built once. */
function beforeCheckout(ref: string): string {
  const sha = execFileSync('git', ['rev-parse', '--short=12', `${ref}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
  const dir = join(homedir(), '.cache', 'cardroom-tools', `peer-before-${sha}`);
  if (!existsSync(join(dir, 'dist', 'index.html'))) {
    console.log(`Unpacking ${sha} into ${dir} and building its site`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync('bash', ['-c', `git archive ${sha} | tar -x -C '${dir}'`], { cwd: root });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    execFileSync('npx', ['vite', 'build'], { cwd: dir, stdio: 'ignore' });
  }
  return dir;
}

const out = join(harness, 'logs', `side-by-side-${Date.now()}.jsonl`);
const wranglerPort = Number(process.env.PEER_PORT ?? 8844);

function loadgen(label: string, mode: string, args: string[], extra: string[] = []): void {
  console.log(`\n--- ${label}: ${mode} ${args.join(' ')}`);
  const r = spawnSync(
    'taskset',
    [
      '-c',
      '1',
      process.execPath,
      'loadgen.mjs',
      mode,
      ...args,
      ...extra,
      `--out=${out}`,
      `--label=${label}`,
      '--quiet-wait=30',
      '--retries=1',
      '--hard-limit=1500',
    ],
    {
      cwd: harness,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) console.log(`(${label} ${mode} exited with ${r.status})`);
}

/** boardgame.io: the harness starts and stops its server (in-memory storage) for every step. */
const bgio = (mode: string, args: string[]) => loadgen('bgio', mode, args, process.env.PEER_PORT ? [`--port=${process.env.PEER_PORT}`] : []);

/**
 * How Cardroom's server runs for a step. `ram`: wrangler dev keeps the rooms' SQLite files on a RAM
 * disk (/dev/shm), the counterpart of boardgame.io's in-memory store (no fsync per commit; the
 * runtime's own storage does that in production); otherwise on this disk, as `npm start` does.
 * `direct`: the load generator connects to the runtime's own port, past wrangler dev's proxy
 * (a development-only hop that production does not have). `obs`: wrangler's local observability on
 * (its default) or off.
 */
interface Setup {
  ram: boolean;
  direct: boolean;
  obs: boolean;
}

const ramDisk = existsSync('/dev/shm') ? '/dev/shm' : null;

async function healthy(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
    (r) => r.ok,
    () => false,
  );
}

/** Runs one loadgen step against a fresh `wrangler dev` on core 0 set up as asked, then stops it. */
async function cardroom(label: string, setup: Setup, mode: string, args: string[], checkout = root): Promise<void> {
  const state = join(setup.ram && ramDisk ? ramDisk : join(root, '.wrangler'), `peer-state-${Date.now()}`);
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', ...(setup.obs ? {} : { X_LOCAL_OBSERVABILITY: 'false' }) };
  // The room-creation and socket-opening limits are for people, not for a benchmark that opens hundreds of rooms.
  const wrangler = spawn(
    'taskset',
    [
      '-c',
      '0',
      process.execPath,
      join(checkout, 'node_modules/wrangler/bin/wrangler.js'),
      'dev',
      '--port',
      String(wranglerPort),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      state,
      '--log-level',
      'error',
      '--var',
      'ROOM_LIMIT:off',
      '--var',
      'SOCKET_LIMIT:off',
    ],
    { cwd: checkout, env, stdio: 'ignore', detached: true },
  );
  try {
    let up = false;
    for (let i = 0; i < 120 && !up && wrangler.exitCode === null; i++) {
      up = await healthy(wranglerPort);
      if (!up) await sleep(500);
    }
    if (!up) throw new Error(`wrangler dev did not start on port ${wranglerPort}`);
    const pids = processTree(wrangler.pid!);
    const port = setup.direct ? await runtimePort(wrangler.pid!, wranglerPort) : wranglerPort;
    loadgen(label, mode, args, [
      '--adapter-file=' + join(root, 'e2e/load/peer-adapter.mjs'),
      '--cardroom-dir=' + checkout,
      '--spawn=0',
      `--url=http://127.0.0.1:${port}`,
      `--pid=${pids.join(',')}`,
    ]);
  } finally {
    try {
      process.kill(-wrangler.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await sleep(1500);
    try {
      process.kill(-wrangler.pid!, 'SIGKILL');
    } catch {
      // gone
    }
    rmSync(state, { recursive: true, force: true });
  }
}

/**
 * boardgame.io at Cardroom's pace (e2e/load/paced-bgio-adapter.mjs): its own server started here on
 * core 0 as the harness starts it, driven with each seat's moves spaced as Cardroom's must be.
 */
async function bgioPaced(mode: string, args: string[]): Promise<void> {
  const server = spawn('taskset', ['-c', '0', process.execPath, '--expose-gc', 'server.mjs'], {
    cwd: harness,
    env: { ...process.env, PORT: String(wranglerPort), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    const up = await new Promise<boolean>((done) => {
      const timer = setTimeout(() => done(false), 30_000);
      server.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes('bgio server pid=')) {
          clearTimeout(timer);
          done(true);
        }
      });
    });
    if (!up) throw new Error('the boardgame.io server did not start');
    loadgen(ROWS.bgioPaced, mode, args, [
      '--adapter-file=' + join(root, 'e2e/load/paced-bgio-adapter.mjs'),
      '--spawn=0',
      `--url=http://127.0.0.1:${wranglerPort}`,
      `--pid=${server.pid}`,
    ]);
  } finally {
    server.kill('SIGTERM');
    await sleep(500);
  }
}

const RAM: Setup = { ram: true, direct: false, obs: false };
const ROWS = {
  ram: 'cardroom ram',
  disk: 'cardroom disk',
  direct: 'cardroom ram direct',
  defaults: 'cardroom defaults',
  bgioPaced: 'bgio paced',
  before: 'cardroom ram before',
};

async function run(): Promise<void> {
  if (!existsSync(join(root, 'dist/index.html'))) execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'ignore' });
  if (!ramDisk) console.log('No /dev/shm here: the "RAM" rows keep the rooms on disk.');
  const before = beforeRef ? beforeCheckout(beforeRef) : null;
  /** The commit before, set up as the main row, right after this checkout's step (same machine, same minute). */
  const alsoBefore = async (mode: string, args: string[]) => {
    if (before) await cardroom(ROWS.before, RAM, mode, args, before);
  };
  const seq = quick ? ['--moves=1000', '--warmup-moves=100'] : ['--moves=2000', '--warmup-moves=200'];
  const rooms = process.env.PEER_ROOMS ? process.env.PEER_ROOMS.split(',').map(Number) : quick ? [400, 800] : [200, 400, 800, 1000, 1200];
  const ramp = ['--rate=1', quick ? '--duration=8' : '--duration=15', '--warmup=5'];
  const max = ['--rooms=16,64', quick ? '--duration=6' : '--duration=12', '--warmup=3'];
  const sync = ['--at=0,128,2000'];

  if (steps.has('seq')) {
    bgio('seq', seq);
    await bgioPaced('seq', seq);
    await cardroom(ROWS.ram, RAM, 'seq', seq);
    await alsoBefore('seq', seq);
    await cardroom(ROWS.disk, { ram: false, direct: false, obs: false }, 'seq', seq);
    await cardroom(ROWS.direct, { ram: true, direct: true, obs: false }, 'seq', seq);
    await cardroom(ROWS.defaults, { ram: false, direct: false, obs: true }, 'seq', seq);
  }
  if (steps.has('ramp')) {
    bgio('ramp', [...ramp, `--rooms=${rooms.join(',')}`]);
    // A fresh server for every step, as the harness gives boardgame.io; stop at the first step over 50 ms.
    let after = true;
    let earlier = before !== null;
    for (const r of rooms) {
      if (after) await cardroom(ROWS.ram, RAM, 'ramp', [...ramp, `--rooms=${r}`]);
      if (earlier) await alsoBefore('ramp', [...ramp, `--rooms=${r}`]);
      after &&= knee(ROWS.ram).includes(r);
      earlier &&= knee(ROWS.before).includes(r);
      if (!after && !earlier) break;
    }
  }
  if (steps.has('max')) {
    bgio('max', max);
    await cardroom(ROWS.ram, RAM, 'max', max);
    await alsoBefore('max', max);
    await cardroom(ROWS.direct, { ram: true, direct: true, obs: false }, 'max', max);
  }
  if (steps.has('sync')) {
    bgio('sync', sync);
    await cardroom(ROWS.ram, RAM, 'sync', sync);
    await alsoBefore('sync', sync);
  }
  report();
}

interface Rec {
  mode: string;
  label: string;
  discarded?: boolean;
  rooms?: number;
  moves?: number;
  errors?: number;
  achievedMps?: number;
  rttMs?: { p50: number; p99: number };
  syncPayload?: number;
  serverCpuMsPerMove?: number;
  bytes?: { downPayloadPerRecipient: number; serverWcharPerMove: number; syncStartPayload: number[]; syncAfterPayload: number };
}

function records(): Rec[] {
  if (!existsSync(out)) return [];
  return readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Rec)
    .filter((r) => !r.discarded);
}
const of = (label: string, mode: string) => records().filter((r) => r.label === label && r.mode === mode);
/** Room counts at 1 move/s/room whose step kept p99 ≤ 50 ms without errors. */
const knee = (label: string) =>
  of(label, 'ramp')
    .filter((r) => (r.rttMs?.p99 ?? Infinity) <= 50 && (r.errors ?? 0) === 0)
    .map((r) => r.rooms ?? 0);

function report(): void {
  const seqOf = (label: string) => of(label, 'seq').at(-1);
  const kneeOf = (label: string) => Math.max(0, ...knee(label));
  const peak = (label: string) => Math.max(0, ...of(label, 'max').map((r) => r.achievedMps ?? 0));
  const syncAt = (label: string, moves: number) => of(label, 'sync').find((r) => r.moves === moves)?.syncPayload ?? NaN;
  const fmt = (n: number | undefined, d = 2) => (n === undefined || Number.isNaN(n) ? '—' : n.toFixed(d));
  const rtt = (r: Rec | undefined) => `${fmt(r?.rttMs?.p50)} / ${fmt(r?.rttMs?.p99)}`;
  // A row's Cardroom cell is read for the main label and, with PEER_BEFORE, for the commit before too.
  type Cell = (label: string) => string;
  const rows: [string, string, Cell, string][] = [];
  const b = seqOf('bgio');
  const rttOf: Cell = (l) => rtt(seqOf(l));
  const only =
    (label: string): Cell =>
    (l) =>
      l === ROWS.ram ? rtt(seqOf(label)) : '—';
  rows.push(['move round trip, one room, p50 / p99 (ms): rooms in RAM, observability off', rtt(b), rttOf, '≤ 0.5 / ≤ 3']);
  rows.push(["the same at Cardroom's pace (each seat's moves 55 ms apart, inside the rate limit)", rtt(seqOf(ROWS.bgioPaced)), rttOf, '']);
  rows.push(['the same, rooms on disk (fsync per commit)', '—', only(ROWS.disk), '']);
  rows.push(["the same in RAM, straight to the runtime (past wrangler dev's proxy)", '—', only(ROWS.direct), '']);
  rows.push(['the same with wrangler defaults (on disk, observability on)', '—', only(ROWS.defaults), '']);
  rows.push([
    'server CPU per move (ms), one room: unpaced / paced; RAM / disk / straight to the runtime',
    `${fmt(b?.serverCpuMsPerMove, 3)} / ${fmt(seqOf(ROWS.bgioPaced)?.serverCpuMsPerMove, 3)}`,
    (l) => (l === ROWS.ram ? [ROWS.ram, ROWS.disk, ROWS.direct] : [l]).map((x) => fmt(seqOf(x)?.serverCpuMsPerMove, 3)).join(' / '),
    '',
  ]);
  rows.push(['rooms at 1 move/s/room with p99 ≤ 50 ms', String(kneeOf('bgio')), (l) => String(kneeOf(l)), '≥ 800']);
  rows.push(['peak moves per second (closed loop)', fmt(peak('bgio'), 0), (l) => fmt(peak(l), 0), '≥ half of boardgame.io']);
  rows.push(['the same straight to the runtime', '—', (l) => (l === ROWS.ram ? fmt(peak(ROWS.direct), 0) : '—'), '']);
  rows.push([
    'bytes sent per move to each socket (payload)',
    fmt(b?.bytes?.downPayloadPerRecipient, 0),
    (l) => fmt(seqOf(l)?.bytes?.downPayloadPerRecipient, 0),
    '≤ 256',
  ]);
  rows.push([
    'bytes written by the server per move (wchar), rooms on disk',
    fmt(b?.bytes?.serverWcharPerMove, 0),
    (l) => (l === ROWS.ram ? fmt(seqOf(ROWS.disk)?.bytes?.serverWcharPerMove, 0) : '—'),
    '≤ 16,384',
  ]);
  rows.push([
    'full resync at start / after 128 / after 2,000 moves (B)',
    `${syncAt('bgio', 0)} / ${syncAt('bgio', 128)} / ${syncAt('bgio', 2000)}`,
    (l) => `${syncAt(l, 0)} / ${syncAt(l, 128)} / ${syncAt(l, 2000)}`,
    '≤ 2,048, flat',
  ]);
  const withBefore = beforeRef !== undefined;
  console.log('\n=== Side by side (same machine, same load generator, one run) ===\n');
  console.log(
    withBefore
      ? `| measure | boardgame.io | Cardroom | Cardroom at ${beforeRef} (rooms in RAM) | target |\n|---|---:|---:|---:|---|`
      : '| measure | boardgame.io | Cardroom | target |\n|---|---:|---:|---|',
  );
  for (const [measure, peer, cell, target] of rows) {
    const cells = withBefore ? [measure, peer, cell(ROWS.ram), cell(ROWS.before), target] : [measure, peer, cell(ROWS.ram), target];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log(`\nRaw records: ${out}`);
}

if (install()) void run();
