import { onScopeDispose, ref, type Ref } from 'vue';

/** Whether a CSS media query matches now, kept current as the window changes (false without a window). */
export function useMediaQuery(query: string): Ref<boolean> {
  const list = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query) : null;
  const matches = ref(list?.matches ?? false);
  const update = (e: MediaQueryListEvent) => (matches.value = e.matches);
  list?.addEventListener('change', update);
  // A scope, not only a component: shared composables (useFlash) run in either.
  onScopeDispose(() => list?.removeEventListener('change', update));
  return matches;
}

/**
 * A phone on its side (or any window this short): tables switch to their compact layout so
 * the hand and the actions stay on screen. Shared so every table and the header agree.
 */
export const SHORT_QUERY = '(max-height: 500px)';
export const useShortScreen = (): Ref<boolean> => useMediaQuery(SHORT_QUERY);

/**
 * The one way the site reads the reader's wish for less motion: a live ref (a change of the
 * setting applies at once). CSS follows the same media query in styles.css.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
export const useReducedMotion = (): Ref<boolean> => useMediaQuery(REDUCED_MOTION_QUERY);
