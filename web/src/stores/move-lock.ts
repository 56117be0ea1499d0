import { ref, type Ref } from 'vue';

/** A move with no answer for this long frees the table to try again. */
export const MOVE_TIMEOUT_MS = 6_000;

/**
 * One move in flight at a time: held when a move is sent, freed by its answer, a refusal, a
 * resync, a dropped connection or the timeout, so a lost answer can never leave a table stuck.
 */
export interface MoveLock {
  readonly held: Ref<boolean>;
  hold(): void;
  free(): void;
}

export function createMoveLock(timeoutMs = MOVE_TIMEOUT_MS): MoveLock {
  const held = ref(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    held,
    hold() {
      held.value = true;
      clearTimeout(timer);
      timer = setTimeout(() => (held.value = false), timeoutMs);
    },
    free() {
      held.value = false;
      clearTimeout(timer);
    },
  };
}
