/**
 * Dhappa Baaji speed and strength: the bot's decision time (target p99 ≤ 50 ms on one core),
 * a team of two bots against two random-legal players over 200 deals (target ≥ 90 % won by
 * the bots), and bot-vs-bot deals per second at 4 and 6 players.
 * Run: npx tsx shared/games/dhappa/dhappa.bench.ts (or npm run bench engines dhappa)
 */
import { Rng } from '../../cards/rng';
import type { Seat } from '../../engine/types';
import { clearPlanCache } from './bot';
import { dhappa } from './index';
import { NAMES, randomLegalMove } from './testkit';
import type { DhappaMove, DhappaState } from './types';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

type Player = (s: DhappaState, seat: Seat, rng: Rng) => DhappaMove;
const bot: Player = (s, seat, rng) => dhappa.botMove(s, seat, rng);
const random: Player = (s, seat, rng) => randomLegalMove(s, seat, rng);

/**
 * Plays one deal; `players[seat % 2]` moves for each team. Records the bot's decision times;
 * `cold` forgets the bot's cached turn plans before each decision.
 */
function playDeal(n: number, seed: string, players: [Player, Player], times?: number[], cold = false): DhappaState {
  let s = dhappa.setup(
    NAMES.slice(0, n).map((name) => ({ name })),
    dhappa.defaultOptions,
    seed,
  );
  const rng = new Rng(seed);
  while (dhappa.outcome(s) === null) {
    const seat = s.turn;
    if (cold) clearPlanCache();
    const t = performance.now();
    const move = players[seat % 2]!(s, seat, rng);
    if (times && players[seat % 2] === bot) times.push(performance.now() - t);
    const r = dhappa.apply(s, seat, move);
    if (!r.ok) throw new Error(`${JSON.stringify(move)}: ${JSON.stringify(r.error)}`);
    s = r.state;
  }
  return s;
}

function decisionBench(): void {
  for (const n of [4, 6]) {
    for (let g = 0; g < 3; g++) playDeal(n, `warm-${n}-${g}`, [bot, bot]);
    for (const cold of [false, true]) {
      const times: number[] = [];
      for (let g = 0; g < 40; g++) playDeal(n, `decide-${n}-${g}`, [bot, bot], times, cold);
      times.sort((a, b) => a - b);
      const f = (x: number) => x.toFixed(2);
      const how = cold ? 'cold (no cached plan)' : 'as played (plan cached within a turn)';
      console.log(
        `bot decision, ${n} players, ${how}: p50 ${f(percentile(times, 50))} ms, p99 ${f(percentile(times, 99))} ms, max ${f(times.at(-1)!)} ms over ${times.length} decisions`,
      );
    }
  }
}

function strengthBench(): void {
  const deals = 200;
  let won = 0;
  let tied = 0;
  let margin = 0;
  const start = performance.now();
  for (let g = 0; g < deals; g++) {
    // The bots sit as team A in even deals and team B in odd ones.
    const botTeam = g % 2;
    const players: [Player, Player] = botTeam === 0 ? [bot, random] : [random, bot];
    const s = playDeal(4, `strength-${g}`, players);
    const o = dhappa.outcome(s)!;
    if (o.winners.length === 4) tied++;
    else if (o.winners.includes(botTeam)) won++;
    margin += o.scores[botTeam]! - o.scores[1 - botTeam]!;
  }
  const secs = (performance.now() - start) / 1000;
  console.log(
    `two bots vs two random-legal players, 4 players, ${deals} deals: bots won ${won} (${((won / deals) * 100).toFixed(1)} %), ` +
      `tied ${tied}, average margin ${(margin / deals).toFixed(0)} points (${secs.toFixed(1)} s)`,
  );
}

function speedBench(n: number, seconds: number): void {
  let deals = 0;
  let moves = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    let s = dhappa.setup(
      NAMES.slice(0, n).map((name) => ({ name })),
      dhappa.defaultOptions,
      `speed-${n}-${deals}`,
    );
    const rng = new Rng(deals);
    while (dhappa.outcome(s) === null) {
      const r = dhappa.apply(s, s.turn, dhappa.botMove(s, s.turn, rng));
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      s = r.state;
      moves++;
    }
    deals++;
  }
  const secs = (performance.now() - start) / 1000;
  console.log(
    `bot-vs-bot, ${n} players, one deal: ${(deals / secs).toFixed(1)} deals/s, ${(moves / secs).toFixed(0)} moves/s, ${(moves / deals).toFixed(0)} moves a deal`,
  );
}

decisionBench();
strengthBench();
for (const n of [4, 6]) speedBench(n, 5);
