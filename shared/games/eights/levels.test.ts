import { describe, expect, it } from 'vitest';
import { Rng } from '../../cards/rng';
import { eights } from './index';
import { legalMoves } from './rules';
import { makeState } from './testing';
import type { EightsMove, EightsState } from './types';

const fillers = (n: number, prefix = 'y') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}#1`);
const strong = (s: EightsState, seat = s.turn) => eights.botMove(s, seat, new Rng('bot'), 'strong');
const easy = (s: EightsState, seed: number, seat = s.turn) => eights.botMove(s, seat, new Rng(seed), 'easy');
const legal = (s: EightsState, move: EightsMove) => eights.apply(s, s.turn, move).ok;

describe('Eights bot levels', () => {
  it('Easy plays only legal moves, and all sorts of them (not only the best card)', () => {
    let played = 0;
    const cards = new Set<string>();
    for (let g = 0; g < 30; g++) {
      let s = eights.setup(
        ['a', 'b', 'c'].map((name) => ({ name })),
        eights.defaultOptions,
        `easy-${g}`,
      );
      for (let i = 0; i < 400 && s.winner === null; i++) {
        const move = easy(s, g * 1000 + i);
        const r = eights.apply(s, s.turn, move);
        expect(r.ok, JSON.stringify(move)).toBe(true);
        if (move.type === 'play') {
          played++;
          cards.add(move.card.slice(0, 2));
        }
        if (r.ok) s = r.state;
      }
    }
    expect(played).toBeGreaterThan(100);
    expect(cards.size).toBeGreaterThan(20);
  });

  it('Easy blunders: it plays a wild while it holds a card of the colour, which Normal never does', () => {
    const s = makeState({ hands: [['W8#1', 'r5#1', 'g6#1'], fillers(5)], top: 'r1#1' });
    const easyMoves = new Set(Array.from({ length: 40 }, (_, i) => JSON.stringify(easy(s, i))));
    expect([...easyMoves].some((m) => m.includes('W8#1'))).toBe(true);
    expect(eights.botMove(s, 0, new Rng(1), 'normal')).toEqual({ type: 'play', card: 'r5#1' });
  });

  it('Strong, heads-up, takes the free turn of a Skip first when it can follow in its colour', () => {
    const s = makeState({ hands: [['r5#1', 'gS#1', 'g6#1', 'b7#1'], fillers(5)], top: 'g1#1' });
    expect(eights.botMove(s, 0, new Rng(1), 'normal')).toEqual({ type: 'play', card: 'g6#1' });
    expect(strong(s)).toEqual({ type: 'play', card: 'gS#1' });
    // After it, it plays again: the Skip cost no turn.
    const r = eights.apply(s, 0, strong(s));
    expect(r.ok && r.state.turn).toBe(0);
  });

  it('Strong keeps a Skip for later when it cannot follow it, and with more than two players', () => {
    const alone = makeState({ hands: [['gS#1', 'r1#2', 'b7#1'], fillers(5)], top: 'g1#1' });
    expect(strong(alone)).toEqual({ type: 'play', card: 'r1#2' });
    const three = makeState({ hands: [['r5#1', 'gS#1', 'g6#1', 'b7#1'], fillers(5), fillers(5, 'b')], top: 'g1#1' });
    expect(strong(three)).toEqual({ type: 'play', card: 'g6#1' });
  });

  it('Strong never skips a catch, never forgets "last card", and only plays legal moves', () => {
    const catchable = makeState({ hands: [['r2#1', 'g5#1', 'b7#1'], fillers(1)], top: 'r1#1', set: { catchable: 1 } });
    expect(strong(catchable)).toEqual({ type: 'catch', target: 1 });
    const two = makeState({ hands: [['rS#1', 'r4#1'], fillers(5)], top: 'r1#1' });
    expect(strong(two)).toMatchObject({ type: 'play', lastCard: true });
    for (let g = 0; g < 20; g++) {
      let s = eights.setup(
        ['a', 'b'].map((name) => ({ name })),
        eights.defaultOptions,
        `strong-${g}`,
      );
      for (let i = 0; i < 400 && s.winner === null; i++) {
        const move = strong(s);
        expect(legal(s, move), JSON.stringify(move)).toBe(true);
        expect(legalMoves(s, s.turn).some((m) => m.type === move.type)).toBe(true);
        const r = eights.apply(s, s.turn, move);
        if (r.ok) s = r.state;
      }
    }
  });

  it('Strong decides from its own view: other hands and the pile do not change its move', () => {
    const a = makeState({ hands: [['r5#1', 'gS#1', 'g6#1', 'W8#1'], fillers(5)], top: 'g1#1' });
    const b = makeState({
      hands: [
        ['r5#1', 'gS#1', 'g6#1', 'W8#1'],
        ['gD#1', 'gD#2', 'W4#1', 'WX#1', 'g2#1'],
      ],
      top: 'g1#1',
    });
    b.drawPile.reverse();
    b.rng = { s: [1, 2, 3, 4] };
    for (let i = 0; i < 5; i++) expect(eights.botMove(b, 0, new Rng(i), 'strong')).toEqual(eights.botMove(a, 0, new Rng(i), 'strong'));
  });
});
