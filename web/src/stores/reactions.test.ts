import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReactions, REACTION_SHOW_MS } from './reactions';

afterEach(() => vi.useRealTimers());

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('reactions on the page', () => {
  it('shows the latest reaction on its seat for a few seconds, a newer one replacing it', () => {
    vi.useFakeTimers();
    const r = createReactions(memoryStorage());
    r.open('ROOM');
    r.receive(1, 'well_played');
    r.receive(2, 'clap');
    vi.advanceTimersByTime(REACTION_SHOW_MS - 1000);
    r.receive(1, 'laugh');
    expect(r.shown.value[1]!.code).toBe('laugh');
    vi.advanceTimersByTime(1000);
    // Seat 2's is gone; seat 1's newer one keeps its own few seconds.
    expect(Object.keys(r.shown.value)).toEqual(['1']);
    vi.advanceTimersByTime(REACTION_SHOW_MS);
    expect(r.shown.value).toEqual({});
  });

  it("hides a muted seat's reactions, remembered for that room only", () => {
    const storage = memoryStorage();
    const r = createReactions(storage);
    r.open('ROOM');
    r.receive(1, 'hurry');
    r.setMuted(1, true);
    expect(r.shown.value[1]).toBeUndefined();
    r.receive(1, 'hurry');
    r.receive(0, 'hurry');
    expect(Object.keys(r.shown.value)).toEqual(['0']);
    // Back in the same room: still hidden. Another room: not.
    const again = createReactions(storage);
    again.open('ROOM');
    expect(again.muted.value).toEqual([1]);
    again.open('OTHER');
    again.receive(1, 'hurry');
    expect(again.shown.value[1]?.code).toBe('hurry');
    again.open('ROOM');
    again.setMuted(1, false);
    again.receive(1, 'thanks');
    expect(again.shown.value[1]?.code).toBe('thanks');
  });

  it('ignores a code it has no words for', () => {
    const r = createReactions(memoryStorage());
    r.open('ROOM');
    r.receive(0, 'shout');
    expect(r.shown.value).toEqual({});
  });
});
