/**
 * Writing one ranked result (`npm run bench results`): `recordRankedResult` for a four-seat team
 * game — the read of the stored changes and the players' ratings, then one batch with the game
 * row and every player's rating and history row — timed call by call inside the Workers test
 * pool against local D1 (Miniflare's SQLite). Players come from a pool of 400, so most writes
 * update existing ratings. workerd's clock moves only across I/O, so each figure is whole
 * milliseconds of the D1 round trips (the rating arithmetic between them counts as zero).
 * Printed, never asserted.
 */
import { env } from 'cloudflare:test';
import { it } from 'vitest';
import { CATALOG } from '../../shared/games/catalog';
import { gameById } from '../../shared/games/registry';
import type { RankedResult } from '../../shared/ranked/result';
import { recordRankedResult } from '../d1/ratings';

/** A ranked team game of four seats, whichever the catalog has first: the heaviest result to write. */
const teamGame = CATALOG.find((g) => g.ranked && gameById(g.id)?.teams?.(4))!;
const teamTier = teamGame.ranked!.tiers[0]!.id;

const GAMES = 1000;
const POOL = 400;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(label: string, times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  console.log(
    `${label}: n=${s.length} p50=${percentile(s, 50).toFixed(2)} ms p90=${percentile(s, 90).toFixed(2)} ms p99=${percentile(s, 99).toFixed(2)} ms max=${s.at(-1)!.toFixed(2)} ms mean=${mean.toFixed(2)} ms`,
  );
}

it('writes ranked results', async () => {
  const run = Date.now().toString(36);
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const inputs: RankedResult[] = [];
  for (let g = 0; g < GAMES; g++) {
    const players = new Set<string>();
    while (players.size < 4) players.add(`bench-${Math.floor(random() * POOL)}`);
    const winner = random() < 0.5 ? 0 : 1;
    inputs.push({
      room: `bench${run}${g}`,
      gameNo: 1,
      game: teamGame.id,
      tier: teamTier,
      endedAt: Date.now() + g,
      teams: gameById(teamGame.id)!.teams!(4),
      seats: [...players].map((player) => ({ player, botPlayedAtEnd: random() < 0.05 })),
      outcome: { winners: winner === 0 ? [0, 2] : [1, 3], scores: winner === 0 ? [152, 80, 152, 80] : [80, 152, 80, 152] },
    });
  }
  const first: number[] = [];
  for (const input of inputs) {
    const t = performance.now();
    await recordRankedResult(env.DB, input);
    first.push(performance.now() - t);
  }
  const again: number[] = [];
  for (const input of inputs.slice(0, 200)) {
    const t = performance.now();
    await recordRankedResult(env.DB, input);
    again.push(performance.now() - t);
  }
  summary('one ranked result written (4 seats: one read batch, then one write batch of 3 statements)', first);
  summary('the same result again (a retry: one read returns the stored changes)', again);
});
