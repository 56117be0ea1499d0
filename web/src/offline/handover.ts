/**
 * Pass-and-play on the page: who the device is being passed to, and the tap that hands it
 * over. Tiny on purpose: the room page reads it without loading the offline room.
 */
import { ref } from 'vue';

/** Several people share this device (pass-and-play): "you" names nobody in particular. */
export const sharedDevice = ref(false);

/** The person the device goes to next; null when no pass screen is up. */
export const passTo = ref<string | null>(null);

let onReveal: (() => void) | null = null;

/** The offline room that answers the tap (null when it closes). */
export function setRevealer(fn: (() => void) | null, shared = false): void {
  onReveal = fn;
  sharedDevice.value = fn !== null && shared;
  if (!fn) passTo.value = null;
}

/** The person passed to is holding the device: show their table. */
export function revealHand(): void {
  onReveal?.();
}
