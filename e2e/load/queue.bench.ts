/**
 * Ranked queue benchmark: synthetic arrivals against one queue object under `wrangler dev`.
 * Seeds N players in the local D1, then opens queue sockets for Eights (4 seats, tier blitz) at
 * a fixed arrival rate, each as its own player (its cookie), and measures the time from opening
 * the socket (the join) to the `matched` frame with its ticket. Every join is the real path:
 * the Worker's checks (player, limit, ban, ranked game, rating: D1 reads), the queue object, and
 * per table a ranked room made and its players marked in D1. Steps the rate up; reports joins
 * per second absorbed and p50/p99 join → ticket at each step, and the mean rating gap between
 * the teams the queue would form (Baloot 2v2) from the same arrivals in the pure queue.
 * Run: npx tsx e2e/load/queue.bench.ts [maxRate] [seconds]
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { RankedQueue } from '../../shared/ranked/queue';

const PORT = Number(process.env.BENCH_PORT ?? 8832);
const BASE = `localhost:${PORT}`;
const MAX_RATE = Number(process.argv[2] ?? 2000);
const SECONDS = Number(process.argv[3] ?? 5);
const STEPS = [100, 250, 500, 1000, 2000, 4000].filter((r) => r <= MAX_RATE);
if (!STEPS.includes(MAX_RATE)) STEPS.push(MAX_RATE);
const PERSIST = '.wrangler/bench-queue';

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** Players for every arrival of every step, written to the local D1 in one SQL file. */
function seedPlayers(n: number): string[] {
  const cookies: string[] = [];
  const rows: string[] = [];
  const now = Date.now();
  for (let i = 0; i < n; i++) {
    // The shapes a real cookie has: a 22-character id and a 43-character secret (base64url).
    const id = `b${now.toString(36)}`.padEnd(9, 'x') + i.toString(36).padStart(13, '0');
    const secret = createHash('sha256').update(`secret ${id}`).digest('base64url');
    rows.push(`('${id}','${createHash('sha256').update(secret).digest('hex')}','Bench ${i}',${now},${now})`);
    cookies.push(`cr_player=${id}.${secret}`);
  }
  mkdirSync(PERSIST, { recursive: true });
  const file = `${PERSIST}/seed.sql`;
  const chunks: string[] = [];
  for (let i = 0; i < rows.length; i += 500)
    chunks.push(`INSERT INTO players (id, secret_hash, name, created_at, seen_at) VALUES ${rows.slice(i, i + 500).join(',')};`);
  writeFileSync(file, chunks.join('\n'));
  const apply = spawnSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'cardroom', '--local', '--persist-to', PERSIST], {
    stdio: 'ignore',
    env: { ...process.env, CI: '1' },
  });
  if (apply.status !== 0) throw new Error('applying migrations failed');
  const seed = spawnSync('npx', ['wrangler', 'd1', 'execute', 'cardroom', '--local', '--persist-to', PERSIST, '--file', file], { stdio: 'ignore' });
  if (seed.status !== 0) throw new Error('seeding players failed');
  return cookies;
}

/** One arrival: join, wait for the ticket; the time in ms, or null when refused or lost. */
function arrive(cookie: string): Promise<number | null> {
  return new Promise((resolve) => {
    const started = performance.now();
    // Node's WebSocket (undici) takes headers: the player's cookie.
    const ws = new WebSocket(`ws://${BASE}/api/queue/eights/blitz/4/ws`, { headers: { Cookie: cookie } } as unknown as string[]);
    const timer = setTimeout(() => {
      ws.close();
      resolve(null);
    }, 30_000);
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data)) as { t: string };
      if (m.t === 'matched') {
        clearTimeout(timer);
        resolve(performance.now() - started);
        ws.close();
      }
    };
    ws.onerror = () => {
      clearTimeout(timer);
      resolve(null);
    };
  });
}

/** The mean gap between team means of Baloot 2v2 tables formed every 50 ms from `rate` arrivals a second (the pure queue). */
function balootGap(rate: number): { gap: number; spread: number; tables: number } {
  const q = new RankedQueue({ seats: 4, teams: [0, 1, 0, 1] });
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const normal = () => Math.sqrt(-2 * Math.log(rnd() || 1e-9)) * Math.cos(2 * Math.PI * rnd());
  const gaps: number[] = [];
  const spreads: number[] = [];
  let id = 0;
  for (let t = 0; t < 60_000; t += 50) {
    for (let k = 0; k < rate / 20; k++) q.join(`p${id++}`, 1000 + 250 * normal(), t);
    for (const table of q.form(t)) {
      gaps.push(table.gap);
      spreads.push(table.spread);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return { gap: mean(gaps), spread: mean(spreads), tables: gaps.length };
}

async function run() {
  const total = STEPS.reduce((n, r) => n + r * SECONDS, 0) + 100;
  const cookies = seedPlayers(total);
  let next = 0;
  const server = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--port',
      String(PORT),
      '--persist-to',
      PERSIST,
      '--log-level',
      'error',
      '--var',
      'QUEUE_LIMIT:off',
      '--var',
      'ROOM_LIMIT:off',
      '--var',
      'SOCKET_LIMIT:off',
    ],
    { stdio: 'ignore', detached: true },
  );
  try {
    for (let i = 0; i < 120; i++) {
      try {
        if ((await fetch(`http://${BASE}/api/health`)).ok) break;
      } catch {
        await sleep(500);
      }
    }
    // Warm up: one table.
    await Promise.all([0, 1, 2, 3].map(() => arrive(cookies[next++]!)));
    console.log('rate/s  joins  matched  joins/s done  p50 ms  p99 ms');
    for (const rate of STEPS) {
      const waits: Promise<number | null>[] = [];
      const start = performance.now();
      const n = rate * SECONDS;
      for (let i = 0; i < n; i++) {
        const due = start + (i * 1000) / rate;
        const lag = due - performance.now();
        if (lag > 1) await sleep(lag);
        waits.push(arrive(cookies[next++]!));
      }
      const results = await Promise.all(waits);
      const elapsed = (performance.now() - start) / 1000;
      const times = results.filter((x): x is number => x !== null);
      console.log(
        `${String(rate).padStart(6)}  ${String(n).padStart(5)}  ${String(times.length).padStart(7)}  ${(times.length / elapsed).toFixed(0).padStart(12)}  ${pct(times, 50).toFixed(1).padStart(6)}  ${pct(times, 99).toFixed(1).padStart(6)}`,
      );
    }
  } finally {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const g = balootGap(2000);
  console.log(
    `Baloot 2v2 from 2,000 arrivals/s (pure queue, formed every 50 ms): ${g.tables} tables, mean team gap ${g.gap.toFixed(1)} points, mean spread ${g.spread.toFixed(1)}`,
  );
}

void run();
