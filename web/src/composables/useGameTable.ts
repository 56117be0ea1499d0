import { computed } from 'vue';
import { useRoomStore } from '../stores/room';

/**
 * What every game table needs from its room, typed for the game: its seat's view, a send
 * with the room's single in-flight lock (cleared by the answer, a refusal, a resync, a
 * dropped connection or a timeout, so it cannot stay stuck), the clock from the server's
 * deadline, and the latest refusal.
 */
export function useGameTable<View, Move>() {
  const store = useRoomStore();
  const view = computed(() => store.view as View | null);
  const sending = computed(() => store.pending);

  /** Send a move; false when it could not go (in flight, or not connected: the refusal is shown). */
  function send(move: Move): boolean {
    return store.move(move);
  }

  /** The clock for a seat: its local deadline and length, or null when the clock does not wait for it. */
  function clockFor(seat: number | null): { deadline: number; seconds: number } | null {
    const c = store.clock;
    const deadline = store.localDeadline();
    if (!c || deadline === null || (seat !== null && !c.seats.includes(seat))) return null;
    return { deadline, seconds: c.seconds };
  }

  return {
    store,
    view,
    sending,
    send,
    clockFor,
    seat: computed(() => store.seat),
    presence: computed(() => store.room?.seats ?? null),
    lastError: computed(() => store.lastError),
  };
}
