import { defineAsyncComponent, type Component } from 'vue';

/** Each room game's table, loaded as its own chunk when a room of that game opens. */
export const TABLES: Record<string, Component> = {
  baloot: defineAsyncComponent(() => import('./baloot/BalootTable.vue')),
  dhappa: defineAsyncComponent(() => import('./dhappa/DhappaTable.vue')),
  eights: defineAsyncComponent(() => import('./eights/EightsTable.vue')),
  rummy: defineAsyncComponent(() => import('./rummy/RummyTable.vue')),
};

/** Each room game's card face from `{ card, width }`: a replay's "all hands open" draws hands with it. */
export const CARD_FACES: Record<string, Component> = {
  baloot: defineAsyncComponent(() => import('./baloot/FaceCard.vue')),
  dhappa: defineAsyncComponent(() => import('./dhappa/DhappaCard.vue')),
  eights: defineAsyncComponent(() => import('./eights/CardFace.vue')),
  rummy: defineAsyncComponent(() => import('./rummy/PlayingCard.vue')),
};
