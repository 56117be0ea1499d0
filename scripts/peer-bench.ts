/**
 * The room side by side with boardgame.io: `npm run bench peer`.
 * Runs the peer harness (../shared/bench/peer-bgio beside the project: boardgame.io 0.50.2 on
 * its own server, and Cardroom's room under `wrangler dev` through e2e/load/peer-adapter.mjs)
 * with one load generator on core 1 and each server on core 0, then prints one table.
 * The harness is copied to a writable tools folder and installed there on first use.
 * PEER_QUICK=1 runs shorter steps (a smoke run, not figures to record); PEER_PORT picks the servers' port.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const source = resolve(root, '..', 'shared', 'bench', 'peer-bgio');
const harness = process.env.PEER_BGIO_DIR ?? join(homedir(), '.cache', 'cardroom-tools', 'peer-bgio');
const quick = process.env.PEER_QUICK === '1';
const port = process.env.PEER_PORT ? [`--port=${process.env.PEER_PORT}`] : [];

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

const out = join(harness, 'logs', `side-by-side-${Date.now()}.jsonl`);

function loadgen(label: string, mode: string, args: string[], env: Record<string, string> = {}): void {
  console.log(`\n--- ${label}: ${mode} ${args.join(' ')}`);
  const r = spawnSync('taskset', ['-c', '1', process.execPath, 'loadgen.mjs', mode, ...args, ...port, `--out=${out}`, `--label=${label}`, '--quiet-wait=30', '--retries=1', '--hard-limit=1500'], {
    cwd: harness,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) console.log(`(${label} ${mode} exited with ${r.status})`);
}

// The room-creation and socket-opening limits are for people, not for a benchmark that opens hundreds of rooms.
const cardroom = ['--adapter-file=' + join(root, 'e2e/load/peer-adapter.mjs'), '--cardroom-dir=' + root, '--cardroom-vars=ROOM_LIMIT:off,SOCKET_LIMIT:off'];
const OBS_OFF = { X_LOCAL_OBSERVABILITY: 'false' };

function run(): void {
  if (!existsSync(join(root, 'dist/index.html'))) execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'ignore' });
  const seq = quick ? ['--moves=1000', '--warmup-moves=100'] : ['--moves=2000', '--warmup-moves=200'];
  const ramp = ['--rate=1', quick ? '--rooms=400,800' : '--rooms=200,400,800,1000,1200', quick ? '--duration=8' : '--duration=15', '--warmup=5'];
  const max = ['--rooms=16,64', quick ? '--duration=6' : '--duration=12', '--warmup=3'];
  const sync = ['--at=0,128,2000'];

  loadgen('bgio', 'seq', seq);
  loadgen('cardroom obs-off', 'seq', [...seq, ...cardroom], OBS_OFF);
  loadgen('cardroom defaults', 'seq', [...seq, ...cardroom]);
  loadgen('bgio', 'ramp', ramp);
  loadgen('cardroom obs-off', 'ramp', [...ramp, ...cardroom], OBS_OFF);
  loadgen('bgio', 'max', max);
  loadgen('cardroom obs-off', 'max', [...max, ...cardroom], OBS_OFF);
  loadgen('bgio', 'sync', sync);
  loadgen('cardroom obs-off', 'sync', [...sync, ...cardroom], OBS_OFF);
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

function report(): void {
  const recs = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Rec).filter((r) => !r.discarded);
  const of = (label: string, mode: string) => recs.filter((r) => r.label === label && r.mode === mode);
  const seqOf = (label: string) => of(label, 'seq').at(-1);
  const knee = (label: string) => {
    const ok = of(label, 'ramp').filter((r) => (r.rttMs?.p99 ?? Infinity) <= 50 && (r.errors ?? 0) === 0);
    return ok.length ? Math.max(...ok.map((r) => r.rooms ?? 0)) : 0;
  };
  const peak = (label: string) => Math.max(0, ...of(label, 'max').map((r) => r.achievedMps ?? 0));
  const syncAt = (label: string, moves: number) => of(label, 'sync').find((r) => r.moves === moves)?.syncPayload ?? NaN;
  const fmt = (n: number | undefined, d = 2) => (n === undefined || Number.isNaN(n) ? '—' : n.toFixed(d));
  const rows: [string, string, string, string][] = [];
  const b = seqOf('bgio');
  const c = seqOf('cardroom obs-off');
  const cd = seqOf('cardroom defaults');
  rows.push(['move round trip, one room, p50 / p99 (ms), observability off', `${fmt(b?.rttMs?.p50)} / ${fmt(b?.rttMs?.p99)}`, `${fmt(c?.rttMs?.p50)} / ${fmt(c?.rttMs?.p99)}`, '≤ 0.5 / ≤ 3']);
  rows.push(['the same with wrangler defaults', '—', `${fmt(cd?.rttMs?.p50)} / ${fmt(cd?.rttMs?.p99)}`, '']);
  rows.push(['server CPU per move (ms), observability off', fmt(b?.serverCpuMsPerMove, 3), fmt(c?.serverCpuMsPerMove, 3), '']);
  rows.push(['rooms at 1 move/s/room with p99 ≤ 50 ms', String(knee('bgio')), String(knee('cardroom obs-off')), '≥ 800']);
  rows.push(['peak moves per second (closed loop)', fmt(peak('bgio'), 0), fmt(peak('cardroom obs-off'), 0), '≥ half of boardgame.io']);
  rows.push(['bytes sent per move to each socket (payload)', fmt(b?.bytes?.downPayloadPerRecipient, 0), fmt(c?.bytes?.downPayloadPerRecipient, 0), '≤ 256']);
  rows.push(['bytes written by the server per move (wchar), observability off', fmt(b?.bytes?.serverWcharPerMove, 0), fmt(c?.bytes?.serverWcharPerMove, 0), '≤ 16,384']);
  rows.push(['full resync at start / after 128 / after 2,000 moves (B)', `${syncAt('bgio', 0)} / ${syncAt('bgio', 128)} / ${syncAt('bgio', 2000)}`, `${syncAt('cardroom obs-off', 0)} / ${syncAt('cardroom obs-off', 128)} / ${syncAt('cardroom obs-off', 2000)}`, '≤ 2,048, flat']);
  console.log('\n=== Side by side (same machine, same load generator, one run) ===\n');
  console.log('| measure | boardgame.io | Cardroom | target |\n|---|---:|---:|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log(`\nRaw records: ${out}`);
}

if (install()) run();
