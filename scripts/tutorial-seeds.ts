/**
 * Chooses a game's "How to play" seed: plays candidate seeds as the lesson plays them (the person
 * follows each hint, shared/learn/walk.ts) and prints the best: the person wins, soon, and meets as
 * many of the reasons asked for as can be. `npx tsx scripts/tutorial-seeds.ts eights 400 colour symbol wild draw`
 */
import { gameById } from '../shared/games/registry';
import { walkTutorial } from '../shared/learn/walk';

const [id, count = '300', ...wanted] = process.argv.slice(2);
const game = id ? gameById(id) : undefined;
if (!game?.tutorial || !game.hint) throw new Error(`${id}: no tutorial or hint`);
const seat = game.tutorial.seat;
const found: { seed: string; score: number; turns: number; moves: number; codes: string[] }[] = [];
for (let i = 0; i < Number(count); i++) {
  const seed = `learn-${id}-${i}`;
  const walk = walkTutorial(game, seed, 400);
  if (!walk.outcome?.winners.includes(seat)) continue;
  const codes = [...new Set(walk.whys.map((w) => w.code))];
  const met = wanted.filter((c) => codes.includes(c)).length;
  // Every rule asked for first, then the shortest lesson.
  found.push({ seed, score: met * 1000 - walk.whys.length * 10 - walk.moves, turns: walk.whys.length, moves: walk.moves, codes });
}
found.sort((a, b) => b.score - a.score);
for (const f of found.slice(0, 8)) console.log(f.seed, `turns ${f.turns}`, `moves ${f.moves}`, f.codes.join(' '));
