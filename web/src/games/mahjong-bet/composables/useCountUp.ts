import { onBeforeUnmount, ref, watch, type Ref } from 'vue';

/**
 * A number that eases from its old value to each new one (the hand total, the final score).
 * Only text changes, in a fixed-width tabular box, so the layout never moves.
 */
export function useCountUp(target: Ref<number>, reducedMotion: Ref<boolean>, durationMs = 480): Ref<number> {
  const shown = ref(target.value);
  let frame = 0;

  const stop = () => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
  };

  watch(target, (to) => {
    stop();
    const from = shown.value;
    if (reducedMotion.value || from === to) {
      shown.value = to;
      return;
    }
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / durationMs);
      const eased = 1 - (1 - t) ** 3;
      shown.value = Math.round(from + (to - from) * eased);
      frame = t < 1 ? requestAnimationFrame(step) : 0;
    };
    frame = requestAnimationFrame(step);
  });

  onBeforeUnmount(stop);
  return shown;
}
