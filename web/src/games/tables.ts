import { defineAsyncComponent, type Component } from 'vue';

/** Each room game's table, loaded as its own chunk when a room of that game opens. */
export const TABLES: Record<string, Component> = {
  baloot: defineAsyncComponent(() => import('./baloot/BalootTable.vue')),
  dhappa: defineAsyncComponent(() => import('./dhappa/DhappaTable.vue')),
  eights: defineAsyncComponent(() => import('./eights/EightsTable.vue')),
  rummy: defineAsyncComponent(() => import('./rummy/RummyTable.vue')),
};
