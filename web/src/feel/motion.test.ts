import { afterEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, shallowRef } from 'vue';
import { useFlash } from './motion';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useFlash (shared motion switch)', () => {
  it('turns on for a matching batch of events and off again after its time', async () => {
    vi.useFakeTimers();
    const events = shallowRef<{ type: string }[]>([]);
    const scope = effectScope();
    const on = scope.run(() =>
      useFlash(
        () => events.value,
        (e) => e.type === 'deal',
        1000,
      ),
    )!;
    expect(on.value).toBe(false);
    events.value = [{ type: 'play' }];
    await nextTick();
    expect(on.value).toBe(false);
    events.value = [{ type: 'draw' }, { type: 'deal' }];
    await nextTick();
    expect(on.value).toBe(true);
    vi.advanceTimersByTime(999);
    expect(on.value).toBe(true);
    vi.advanceTimersByTime(1);
    expect(on.value).toBe(false);
    scope.stop();
  });

  it('catches a deal that was already the latest batch when the table mounted', () => {
    const events = shallowRef([{ type: 'start' }]);
    const scope = effectScope();
    const on = scope.run(() =>
      useFlash(
        () => events.value,
        (e) => e.type === 'start',
        1000,
      ),
    )!;
    expect(on.value).toBe(true);
    scope.stop();
  });

  it('stays off while the reader asks for less motion, and follows the setting when it changes', async () => {
    const list = Object.assign(new EventTarget(), { matches: true });
    vi.stubGlobal('window', { matchMedia: (q: string) => (q === '(prefers-reduced-motion: reduce)' ? list : null) });
    const events = shallowRef([{ type: 'start' }]);
    const scope = effectScope();
    const on = scope.run(() =>
      useFlash(
        () => events.value,
        (e) => e.type === 'start',
        1000,
      ),
    )!;
    expect(on.value).toBe(false);
    list.matches = false;
    list.dispatchEvent(Object.assign(new Event('change'), { matches: false }));
    events.value = [{ type: 'start' }];
    await nextTick();
    expect(on.value).toBe(true);
    scope.stop();
  });
});
