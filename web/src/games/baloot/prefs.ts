/**
 * Client-side table preferences kept in localStorage (never sent to the room), and the
 * reduced-motion media query.
 */
import { onBeforeUnmount, ref, type Ref } from 'vue';

/** The four-colour deck: the site-wide switch every game's cards follow. */
export { useFourColourDeck as useFourColour } from '../../cards/prefs';

/** True while the user asks for reduced motion; follows changes to the setting. */
export function useReducedMotion(): Ref<boolean> {
  const query = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
  const reduced = ref(query?.matches ?? false);
  const onChange = (e: MediaQueryListEvent) => (reduced.value = e.matches);
  query?.addEventListener('change', onChange);
  onBeforeUnmount(() => query?.removeEventListener('change', onChange));
  return reduced;
}
