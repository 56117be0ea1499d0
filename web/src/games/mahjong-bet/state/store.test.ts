import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDUCED_MOTION } from './session';
import { useMahjongStore } from './store';

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('mahjong Pinia store', () => {
  it('runs without a DOM (storage falls back to memory) and follows the reduced-motion setting', () => {
    const store = useMahjongStore();
    store.reducedMotion = true;
    expect(store.startGame('Ana').ok).toBe(true);
    expect(store.bet('higher')).toBe(true);
    expect(store.canBet).toBe(false);
    vi.advanceTimersByTime(REDUCED_MOTION.lock + REDUCED_MOTION.reveal + REDUCED_MOTION.settle);
    expect(store.stage).toBe('ready');
    expect(store.game?.history).toHaveLength(1);
  });

  it('gives every new game a different deal', () => {
    const store = useMahjongStore();
    store.startGame('Ana');
    const first = store.game?.hand;
    store.startGame('Ana');
    expect(store.game?.hand).not.toEqual(first);
  });
});
