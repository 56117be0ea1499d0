import { describe, expect, it } from 'vitest';
import { eights } from './index';
import { makeState, play } from './testing';

describe('view', () => {
  const s = makeState({
    hands: [
      ['r2#1', 'g5#1', 'W8#1'],
      ['b1#1', 'b2#1'],
      ['y3#1', 'yS#1', 'y4#1'],
    ],
    top: 'r1#1',
    options: { scoring: 'match', target: 300 },
    set: { scores: [40, 0, 120], handNumber: 2, reverses: 2, direction: -1 },
  });

  it('view: a seat sees its own hand, what it may do, and only counts of the others', () => {
    const v = eights.view(s, 0);
    expect(v).toMatchObject({
      seat: 0,
      hand: ['r2#1', 'g5#1', 'W8#1'],
      playable: ['r2#1', 'W8#1'],
      canDraw: true,
      canKeep: false,
      drawnCard: null,
      catchable: [],
      turn: 0,
      step: 'play',
      topCard: 'r1#1',
      colour: 'r',
      direction: -1,
      pendingDraw: 0,
      reverses: 2,
      reverseLimit: 4,
      drawPileCount: 106 - 9,
      discardCount: 1,
      handNumber: 2,
      target: 300,
      winner: null,
    });
    expect(v.seats).toEqual([
      { name: 'Ana', cards: 3, announced: false, score: 40 },
      { name: 'Ben', cards: 2, announced: false, score: 0 },
      { name: 'Cy', cards: 3, announced: false, score: 120 },
    ]);
    const json = JSON.stringify(v);
    for (const hidden of ['b1#1', 'b2#1', 'y3#1', 'yS#1', 'y4#1', ...s.drawPile]) expect(json).not.toContain(`"${hidden}"`);
  });

  it('view: a seat waiting for its turn may do nothing but catch', () => {
    expect(eights.view(s, 1)).toMatchObject({ hand: ['b1#1', 'b2#1'], playable: [], canDraw: false, canKeep: false });
  });

  it('view: the spectator sees no hand and no hidden card', () => {
    const v = eights.view(s, null);
    expect(v.seat).toBeNull();
    expect(v.hand).toBeNull();
    expect(v.playable).toEqual([]);
    expect(v.canDraw).toBe(false);
    const json = JSON.stringify(v);
    for (const card of [...s.hands.flat(), ...s.drawPile]) expect(json).not.toContain(`"${card}"`);
    expect(json).not.toContain('rng');
  });

  it('view: the spectator sees who can be caught; the forgetful seat does not see itself', () => {
    const after = play(makeState({ hands: [['r2#1', 'r3#1'], ['g1#1'], ['g2#1']], top: 'r1#1' }), 0, { type: 'play', card: 'r2#1' }).state;
    expect(eights.view(after, null).catchable).toEqual([0]);
    expect(eights.view(after, 0).catchable).toEqual([]);
    expect(eights.view(after, 2).catchable).toEqual([0]);
  });

  it('view: single-hand scoring has no target; the endless deck has no pile count', () => {
    const single = makeState({ hands: [['r2#1'], ['g1#1']], top: 'r1#1', options: { endless: true } });
    expect(eights.view(single, 0)).toMatchObject({ target: null, drawPileCount: null });
  });
});
