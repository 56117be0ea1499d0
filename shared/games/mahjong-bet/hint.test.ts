import { describe, expect, it } from 'vitest';
import { newGame, placeBet, tileValue } from './engine';
import { MAHJONG_TUTORIAL, mahjongHint, walkMahjongLesson } from './hint';

describe('Mahjong hand betting: the hint', () => {
  it('bets Higher under what a hand of the tiles to come averages, Lower over it, and says both figures', () => {
    for (let i = 0; i < 40; i++) {
      let s = newGame(`hint-${i}`);
      for (let bet = 0; bet < 3; bet++) {
        const hint = mahjongHint(s)!;
        const mean = s.draw.reduce((sum, id) => sum + tileValue(s, id), 0) / s.draw.length;
        expect(hint.why.total).toBe(s.hand.reduce((sum, id) => sum + tileValue(s, id), 0));
        expect(hint.move).toBe(hint.why.total < mean * 4 ? 'higher' : 'lower');
        expect(hint.why.code).toBe(hint.move);
        expect(hint.why.average).toBe(Math.round(mean * 4));
        const r = placeBet(s, hint.move);
        if (!r.ok) throw new Error(r.error.code);
        s = r.state;
      }
    }
  });

  it('wins more often than it loses over whole games', () => {
    let wins = 0;
    let bets = 0;
    for (let i = 0; i < 5; i++) {
      let s = newGame(`long-${i}`);
      while (!s.over) {
        const r = placeBet(s, mahjongHint(s)!.move);
        if (!r.ok) throw new Error(r.error.code);
        s = r.state;
        bets++;
      }
      wins += s.score;
    }
    expect(wins / bets).toBeGreaterThan(0.6);
  });

  it('the lesson shows a won Higher and a won Lower, a loss, and honour tiles moving up and down', () => {
    const rounds = walkMahjongLesson();
    expect(rounds).toHaveLength(MAHJONG_TUTORIAL.bets);
    expect(rounds.some((r) => r.bet === 'higher' && r.outcome === 'win')).toBe(true);
    expect(rounds.some((r) => r.bet === 'lower' && r.outcome === 'win')).toBe(true);
    expect(rounds.some((r) => r.outcome === 'loss')).toBe(true);
    expect(rounds.some((r) => r.changes.some((c) => c.to > c.from))).toBe(true);
    expect(rounds.some((r) => r.changes.some((c) => c.to < c.from))).toBe(true);
    expect(mahjongHint({ ...newGame('x'), over: { reasons: ['exhaustion'], tiles: [] } })).toBeNull();
  });
});
