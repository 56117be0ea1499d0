/**
 * Chooses the seed of Baloot's or Dhappa Baaji's "How to play" deal: tries seeds `learn-<n>`, with
 * the person in the first seat to act, follows the hints (shared/learn/walk.ts; the room's bots and
 * `walks - 1` other ways for them to choose) and prints the seeds whose every walk shows every lesson
 * of the game's tutorial.ts, fewest moves first (bots are paced: every move takes time).
 *
 *   npx tsx scripts/learn-seeds.ts baloot|dhappa [from] [to] [walks]
 */
import type { AnyGame } from '../shared/engine/types';
import { baloot } from '../shared/games/baloot';
import { LESSONS as BALOOT_LESSONS } from '../shared/games/baloot/tutorial';
import { dhappa } from '../shared/games/dhappa';
import { LESSONS as DHAPPA_LESSONS } from '../shared/games/dhappa/tutorial';
import { walkTutorial } from '../shared/learn/walk';

const GAMES: Record<string, { game: AnyGame; lessons: Record<string, readonly string[]> }> = {
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
    const walk = walkTutorial(trial, seed, 400, w === 0 ? '' : `${w}:`);
    const codes = walk.whys.map((why) => why.code);
    // A lesson that ends with the game is won by the person; every lesson is shown.
    ok =
      walk.ended &&
      (base.endsAfter !== undefined || walk.outcome!.winners.includes(seat)) &&
      Object.values(lessons).every((shown) => codes.some((c) => shown.includes(c)));
    mine = Math.max(mine, codes.length);
    all = Math.max(all, walk.moves);
  }
  if (ok) found.push({ seed, seat, mine, all });
}
found.sort((a, b) => a.all - b.all || a.mine - b.mine);
for (const f of found.slice(0, 10)) console.log(`${f.seed} seat ${f.seat}: ${f.mine} moves by the person, ${f.all} in all`);
if (found.length === 0) console.log('no seed shows every lesson in that range');
