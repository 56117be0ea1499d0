/**
 * Haptics on phones: a short buzz when the turn comes to this seat and when something is
 * refused. Off with the sound mute switch (one switch for "leave me alone"), and silent where
 * the browser has no `navigator.vibrate` (desktops, iOS Safari) or before the first tap (the
 * browser would refuse it and warn).
 */
export type Buzz = 'turn' | 'refusal';

/** Two light taps for the turn; one firmer for a refusal, so they feel different. */
export const BUZZ_PATTERNS: Record<Buzz, number[]> = { turn: [40, 60, 40], refusal: [120] };

export interface NavigatorLike {
  vibrate?: (pattern: number[]) => boolean;
  userActivation?: { hasBeenActive: boolean };
}

export function createHaptics(opts: { navigator: () => NavigatorLike | null | undefined; muted: () => boolean }) {
  /** Buzz once; false when nothing was asked of the device. */
  function buzz(kind: Buzz): boolean {
    const nav = opts.navigator();
    if (!nav || typeof nav.vibrate !== 'function' || opts.muted()) return false;
    if (nav.userActivation && !nav.userActivation.hasBeenActive) return false;
    return nav.vibrate(BUZZ_PATTERNS[kind]);
  }
  return { buzz };
}
