/**
 * Client-side table preferences kept in localStorage (never sent to the room), and the
 * reduced-motion media query.
 */
import { onBeforeUnmount, ref, watch, type Ref } from 'vue';

export const FOUR_COLOUR_KEY = 'cardroom:baloot:fourColour';

/** The 4-colour deck preference, saved whenever it changes. */
export function useFourColour(storage: Pick<Storage, 'getItem' | 'setItem'> | null = globalThis.localStorage ?? null): Ref<boolean> {
  const on = ref(storage?.getItem(FOUR_COLOUR_KEY) === '1');
  watch(on, (v) => storage?.setItem(FOUR_COLOUR_KEY, v ? '1' : '0'));
  return on;
}

/** True while the user asks for reduced motion; follows changes to the setting. */
export function useReducedMotion(): Ref<boolean> {
  const query = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  const reduced = ref(query?.matches ?? false);
  const onChange = (e: MediaQueryListEvent) => (reduced.value = e.matches);
  query?.addEventListener('change', onChange);
  onBeforeUnmount(() => query?.removeEventListener('change', onChange));
  return reduced;
}
