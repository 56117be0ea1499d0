/**
 * Eights engine speed: 4-player bot-vs-bot games in the pure engine (no room, no I/O).
 * Run: npx tsx shared/games/eights/eights.bench.ts
 */
import { Rng } from '../../cards/rng';
import { eights } from './index';
import type { EightsOptions } from './types';

const PLAYERS = ['Ana', 'Ben', 'Cy', 'Dee'].map((name) => ({ name }));
const SECONDS = 4;

function run(label: string, options: EightsOptions, seconds = SECONDS): void {
  const rng = new Rng('bench');
  let games = 0;
  let moves = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    let s = eights.setup(PLAYERS, options, `bench-${games}`);
    while (eights.outcome(s) === null) {
      const seat = s.turn;
      const r = eights.apply(s, seat, eights.botMove(s, seat, rng));
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      s = r.state;
      moves += 1;
    }
    games += 1;
  }
  const elapsed = (performance.now() - start) / 1000;
  if (label === '') return;
  console.log(
    `${label}: ${(games / elapsed).toFixed(0)} games/s, ${(moves / elapsed).toFixed(0)} moves/s ` +
      `(bot move + apply), ${(moves / games).toFixed(1)} moves a game, ${games} games in ${elapsed.toFixed(1)} s`,
  );
}

// A silent first second warms the JIT up, so the first figure compares with the others.
run('', eights.defaultOptions, 1);
run('4 players, single hand', eights.defaultOptions);
run('4 players, match to 500', { ...eights.defaultOptions, scoring: 'match' });
run('4 players, single hand, endless deck', { ...eights.defaultOptions, endless: true });
