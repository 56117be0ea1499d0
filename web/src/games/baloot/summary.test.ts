import { describe, expect, it } from 'vitest';
import type { BalootState, RoundSummary } from '../../../../shared/games/baloot/types';
import { summarize } from './summary';
import { act, botStep, newGame, newRng } from './test-game';

function firstRound(seed: string): RoundSummary {
  let s: BalootState = newGame(seed);
  const rng = newRng(seed);
  while (!s.lastRound) {
    const { seat, move } = botStep(s, rng);
    s = act(s, seat, move).state;
  }
  return s.lastRound;
}

const base: RoundSummary = {
  roundNo: 3,
  contract: { type: 'sun', trump: null, buyer: 1, bidder: 1, ashkal: false, level: 1, levelName: null, multiplier: 1, open: true },
  end: 'played',
  tricks: [3, 5],
  cardPoints: [70, 60],
  cardGamePoints: [14, 12],
  projects: [],
  projectPoints: [0, 0],
  baloot: [0, 0],
  result: 'khasara',
  winner: 0,
  kaboot: null,
  qayd: null,
  sawa: null,
  multiplier: 1,
  awarded: [26, 0],
  scores: [40, 30],
};

describe('round summary', () => {
  it('shows Us (Lana) first for either team, with the same figures as the engine', () => {
    const r = firstRound('summary');
    const a = summarize(r, 0);
    const b = summarize(r, 1);
    const get = (v: typeof a, key: string) => v.lines.find((l) => l.key === key)!;
    for (const key of ['tricks', 'cardPoints', 'cardGamePoints', 'awarded', 'scores']) {
      expect([get(a, key).us, get(a, key).them]).toEqual([get(b, key).them, get(b, key).us]);
    }
    expect(get(a, 'tricks').us + get(a, 'tricks').them).toBe(8);
    expect(get(a, 'cardPoints').us + get(a, 'cardPoints').them).toBe(r.contract.type === 'sun' ? 130 : 162);
    expect(get(a, 'scores').us).toBe(r.scores[0]);
  });

  it('explains a khasara: the defenders take the whole pot', () => {
    const v = summarize(base, 0);
    expect(v).toMatchObject({ result: 'khasara', side: 'us', buyerSide: 'them', pot: { base: 26, multiplier: 1, total: 26 } });
    expect(summarize(base, 1)).toMatchObject({ side: 'them', buyerSide: 'us' });
  });

  it('shows the multiplier of a doubled pot, with Baloot added outside it', () => {
    const doubled: RoundSummary = {
      ...base,
      contract: { ...base.contract, type: 'hokum', trump: 'H', level: 2, levelName: 'double', multiplier: 2 },
      result: 'made',
      winner: 1,
      multiplier: 2,
      cardGamePoints: [6, 10],
      baloot: [0, 2],
      awarded: [0, 34],
    };
    const v = summarize(doubled, 1);
    expect(v.pot).toEqual({ base: 16, multiplier: 2, total: 32 });
    expect(v.lines.find((l) => l.key === 'baloot')).toEqual({ key: 'baloot', us: 2, them: 0 });
  });

  it('names Kaboot, Qayd and an accepted Sawa plainly', () => {
    expect(summarize({ ...base, result: 'kaboot', kaboot: 1, winner: 1, awarded: [0, 44] }, 0)).toMatchObject({ result: 'kaboot', side: 'them', pot: null });
    expect(summarize({ ...base, result: 'qayd', qayd: 0, winner: 1, awarded: [0, 26] }, 0)).toMatchObject({ result: 'qayd', side: 'us' });
    expect(summarize({ ...base, result: 'made', winner: 1, end: 'sawa', sawa: { claimant: 1, accepted: true }, awarded: [12, 14] }, 0)).toMatchObject({
      sawaAccepted: true,
      pot: null,
    });
  });

  it('splits a tied Sun round with no side named', () => {
    expect(summarize({ ...base, result: 'split', winner: null, awarded: [13, 13] }, 0)).toMatchObject({ side: null, pot: null });
  });

  it('lists projects with whose they are and whether they counted', () => {
    const v = summarize({ ...base, projects: [{ seat: 1, kind: 'sira', cards: ['KS', 'QS', 'JS'], points: 4, counted: true }], projectPoints: [0, 4] }, 0);
    expect(v.projects[0]).toMatchObject({ ours: false, counted: true, points: 4 });
    expect(v.lines.find((l) => l.key === 'projects')).toEqual({ key: 'projects', us: 0, them: 4 });
  });
});
