import { describe, expect, it } from 'vitest';
import { hokumGamePoints, scoreRound, sunGamePoints, type RoundScoreInput } from './scoring';

const base: RoundScoreInput = {
  sun: true,
  buyerTeam: 0,
  multiplier: 1,
  raiserTeam: null,
  raw: [80, 50],
  tricks: [5, 3],
  projectPoints: [0, 0],
  projectRaw: [0, 0],
  projectTeam: null,
  baloot: [0, 0],
  qaydOffender: null,
};
const score = (o: Partial<RoundScoreInput>) => scoreRound({ ...base, ...o });

describe('card points to game points', () => {
  it('Sun: every split of 130 converts to game points summing to 26', () => {
    for (let a = 0; a <= 130; a++) expect(sunGamePoints(a) + sunGamePoints(130 - a)).toBe(26);
  });
  it('Sun: divmod by 5, rounding up only after an odd quotient', () => {
    expect([45, 46, 50, 51, 65, 66, 85, 130].map(sunGamePoints)).toEqual([9, 10, 10, 10, 13, 14, 17, 26]);
  });
  it('Hokum: every split of 162 converts to game points summing to 16', () => {
    for (let a = 0; a <= 162; a++) {
      const [x, y] = hokumGamePoints([a, 162 - a]);
      expect(x + y).toBe(16);
    }
  });
  it('Hokum: over 5 rounds up, 5 and below rounds down', () => {
    expect(hokumGamePoints([85, 77])).toEqual([8, 8]);
    expect(hokumGamePoints([95, 67])).toEqual([9, 7]);
    expect(hokumGamePoints([100, 62])).toEqual([10, 6]);
  });
  it('Hokum: when both raws end in 6 the larger rounds down', () => {
    expect(hokumGamePoints([86, 76])).toEqual([8, 8]);
    expect(hokumGamePoints([56, 106])).toEqual([6, 10]);
  });
  it('uses integers only (no floating point anywhere in the split tables)', () => {
    for (let a = 0; a <= 162; a++) {
      expect(Number.isInteger(sunGamePoints(Math.min(a, 130)))).toBe(true);
      expect(hokumGamePoints([a, 162 - a]).every(Number.isInteger)).toBe(true);
    }
  });
});

describe('round result', () => {
  it('made: each team keeps its own game points', () => {
    const r = score({ raw: [80, 50] });
    expect(r.result).toBe('made');
    expect(r.awarded).toEqual([16, 10]);
  });
  it('khasara: a buyer below the defenders gives them the whole pot', () => {
    const r = score({ raw: [50, 80], tricks: [3, 5] });
    expect(r.result).toBe('khasara');
    expect(r.awarded).toEqual([0, 26]);
  });
  it('khasara counts awarded projects on both sides of the comparison', () => {
    // Cards 16-10 for the buyers, but the defenders' Fifty (10) counts: 16 < 20.
    const r = score({ raw: [80, 50], projectPoints: [0, 10], projectRaw: [0, 50], projectTeam: 1 });
    expect(r.result).toBe('khasara');
    expect(r.awarded).toEqual([0, 36]);
  });
  it('Sun tie: points are split', () => {
    const r = score({ raw: [65, 65], tricks: [4, 4] });
    expect(r.result).toBe('split');
    expect(r.awarded).toEqual([13, 13]);
  });
  it('Sun tie: the buyer fails when its total raw is lower', () => {
    // Buyer: 36 raw -> 8 gp, plus a Fifty (10 gp, 50 raw) = 18; defenders 94 raw -> 18 gp. Raw 86 < 94.
    const fails = score({ raw: [36, 94], projectPoints: [10, 0], projectRaw: [50, 0], projectTeam: 0 });
    expect(fails.result).toBe('khasara');
    expect(fails.awarded).toEqual([0, 36]);
    // Buyer: 40 raw -> 8 gp + Fifty = 18; defenders 90 -> 18. Raw 90 = 90: split.
    const split = score({ raw: [40, 90], projectPoints: [10, 0], projectRaw: [50, 0], projectTeam: 0 });
    expect(split.result).toBe('split');
    expect(split.awarded).toEqual([18, 18]);
  });
  it('Hokum tie: the buyer fails unless its raw is higher', () => {
    // 77 -> 8, 85 -> 8 (tie); buyer raw 77 < 85.
    const lower = score({ sun: false, raw: [77, 85] });
    expect(lower.result).toBe('khasara');
    expect(lower.awarded).toEqual([0, 16]);
    const higher = score({ sun: false, raw: [85, 77] });
    expect(higher.result).toBe('made');
    expect(higher.awarded).toEqual([8, 8]);
  });
  it('doubled tie: the team that raised last loses', () => {
    const defendersDoubled = score({ sun: false, raw: [77, 85], multiplier: 2, raiserTeam: 1 });
    expect(defendersDoubled.winner).toBe(0);
    expect(defendersDoubled.awarded).toEqual([32, 0]);
    const buyersTripled = score({ sun: false, raw: [85, 77], multiplier: 3, raiserTeam: 0 });
    expect(buyersTripled.winner).toBe(1);
    expect(buyersTripled.awarded).toEqual([0, 48]);
  });
  it('doubled round: the winner takes the pot times the multiplier, Baloot unmultiplied', () => {
    const r = score({ sun: false, raw: [100, 62], multiplier: 2, raiserTeam: 1, baloot: [0, 2] });
    expect(r.result).toBe('made');
    expect(r.awarded).toEqual([32, 2]);
    const four = score({ sun: false, raw: [60, 102], multiplier: 4, raiserTeam: 1, projectPoints: [0, 5], projectRaw: [0, 50], projectTeam: 1 });
    expect(four.awarded).toEqual([0, (16 + 5) * 4]);
  });
  it('Baloot is never blocked: it scores even for a failing buyer', () => {
    const r = score({ sun: false, raw: [40, 122], baloot: [2, 0] });
    expect(r.result).toBe('khasara');
    expect(r.awarded).toEqual([2, 16]);
  });
  it('only the team with the best project scores projects', () => {
    const r = score({ raw: [80, 50], projectPoints: [4, 10], projectRaw: [20, 50], projectTeam: 1 });
    expect(r.countedProjects).toEqual([0, 10]);
    expect(r.awarded).toEqual([0, 36]);
  });
  it('Kaboot: 44 in Sun plus the team projects, not multiplied', () => {
    const r = score({ raw: [130, 0], tricks: [8, 0], multiplier: 2, raiserTeam: 1, projectPoints: [4, 0], projectRaw: [20, 0], projectTeam: 0 });
    expect(r.result).toBe('kaboot');
    expect(r.awarded).toEqual([48, 0]);
  });
  it('Kaboot: 25 in Hokum, also for the defenders', () => {
    const r = score({ sun: false, raw: [0, 162], tricks: [0, 8], baloot: [2, 0] });
    expect(r.result).toBe('kaboot');
    expect(r.winner).toBe(1);
    expect(r.awarded).toEqual([2, 25]);
  });
  it('Qayd: the offenders get nothing, the others 26 / 16 plus their projects', () => {
    const sun = score({ raw: [40, 20], tricks: [3, 1], qaydOffender: 0, projectPoints: [20, 4] });
    expect(sun.result).toBe('qayd');
    expect(sun.awarded).toEqual([0, 30]);
    const hokum = score({ sun: false, raw: [40, 20], qaydOffender: 1, projectPoints: [2, 0], baloot: [0, 2] });
    expect(hokum.awarded).toEqual([18, 0]);
  });
});
