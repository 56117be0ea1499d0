import { computed } from 'vue';
import type { AnyGame, EventOf, MoveOf, ViewOf } from '../../../shared/engine/types';
import { useRoomStore } from '../stores/room';

/**
 * The one door between a game's table and its room, typed by the game itself
 * (`useGameTable<typeof game>()`, with the game object): its seat's view, the latest events and the log, a send
 * with the room's single in-flight lock (cleared by the answer, a refusal, a resync, a
 * dropped connection or a timeout, so it cannot stay stuck), the clock from the server's
 * deadline, the seats' presence and the latest refusal. Tables never import the store.
 */
export function useGameTable<G extends AnyGame>() {
  const store = useRoomStore();

  /** Send a move; false when it could not go (in flight, or not connected: the refusal is shown). */
  function send(move: MoveOf<G>): boolean {
    return store.move(move);
  }

  /** The clock for a seat: its local deadline and length, or null when the clock does not wait for it. */
  function clockFor(seat: number | null): { deadline: number; seconds: number } | null {
    const c = store.clock;
    const deadline = store.localDeadline();
    if (!c || deadline === null || (seat !== null && !c.seats.includes(seat))) return null;
    return { deadline, seconds: c.seconds };
  }

  /** The person closed what the game pauses the table for (its `readingPause`): the next turn need not wait for them. */
  function doneReading(): void {
    store.read();
  }

  /**
   * Hints are for one person alone against bots, in a friendly room, while the game is on: the
   * room refuses them otherwise (`no_hint`), so the button is not offered then.
   */
  const canHint = computed(() => {
    const room = store.room;
    if (!room || room.ranked || room.status !== 'playing' || store.seat === null) return false;
    return room.seats.every((s, i) => i === store.seat || !s || s.kind === 'bot');
  });

  /** Seated in a friendly (unranked) game under way: a game whose hint is its own, worked out in the browser, may offer it here too. */
  const seatedFriendly = computed(() => {
    const room = store.room;
    return !!room && !room.ranked && room.status === 'playing' && store.seat !== null;
  });

  return {
    view: computed(() => store.view as ViewOf<G> | null),
    // The wire's schema reads events as log entries; the room only sends those the game reported.
    events: computed(() => store.lastEvents as unknown as readonly EventOf<G>[]),
    log: computed(() => store.log),
    sending: computed(() => store.pending),
    send,
    doneReading,
    clockFor,
    version: computed(() => store.version),
    /** The online room's code (null offline and in a replay). */
    code: computed(() => store.code),
    seat: computed(() => store.seat),
    /** The seat to call "You" (in a replay, only the viewer's own seat, never merely the seat shown). */
    you: computed(() => store.you),
    /** A replay step: the table is only looked at, and shows nothing a click would have to close. */
    replaying: computed(() => store.status === 'replay'),
    presence: computed(() => store.room?.seats ?? null),
    options: computed(() => store.room?.options ?? {}),
    lastError: computed(() => store.lastError),
    canHint,
    seatedFriendly,
    /** The hint asked for, on this very table: its move (the table highlights it, `data-hint`) and why. */
    hint: computed(() => (store.hint && store.hint.version === store.version ? { move: store.hint.move as MoveOf<G>, why: store.hint.why } : null)),
    askHint: () => store.askHint(),
  };
}
