import { onScopeDispose, ref, watch, type Ref, type WatchSource } from 'vue';
import { useReducedMotion } from '../composables/useMediaQuery';

/**
 * True for `ms` after a batch of events in which `matches` finds one (a deal, a hand won), so
 * a table can add a class that runs a shared animation (styles.css: fx-dealing, fx-pop).
 * Never true under reduced motion. Shared by every table; it never knows which game is on.
 */
export function useFlash<E>(events: WatchSource<readonly E[]>, matches: (event: E) => boolean, ms: number): Ref<boolean> {
  const on = ref(false);
  const reduced = useReducedMotion();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Immediate: a table mounts while the first deal's events are the latest ones.
  watch(
    events,
    (batch) => {
      if (!batch.some(matches) || reduced.value) return;
      on.value = true;
      clearTimeout(timer);
      timer = setTimeout(() => (on.value = false), ms);
    },
    { immediate: true },
  );
  onScopeDispose(() => clearTimeout(timer));
  return on;
}
