import { describe, expect, it } from 'vitest';
import { nextFloat, nextInt, nextUint32, Rng, seedRng, shuffleInPlace } from './rng';

describe('seeded RNG', () => {
  it('replays exactly from the same seed', () => {
    const a = seedRng('table-7');
    const b = seedRng('table-7');
    const xs = Array.from({ length: 50 }, () => nextUint32(a));
    const ys = Array.from({ length: 50 }, () => nextUint32(b));
    expect(xs).toEqual(ys);
  });

  it('different seeds give different streams', () => {
    const a = seedRng('seed-a');
    const b = seedRng('seed-b');
    expect(Array.from({ length: 8 }, () => nextUint32(a))).not.toEqual(Array.from({ length: 8 }, () => nextUint32(b)));
  });

  it('keeps its whole state as four 32-bit integers in plain JSON', () => {
    const rng = seedRng(42);
    for (let i = 0; i < 100; i++) nextUint32(rng);
    const copy = JSON.parse(JSON.stringify(rng)) as typeof rng;
    expect(copy.s).toHaveLength(4);
    for (const w of copy.s) expect(Number.isInteger(w) && w >= 0 && w < 2 ** 32).toBe(true);
    expect(nextUint32(copy)).toBe(nextUint32(rng));
  });

  it('nextInt stays in range and covers it evenly', () => {
    const rng = seedRng('dice');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[nextInt(rng, 6)]!++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
    expect(() => nextInt(rng, 0)).toThrow(RangeError);
  });

  it('nextFloat is in [0, 1)', () => {
    const rng = seedRng('f');
    for (let i = 0; i < 10_000; i++) {
      const x = nextFloat(rng);
      expect(x >= 0 && x < 1).toBe(true);
    }
  });

  it('a shuffle is a permutation of its input', () => {
    const items = Array.from({ length: 52 }, (_, i) => i);
    const shuffled = shuffleInPlace(seedRng('deck'), [...items]);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
  });

  it('an Rng made from a state does not share it', () => {
    const state = seedRng('x');
    const before = [...state.s];
    const r = new Rng(state);
    r.int(10);
    expect(state.s).toEqual(before);
  });
});
