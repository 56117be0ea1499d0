import { describe, expect, it } from 'vitest';
import { Rng } from '../../cards/rng';
import { eights } from './index';
import type { EightsState } from './types';
import { makeState, type Position } from './testing';

const bot = (s: EightsState, seat = s.turn) => eights.botMove(s, seat, new Rng('bot'));
const fillers = (n: number, prefix = 'y') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}#1`);
const position = (mine: string[], top: string, extra: Partial<Position> = {}) => makeState({ hands: [mine, fillers(5), fillers(5, 'b')], top, ...extra });

describe('bot', () => {
  it('bot: stacks a +card rather than taking the stack', () => {
    const s = position(['r2#1', 'gD#1', 'W4#1'], 'rD#1', { set: { pendingDraw: 2 } });
    expect(bot(s)).toEqual({ type: 'play', card: 'gD#1' });
  });

  it('bot: takes the stack when it holds no +card', () => {
    expect(bot(position(['r2#1', 'W8#1'], 'rD#1', { set: { pendingDraw: 2 } }))).toEqual({ type: 'draw' });
  });

  it('bot: always calls last card', () => {
    expect(bot(position(['r2#1', 'g5#1'], 'r1#1'))).toEqual({ type: 'play', card: 'r2#1', lastCard: true });
  });

  it('bot: catches a player who forgot to call last card, before acting', () => {
    const s = position(['r2#1', 'g5#1', 'b7#1'], 'r1#1', { set: { catchable: 2 } });
    expect(bot(s)).toEqual({ type: 'catch', target: 2 });
    expect(bot(s, 1)).toEqual({ type: 'catch', target: 2 });
  });

  it('bot: keeps its wild when it has another play', () => {
    expect(bot(position(['W8#1', 'r5#1', 'g6#1'], 'r1#1'))).toEqual({ type: 'play', card: 'r5#1' });
    expect(bot(position(['W4#1', 'r5#1', 'g6#1'], 'r1#1'))).toEqual({ type: 'play', card: 'r5#1' });
  });

  it('bot: plays a wild when it has no other play, naming the colour it holds most of', () => {
    const move = bot(position(['W8#1', 'g5#1', 'g6#1', 'b2#2'], 'r1#1'));
    expect(move).toEqual({ type: 'play', card: 'W8#1', color: 'g' });
  });

  it('bot: hits a next player down to two cards with a +4', () => {
    const s = makeState({ hands: [['W4#1', 'r5#1', 'g6#1', 'g7#1'], ['y1#1', 'y2#1'], fillers(5, 'b')], top: 'r1#1' });
    expect(bot(s)).toEqual({ type: 'play', card: 'W4#1', color: 'g' });
  });

  it('bot: prefers the card that keeps it in the colour it holds most of', () => {
    // Red 1 on top: Green 1 switches to green (two more greens in hand) rather than staying in red.
    expect(bot(position(['g1#2', 'r5#1', 'g6#1', 'g7#1'], 'r1#1'))).toEqual({ type: 'play', card: 'g1#2' });
  });

  it('bot: draws when nothing is playable, and plays a useful drawn card', () => {
    const s = position(['g5#1', 'g6#1', 'b9#1'], 'r1#1');
    expect(bot(s)).toEqual({ type: 'draw' });
    s.drawPile.push('r7#1');
    const drawn = eights.apply(s, 0, { type: 'draw' });
    if (!drawn.ok) throw new Error(drawn.error.code);
    expect(bot(drawn.state)).toEqual({ type: 'play', card: 'r7#1' });
  });

  it('bot: keeps a drawn Wild +20 for a later stack when nobody is close to going out', () => {
    const s = position(['g5#1', 'g6#1', 'b9#1', 'b7#1'], 'r1#1', { set: { drawn: 'WX#1' } });
    s.hands[0]!.push('WX#1');
    expect(bot(s)).toEqual({ type: 'keep' });
  });

  it('bot: decides from its own view only (other hands and the pile do not change its move)', () => {
    const a = position(['r2#1', 'g5#1', 'W8#1'], 'r1#1');
    const b = position(['r2#1', 'g5#1', 'W8#1'], 'r1#1');
    b.hands[1] = ['rS#1', 'rS#2', 'W4#1', 'W4#2', 'WX#1'];
    b.drawPile.reverse();
    b.rng = { s: [1, 2, 3, 4] };
    for (let i = 0; i < 5; i++) {
      expect(eights.botMove(b, 0, new Rng(i))).toEqual(eights.botMove(a, 0, new Rng(i)));
    }
  });
});
