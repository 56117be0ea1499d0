import { describe, expect, it } from 'vitest';
import { FOUR_COLOUR_KEY, fourColourPref } from './prefs';

function memoryStorage(init: Record<string, string> = {}) {
  const data = new Map(Object.entries(init));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('the four-colour deck preference', () => {
  it('is off at first, and remembered on this device once turned on or off', () => {
    const storage = memoryStorage();
    const pref = fourColourPref(storage);
    expect(pref.value).toBe(false);
    pref.value = true;
    expect(storage.data.get(FOUR_COLOUR_KEY)).toBe('1');
    expect(fourColourPref(storage).value).toBe(true);
    pref.value = false;
    expect(fourColourPref(storage).value).toBe(false);
  });

  it('keeps the choice a player made at the Baloot table before it applied to every game', () => {
    expect(fourColourPref(memoryStorage({ 'cardroom:baloot:fourColour': '1' })).value).toBe(true);
    // The site-wide key wins once it exists.
    expect(fourColourPref(memoryStorage({ 'cardroom:baloot:fourColour': '1', [FOUR_COLOUR_KEY]: '0' })).value).toBe(false);
  });
});
