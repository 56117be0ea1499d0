import type { CatalogEntry } from '../../../shared/games/catalog';
import { NAME_KEY, newSavedGame } from './saved';

/**
 * "Play now": a game against bots with the game's usual options, four seats where it can, and no
 * turn clock (alone with bots, nobody waits for you): the path that opens it. A browser-only game's own page.
 */
export function soloGamePath(game: CatalogEntry, you: string): string {
  if (game.where === 'local') return game.localPath!;
  const saved = newSavedGame({
    game: game.id,
    options: Object.fromEntries(game.options.map((f) => [f.key, f.default])),
    clock: null,
    pace: 'relaxed',
    name: localStorage.getItem(NAME_KEY)?.trim() || you,
    players: game.playerCounts.includes(4) ? 4 : Math.max(...game.playerCounts),
  });
  return `/offline/${saved.id}`;
}

/** "How to play": a room game's coached deal, or a browser-only game's page in its lesson. */
export function learnPath(game: CatalogEntry): string {
  return game.where === 'local' ? `${game.localPath!}?learn=1` : `/learn/${game.id}`;
}
