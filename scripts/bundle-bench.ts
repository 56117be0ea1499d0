/**
 * `npm run bench bundle` (issue 32, "The script every room loads"): what a new isolate of the
 * Worker, each room's included, loads before its first request. Builds the Worker as
 * `wrangler deploy` would upload it (`--dry-run`), then prints, for each of its modules:
 *
 * - bytes and gzipped bytes. Budget: the main module, which every isolate evaluates at start,
 *   at most 150 KiB gzipped;
 * - its start in V8 (Node's, the engine workerd embeds; `node:vm` modules, a fresh process a
 *   run; median and least of BENCH_BUNDLE_RUNS, 9): compile and evaluate for the main module; compile only
 *   for the others (workerd compiles every module of a Worker when an isolate starts, and
 *   evaluates only what is imported), and what their first use costs (evaluate, and `load()` for
 *   a vendor bundle, scripts/worker-vendor.ts);
 * - wrangler's local startup profile (`wrangler check startup`, in workerd): the CPU time of
 *   importing the main module, compiled beforehand — its evaluation. Median and least, as many runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_BUNDLE_RUNS ?? 9);
const MAIN_BUDGET_GZIP = 150 * 1024;

/** Run by `node --experimental-vm-modules`: one module's compile, evaluate and first `load()`, in ms, as JSON. */
const MEASURE = `
import vm from 'node:vm';
import { readFileSync } from 'node:fs';
const [file] = process.argv.slice(1);
const source = readFileSync(file, 'utf8');
const t0 = performance.now();
const mod = new vm.SourceTextModule(source, { identifier: file });
const t1 = performance.now();
await mod.link(async (specifier) => {
  if (specifier !== 'cloudflare:workers') throw new Error('unexpected import ' + specifier);
  return new vm.SyntheticModule(['DurableObject', 'WorkerEntrypoint'], function () {
    this.setExport('DurableObject', class DurableObject {});
    this.setExport('WorkerEntrypoint', class WorkerEntrypoint {});
  });
});
const t2 = performance.now();
await mod.evaluate();
const t3 = performance.now();
if (typeof mod.namespace.load === 'function') mod.namespace.load();
const t4 = performance.now();
console.log(JSON.stringify({ compile: t1 - t0, evaluate: t3 - t2, load: t4 - t3 }));
`;

type Timing = { compile: number; evaluate: number; load: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
/** Median, then the least (what the work costs when nothing else wants the cores). */
const spread = (values: number[]) => `${ms(median(values))} (${ms(Math.min(...values))})`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function npx(args: string[]): string {
  return execFileSync('npx', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function time(file: string): Timing {
  const run = spawnSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', '--input-type=module', '-e', MEASURE, file], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`timing ${file} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Timing;
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => join(e.parentPath, e.name));
}

// wrangler reads the assets directory: any built site will do, its files are not measured.
if (!existsSync(join(root, 'dist'))) execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'ignore' });

const dir = mkdtempSync(join(tmpdir(), 'cardroom-bundle-'));
try {
  npx(['wrangler', 'deploy', '--dry-run', '--outdir', join(dir, 'out')]);
  npx(['wrangler', 'deploy', '--dry-run', '--outfile', join(dir, 'worker.bundle')]);
  const main = join(dir, 'out', 'index.js');
  const others = jsFiles(join(dir, 'out')).filter((f) => f !== main);

  console.log(`Modules of the Worker as uploaded (minified), start timed in Node ${process.version}'s V8, median (least) of ${RUNS} runs:`);
  console.log(['module', 'bytes', 'gzipped', 'compile', 'evaluate', 'first use'].join('\t'));
  let atStart = 0;
  for (const file of [main, ...others]) {
    const isMain = file === main;
    const runs = Array.from({ length: RUNS }, () => time(file));
    const compile = runs.map((r) => r.compile);
    const evaluate = runs.map((r) => r.evaluate);
    const firstUse = runs.map((r) => r.evaluate + r.load);
    atStart += median(compile) + (isMain ? median(evaluate) : 0);
    const content = readFileSync(file);
    const gzipped = gzipSync(content).length;
    const name = relative(join(dir, 'out'), file) + (isMain ? ' (main)' : '');
    console.log(
      [
        name,
        content.length.toLocaleString('en'),
        `${gzipped.toLocaleString('en')} (${kib(gzipped)})`,
        spread(compile),
        isMain ? spread(evaluate) : '—',
        isMain ? '—' : spread(firstUse),
      ].join('\t'),
    );
  }
  const mainGzip = gzipSync(readFileSync(main)).length;
  console.log(`main module gzipped: ${kib(mainGzip)}, budget ${kib(MAIN_BUDGET_GZIP)}: ${mainGzip <= MAIN_BUDGET_GZIP ? 'within budget' : 'OVER BUDGET'}`);
  console.log(`an isolate's start in V8 (every module compiled, the main one evaluated; medians): ${ms(atStart)}`);

  const active = Array.from({ length: RUNS }, () => {
    const out = npx(['wrangler', 'check', 'startup', '--worker', join(dir, 'worker.bundle'), '--outfile', join(dir, 'startup.cpuprofile')]);
    const match = /Active: ([\d.]+) ms/.exec(out);
    if (!match) throw new Error(`no startup profile in:\n${out}`);
    return Number(match[1]);
  });
  console.log(
    `wrangler check startup (workerd, importing the compiled main module), active CPU: ${spread(active)}, every run ${active.map((a) => a.toFixed(1)).join(', ')}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
