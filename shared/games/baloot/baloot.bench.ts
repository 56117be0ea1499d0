/**
 * Baloot benchmark: the bot against a random-legal bot, the bot's decision times, and how
 * many random full deals the engine plays per second.
 * Run: npx tsx shared/games/baloot/baloot.bench.ts   (BALOOT_BENCH_MATCHES=n to change the 200)
 */
import { Rng, nextInt, seedRng, shuffleInPlace, type RngState } from '../../cards/rng';
import { DECK, cardIndex, indicesOf } from './cards';
import { activeSeats, apply, legalMoves, setup, teamOf } from './engine';
import { baloot } from './index';
import { PROJECT_RAW, bestProjects, projectGamePoints } from './projects';
import { legalMask, trickPoints, trickWinnerIndex } from './rules';
import { scoreRound, type Pair, type Team } from './scoring';
import { randomLegalMove } from './bot/random';
import type { BalootMove, BalootState } from './types';

const players = ['North', 'East', 'South', 'West'].map((name) => ({ name }));
const MATCHES = Number(process.env.BALOOT_BENCH_MATCHES ?? 200);

/**
 * Milliseconds of CPU used by this process (all its threads, so garbage-collector helpers
 * count too): the figures should not depend on other work sharing the machine's cores.
 * Falls back to the wall clock where the runtime cannot tell.
 */
