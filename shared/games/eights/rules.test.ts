import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { seedRng } from '../../cards/rng';
import { DECK_FACES, DECK_SIZE, faceOf, fullDeck, isCardId, parseCard, randomFace } from './cards';
import { eights, eightsCardPoints } from './index';
import { turnFirstDiscard } from './rules';
import { allCards, makeState, NAMES, play, refuse } from './testing';

const players = (n: number) => NAMES.slice(0, n).map((name) => ({ name }));

describe('deck and deal', () => {
  it('deck: 106 cards — per colour one 0, two each of 1–7, 9, Skip, Reverse, +2; 8 wild 8s, 4 +4, 2 +20', () => {
    const deck = fullDeck();
    expect(deck).toHaveLength(106);
    expect(DECK_SIZE).toBe(106);
    expect(new Set(deck).size).toBe(106);
    const count = (face: string) => deck.filter((c) => faceOf(c) === face).length;
    for (const colour of ['r', 'g', 'b', 'y']) {
      expect(count(`${colour}0`)).toBe(1);
      for (const sym of ['1', '2', '3', '4', '5', '6', '7', '9', 'S', 'R', 'D']) expect(count(`${colour}${sym}`)).toBe(2);
      expect(count(`${colour}8`)).toBe(0);
    }
    expect(count('W8')).toBe(8);
    expect(count('W4')).toBe(4);
    expect(count('WX')).toBe(2);
    expect(deck.every(isCardId)).toBe(true);
  });

  it('deal: 7 cards each for 2 to 8 players, every card accounted for, seat 0 starts', () => {
    for (let n = 2; n <= 8; n++) {
      const s = eights.setup(players(n), eights.defaultOptions, `deal-${n}`);
      expect(s.hands.map((h) => h.length)).toEqual(Array(n).fill(7));
      const cards = allCards(s);
      expect(cards).toHaveLength(106);
      expect(new Set(cards).size).toBe(106);
      expect(s.turn).toBe(0);
      expect(s.direction).toBe(1);
    }
  });

  it('setup refuses fewer than 2 or more than 8 players', () => {
    expect(() => eights.setup(players(1), eights.defaultOptions, 'x')).toThrow();
    expect(() => eights.setup([...players(8), { name: 'Ivy' }], eights.defaultOptions, 'x')).toThrow();
  });

  it('first discard: cards are turned until a number card shows; the others stay beneath', () => {
    const s = makeState({ hands: [[], []], top: 'b1#1', drawPile: ['y2#1', 'r5#1', 'W8#1', 'gS#1'] });
    s.discard = [];
    turnFirstDiscard(s, []);
    expect(s.discard).toEqual(['gS#1', 'W8#1', 'r5#1']);
    expect(s.colour).toBe('r');
    expect(s.drawPile).toEqual(['y2#1']);
  });

  it('first discard: every dealt game starts on a number card whose colour is in force', () => {
    for (let i = 0; i < 30; i++) {
      const s = eights.setup(players(4), eights.defaultOptions, `first-${i}`);
      const top = parseCard(s.discard[s.discard.length - 1]!);
      expect(top.kind).toBe('number');
      expect(s.colour).toBe(top.colour);
    }
  });

  it('options: {} parses to the defaults (finite deck, stacking on, single hand, target 500)', () => {
    expect(v.parse(eights.optionsSchema, {})).toEqual({ endless: false, skipTwo: false, stacking: true, scoring: 'hand', target: 500 });
    expect(eights.defaultOptions.stacking).toBe(true);
  });

  it('state is plain JSON', () => {
    const s = eights.setup(players(3), eights.defaultOptions, 'json');
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

describe('matching', () => {
  const hand = ['r7#1', 'b5#2', 'g3#1', 'yS#1', 'bS#1', 'W8#1'];
  const base = () => makeState({ hands: [hand, ['y1#1', 'y2#1']], top: 'b7#1' });

  it('match: same colour is playable', () => {
    const { state } = play(base(), 0, { type: 'play', card: 'b5#2' });
    expect(state.discard.at(-1)).toBe('b5#2');
    expect(state.colour).toBe('b');
    expect(state.turn).toBe(1);
  });

  it('match: same number in another colour is playable and changes the colour', () => {
    const { state } = play(base(), 0, { type: 'play', card: 'r7#1' });
    expect(state.colour).toBe('r');
  });

  it('match: same symbol in another colour is playable', () => {
    const s = makeState({ hands: [hand, ['y1#1', 'y2#1']], top: 'gS#2' });
    expect(eights.view(s, 0).playable).toEqual(expect.arrayContaining(['yS#1', 'bS#1', 'g3#1']));
    expect(play(s, 0, { type: 'play', card: 'yS#1' }).state.colour).toBe('y');
  });

  it('match: a card matching neither colour, number nor symbol is refused', () => {
    expect(refuse(base(), 0, { type: 'play', card: 'g3#1' })).toBe('card_not_playable');
    const s = base();
    // The refusal names the card, the top of the pile and the colour to follow, as data.
    expect(eights.apply(s, 0, { type: 'play', card: 'g3#1' })).toEqual({
      ok: false,
      error: { code: 'card_not_playable', card: 'g3#1', top: s.discard.at(-1), colour: s.colour },
    });
    expect(eights.view(base(), 0).playable.sort()).toEqual(['W8#1', 'b5#2', 'bS#1', 'r7#1']);
  });

  it('wild 8 plays on anything and its player names the next colour', () => {
    const { state, events } = play(base(), 0, { type: 'play', card: 'W8#1', color: 'g' });
    expect(state.colour).toBe('g');
    expect(events).toContainEqual({ type: 'colour', seat: 0, colour: 'g' });
    // Only the named colour (or another wild) follows a wild.
    const next = makeState({
      hands: [
        ['b2#1', 'g1#1', 'y9#1'],
        ['y1#1', 'y2#1'],
      ],
      top: 'W8#1',
      colour: 'g',
    });
    expect(eights.view(next, 0).playable).toEqual(['g1#1']);
  });

  it('wild +4 and +20 play on anything and set the colour', () => {
    const s = makeState({ hands: [['W4#1', 'WX#1', 'g1#1'], ['y1#1']], top: 'b7#1' });
    expect(play(s, 0, { type: 'play', card: 'W4#1', color: 'y' }).state.colour).toBe('y');
    expect(play(s, 0, { type: 'play', card: 'WX#1', color: 'r' }).state.colour).toBe('r');
  });

  it('wild: the colour is required, and refused on a coloured card', () => {
    expect(refuse(base(), 0, { type: 'play', card: 'W8#1' })).toBe('colour_required');
    expect(refuse(base(), 0, { type: 'play', card: 'b5#2', color: 'r' })).toBe('colour_not_allowed');
  });

  it('turn: playing out of turn is refused with the seat of the player to move', () => {
    const r = eights.apply(base(), 1, { type: 'play', card: 'y1#1' });
    expect(r).toEqual({ ok: false, error: { code: 'not_your_turn', seat: 0 } });
  });

  it('a card not in the hand is refused', () => {
    expect(refuse(base(), 0, { type: 'play', card: 'b9#1' })).toBe('card_not_in_hand');
    expect(refuse(base(), 0, { type: 'play', card: 'nonsense' })).toBe('card_not_in_hand');
  });

  it('apply never mutates its input', () => {
    const s = base();
    const before = JSON.stringify(s);
    play(s, 0, { type: 'play', card: 'W8#1', color: 'g' });
    play(s, 0, { type: 'draw' });
    expect(JSON.stringify(s)).toBe(before);
  });

  it('move schema: well-formed moves pass, malformed ones are rejected', () => {
    const ok = (m: unknown) => v.safeParse(eights.moveSchema, m).success;
    expect(ok({ type: 'play', card: 'W8#1', color: 'b', lastCard: true })).toBe(true);
    expect(ok({ type: 'draw' })).toBe(true);
    expect(ok({ type: 'keep' })).toBe(true);
    expect(ok({ type: 'catch', target: 3 })).toBe(true);
    expect(ok({ type: 'play', card: 'W8#1', color: 'purple' })).toBe(false);
    expect(ok({ type: 'play' })).toBe(false);
    expect(ok({ type: 'catch', target: -1 })).toBe(false);
    expect(ok({ type: 'catch', target: 1.5 })).toBe(false);
    expect(ok({ type: 'draw', extra: 1 })).toBe(false);
    expect(ok({ type: 'pass' })).toBe(false);
  });
});

describe('skip and reverse', () => {
  const four = (first: string[], set = {}, options = {}) =>
    makeState({ hands: [first, ['g1#1', 'g2#1'], ['g3#1', 'g4#1'], ['g5#1', 'g6#1']], top: 'r1#1', set, options });

  it('skip: the next player loses the turn', () => {
    const { state, events } = play(four(['rS#1', 'r2#1']), 0, { type: 'play', card: 'rS#1' });
    expect(state.turn).toBe(2);
    expect(events).toContainEqual({ type: 'skip', seat: 1 });
  });

  it('skipTwo option: a Skip skips the next two players', () => {
    const { state } = play(four(['rS#1', 'r2#1'], {}, { skipTwo: true }), 0, { type: 'play', card: 'rS#1' });
    expect(state.turn).toBe(3);
  });

  it('skip never comes back round: with two players (or three with skipTwo) the player plays again', () => {
    const s = makeState({ hands: [['rS#1', 'r2#1'], ['g1#1']], top: 'r1#1' });
    expect(play(s, 0, { type: 'play', card: 'rS#1' }).state.turn).toBe(0);
    const two = makeState({ hands: [['rS#1', 'r2#1'], ['g1#1']], top: 'r1#1', options: { skipTwo: true } });
    expect(play(two, 0, { type: 'play', card: 'rS#1' }).state.turn).toBe(0);
    const three = makeState({ hands: [['rS#1', 'r2#1'], ['g1#1'], ['g2#1']], top: 'r1#1', options: { skipTwo: true } });
    expect(play(three, 0, { type: 'play', card: 'rS#1' }).state.turn).toBe(0);
  });

  it('reverse: the direction flips and play goes the other way', () => {
    const { state } = play(four(['rR#1', 'r2#1']), 0, { type: 'play', card: 'rR#1' });
    expect(state.direction).toBe(-1);
    expect(state.turn).toBe(3);
    expect(state.reverses).toBe(1);
  });

  it('two players: reverse acts as skip', () => {
    const s = makeState({ hands: [['rR#1', 'r2#1'], ['g1#1']], top: 'r1#1' });
    const { state, events } = play(s, 0, { type: 'play', card: 'rR#1' });
    expect(state.turn).toBe(0);
    expect(events).toContainEqual({ type: 'skip', seat: 1 });
  });

  it('reverse: a fifth reverse in a row is refused', () => {
    const s = four(['gR#1', 'r2#1'], { reverses: 4 });
    s.discard.push('rR#1');
    expect(refuse(s, 0, { type: 'play', card: 'gR#1' })).toBe('reverse_limit');
    expect(eights.view(s, 0).playable).toEqual(['r2#1']);
  });

  it('reverse: four in a row are allowed, counted across players', () => {
    let s = makeState({
      hands: [
        ['rR#1', 'gR#1', 'r2#1'],
        ['y1#1', 'y2#1'],
        ['rR#2', 'gR#2', 'g9#1'],
      ],
      top: 'r1#1',
    });
    for (const [seat, card] of [
      [0, 'rR#1'],
      [2, 'rR#2'],
      [0, 'gR#1'],
      [2, 'gR#2'],
    ] as const) {
      s = play(s, seat, { type: 'play', card }).state;
    }
    expect(s.reverses).toBe(4);
  });

  it('reverse: the count restarts after another card is played', () => {
    const s = four(['r2#1', 'r3#1'], { reverses: 4 });
    const { state } = play(s, 0, { type: 'play', card: 'r2#1' });
    expect(state.reverses).toBe(0);
  });

  it('reverse: drawing does not reset the count', () => {
    const s = four(['g9#2', 'g7#2'], { reverses: 3 }, {});
    s.drawPile.push('y9#1');
    const { state } = play(s, 0, { type: 'draw' });
    expect(state.reverses).toBe(3);
  });

  it('reverse: a drawn Reverse over the limit is not playable, so the turn ends', () => {
    const s = four(['g9#2', 'g7#2'], { reverses: 4 });
    s.drawPile.push('rR#1');
    const { state } = play(s, 0, { type: 'draw' });
    expect(state.drawn).toBeNull();
    expect(state.turn).toBe(1);
  });
});

describe('stacking', () => {
  const three = (first: string[], pending: number, top: string, options = {}) =>
    makeState({
      hands: [first, ['g1#1', 'g2#1', 'g3#1'], ['y1#1', 'y2#1']],
      top,
      set: { pendingDraw: pending },
      options,
    });

  it('stacking: +2 on +2', () => {
    const { state } = play(three(['rD#1', 'r2#1'], 2, 'gD#1'), 0, { type: 'play', card: 'rD#1' });
    expect(state.pendingDraw).toBe(4);
    expect(state.turn).toBe(1);
  });

  it('stacking: +4 on +2 regardless of colour', () => {
    const { state } = play(three(['W4#1', 'r2#1'], 2, 'gD#1'), 0, { type: 'play', card: 'W4#1', color: 'b' });
    expect(state.pendingDraw).toBe(6);
    expect(state.colour).toBe('b');
  });

  it('stacking: +2 of another colour on +4, and the +2 sets its colour', () => {
    const { state } = play(three(['yD#1', 'r2#1'], 4, 'W4#1'), 0, { type: 'play', card: 'yD#1' });
    expect(state.pendingDraw).toBe(6);
    expect(state.colour).toBe('y');
  });

  it('stacking: +20 on a stack', () => {
    const { state } = play(three(['WX#1', 'r2#1'], 6, 'W4#1'), 0, { type: 'play', card: 'WX#1', color: 'g' });
    expect(state.pendingDraw).toBe(26);
  });

  it('stacking: only +cards may be played while draws are pending', () => {
    const s = three(['r2#1', 'W8#1', 'gD#2'], 2, 'rD#1');
    expect(refuse(s, 0, { type: 'play', card: 'r2#1' })).toBe('must_stack_or_take');
    expect(refuse(s, 0, { type: 'play', card: 'W8#1', color: 'r' })).toBe('must_stack_or_take');
    expect(eights.view(s, 0).playable).toEqual(['gD#2']);
    expect(eights.view(s, 0).step).toBe('stack');
  });

  it('stacking: taking the stack draws all of it and loses the turn', () => {
    const { state, events } = play(three(['r2#1'], 6, 'W4#1'), 0, { type: 'draw' });
    expect(state.hands[0]).toHaveLength(7);
    expect(state.pendingDraw).toBe(0);
    expect(state.turn).toBe(1);
    expect(events).toContainEqual({ type: 'take', seat: 0, count: 6, owed: 6 });
  });

  it('stacking: after the stack is taken, the colour named with the +4 stays in force', () => {
    let s = makeState({
      hands: [
        ['W4#1', 'r2#1'],
        ['g1#1', 'g2#1'],
        ['y1#1', 'b2#1'],
      ],
      top: 'r1#1',
    });
    s = play(s, 0, { type: 'play', card: 'W4#1', color: 'b' }).state;
    s = play(s, 1, { type: 'draw' }).state;
    expect(s.colour).toBe('b');
    expect(s.turn).toBe(2);
    expect(eights.view(s, 2).playable).toEqual(['b2#1']);
  });

  it('stacking off: pending draws must be taken, no +card may be added', () => {
    const s = three(['rD#1', 'r2#1'], 2, 'gD#1', { stacking: false });
    expect(refuse(s, 0, { type: 'play', card: 'rD#1' })).toBe('must_take');
    expect(eights.view(s, 0).playable).toEqual([]);
    const { state } = play(s, 0, { type: 'draw' });
    expect(state.hands[0]).toHaveLength(4);
    expect(state.turn).toBe(1);
  });
});

describe('drawing', () => {
  const s0 = (drawTop: string) => {
    const s = makeState({
      hands: [
        ['g9#1', 'y4#1'],
        ['b1#1', 'b2#1'],
      ],
      top: 'r1#1',
    });
    s.drawPile.push(drawTop);
    return s;
  };

  it('draw: an unplayable drawn card ends the turn, and the event hides its face', () => {
    const { state, events } = play(s0('b5#1'), 0, { type: 'draw' });
    expect(state.hands[0]).toEqual(['g9#1', 'y4#1', 'b5#1']);
    expect(state.turn).toBe(1);
    expect(events).toEqual([{ type: 'draw', seat: 0, count: 1 }]);
  });

  it('draw: a playable drawn card may be played at once', () => {
    let s = play(s0('r5#1'), 0, { type: 'draw' }).state;
    expect(s.turn).toBe(0);
    expect(s.drawn).toBe('r5#1');
    const view = eights.view(s, 0);
    expect(view).toMatchObject({ step: 'drawn', drawnCard: 'r5#1', playable: ['r5#1'], canKeep: true, canDraw: false });
    expect(eights.view(s, 1).drawnCard).toBeNull();
    s = play(s, 0, { type: 'play', card: 'r5#1' }).state;
    expect(s.discard.at(-1)).toBe('r5#1');
    expect(s.turn).toBe(1);
  });

  it('draw: keeping the drawn card ends the turn', () => {
    let s = play(s0('r5#1'), 0, { type: 'draw' }).state;
    s = play(s, 0, { type: 'keep' }).state;
    expect(s.hands[0]).toContain('r5#1');
    expect(s.drawn).toBeNull();
    expect(s.turn).toBe(1);
  });

  it('draw: after drawing only the drawn card may be played, and no second draw', () => {
    const s = makeState({
      hands: [
        ['r9#1', 'y4#1'],
        ['b1#1', 'b2#1'],
      ],
      top: 'r1#1',
    });
    s.drawPile.push('r5#1');
    const drawn = play(s, 0, { type: 'draw' }).state;
    expect(refuse(drawn, 0, { type: 'play', card: 'r9#1' })).toBe('must_play_drawn_or_keep');
    expect(refuse(drawn, 0, { type: 'draw' })).toBe('already_drawn');
  });

  it('draw: allowed even when holding a playable card; keep is refused without a drawn card', () => {
    const s = makeState({ hands: [['r9#1'], ['b1#1']], top: 'r1#1' });
    expect(eights.legalMoves(s, 0)).toContainEqual({ type: 'draw' });
    expect(refuse(s, 0, { type: 'keep' })).toBe('nothing_to_keep');
  });

  it('empty pile reshuffles the discards under the top card', () => {
    const under = ['g1#1', 'g2#1', 'b3#1', 'y4#1'];
    const s = makeState({ hands: [['g9#1'], ['b1#1']], top: 'r1#1', under, drawPile: [] });
    const { state, events } = play(s, 0, { type: 'draw' });
    expect(state.discard).toEqual(['r1#1']);
    expect(state.drawPile).toHaveLength(3);
    expect([...state.drawPile, state.hands[0]![1]].sort()).toEqual([...under].sort());
    expect(events[0]!.type).toBe('reshuffle');
  });

  it('empty pile with no discards to reshuffle: the draw gives nothing and the turn passes', () => {
    const s = makeState({ hands: [['g9#1'], ['b1#1']], top: 'r1#1', drawPile: [] });
    const { state, events } = play(s, 0, { type: 'draw' });
    expect(state.hands[0]).toEqual(['g9#1']);
    expect(state.turn).toBe(1);
    expect(events[0]).toEqual({ type: 'draw', seat: 0, count: 0 });
  });

  it('taking a stack with too few cards left takes what there is', () => {
    const s = makeState({ hands: [['g9#1'], ['b1#1']], top: 'rD#1', under: ['y1#1'], drawPile: ['b2#1'], set: { pendingDraw: 4 } });
    const { state, events } = play(s, 0, { type: 'draw' });
    expect(state.hands[0]).toHaveLength(3);
    expect(state.pendingDraw).toBe(0);
    expect(events.at(-1)).toEqual({ type: 'take', seat: 0, count: 2, owed: 4 });
  });

  it('endless option never runs out', () => {
    let s = eights.setup(players(2), { ...eights.defaultOptions, endless: true }, 'endless');
    expect(s.drawPile).toEqual([]);
    let draws = 0;
    for (let i = 0; i < 300; i++) {
      if (s.drawn === null) draws += 1;
      s = play(s, s.turn, s.drawn === null ? { type: 'draw' } : { type: 'keep' }).state;
    }
    const cards = [...s.hands.flat(), ...s.discard];
    expect(cards.length).toBe(2 * 7 + draws + 1);
    expect(draws).toBeGreaterThan(150);
    expect(new Set(cards).size).toBe(cards.length);
    expect(eights.view(s, 0).drawPileCount).toBeNull();
    expect(s.discard).toHaveLength(1);
  });

  it('endless option: draws follow the pack proportions', () => {
    const rng = seedRng('proportions');
    const counts = new Map<string, number>();
    const draws = 106_000;
    for (let i = 0; i < draws; i++) {
      const face = randomFace(rng);
      counts.set(face, (counts.get(face) ?? 0) + 1);
    }
    // Expected: W8 8/106, r0 1/106, g5 2/106 — within 10 %.
    expect(Math.abs(counts.get('W8')! - 8000)).toBeLessThan(800);
    expect(Math.abs(counts.get('r0')! - 1000)).toBeLessThan(150);
    expect(Math.abs(counts.get('g5')! - 2000)).toBeLessThan(250);
    expect(counts.size).toBe(new Set(DECK_FACES).size);
  });
});

describe('last card', () => {
  const three = () =>
    makeState({
      hands: [
        ['r2#1', 'r3#1'],
        ['g1#1', 'r9#1', 'g2#1'],
        ['y1#1', 'r4#1'],
      ],
      top: 'r1#1',
    });

  it('last card: announced with the second-to-last card cannot be caught', () => {
    const { state, events } = play(three(), 0, { type: 'play', card: 'r2#1', lastCard: true });
    expect(state.announced[0]).toBe(true);
    expect(state.catchable).toBeNull();
    expect(eights.view(state, 1).seats[0]!.announced).toBe(true);
    expect(events).toContainEqual({ type: 'lastCard', seat: 0 });
    expect(refuse(state, 1, { type: 'catch', target: 0 })).toBe('nothing_to_catch');
  });

  it('last card: caught before the next player acts draws 2', () => {
    const s = play(three(), 0, { type: 'play', card: 'r2#1' }).state;
    expect(eights.view(s, 2).catchable).toEqual([0]);
    expect(eights.view(s, 0).catchable).toEqual([]);
    const { state, events } = play(s, 2, { type: 'catch', target: 0 });
    expect(state.hands[0]).toHaveLength(3);
    expect(state.catchable).toBeNull();
    expect(state.turn).toBe(1);
    expect(events.at(-1)).toMatchObject({ type: 'catch', seat: 2, target: 0 });
    expect(refuse(state, 1, { type: 'catch', target: 0 })).toBe('nothing_to_catch');
  });

  it('last card: the next player may catch before acting', () => {
    const s = play(three(), 0, { type: 'play', card: 'r2#1' }).state;
    const { state } = play(s, 1, { type: 'catch', target: 0 });
    expect(state.hands[0]).toHaveLength(3);
    expect(state.turn).toBe(1);
  });

  it('last card: too late once the next player has acted', () => {
    let s = play(three(), 0, { type: 'play', card: 'r2#1' }).state;
    s = play(s, 1, { type: 'play', card: 'r9#1' }).state;
    expect(refuse(s, 2, { type: 'catch', target: 0 })).toBe('nothing_to_catch');
    expect(eights.view(s, 2).catchable).toEqual([]);
  });

  it('last card: the flag is ignored when the play does not leave exactly one card', () => {
    const s = makeState({ hands: [['r2#1', 'r3#1', 'r4#1'], ['g1#1'], ['g2#1']], top: 'r1#1' });
    const { state, events } = play(s, 0, { type: 'play', card: 'r2#1', lastCard: true });
    expect(state.announced[0]).toBe(false);
    expect(events.map((e) => e.type)).toEqual(['play']);
  });

  it('last card: nobody can catch themselves', () => {
    const s = play(three(), 0, { type: 'play', card: 'r2#1' }).state;
    expect(refuse(s, 0, { type: 'catch', target: 0 })).toBe('cannot_catch_self');
  });

  it('last card: the announcement lapses when the player draws', () => {
    let s = play(three(), 0, { type: 'play', card: 'r2#1', lastCard: true }).state;
    s = play(s, 1, { type: 'play', card: 'r9#1' }).state;
    s = play(s, 2, { type: 'play', card: 'r4#1', lastCard: true }).state;
    expect(s.announced[0]).toBe(true);
    s = play(s, 0, { type: 'draw' }).state;
    expect(s.announced[0]).toBe(false);
  });
});

describe('winning and scoring', () => {
  it('first empty hand wins the hand (single-hand scoring ends the game)', () => {
    const s = makeState({ hands: [['r2#1'], ['g1#1', 'rS#1', 'W8#1'], ['y9#1']], top: 'r1#1' });
    const { state, events } = play(s, 0, { type: 'play', card: 'r2#1' });
    expect(state.winner).toBe(0);
    expect(eights.outcome(state)).toEqual({ winners: [0], scores: [80, 0, 0] });
    expect(eights.activeSeats(state)).toEqual([]);
    expect(eights.legalMoves(state, 1)).toEqual([]);
    expect(events).toContainEqual({ type: 'handWon', seat: 0, points: 80, hand: 1, match: false });
    expect(refuse(state, 1, { type: 'draw' })).toBe('game_over');
    expect(eights.view(state, 1)).toMatchObject({ step: 'over', turn: null, winner: 0 });
  });

  it('a +card played as the last card ends the hand; its draws are not taken', () => {
    const s = makeState({ hands: [['rD#1'], ['g1#1']], top: 'r1#1' });
    const { state } = play(s, 0, { type: 'play', card: 'rD#1' });
    expect(state.winner).toBe(0);
    expect(state.hands[1]).toHaveLength(1);
    expect(state.pendingDraw).toBe(0);
  });

  it('match scoring values: numbers face value, Skip/Reverse/+2 20, wild 8 and +4 50, +20 100', () => {
    expect(eightsCardPoints('r0#1')).toBe(0);
    expect(eightsCardPoints('g7#2')).toBe(7);
    expect(eightsCardPoints('b9#1')).toBe(9);
    expect(eightsCardPoints('yS#1')).toBe(20);
    expect(eightsCardPoints('rR#2')).toBe(20);
    expect(eightsCardPoints('gD#1')).toBe(20);
    expect(eightsCardPoints('W8#5')).toBe(50);
    expect(eightsCardPoints('W4#1')).toBe(50);
    expect(eightsCardPoints('WX#2')).toBe(100);
  });

  it('match: the winner scores the cards left in the other hands and the next hand is dealt at once', () => {
    const s = makeState({
      hands: [['r2#1'], ['g1#1', 'rS#1', 'W8#1'], ['WX#1', 'b9#1']],
      top: 'r1#1',
      options: { scoring: 'match', target: 500 },
      set: { scores: [10, 20, 30] },
    });
    const { state, events } = play(s, 0, { type: 'play', card: 'r2#1' });
    expect(state.scores).toEqual([10 + 71 + 109, 20, 30]);
    expect(state.winner).toBeNull();
    expect(state.handNumber).toBe(2);
    expect(state.lastHand).toEqual({ hand: 1, winner: 0, points: 180, cardsLeft: [0, 3, 2], pointsLeft: [0, 71, 109] });
    // Fresh deal: 7 each, full deck, the start moves to seat 1.
    expect(state.hands.map((h) => h.length)).toEqual([7, 7, 7]);
    expect(new Set(allCards(state)).size).toBe(106);
    expect(state.turn).toBe(1);
    expect(state.direction).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['play', 'handWon', 'newHand']);
    const view = eights.view(state, 2);
    expect(view).toMatchObject({ handNumber: 2, target: 500, lastHand: state.lastHand });
    expect(view.seats.map((p) => p.score)).toEqual([190, 20, 30]);
  });

  it('match: the first to reach the target wins the match', () => {
    const s = makeState({
      hands: [['r2#1'], ['WX#1']],
      top: 'r1#1',
      options: { scoring: 'match', target: 200 },
      set: { scores: [100, 150] },
    });
    const { state, events } = play(s, 0, { type: 'play', card: 'r2#1' });
    expect(state.winner).toBe(0);
    expect(eights.outcome(state)).toEqual({ winners: [0], scores: [200, 150] });
    expect(events.at(-1)).toEqual({ type: 'gameWon', seat: 0, points: 200 });
  });

  it('match: the first player rotates each hand', () => {
    const s = makeState({
      hands: [['r2#1'], ['g1#1'], ['g2#1']],
      top: 'r1#1',
      options: { scoring: 'match' },
      set: { handNumber: 3, direction: -1 },
    });
    const { state } = play(s, 0, { type: 'play', card: 'r2#1' });
    expect(state.handNumber).toBe(4);
    expect(state.turn).toBe(0);
  });
});

describe('clock', () => {
  it('timeout: draw, or take the stack, or keep the drawn card', () => {
    const s = makeState({ hands: [['r2#1'], ['g1#1']], top: 'r1#1' });
    expect(eights.timeoutMove(s, 0)).toEqual({ type: 'draw' });
    expect(eights.timeoutMove(s, 1)).toBeNull();
    expect(eights.timeoutMove({ ...s, pendingDraw: 4 }, 0)).toEqual({ type: 'draw' });
    expect(eights.timeoutMove({ ...s, drawn: 'r2#1' }, 0)).toEqual({ type: 'keep' });
    expect(eights.activeSeats(s)).toEqual([0]);
  });

  it('turn key: drawing keeps the same turn, playing the drawn card moves it on', () => {
    const s = makeState({ hands: [['g9#1'], ['b1#1']], top: 'r1#1' });
    s.drawPile.push('r5#1');
    const drawn = play(s, 0, { type: 'draw' }).state;
    expect(eights.turnKey!(drawn)).toBe(eights.turnKey!(s));
    const played = play(drawn, 0, { type: 'play', card: 'r5#1' }).state;
    expect(eights.turnKey!(played)).not.toBe(eights.turnKey!(s));
  });
});
