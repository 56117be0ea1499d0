import { computed } from 'vue';
import type { AnyGame } from '../../../shared/engine/types';
import { refusalLocale, wordRefusal } from '../games/refusals';
import { ROOM_HINTS, UNKNOWN_REFUSAL } from '../i18n/room/refusals';
import { useEventWords } from './useEventWords';
import { useGameTable } from './useGameTable';
import { useRoomStore } from '../stores/room';

/**
 * The Hint of solo play for any table: whether it may be asked for, the hint on this very table
 * (its move, which the table highlights with `data-hint`) and why, worded in the reader's
 * language by the game's table of reasons (its words' `hints`) or the room's own (`bot_pick`).
 */
export function useHint<G extends AnyGame>() {
  const table = useGameTable<G>();
  const store = useRoomStore();
  const { words } = useEventWords();
  const why = computed(() => {
    const hint = table.hint.value;
    if (!hint) return null;
    const locale = refusalLocale();
    const names = table.presence.value?.map((s, i) => s?.name ?? `#${i + 1}`) ?? [];
    return wordRefusal(hint.why, [words.value?.hints, ROOM_HINTS], { names, seat: table.seat.value }, locale, UNKNOWN_REFUSAL[locale]);
  });
  return {
    canHint: table.canHint,
    hint: table.hint,
    /** The reason for the table to show: none under a coach, who says it. */
    why: computed(() => (store.coached ? null : why.value)),
    /** The reason, always (the coach's). */
    reason: why,
    /** A coach says the reason: the table only highlights the move. */
    coached: computed(() => store.coached),
    ask: table.askHint,
  };
}
