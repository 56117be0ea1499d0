/**
 * Ranked queue microbench: synthetic arrivals at a fixed rate in fake time (default 2,000 joins
 * a second for 60 simulated seconds), ratings drawn from a normal distribution (mean 1000, sd
 * 250 points; 1 in 50 joins is one of the last 50 players joining again), through one queue.
 * `form` runs after every join, or on a fixed tick. Prints the joins the queue absorbed per
 * second of process CPU time (wall time beside it: a busy shared machine disturbs it), the
 * tables formed, waiting times in simulated time and the mean gap between team means. Run with
 * `npx tsx shared/ranked/queue.bench.ts [joinsPerSecond] [seconds]`; figures are for comparing
 * versions on one machine.
 */
import { RankedQueue, type QueueConfig } from './queue';

const RATE = Number(process.argv[2] ?? 2000);
const SECONDS = Number(process.argv[3] ?? 60);

interface Scenario {
  name: string;
  config: QueueConfig;
  /** ms between `form` calls; 0 = after every join. */
  tick: number;
}

const SCENARIOS: Scenario[] = [
  { name: 'Baloot 2v2, form after every join', config: { seats: 4, teams: [0, 1, 0, 1] }, tick: 0 },
  { name: 'Baloot 2v2, form every 50 ms', config: { seats: 4, teams: [0, 1, 0, 1] }, tick: 50 },
  { name: 'Baloot 2v2, form every 5 s (10,000 waiting at a time)', config: { seats: 4, teams: [0, 1, 0, 1] }, tick: 5000 },
  { name: 'Dhappa 3v3, form after every join', config: { seats: 6, teams: [0, 1, 0, 1, 0, 1] }, tick: 0 },
  { name: 'Eights 4 free-for-all, form after every join', config: { seats: 4 }, tick: 0 },
];

function run({ name, config, tick }: Scenario) {
  let seed = 12345;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const queue = new RankedQueue(config);
  const joins = Math.round(RATE * SECONDS);
  const gapMs = 1000 / RATE;
  const waits: number[] = [];
  let tables = 0;
  let gapSum = 0;
  let spreadSum = 0;
  let peak = 0;
  let nextForm = 0;
  let playerId = 0;
  const collect = (now: number) => {
    for (const t of queue.form(now)) {
      tables++;
      gapSum += t.gap;
      spreadSum += t.spread;
      for (const m of t.seats) waits.push(now - m.joinedAt);
    }
  };
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (let i = 0; i < joins; i++) {
    const now = i * gapMs;
    // Now and then one of the last 50 players joins again (replacing their entry if still waiting).
    const again = random() < 0.02 && playerId > 50;
    const player = again ? `p${playerId - 1 - Math.floor(random() * 50)}` : `p${playerId++}`;
    queue.join(player, 1000 + 250 * normal(), now);
    peak = Math.max(peak, queue.size);
    if (tick === 0) collect(now);
    else if (now >= nextForm) {
      collect(now);
      nextForm = now + tick;
    }
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const wallSeconds = (performance.now() - wall0) / 1000;
  waits.sort((a, b) => a - b);
  const pct = (p: number) => waits[Math.min(waits.length - 1, Math.floor(p * waits.length))] ?? NaN;
  console.log(`\n${name}: ${joins} joins at ${RATE}/s over ${SECONDS} simulated s`);
  console.log(
    `  ${Math.round(joins / cpuSeconds).toLocaleString('en')} joins per CPU second (${Math.round(joins / wallSeconds).toLocaleString('en')} per wall second)`,
  );
  console.log(`  ${tables} tables (${(tables / SECONDS).toFixed(0)}/s simulated); ${queue.size} still waiting; at most ${peak} waiting at once`);
  console.log(`  wait to a seat (simulated): p50 ${pct(0.5).toFixed(0)} ms, p99 ${pct(0.99).toFixed(0)} ms, max ${pct(1).toFixed(0)} ms`);
  console.log(
    `  mean rating spread at a table ${(spreadSum / tables).toFixed(1)} points${config.teams ? `; mean gap between team means ${(gapSum / tables).toFixed(2)} points` : ''}`,
  );
}

for (const s of SCENARIOS) run(s);