const processCpu = (globalThis as { process?: { cpuUsage?: () => { user: number; system: number } } }).process?.cpuUsage;
const CLOCK = processCpu ? 'CPU time' : 'wall clock';
function now(): number {
  if (!processCpu) return performance.now();
  const u = processCpu();
  return (u.user + u.system) / 1000;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/* ------------------------------------------------------------------ bot against random */

function botAgainstRandom(): void {
  const times: number[] = [];
  const wall: number[] = [];
  let wins = 0;
  let rounds = 0;
  const started = performance.now();
  for (let m = 0; m < MATCHES; m++) {
    const botTeam = m % 2;
    const rng = new Rng(`bench-${m}`);
    let s: BalootState = setup(players, baloot.defaultOptions, `bench-match-${m}`);
    while (!s.outcome) {
      const seat = activeSeats(s)[0]!;
      let move;
      if (teamOf(seat) === botTeam) {
        const t = now();
        const w = performance.now();
        move = baloot.botMove(s, seat, rng);
        times.push(now() - t);
        wall.push(performance.now() - w);
      } else move = randomLegalMove(s, seat, rng);
      const r = apply(s, seat, move);
      if (!r.ok) throw new Error(`illegal ${JSON.stringify(move)}: ${JSON.stringify(r.error)}`);
      s = r.state;
    }
    rounds += s.roundNo;
    if (s.outcome.winners.includes(botTeam)) wins++;
  }
  times.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  const seconds = (performance.now() - started) / 1000;
  console.log(`bot vs random-legal: ${wins}/${MATCHES} matches won (${((100 * wins) / MATCHES).toFixed(1)}%), ${rounds} rounds, ${seconds.toFixed(1)} s`);
  const line = (label: string, t: number[]) =>
    `bot decision time (${label}) over ${t.length} decisions: p50 ${percentile(t, 0.5).toFixed(2)} ms, ` +
    `p99 ${percentile(t, 0.99).toFixed(2)} ms, max ${t[t.length - 1]!.toFixed(2)} ms`;
  console.log(line(CLOCK, times));
  if (processCpu) console.log(line('wall clock, includes waiting for a shared CPU', wall));
}

/* ------------------------------------------------------------------ random deals */

/** One random deal in the rules kernel: shuffle, deal, a random contract, projects, 32 random legal cards, scoring. */
function kernelDeal(rng: RngState): Pair {
  const deck = shuffleInPlace(rng, DECK.map(cardIndex));
  const dealer = nextInt(rng, 4);
  const buyer = nextInt(rng, 4);
  const sun = nextInt(rng, 2) === 0;
  const trump = sun ? -1 : deck[20]! >> 3;
  const hands = [0, 0, 0, 0];
  const add = (seat: number, card: number) => (hands[seat] = hands[seat]! | (1 << card));
  for (let i = 0; i < 20; i++) add(i % 4, deck[i]!);
  add(buyer, deck[20]!);
  let k = 21;
  for (let seat = 0; seat < 4; seat++) for (let j = seat === buyer ? 2 : 3; j > 0; j--) add(seat, deck[k++]!);
  const projectPoints: Pair = [0, 0];
  const projectRaw: Pair = [0, 0];
  let projectTeam: Team | null = null;
  let best = -1;
  for (let seat = 0; seat < 4; seat++) {
    for (const p of bestProjects(hands[seat]!, sun)) {
      projectPoints[teamOf(seat)] += projectGamePoints(p.kind, sun);
      projectRaw[teamOf(seat)] += PROJECT_RAW[p.kind];
      if (p.rank > best) {
        best = p.rank;
        projectTeam = teamOf(seat);
      }
    }
  }
  const raw: Pair = [0, 0];
  const won: Pair = [0, 0];
  let leader = (dealer + 1) % 4;
  for (let t = 0; t < 8; t++) {
    const trick: number[] = [];
    for (let i = 0; i < 4; i++) {
      const seat = (leader + i) % 4;
      const options = indicesOf(legalMask(hands[seat]!, trick, trump, false));
      const card = options[nextInt(rng, options.length)]!;
      hands[seat] = hands[seat]! & ~(1 << card);
      trick.push(card);
    }
    leader = (leader + trickWinnerIndex(trick, trump)) % 4;
    raw[teamOf(leader)] += trickPoints(trick, trump) + (t === 7 ? 10 : 0);
    won[teamOf(leader)] += 1;
  }
  return scoreRound({
    sun,
    buyerTeam: teamOf(buyer),
    multiplier: 1,
    raiserTeam: null,
    raw,
    tricks: won,
    projectPoints,
    projectRaw,
    projectTeam,
    baloot: [0, 0],
    qaydOffender: null,
  }).awarded;
}

function dealsPerSecond(label: string, once: () => void, seconds = 2): void {
  for (let i = 0; i < 200; i++) once();
  let n = 0;
  const started = now();
  while (now() - started < seconds * 1000) {
    for (let i = 0; i < 100; i++) once();
    n += 100;
  }
  const rate = n / ((now() - started) / 1000);
  console.log(`${label}: ${Math.round(rate).toLocaleString('en')} per second (${CLOCK})`);
}

function kernelDeals(): void {
  const rng = seedRng('kernel');
  dealsPerSecond('random full deals, rules kernel (deal, contract, projects, 32 legal cards, scoring)', () => kernelDeal(rng));
}

/** A round through the Game API: random legal moves (no Sawa) from a fresh deal until it is scored. */
function randomRound(seed: string, rng: Rng, record?: [number, BalootMove][]): void {
  let s = setup(players, baloot.defaultOptions, seed);
  while (s.roundNo === 1 && !s.outcome) {
    const seat = activeSeats(s)[0]!;
    const move = rng.pick(legalMoves(s, seat).filter((m) => m.type !== 'sawa'));
    record?.push([seat, move]);
    const r = apply(s, seat, move);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    s = r.state;
  }
}

function apiDeals(): void {
  const rng = new Rng('api');
  let seed = 0;
  dealsPerSecond('random full deals through the Game API, choosing moves with legalMoves', () => randomRound(`api-${seed++}`, rng));
  // The same, without the cost of choosing: replay recorded random deals with setup + apply only.
  const recorded = Array.from({ length: 500 }, (_, i) => {
    const moves: [number, BalootMove][] = [];
    randomRound(`replay-${i}`, rng, moves);
    return { seed: `replay-${i}`, moves };
  });
  let next = 0;
  dealsPerSecond('random full deals through the Game API, setup + apply only (recorded moves replayed)', () => {
    const deal = recorded[next++ % recorded.length]!;
    let s = setup(players, baloot.defaultOptions, deal.seed);
    for (const [seat, move] of deal.moves) {
      const r = apply(s, seat, move);
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      s = r.state;
    }
  });
}

kernelDeals();
apiDeals();
if (MATCHES > 0) botAgainstRandom();
