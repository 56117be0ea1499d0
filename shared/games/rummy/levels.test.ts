import { describe, expect, it } from 'vitest';
import { Rng } from '../../cards/rng';
import type { BotLevel } from '../../engine/types';
import { rummy } from './index';
import { cards, position } from './testkit';
import type { RummyMove, RummyState } from './types';

const bot = (s: RummyState, level: BotLevel, seed = 1) => rummy.botMove(s, s.turn, new Rng(seed), level);

/** Plays whole deals with the given level at every seat, checking each move; returns every move made. */
function playDeals(level: BotLevel, deals: number, players = 2): RummyMove[] {
  const moves: RummyMove[] = [];
  for (let d = 0; d < deals; d++) {
    let s = rummy.setup(
      Array.from({ length: players }, (_, i) => ({ name: `P${i}` })),
      rummy.defaultOptions,
      `${level}-${d}`,
    );
    const rng = new Rng(`${level}-bots-${d}`);
    for (let i = 0; i < 3000 && rummy.outcome(s) === null; i++) {
      const move = rummy.botMove(s, s.turn, rng, level);
      const r = rummy.apply(s, s.turn, move);
      expect(r.ok, `${level}: ${JSON.stringify(move)} ${r.ok ? '' : JSON.stringify(r.error)}`).toBe(true);
      if (!r.ok) break;
      moves.push(move);
      s = r.state;
    }
    expect(rummy.outcome(s), `${level} deal ${d} ends`).not.toBeNull();
  }
  return moves;
}

/** Pairs that each wait for a third card, a lone King and a lone Five: what to throw? */
const HAND = cards('3H 4H 6C 7C 8D 9D KS 5D');

describe('Rummy bot levels', () => {
  it('Easy plays only legal moves, never takes the discard, and throws cards at random', () => {
    const moves = playDeals('easy', 3);
    expect(moves.some((m) => m.type === 'draw' && m.from === 'discard')).toBe(false);
    expect(moves.some((m) => m.type === 'discard')).toBe(true);
    // Normal would throw the King (the lone card worth most); Easy throws any card.
    const s = position({ hands: [HAND, cards('2C 2D')], round: 2, phase: 'play' });
    expect(bot(s, 'normal')).toEqual({ type: 'discard', card: 'KS#1' });
    const thrown = new Set(Array.from({ length: 30 }, (_, i) => JSON.stringify(bot(s, 'easy', i))));
    expect(thrown.size).toBeGreaterThan(3);
  });

  it('Strong plays only legal moves and finishes its deals', () => {
    const moves = playDeals('strong', 4);
    expect(moves.some((m) => m.type === 'meld')).toBe(true);
  });

  it('Strong never throws a high card for its points before it has declared (a hand scores 100 then, whatever it holds)', () => {
    const before = position({ hands: [HAND, cards('2C 2D')], round: 2, phase: 'play' });
    expect(bot(before, 'strong')).toEqual({ type: 'discard', card: '5D#1' });
    // Once declared, the King's ten points count against it: it goes, as Normal would throw it.
    const after = position({ hands: [HAND, cards('2C 2D')], round: 5, phase: 'play', declared: [true, false] });
    expect(bot(after, 'strong')).toEqual({ type: 'discard', card: 'KS#1' });
    expect(bot(after, 'normal')).toEqual({ type: 'discard', card: 'KS#1' });
  });

  it('Strong decides from what its seat knows: the other hand and the pile do not change its move', () => {
    const a = position({ hands: [HAND, cards('2C 2D')], round: 5, phase: 'play' });
    const b = position({ hands: [HAND, cards('KD KH')], round: 5, phase: 'play' });
    b.pile.reverse();
    b.rng = { s: [1, 2, 3, 4] };
    expect(bot(b, 'strong')).toEqual(bot(a, 'strong'));
  });
});
