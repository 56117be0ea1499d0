import { onBeforeUnmount, onMounted, type Ref } from 'vue';

/** Keeps `flag` equal to the player's prefers-reduced-motion setting, live. */
export function useReducedMotion(flag: Ref<boolean>): void {
  let query: MediaQueryList | null = null;
  const update = () => {
    flag.value = !!query?.matches;
  };
  onMounted(() => {
    query = window.matchMedia('(prefers-reduced-motion: reduce)');
    update();
    query.addEventListener('change', update);
  });
  onBeforeUnmount(() => query?.removeEventListener('change', update));
}
