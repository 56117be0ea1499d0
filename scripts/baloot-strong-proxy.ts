/**
 * A low-variance screen for Baloot Strong against Normal: duplicate single deals. Each seed's first
 * round is played with Strong on team 0 and Normal on team 1, then the same deal with the teams'
 * levels swapped; a deal's margin is Strong's game points minus Normal's over both plays, halved.
 * Whole matches (npm run bench bots) are the real measure; this one finds what is worth measuring.
 *
 *   npx tsx scripts/baloot-strong-proxy.ts [--deals N] [--from K] [--params '{"playBudget":3000}']
 *
 * --params overrides fields of STRONG_PARAMS for the Strong side (Normal stays DEFAULT_PARAMS).
 */
import { Rng } from '../shared/cards/rng';
import { activeSeats, apply, setup, teamOf } from '../shared/games/baloot/engine';
import { baloot } from '../shared/games/baloot/index';
import { DEFAULT_PARAMS, STRONG_PARAMS, decide, type BotParams } from '../shared/games/baloot/bot/index';
import type { BalootState } from '../shared/games/baloot/types';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const deals = Number(arg('--deals') ?? 200);
const from = Number(arg('--from') ?? 0);
const strong: BotParams = { ...STRONG_PARAMS, ...(JSON.parse(arg('--params') ?? '{}') as Partial<BotParams>) };
const players = ['N', 'E', 'S', 'W'].map((name) => ({ name }));
/** CPU milliseconds of this process: decision times that other work on the machine does not inflate. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Game points of team 0 minus team 1 after the first round of `seed`, with `strongTeam` played by Strong. */
function round(seed: string, strongTeam: number, times: number[]): { margin: number; contract: string } {
  let s: BalootState = setup(players, baloot.defaultOptions, seed);
  const first = s.roundNo;
  const rngs = [0, 1, 2, 3].map((i) => new Rng(`${seed}:bot:${strongTeam}:${i}`));
  while (!s.outcome && s.roundNo === first) {
    const seat = activeSeats(s)[0]!;
    const isStrong = teamOf(seat) === strongTeam;
    const t0 = cpuMs();
    const move = decide(s, seat, rngs[seat]!, isStrong ? strong : DEFAULT_PARAMS);
    if (isStrong) times.push(cpuMs() - t0);
    const r = apply(s, seat, move);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    s = r.state;
  }
  const c = s.lastRound?.contract;
  return { margin: s.scores[0] - s.scores[1], contract: c ? `${c.type}${c.trump ?? ''}@${c.buyer}x${c.level}` : 'none' };
}

const margins: number[] = [];
const byKind = new Map<string, number[]>();
const times: number[] = [];
const started = performance.now();
for (let i = from; i < from + deals; i++) {
  const seed = `proxy:${i}`;
  const a = round(seed, 0, times);
  const b = round(seed, 1, times);
  margins.push((a.margin - b.margin) / 2);
  const kind = a.contract === b.contract ? 'same contract' : a.contract.split('x')[0] === b.contract.split('x')[0] ? 'same bid, other raise' : 'other contract';
  byKind.set(kind, [...(byKind.get(kind) ?? []), (a.margin - b.margin) / 2]);
}
const stats = (xs: number[]) => {
  const m = xs.reduce((x, y) => x + y, 0) / xs.length;
  const sd = xs.length > 1 ? Math.sqrt(xs.reduce((x, y) => x + (y - m) ** 2, 0) / (xs.length - 1)) : 0;
  return `${xs.length} × ${m.toFixed(2)} ± ${(sd / Math.sqrt(xs.length)).toFixed(2)}`;
};
for (const [kind, xs] of byKind) console.log(`${kind}: ${stats(xs)} (sum ${xs.reduce((x, y) => x + y, 0).toFixed(0)})`);
const n = margins.length;
const mean = margins.reduce((x, y) => x + y, 0) / n;
const sd = Math.sqrt(margins.reduce((x, y) => x + (y - mean) ** 2, 0) / (n - 1));
times.sort((x, y) => x - y);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
console.log(
  `${n} deals: Strong's margin ${mean.toFixed(2)} ± ${(sd / Math.sqrt(n)).toFixed(2)} game points a deal; ` +
    `Strong decisions p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms CPU; ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
