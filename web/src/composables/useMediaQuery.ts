import { onBeforeUnmount, ref, type Ref } from 'vue';

/** Whether a CSS media query matches now, kept current as the window changes. */
export function useMediaQuery(query: string): Ref<boolean> {
  const list = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query) : null;
  const matches = ref(list?.matches ?? false);
  const update = (e: MediaQueryListEvent) => (matches.value = e.matches);
  list?.addEventListener('change', update);
  onBeforeUnmount(() => list?.removeEventListener('change', update));
  return matches;
}

/**
 * A phone on its side (or any window this short): tables switch to their compact layout so
 * the hand and the actions stay on screen. Shared so every table and the header agree.
 */
export const SHORT_QUERY = '(max-height: 500px)';
export const useShortScreen = (): Ref<boolean> => useMediaQuery(SHORT_QUERY);
