import { describe, expect, it } from 'vitest';
import { DECK, NO_TRUMP, cardIndex, cardPoints, cardsOf, maskOf, maskPoints, strength, suitIndex } from './cards';
import { legalMask, playError, trickWinnerIndex } from './rules';

const H = suitIndex('H');
const idx = (cards: string[]) => cards.map(cardIndex);
const legal = (hand: string[], trick: string[], trump: number, closed = false) => cardsOf(legalMask(maskOf(hand), idx(trick), trump, closed)).sort();

describe('card order and points', () => {
  it('orders Sun and plain suits A 10 K Q J 9 8 7', () => {
    const order = ['AS', 'TS', 'KS', 'QS', 'JS', '9S', '8S', '7S'];
    const sorted = [...order].sort((a, b) => strength(cardIndex(b), NO_TRUMP) - strength(cardIndex(a), NO_TRUMP));
    expect(sorted).toEqual(order);
  });
  it('orders trump J 9 A 10 K Q 8 7', () => {
    const order = ['JH', '9H', 'AH', 'TH', 'KH', 'QH', '8H', '7H'];
    const sorted = [...order].sort((a, b) => strength(cardIndex(b), H) - strength(cardIndex(a), H));
    expect(sorted).toEqual(order);
  });
  it('values A 11, 10 10, K 4, Q 3, J 2, trump J 20, trump 9 14, others 0', () => {
    const plain = Object.fromEntries(['AS', 'TS', 'KS', 'QS', 'JS', '9S', '8S', '7S'].map((c) => [c, cardPoints(cardIndex(c), H)]));
    expect(plain).toEqual({ AS: 11, TS: 10, KS: 4, QS: 3, JS: 2, '9S': 0, '8S': 0, '7S': 0 });
    expect(cardPoints(cardIndex('JH'), H)).toBe(20);
    expect(cardPoints(cardIndex('9H'), H)).toBe(14);
    expect(cardPoints(cardIndex('JH'), NO_TRUMP)).toBe(2);
  });
  it('card points total 120 in Sun and 152 in Hokum (130 / 162 with the last trick)', () => {
    const all = maskOf([...DECK]);
    expect(maskPoints(all, NO_TRUMP)).toBe(120);
    expect(maskPoints(all, H)).toBe(152);
  });
});

describe('trick winner', () => {
  const sun: [string[], number][] = [
    [['AS', 'TS', 'KS', 'QS'], 0],
    [['7H', 'AH', '8H', 'TH'], 1],
    [['9C', 'AD', 'TD', 'KD'], 0],
    [['JD', 'QD', 'KD', '7D'], 2],
    [['TS', 'KS', 'AS', '9S'], 2],
    [['8S', '9S', '7S', 'JS'], 3],
    [['QC', 'KC', 'AH', 'JH'], 1],
  ];
  it.each(sun)('Sun: highest card of the led suit wins %j', (trick, winner) => {
    expect(trickWinnerIndex(idx(trick), NO_TRUMP)).toBe(winner);
  });
  const hokum: [string[], number][] = [
    [['AS', '7H', 'TS', 'KS'], 1],
    [['AS', '7H', '8H', 'KS'], 2],
    [['JH', '9H', 'AH', 'TH'], 0],
    [['9H', 'AH', 'TH', 'KH'], 0],
    [['AS', 'TS', 'KS', 'QS'], 0],
    [['7S', 'QH', '9H', 'JH'], 3],
    [['KD', 'AD', '7C', 'QD'], 1],
    [['8H', '7H', 'QH', 'KH'], 3],
  ];
  it.each(hokum)('Hokum (hearts): highest trump, else highest of the led suit %j', (trick, winner) => {
    expect(trickWinnerIndex(idx(trick), H)).toBe(winner);
  });
});

describe('legal cards', () => {
  // [name, hand, trick so far (leader first), trump, closed, expected]
  const table: [string, string[], string[], number, boolean, string[]][] = [
    ['Sun: follow suit if able', ['AS', '7S', 'KH', 'TD'], ['QS'], NO_TRUMP, false, ['7S', 'AS']],
    ['Sun: void, any card', ['KH', 'TD'], ['QS'], NO_TRUMP, false, ['KH', 'TD']],
    ['Sun: any lead', ['KH', 'TD'], [], NO_TRUMP, false, ['KH', 'TD']],
    ['Hokum: follow suit without having to beat', ['AS', '7S', 'KH', 'TD'], ['QS'], H, false, ['7S', 'AS']],
    ['Hokum: follow suit even after an opponent trumped', ['7S', 'JH'], ['AS', '9H'], H, false, ['7S']],
    ['Hokum: void and an opponent winning, must trump', ['KH', '8H', 'TD', '7C'], ['QS'], H, false, ['8H', 'KH']],
    ['Hokum: void and the partner winning, any card', ['KH', '8H', 'TD', '7C'], ['AS', '7S'], H, false, ['7C', '8H', 'KH', 'TD']],
    ['Hokum: partner winning with a trump, any card', ['JH', 'KD'], ['AS', '9H', 'TS'], H, false, ['JH', 'KD']],
    ['Hokum: must overtrump an opponent trump if able', ['JH', '8H', 'TD'], ['AS', '7S', '9H'], H, false, ['JH']],
    ['Hokum: cannot overtrump, must still play a lower trump', ['AH', '8H', 'TD'], ['AS', '7S', 'JH'], H, false, ['8H', 'AH']],
    ['Hokum: void with no trump, any card', ['TD', '7C'], ['AS', '7S', '9H'], H, false, ['7C', 'TD']],
    ['Hokum: trump led, beat the opponent if able', ['9H', '8H', 'AS'], ['AH'], H, false, ['9H']],
    ['Hokum: trump led, cannot beat, any trump', ['KH', '8H', 'AS'], ['AH'], H, false, ['8H', 'KH']],
    ['Hokum: trump led, partner winning, any trump', ['9H', '8H', 'AS'], ['JH', '7H'], H, false, ['8H', '9H']],
    ['Hokum: trump led, void in trump, any card', ['AS', 'TD'], ['JH'], H, false, ['AS', 'TD']],
    ['Hokum Closed: no trump lead while holding another suit', ['JH', 'AS'], [], H, true, ['AS']],
    ['Hokum Closed: only trumps left, trump lead allowed', ['JH', '8H'], [], H, true, ['8H', 'JH']],
    ['Hokum Open: trump lead allowed', ['JH', 'AS'], [], H, false, ['AS', 'JH']],
  ];
  it.each(table)('%s', (_name, hand, trick, trump, closed, expected) => {
    expect(legal(hand, trick, trump, closed)).toEqual([...expected].sort());
  });
});

describe('illegal play reasons', () => {
  const err = (hand: string[], trick: string[], card: string, trump = H, closed = false) => playError(maskOf(hand), idx(trick), trump, closed, cardIndex(card));
  it('names the broken rule', () => {
    expect(err(['AS', 'KH'], ['QS'], 'KH', NO_TRUMP)).toBe('must_follow_suit');
    expect(err(['TD', '8H'], ['QS'], 'TD')).toBe('must_trump');
    expect(err(['JH', '8H'], ['AS', '7S', '9H'], '8H')).toBe('must_overtrump');
    expect(err(['9H', '8H'], ['AH'], '8H')).toBe('must_overtrump');
    expect(err(['JH', 'AS'], [], 'JH', H, true)).toBe('closed_trump_lead');
    expect(err(['AS', 'KH'], ['QS'], 'AS')).toBeNull();
  });
});
