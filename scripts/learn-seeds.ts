/**
 * Chooses the seed of Baloot's or Dhappa Baaji's "How to play" deal: tries seeds `learn-<n>`, with
 * the person in the first seat to act, follows the hints (bots elsewhere, several ways each) and
 * prints the seeds whose every walk reaches every lesson, fewest moves first (bots are paced: every move takes time).
 *
 *   npx tsx scripts/learn-seeds.ts baloot|dhappa [from] [to] [walks]
 */
import { followHints, lessonsReached, type Lesson } from '../shared/engine/follow-hints';
import type { AnyGame } from '../shared/engine/types';
import { baloot } from '../shared/games/baloot';
import { LESSONS as BALOOT_LESSONS } from '../shared/games/baloot/tutorial';
import { dhappa } from '../shared/games/dhappa';
import { LESSONS as DHAPPA_LESSONS } from '../shared/games/dhappa/tutorial';

const GAMES: Record<string, { game: AnyGame; lessons: Record<string, Lesson> }> = {
  baloot: { game: baloot, lessons: BALOOT_LESSONS },
  dhappa: { game: dhappa, lessons: DHAPPA_LESSONS },
};

const [id = 'dhappa', from = '0', to = '100', walks = '4'] = process.argv.slice(2);
const { game, lessons } = GAMES[id] ?? GAMES.dhappa!;
const base = game.tutorial!;
const found: { seed: string; seat: number; mine: number; all: number }[] = [];
for (let n = Number(from); n < Number(to); n++) {
  const seed = `learn-${n}`;
  const players = Array.from({ length: base.players }, (_, i) => ({ name: `P${i + 1}` }));
  const seat = game.activeSeats(game.setup(players, base.options, seed))[0]!;
  const trial: AnyGame = { ...game, tutorial: { ...base, seed, seat } };
  let mine = 0;
  let all = 0;
  let ok = true;
  for (let w = 0; w < Number(walks) && ok; w++) {
    const walk = followHints(trial, { until: base.endsAfter, salt: String(w), maxMoves: 400 });
    const reached = lessonsReached(walk, lessons);
    ok = walk.ended && reached.length === Object.keys(lessons).length;
    mine = Math.max(mine, walk.steps.filter((s) => s.why).length);
    all = Math.max(all, walk.steps.length);
  }
  if (ok) found.push({ seed, seat, mine, all });
}
found.sort((a, b) => a.all - b.all || a.mine - b.mine);
for (const f of found.slice(0, 10)) console.log(`${f.seed} seat ${f.seat}: ${f.mine} moves by the person, ${f.all} in all`);
if (found.length === 0) console.log('no seed reaches every lesson in that range');
