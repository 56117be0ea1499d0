/**
 * `npm run bench bots`: the bot levels measured against each other in the arena (shared/bots/arena.ts).
 * For every room game, Strong against Normal and Normal against Easy, each match a deal played
 * twice with the levels swapped; prints the stronger level's win rate with its 95 % Wilson interval
 * and each level's decision time (p50 / p99, one thread each), and exits 1 when a bound is missed:
 * the interval's lower bound must be above 50 % (Baloot's Strong against Normal: 55 %), and
 * Strong's p99 decision at most 150 ms.
 *
 *   npm run bench bots [game] [strong-normal|normal-easy] [--matches N] [--threads T]
 *
 * 1,000 matches a pair by default (more for the pairs in MATCHES), on as many worker threads as the machine has cores (at most 2 by default).
 */
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { playMatch, quantile, wilson } from '../shared/bots/arena';
import type { BotLevel } from '../shared/engine/types';
import { gameById, roomGameIds } from '../shared/games/registry';

const PAIRS: [BotLevel, BotLevel][] = [
  ['strong', 'normal'],
  ['normal', 'easy'],
];
/**
 * Matches a pair plays unless --matches says otherwise: at least 1,000, more where Strong's edge
 * over Normal is small (about two points) and 1,000 matches leave its interval reaching below 50 %.
 */
const MATCHES: Record<string, number> = { 'eights:strong-normal': 5000, 'rummy:strong-normal': 3000 };
const DEFAULT_MATCHES = 1000;
/** Lower bound of the stronger level's win rate, by game and pair; 50 % unless listed. */
const BOUNDS: Record<string, number> = { 'baloot:strong-normal': 0.55 };
const STRONG_P99_MS = 150;
/** Matches handed to a thread at a time: small enough to keep both threads busy to the end. */
const CHUNK = 20;

interface Job {
  game: string;
  a: BotLevel;
  b: BotLevel;
  from: number;
  to: number;
}
interface Done {
  key: string;
  matches: number;
  scoreA: number;
  games: number;
  cutOff: number;
  refused: number;
  times: Record<BotLevel, Float64Array>;
}

function runJob(job: Job): Done {
  const game = gameById(job.game)!;
  const times: Record<BotLevel, number[]> = { easy: [], normal: [], strong: [] };
  let scoreA = 0;
  let cutOff = 0;
  let refused = 0;
  for (let i = job.from; i < job.to; i++) {
    const m = playMatch(game, job.a, job.b, `${job.game}:${job.a}-${job.b}:${i}`);
    scoreA += m.scoreA;
    for (const g of m.games) {
      if (g.cutOff) cutOff++;
      refused += g.refused;
    }
    for (const level of ['easy', 'normal', 'strong'] as const) for (const t of m.times[level]) times[level].push(t);
  }
  return {
    key: `${job.game}:${job.a}-${job.b}`,
    matches: job.to - job.from,
    scoreA,
    games: 2 * (job.to - job.from),
    cutOff,
    refused,
    times: { easy: Float64Array.from(times.easy), normal: Float64Array.from(times.normal), strong: Float64Array.from(times.strong) },
  };
}

function parseArgs(argv: string[]) {
  let matches: number | null = null;
  let threads = Math.min(2, availableParallelism());
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--matches') matches = Number(argv[++i]);
    else if (argv[i] === '--threads') threads = Number(argv[++i]);
    else rest.push(argv[i]!);
  }
  const games = rest.find((a) => gameById(a)) ? rest.filter((a) => gameById(a)) : roomGameIds();
  const pairArg = rest.find((a) => a.includes('-'));
  const pairs = pairArg ? PAIRS.filter(([a, b]) => `${a}-${b}` === pairArg) : PAIRS;
  const unknown = rest.filter((a) => !gameById(a) && a !== pairArg);
  if (unknown.length > 0 || pairs.length === 0 || (matches !== null && !(matches > 0)) || !(threads > 0)) {
    console.error(`usage: npm run bench bots [${roomGameIds().join('|')}] [strong-normal|normal-easy] [--matches N] [--threads T]`);
    process.exit(2);
  }
  return { matches, threads, games, pairs };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

async function main() {
  const { matches, threads, games, pairs } = parseArgs(process.argv.slice(2));
  const jobs: Job[] = [];
  for (const game of games)
    for (const [a, b] of pairs) {
      const n = matches ?? MATCHES[`${game}:${a}-${b}`] ?? DEFAULT_MATCHES;
      for (let from = 0; from < n; from += CHUNK) jobs.push({ game, a, b, from, to: Math.min(n, from + CHUNK) });
    }
  console.log(
    `${games.join(', ')}: ${pairs.map((p) => p.join('–')).join(', ')}; ${matches ?? `${DEFAULT_MATCHES} (or as listed in MATCHES)`} matches a pair (each a deal played twice), ${threads} threads`,
  );
  const totals = new Map<string, Omit<Done, 'times'> & { times: Record<BotLevel, number[]> }>();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: threads }, () => {
      const worker = new Worker(new URL(import.meta.url), { execArgv: ['--import', 'tsx'] });
      return new Promise<void>((resolve, reject) => {
        const feed = () => {
          if (next < jobs.length) worker.postMessage(jobs[next++]);
          else void worker.terminate().then(() => resolve());
        };
        worker.on('message', (done: Done) => {
          const t = totals.get(done.key) ?? { ...done, matches: 0, scoreA: 0, games: 0, cutOff: 0, refused: 0, times: { easy: [], normal: [], strong: [] } };
          t.matches += done.matches;
          t.scoreA += done.scoreA;
          t.games += done.games;
          t.cutOff += done.cutOff;
          t.refused += done.refused;
          for (const level of ['easy', 'normal', 'strong'] as const) for (const x of done.times[level]) t.times[level].push(x);
          totals.set(done.key, t);
          feed();
        });
        worker.on('error', reject);
        feed();
      });
    }),
  );

  const failures: string[] = [];
  console.log('\n| game | pair | matches | stronger wins | 95 % interval | bound | decisions p50 / p99 | cut off | refused |');
  console.log('|---|---|---:|---:|---|---:|---|---:|---:|');
  for (const game of games)
    for (const [a, b] of pairs) {
      const key = `${game}:${a}-${b}`;
      const t = totals.get(key)!;
      const r = wilson(t.scoreA, t.games);
      const bound = BOUNDS[`${game}:${a}-${b}`] ?? 0.5;
      const time = (level: BotLevel) => `${level} ${ms(quantile(t.times[level], 0.5))} / ${ms(quantile(t.times[level], 0.99))}`;
      console.log(
        `| ${game} | ${a}–${b} | ${t.matches} | ${pct(r.rate)} | ${pct(r.low)} – ${pct(r.high)} | > ${pct(bound)} | ${time(a)}; ${time(b)} | ${t.cutOff} | ${t.refused} |`,
      );
      if (!(r.low > bound)) failures.push(`${game} ${a} against ${b}: lower bound ${pct(r.low)}, needs above ${pct(bound)}`);
      if (a === 'strong' && quantile(t.times.strong, 0.99) > STRONG_P99_MS)
        failures.push(`${game} strong: p99 decision ${ms(quantile(t.times.strong, 0.99))}, needs at most ${STRONG_P99_MS} ms`);
      if (t.refused > 0) failures.push(`${game} ${a}–${b}: the rules refused ${t.refused} bot moves`);
    }
  console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (failures.length > 0) {
    console.log(`\nFAILED:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('Every bound met.');
}

if (isMainThread) await main();
else parentPort!.on('message', (job: Job) => parentPort!.postMessage(runJob(job)));
