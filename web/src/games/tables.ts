import { defineAsyncComponent, type AsyncComponentLoader, type Component } from 'vue';

/**
 * A game's browser folder is found by its name (`web/src/games/<game id>/`) and its files by
 * theirs: `Table.vue` draws a seat's view in a room, `Face.vue` one card from `{ card, width }`,
 * and `Result.vue` (if the game has one) what its result card adds to the room's (a deal's breakdown).
 * Nothing here lists games, so a new game's folder is all the web side needs.
 */
const byGame = <T>(modules: Record<string, T>, file: string): Record<string, T> =>
  Object.fromEntries(Object.entries(modules).map(([path, m]) => [path.slice(2, -file.length - 1), m]));

/** Each room game's table chunk (lazy: each table stays its own chunk). */
const TABLE_LOADERS: Record<string, AsyncComponentLoader> = byGame(import.meta.glob<Component>('./*/Table.vue', { import: 'default' }), 'Table.vue');

/** Each room game's table, loaded as its own chunk when a room of that game opens. */
export const TABLES: Record<string, Component> = Object.fromEntries(Object.entries(TABLE_LOADERS).map(([id, load]) => [id, defineAsyncComponent(load)]));

/**
 * Fetches a game's table while its room waits in the lobby, so the table is there when the game
 * starts: the deal's events then find it mounted (its deal motion runs) even before a quick bot
 * moves. The module loader keeps the one copy; a failed fetch is tried again at the start.
 */
export function preloadTable(game: string): void {
  TABLE_LOADERS[game]?.().catch(() => undefined);
}

/** Each room game's card face from `{ card, width }`: a replay's "all hands open" draws hands with it. */
export const CARD_FACES: Record<string, Component> = Object.fromEntries(
  Object.entries(byGame(import.meta.glob<Component>('./*/Face.vue', { import: 'default' }), 'Face.vue')).map(([id, load]) => [id, defineAsyncComponent(load)]),
);

/** Each room game's part of the result card (`Result.vue`, optional): drawn inside the room's card when the game ends. */
export const RESULTS: Record<string, Component> = Object.fromEntries(
  Object.entries(byGame(import.meta.glob<Component>('./*/Result.vue', { import: 'default' }), 'Result.vue')).map(([id, load]) => [
    id,
    defineAsyncComponent(load),
  ]),
);
