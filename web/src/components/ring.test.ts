import { describe, expect, it } from 'vitest';
import { ringState } from './ring';

describe('the countdown ring', () => {
  it('is full and green when the turn starts', () => {
    expect(ringState(10_000, 0, 10)).toEqual({ fraction: 1, secondsLeft: 10, tone: 'ok' });
  });
  it('turns yellow past half time', () => {
    expect(ringState(10_000, 6_000, 10).tone).toBe('warn');
    expect(ringState(10_000, 4_000, 10).tone).toBe('ok');
  });
  it('turns red for the last three seconds', () => {
    const s = ringState(10_000, 7_500, 10);
    expect(s.tone).toBe('low');
    expect(s.secondsLeft).toBe(3);
  });
  it('never goes below empty once the deadline passed', () => {
    expect(ringState(10_000, 12_000, 10)).toEqual({ fraction: 0, secondsLeft: 0, tone: 'low' });
  });
  it('counts the 15 s Sawa window the same way', () => {
    expect(ringState(15_000, 0, 15).fraction).toBe(1);
    expect(ringState(15_000, 7_500, 15).fraction).toBeCloseTo(0.5);
  });
});
