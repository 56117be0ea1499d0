import { createPinia, setActivePinia } from 'pinia';

/**
 * The one Pinia of the app. Only the room page and one browser-only game's page have stores, so Pinia loads with
 * them (each store module imports this) rather than with the first screen: stores used outside
 * `app.use(pinia)` find it as the active Pinia.
 */
export const pinia = createPinia();
setActivePinia(pinia);
