import type { CatalogEntry } from '../../../shared/games/catalog';
import type { BotLevel } from '../../../shared/engine/types';
import { BOT_LEVEL_KEY, NAME_KEY, newSavedGame } from './saved';

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
    // How hard its bots play: the person's last choice (the picker below the public tables), Normal at first.
    level: (localStorage.getItem(BOT_LEVEL_KEY) as BotLevel | null) ?? undefined,
  });
  return `/offline/${saved.id}`;
}
