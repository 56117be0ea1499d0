/**
 * The radial turn timer: how much of the ring is left and its colour, from the server's
 * deadline already converted to local time. Green, then yellow past half time, then red
 * for the last three seconds (the spec's warning).
 */
export type RingTone = 'ok' | 'warn' | 'low';

export interface RingState {
  /** 1 = full time left, 0 = out of time. */
  fraction: number;
  secondsLeft: number;
  tone: RingTone;
}

export const LOW_SECONDS = 3;

export function ringState(deadline: number, now: number, seconds: number): RingState {
  const left = Math.max(0, deadline - now);
  const fraction = seconds > 0 ? Math.min(1, left / (seconds * 1000)) : 0;
  const secondsLeft = Math.ceil(left / 1000);
  const tone: RingTone = left <= LOW_SECONDS * 1000 ? 'low' : fraction <= 0.5 ? 'warn' : 'ok';
  return { fraction, secondsLeft, tone };
}
