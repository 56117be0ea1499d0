/**
 * `npm run bench`: every benchmark, one after another, figures printed (never asserted).
 * Engine benchmarks are the `*.bench.ts` scripts beside each game (`npm run bench engines <game>`
 * runs one game's); the room load benchmark drives `wrangler dev`; `spa` builds the site and measures its
 * first-visit JavaScript and largest contentful paint on an emulated phone (e2e/load/web.bench.ts); `peer` runs the room side by side with boardgame.io.
 * `abuse` measures a room's move round trip quietly and while one socket floods it.
 * `bundle` builds the Worker as deployed and times what a new isolate loads at start (scripts/bundle-bench.ts).
 * `results` writes ranked results to local D1 inside the Workers test pool (worker/bench/results.bench.ts).
 * `queue` sends synthetic arrivals to one ranked queue under `wrangler dev` (e2e/load/queue.bench.ts).
 * `bots` plays the bot levels against each other (scripts/bots-bench.ts) and, alone among them, fails when a bound is missed:
 * `npm run bench bots [game] [strong-normal|normal-easy] [--matches N] [--threads T]`.
 * `npm run bench <spa|bundle|engines|load|peer|abuse|results|queue|bots>` runs one part.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildWorkerVendor } from './worker-vendor';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv[2];
/** With `engines`, an optional game id runs that game's benchmarks only: `npm run bench engines dhappa`. */
const onlyGame = process.argv[3];

function section(title: string) {
  console.log(`\n=== ${title} ===`);
}

function spaBench() {
  section('SPA: initial JavaScript (gzipped) and largest contentful paint on an emulated phone');
  // Always measure the current sources: a stale dist/ would report an old figure.
  execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'ignore' });
  spawnSync('npx', ['tsx', 'e2e/load/web.bench.ts'], { cwd: root, stdio: 'inherit' });
}

function bundleBench() {
  section('The Worker as deployed: its modules, gzipped, and what a new isolate compiles and evaluates at start');
  spawnSync('npx', ['tsx', 'scripts/bundle-bench.ts'], { cwd: root, stdio: 'inherit' });
}

function engineBenches() {
  const games = readdirSync(join(root, 'shared/games'), { withFileTypes: true }).filter((d) => d.isDirectory() && (!onlyGame || d.name === onlyGame));
  for (const g of games) {
    const dir = join(root, 'shared/games', g.name);
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.bench.ts'))) {
      section(`${g.name}: ${f}`);
      spawnSync('npx', ['tsx', join(dir, f)], { cwd: root, stdio: 'inherit' });
    }
  }
}

function loadBench() {
  section('Room load through wrangler dev (Eights, 4 sockets a room, 1 move/s a room)');
  spawnSync('npx', ['tsx', 'e2e/load/rooms.bench.ts', process.env.BENCH_ROOMS ?? '400'], { cwd: root, stdio: 'inherit' });
}

function abuseBench() {
  // Twice: a hostile socket that ignores the room's close frame, then one that drops its connection on it (as a browser does).
  for (const attacker of ['hostile', 'polite']) {
    section(`A room under attack through wrangler dev (Eights, 2 people; one ${attacker} socket floods hellos, 100 KB frames and garbage)`);
    spawnSync('npx', ['tsx', 'e2e/load/abuse.bench.ts', process.env.BENCH_ABUSE_SECONDS ?? '12'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_ATTACKER: attacker },
    });
  }
}

function peerBench() {
  section('The room side by side with boardgame.io (../shared/bench/peer-bgio)');
  spawnSync('npx', ['tsx', 'scripts/peer-bench.ts'], { cwd: root, stdio: 'inherit' });
}

function resultsBench() {
  section('Writing one ranked result to local D1 (Workers test pool, 4 seats)');
  spawnSync('npx', ['vitest', 'run', '--config', 'vitest.bench.config.ts'], { cwd: join(root, 'worker'), stdio: 'inherit' });
}

function queueBench() {
  section('One ranked queue through wrangler dev (Eights, 4 seats): joins a second and join → ticket');
  spawnSync('npx', ['tsx', 'e2e/load/queue.bench.ts', process.env.BENCH_QUEUE_RATE ?? '2000', process.env.BENCH_QUEUE_SECONDS ?? '5'], {
    cwd: root,
    stdio: 'inherit',
  });
}

function botsBench(): number {
  section('Bot levels: Strong against Normal and Normal against Easy, duplicate deals (scripts/bots-bench.ts)');
  return spawnSync('npx', ['tsx', 'scripts/bots-bench.ts', ...process.argv.slice(3)], { cwd: root, stdio: 'inherit' }).status ?? 1;
}

// The benchmarks that start `wrangler dev` need the Worker's generated module (scripts/worker-vendor.ts).
await buildWorkerVendor();
if (!only || only === 'spa') spaBench();
if (!only || only === 'bundle') bundleBench();
if (!only || only === 'engines') engineBenches();
if (!only || only === 'load') loadBench();
if (!only || only === 'peer') peerBench();
if (!only || only === 'abuse') abuseBench();
if (!only || only === 'results') resultsBench();
if (!only || only === 'queue') queueBench();
// The one bench with bounds: its failure is the command's.
if (!only || only === 'bots') process.exitCode = botsBench();
