import { computed, shallowRef, watch } from 'vue';
import type { LogEntry } from '../../../shared/protocol';
import { eventLine, turnLine, WORDS, type GameWords, type WordContext } from '../games/words';
import { sharedDevice } from '../offline/handover';
import { useRoomStore } from '../stores/room';

/**
 * The room's events, results and turns in the reader's language: loads the words of the
 * room's game (../games/words.ts) and words with the room's seat names. Everything returned
 * follows a language switch.
 */
export function useEventWords() {
  const store = useRoomStore();
  const words = shallowRef<GameWords | null>(null);
  watch(
    () => store.room?.game,
    async (id) => {
      words.value = null;
      const load = id ? WORDS[id] : undefined;
      if (!load) return;
      const loaded = await load();
      if (store.room?.game === id) words.value = loaded;
    },
    { immediate: true },
  );
  const ctx = computed<WordContext>(() => ({
    names: store.room?.seats.map((s, i) => s?.name ?? `#${i + 1}`) ?? [],
    options: store.room?.options ?? {},
    // At a device passed round, "you" is nobody in particular: every seat by its name.
    me: sharedDevice.value ? null : store.you,
  }));
  /** One event as a sentence, or null when the log leaves it out (or the words are still loading). */
  const lineOf = (e: LogEntry): string | null => eventLine(e, words.value, ctx.value);
  /** The finished game's result as a sentence. */
  const result = computed(() => {
    const outcome = store.room?.outcome;
    return outcome && words.value ? words.value.result(outcome, ctx.value) : null;
  });
  /** The result card's line under the winners' names (the score), or null. */
  const detail = computed(() => {
    const outcome = store.room?.outcome;
    return outcome && words.value ? words.value.detail(outcome, ctx.value) : null;
  });
  /** The seats the table waits for now. */
  const waiting = computed(() => (words.value && store.view && store.room?.status === 'playing' ? words.value.waiting(store.view) : []));
  /** "Your turn." / "Ben to play." */
  const turn = computed(() => turnLine(waiting.value, store.seat, ctx.value));
  return { words, lineOf, result, detail, waiting, turn };
}
