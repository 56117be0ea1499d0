import { CATALOG, type CatalogEntry } from '../shared/games/catalog';

/**
 * The games the cross-game specs walk, from the catalog (never a list kept by hand): a game added
 * to the catalog is checked by every such spec, or its test fails saying what the spec lacks for it.
 */
export const ROOM_GAMES: readonly CatalogEntry[] = CATALOG.filter((g) => g.where === 'room');
export const LOCAL_GAMES: readonly CatalogEntry[] = CATALOG.filter((g) => g.where === 'local');

/**
 * What a spec keeps for `game` in `perGame` (a driver, a fixture, the screen to wait for); a game
 * without one is an error naming the game and what is missing, where it would otherwise be skipped.
 */
export function needFor<T>(perGame: Readonly<Record<string, T>>, game: CatalogEntry, what: string): T {
  const found = perGame[game.id];
  if (found === undefined) throw new Error(`${game.id} (${game.name}) has no ${what}: add one for it`);
  return found;
}

/** The ids `perGame` keeps that are not among `games` (a game renamed or removed leaves a stale entry). */
export function strayIds(perGame: Readonly<Record<string, unknown>>, games: readonly CatalogEntry[]): string[] {
  return Object.keys(perGame).filter((id) => !games.some((g) => g.id === id));
}
