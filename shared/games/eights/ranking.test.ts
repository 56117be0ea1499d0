import { describe, expect, it } from 'vitest';
import { Rng } from '../../cards/rng';
import { eights } from './index';
import type { EightsState } from './types';

const NAMES = ['Ana', 'Ben', 'Cy', 'Dee'].map((name) => ({ name }));

/** A finished one-hand game: seat `winner` went out, the others hold `left` cards each. */
function ended(winner: number, left: number[], scores?: number[]): EightsState {
  const s = eights.setup(NAMES.slice(0, left.length), eights.defaultOptions, 'ranking') as EightsState;
  const cards = s.hands.flat().concat(s.drawPile);
  let next = 0;
  return { ...s, winner, scores: scores ?? s.scores, hands: left.map((n) => cards.slice(next, (next += n))) };
}

describe('Eights ranked places', () => {
  it('rank the others by the cards they hold, not all second (issue 29: 2 cards or 13 tied)', () => {
    expect(eights.ranking!(ended(0, [0, 13, 2, 5]))).toEqual([1, 4, 2, 3]);
  });

  it('let seats holding as many cards share a place', () => {
    expect(eights.ranking!(ended(3, [4, 4, 1, 0]))).toEqual([3, 3, 2, 1]);
  });

  it('in a match, put the match score before the cards left', () => {
    expect(eights.ranking!(ended(1, [1, 0, 6, 6], [120, 510, 300, 0]))).toEqual([3, 1, 2, 4]);
  });

  it('rank a whole game played by bots: the winner first, places never better for more cards', () => {
    for (const seed of ['r1', 'r2', 'r3']) {
      let s = eights.setup(NAMES, eights.defaultOptions, seed) as EightsState;
      const rng = new Rng(seed);
      for (let turn = 0; turn < 2000 && !eights.outcome(s); turn++) {
        const seat = eights.activeSeats(s)[0]!;
        const r = eights.apply(s, seat, eights.botMove(s, seat, rng));
        if (!r.ok) throw new Error(`bot move refused: ${JSON.stringify(r.error)}`);
        s = r.state;
      }
      const places = eights.ranking!(s);
      const winner = eights.outcome(s)!.winners[0]!;
      expect(places[winner]).toBe(1);
      for (let a = 0; a < 4; a++)
        for (let b = 0; b < 4; b++) if (a !== winner && b !== winner && s.hands[a]!.length < s.hands[b]!.length) expect(places[a]).toBeLessThan(places[b]!);
    }
  });
});
