import { ref } from 'vue';
import { isReactionCode, type ReactionCode } from '../../../shared/engine/reactions';

/** How long a reaction stays on its seat. */
export const REACTION_SHOW_MS = 4_000;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

const muteKey = (room: string) => `cardroom:reactions-muted:${room}`;

/**
 * Quick reactions as this page shows them: the latest one on each seat for a few seconds, and
 * the seats whose reactions this person hid, remembered per room in this browser.
 */
export function createReactions(storage: StorageLike | null = typeof localStorage === 'undefined' ? null : localStorage) {
  /** seat → the reaction shown on it (`key` tells two equal reactions in a row apart). */
  const shown = ref<Record<number, { code: ReactionCode; key: number }>>({});
  const muted = ref<number[]>([]);
  let room: string | null = null;
  let next = 0;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  /** A reaction frame: a code this page does not know (a newer room) is not shown. */
  function receive(seat: number, code: string): void {
    if (!isReactionCode(code) || muted.value.includes(seat)) return;
    shown.value = { ...shown.value, [seat]: { code, key: ++next } };
    clearTimeout(timers.get(seat));
    timers.set(
      seat,
      setTimeout(() => {
        const { [seat]: _, ...rest } = shown.value;
        shown.value = rest;
        timers.delete(seat);
      }, REACTION_SHOW_MS),
    );
  }

  function setMuted(seat: number, mute: boolean): void {
    muted.value = mute ? [...new Set([...muted.value, seat])].sort((a, b) => a - b) : muted.value.filter((s) => s !== seat);
    if (mute) {
      const { [seat]: _, ...rest } = shown.value;
      shown.value = rest;
    }
    if (room) storage?.setItem(muteKey(room), JSON.stringify(muted.value));
  }

  /** A room opened: its hidden seats come back from storage. */
  function open(code: string | null): void {
    reset();
    room = code;
    if (!code) return;
    try {
      const saved = JSON.parse(storage?.getItem(muteKey(code)) ?? '[]') as unknown;
      muted.value = Array.isArray(saved) ? saved.filter((s): s is number => Number.isInteger(s)) : [];
    } catch {
      muted.value = [];
    }
  }

  function reset(): void {
    timers.forEach(clearTimeout);
    timers.clear();
    shown.value = {};
    muted.value = [];
    room = null;
  }

  return { shown, muted, receive, setMuted, open, reset };
}
