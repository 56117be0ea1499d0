import { describe, expect, it } from 'vitest';
import { eights } from '../../../../shared/games/eights';
import { fullDeck } from '../../../../shared/games/eights/cards';
import type { EightsView } from '../../../../shared/games/eights/types';
import { COLOUR_SHAPES, canCallLastCard, cardFace, cardMsg, drawLabel, otherSeats, say, sortHand, turnLine, type Translate } from './face';

describe('card faces', () => {
  it('gives numbers their value as the index', () => {
    expect(cardFace('r7#1')).toMatchObject({ index: '7', icon: null, colour: 'r', wild: false, symbol: '7' });
    expect(cardFace('y0#1').index).toBe('0');
  });

  it('draws skip and reverse as icons, with ⊘ and ⇄ as their text stand-ins', () => {
    expect(cardFace('gS#2')).toMatchObject({ index: '', icon: 'skip', symbol: '⊘', colour: 'g' });
    expect(cardFace('bR#1')).toMatchObject({ index: '', icon: 'reverse', symbol: '⇄', colour: 'b' });
  });

  it('marks +cards with their count and wilds as colourless', () => {
    expect(cardFace('bD#1')).toMatchObject({ index: '+2', colour: 'b', wild: false });
    expect(cardFace('W4#3')).toMatchObject({ index: '+4', colour: null, wild: true });
    expect(cardFace('WX#1')).toMatchObject({ index: '+20', colour: null, wild: true });
    expect(cardFace('W8#5')).toMatchObject({ index: '8', colour: null, wild: true });
  });

  it('gives every card of the deck a non-empty index or icon', () => {
    for (const id of fullDeck()) {
      const f = cardFace(id);
      expect(f.index !== '' || f.icon !== null).toBe(true);
      expect(f.symbol.length).toBeGreaterThan(0);
    }
  });

  it('underlines 6 and 9 only, so they read the right way up', () => {
    expect(cardFace('r6#1').underline).toBe(true);
    expect(cardFace('g9#2').underline).toBe(true);
    expect(cardFace('b0#1').underline).toBe(false);
    expect(cardFace('W8#1').underline).toBe(false);
  });

  it('gives each colour a different shape', () => {
    expect(new Set(Object.values(COLOUR_SHAPES)).size).toBe(4);
  });
});

/** A stand-in for vue-i18n's t: shows the key and its parameters. */
const fakeT: Translate = (key, params) =>
  params
    ? `${key}(${Object.entries(params)
        .map(([k, v]) => `${k}=${v}`)
        .join(',')})`
    : key;

describe('card names', () => {
  it('names coloured cards with their colour and value, wilds on their own', () => {
    expect(say(fakeT, cardMsg('r7#1'))).toBe('eights.card.number(colour=eights.colours.r,value=7)');
    expect(say(fakeT, cardMsg('gS#1'))).toBe('eights.card.skip(colour=eights.colours.g)');
    expect(say(fakeT, cardMsg('W4#2'))).toBe('eights.card.draw4');
  });
});

describe('sortHand', () => {
  it('groups by colour, numbers in order before actions, wilds last', () => {
    const hand = ['W4#1', 'gS#1', 'r9#1', 'bD#1', 'r2#1', 'W8#1', 'g1#1', 'rR#2'];
    expect(sortHand(hand)).toEqual(['r2#1', 'r9#1', 'rR#2', 'g1#1', 'gS#1', 'bD#1', 'W8#1', 'W4#1']);
  });

  it('keeps every card and does not touch its input', () => {
    const hand = fullDeck().reverse();
    const copy = hand.slice();
    const sorted = sortHand(hand);
    expect(hand).toEqual(copy);
    expect(sorted.slice().sort()).toEqual(copy.slice().sort());
  });
});

describe('otherSeats', () => {
  it('lists the seats after mine in play order', () => {
    expect(otherSeats(5, 2)).toEqual([3, 4, 0, 1]);
  });

  it('lists every seat for a spectator', () => {
    expect(otherSeats(3, null)).toEqual([0, 1, 2]);
  });
});

function game(players = 3) {
  const names = ['Ana', 'Ben', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'].slice(0, players).map((name) => ({ name }));
  return eights.setup(names, eights.defaultOptions, 'face-test');
}

describe('turnLine', () => {
  it('tells the player whose turn it is that it is theirs, and others whom they wait for', () => {
    const s = game();
    const mine = eights.view(s, s.turn);
    expect(turnLine(mine, s.turn).key).toMatch(/^eights\.line\.(play|nothing)$/);
    const other = (s.turn + 1) % 3;
    expect(turnLine(eights.view(s, other), other)).toEqual({ key: 'eights.line.waiting', params: { name: s.names[s.turn] } });
    expect(turnLine(eights.view(s, null), null)).toEqual({ key: 'eights.line.turnOf', params: { name: s.names[s.turn] } });
  });

  it('names the winner when the game is over', () => {
    const s = { ...game(), winner: 1 };
    expect(turnLine(eights.view(s, 1), 1)).toEqual({ key: 'eights.line.youWon' });
    expect(turnLine(eights.view(s, 0), 0)).toEqual({ key: 'eights.line.won', params: { name: 'Ben' } });
  });

  it('asks to take or add to the stack while draws are pending', () => {
    const s = game();
    s.pendingDraw = 6;
    s.hands[s.turn] = ['r1#1', 'W4#1'];
    const v = eights.view(s, s.turn);
    expect(v.step).toBe('stack');
    expect(turnLine(v, s.turn)).toEqual({ key: 'eights.line.stackAdd', params: { n: 6 } });
    expect(drawLabel(v)).toEqual({ key: 'eights.action.take', params: { n: 6 } });
  });

  it("never shows a waiting player someone else's Take +n", () => {
    const s = game();
    s.pendingDraw = 2;
    s.hands[s.turn] = ['r1#1', 'W4#1'];
    const waiting = (s.turn + 1) % 3;
    expect(eights.view(s, s.turn).step).toBe('stack');
    expect(drawLabel(eights.view(s, waiting))).toEqual({ key: 'eights.action.draw' });
  });
});

describe('canCallLastCard', () => {
  const base = (hand: string[], turn: boolean): EightsView => {
    const s = game();
    s.hands[s.turn] = hand;
    s.discard.push('r5#2');
    s.colour = 'r';
    const seat = turn ? s.turn : (s.turn + 1) % 3;
    s.hands[seat] = hand;
    return eights.view(s, seat);
  };

  it('offers the call on your turn with two cards and one to play', () => {
    expect(canCallLastCard(base(['r1#1', 'g2#1'], true))).toBe(true);
  });

  it('does not offer it with more cards, or off turn', () => {
    expect(canCallLastCard(base(['r1#1', 'g2#1', 'b3#1'], true))).toBe(false);
    expect(canCallLastCard(base(['r1#1', 'g2#1'], false))).toBe(false);
  });

  it('labels the draw button Draw when nothing is pending', () => {
    expect(drawLabel(base(['r1#1', 'g2#1'], true))).toEqual({ key: 'eights.action.draw' });
  });
});
