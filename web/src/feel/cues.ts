import { onBeforeUnmount, ref, watch, type Ref, type WatchSource } from 'vue';
import { haptics, sound } from './board';
import { cuesFor, tickTimes, type Cue } from './sound';

/** The mute switch as a ref, kept in step with the page's sound board (and saved by it). */
export function useMuted(): Ref<boolean> {
  const muted = ref(sound.muted);
  const off = sound.onMuted((m) => (muted.value = m));
  watch(muted, (m) => {
    if (m !== sound.muted) sound.setMuted(m);
  });
  onBeforeUnmount(off);
  return muted;
}

/** A table's own events sound through the shared board; `cueOf` is the game's mapping. */
export function useEventCues<E>(events: WatchSource<readonly E[]>, cueOf: (event: E) => Cue | null): void {
  watch(events, (batch) => {
    for (const cue of cuesFor(batch, cueOf)) sound.play(cue);
  });
}

/**
 * The cues every table shares: a chime (and a buzz on phones) when the turn comes to this seat, a tick in each of
 * the clock's last three seconds, and a fanfare (or a softer close) when the game ends.
 */
export function useTurnCues(opts: { myTurn: WatchSource<boolean>; deadline: WatchSource<number | null>; result: WatchSource<'won' | 'lost' | null> }): void {
  let ticks: ReturnType<typeof setTimeout>[] = [];
  const clear = () => {
    ticks.forEach(clearTimeout);
    ticks = [];
  };
  watch(opts.myTurn, (mine, before) => {
    if (!mine || before) return;
    sound.play('turn');
    haptics.buzz('turn');
  });
  watch([opts.myTurn, opts.deadline], ([mine, deadline]) => {
    clear();
    if (!mine || deadline === null) return;
    const now = Date.now();
    ticks = tickTimes(deadline, now).map((at) => setTimeout(() => sound.play('tick'), at - now));
  });
  watch(opts.result, (r, before) => {
    if (r && !before) sound.play(r === 'won' ? 'win' : 'end');
  });
  onBeforeUnmount(clear);
}
