import { describe, expect, it } from 'vitest';
import { rummy } from '../index';
import { cards, play, position } from '../testkit';
import { cardText, dealSummaryText, displayOrder, handText, meldCardText, menuFor, pickCards, plain, screenText, tableText } from './format';

const COLOR = { color: true };
const MONO = { color: false };
const BOB = '2D#2 3C#2 4D#2 6H#2 8C#2 9C#2 JD#2 QC#2 2S#2 3S#2 6C#2 7S#2 8H#2';

describe('terminal formatting', () => {
  it('cards show suit symbols, with hearts and diamonds in red', () => {
    expect(cardText('TH#1', COLOR)).toBe('\x1b[31m10♥\x1b[0m');
    expect(cardText('9D#2', COLOR)).toBe('\x1b[31m9♦\x1b[0m');
    expect(cardText('KS#1', COLOR)).toBe('K♠');
    expect(cardText('AC#1', MONO)).toBe('A♣');
    expect(plain(cardText('X1', COLOR))).toBe('Joker');
    expect(plain(meldCardText({ card: 'X2', as: '9D' }, COLOR))).toBe('Joker(9♦)');
  });

  it('hands are sorted by suit and rank (aces high, jokers last) and numbered', () => {
    const hand = cards('KS 2H X1 AS 9C 5S TD');
    expect(displayOrder(hand)).toEqual(cards('5S KS AS 2H 9C TD X1'));
    expect(plain(handText(hand, COLOR))).toBe('1:5♠  2:K♠  3:A♠  4:2♥  5:9♣  6:10♦  7:Joker');
  });

  it('card numbers are read from a line, refusing unknown or repeated numbers', () => {
    const hand = cards('KS 2H X1 AS');
    expect(pickCards('1 2', hand)).toEqual(cards('KS AS'));
    expect(pickCards('3,4', hand)).toEqual(cards('2H X1'));
    expect(pickCards('0', hand)).toBeNull();
    expect(pickCards('5', hand)).toBeNull();
    expect(pickCards('1 1', hand)).toBeNull();
    expect(pickCards('one', hand)).toBeNull();
    expect(pickCards('', hand)).toBeNull();
  });

  it('the table lists melds by player, numbered, jokers with their card', () => {
    const s = position({
      hands: [cards('2C 3C'), cards(BOB)],
      table: [
        [1, cards('8D X1 TD')],
        [0, cards('QC QD QH')],
      ],
      declared: [true, true],
    });
    const text = plain(tableText(rummy.view(s, 0), COLOR));
    expect(text).toContain('Ana (declared): [1] Q♥ Q♦ Q♣');
    expect(text).toContain('Bob (declared): [2] 8♦ Joker(9♦) 10♦');
  });

  it('menus offer only what is possible now, with fixed numbers', () => {
    const early = position({ hands: [cards('TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D 8S'), cards(BOB)], round: 2 });
    expect(menuFor(rummy.view(early, 0), MONO).map((i) => i.key)).toEqual(['1', 'h', 'q']);
    expect(menuFor(rummy.view(early, 1), MONO)).toEqual([]);
    const open = position({ hands: [cards('TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D 8S'), cards(BOB)], discard: cards('KS') });
    const draw = menuFor(rummy.view(open, 0), MONO);
    expect(draw.map((i) => i.key)).toEqual(['1', '2', 'h', 'q']);
    expect(draw[1]!.label).toContain('you can meld it');
    const taken = play(open, 0, { type: 'draw', from: 'discard' }, { type: 'meld', cards: cards('TS JS QS') });
    expect(menuFor(rummy.view(taken, 0), MONO).map((i) => i.key)).toEqual(['1', '2', '4', '5', 'h', 'q']);
    const ready = play(taken, 0, { type: 'meld', cards: cards('KH KD KC KS') });
    expect(menuFor(rummy.view(ready, 0), MONO).map((i) => i.key)).toEqual(['1', '2', '4', '5', '6', 'h', 'q']);
  });

  it("the screen shows the round, the piles, others' counts and the draft's progress toward 48", () => {
    const s = play(
      position({ hands: [cards('TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D 8S'), cards(BOB)] }),
      0,
      { type: 'draw', from: 'pile' },
      { type: 'meld', cards: cards('TS JS QS') },
    );
    const text = plain(screenText(rummy.view(s, 0), COLOR));
    expect(text).toContain('Deal 1 · Round 4 (melds open)');
    expect(text).toContain('Bob 13 cards');
    expect(text).toContain("This turn's melds: 30 of 48 points, with a pure sequence.");
    expect(text).toContain('[1] 10♠ J♠ Q♠');
    expect(plain(screenText(rummy.view(s, 1), COLOR))).not.toContain('10♠ J♠ Q♠');
  });

  it('the deal summary lists every score, the closer and the totals', () => {
    const s = position({ hands: [cards('5S 6S 7S'), cards('X1 2C')], declared: [true, false], pileTop: cards('9H'), options: { deals: 'match', limit: 500 } });
    const next = play(s, 0, { type: 'draw', from: 'pile' }, { type: 'meld', cards: cards('5S 6S 7S') }, { type: 'close', card: '9H#1' });
    const text = plain(dealSummaryText(rummy.view(next, null), COLOR));
    expect(text).toContain('Deal 1 — scores');
    expect(text).toMatch(/Ana\s+0\s+0\s+closed/);
    expect(text).toMatch(/Bob\s+150\s+150\s+not declared, 1 joker/);
  });
});
