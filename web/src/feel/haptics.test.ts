import { describe, expect, it } from 'vitest';
import { BUZZ_PATTERNS, createHaptics, type NavigatorLike } from './haptics';

function phone(active = true) {
  const calls: number[][] = [];
  const nav: NavigatorLike = {
    vibrate: (p) => {
      calls.push(p);
      return true;
    },
    userActivation: { hasBeenActive: active },
  };
  return { nav, calls };
}

describe('haptics', () => {
  it('buzzes the turn and a refusal with different patterns on a phone that can', () => {
    const { nav, calls } = phone();
    const h = createHaptics({ navigator: () => nav, muted: () => false });
    expect(h.buzz('turn')).toBe(true);
    expect(h.buzz('refusal')).toBe(true);
    expect(calls).toEqual([BUZZ_PATTERNS.turn, BUZZ_PATTERNS.refusal]);
    expect(BUZZ_PATTERNS.turn).not.toEqual(BUZZ_PATTERNS.refusal);
  });

  it('stays still while the sound is muted, and buzzes again once unmuted', () => {
    const { nav, calls } = phone();
    let muted = true;
    const h = createHaptics({ navigator: () => nav, muted: () => muted });
    expect(h.buzz('turn')).toBe(false);
    expect(calls).toEqual([]);
    muted = false;
    expect(h.buzz('turn')).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('does nothing without navigator.vibrate or before the first tap', () => {
    expect(createHaptics({ navigator: () => ({}), muted: () => false }).buzz('turn')).toBe(false);
    expect(createHaptics({ navigator: () => null, muted: () => false }).buzz('refusal')).toBe(false);
    const { nav, calls } = phone(false);
    expect(createHaptics({ navigator: () => nav, muted: () => false }).buzz('turn')).toBe(false);
    expect(calls).toEqual([]);
  });
});
