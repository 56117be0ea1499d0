import { defineAsyncComponent, type AsyncComponentLoader, type Component } from 'vue';

/** Each room game's table chunk. */
const TABLE_LOADERS: Record<string, AsyncComponentLoader> = {
  baloot: () => import('./baloot/BalootTable.vue'),
  dhappa: () => import('./dhappa/DhappaTable.vue'),
  eights: () => import('./eights/EightsTable.vue'),
  rummy: () => import('./rummy/RummyTable.vue'),
};

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
export const CARD_FACES: Record<string, Component> = {
  baloot: defineAsyncComponent(() => import('./baloot/FaceCard.vue')),
  dhappa: defineAsyncComponent(() => import('./dhappa/DhappaCard.vue')),
  eights: defineAsyncComponent(() => import('./eights/CardFace.vue')),
  rummy: defineAsyncComponent(() => import('./rummy/PlayingCard.vue')),
};
