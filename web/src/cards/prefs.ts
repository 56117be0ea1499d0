import { ref, watch, type Ref } from 'vue';

/**
 * The four-colour deck (diamonds blue, clubs green), one choice for every game's cards on
 * this device: kept in localStorage, never sent to a room. Baloot's earlier key is read once
 * so a player who turned it on there keeps it.
 */
export const FOUR_COLOUR_KEY = 'cardroom:fourColour';
const OLD_BALOOT_KEY = 'cardroom:baloot:fourColour';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** A four-colour switch on `storage`, saved whenever it changes. */
export function fourColourPref(storage: StorageLike | null): Ref<boolean> {
  const saved = storage?.getItem(FOUR_COLOUR_KEY) ?? storage?.getItem(OLD_BALOOT_KEY) ?? null;
  const on = ref(saved === '1');
  watch(on, (v) => storage?.setItem(FOUR_COLOUR_KEY, v ? '1' : '0'), { flush: 'sync' });
  return on;
}

let shared: Ref<boolean> | null = null;
/** The page's one switch: every table reads and flips the same ref. */
export function useFourColourDeck(): Ref<boolean> {
  shared ??= fourColourPref(typeof localStorage === 'undefined' ? null : localStorage);
  return shared;
}
