import { describe, expect, it } from 'vitest';
import { describeCard, eightsCardPoints, isCardId, matches, parseCard } from './index';

describe('card ids', () => {
  it('parseCard decodes colour, kind, value and label', () => {
    expect(parseCard('r5#2')).toMatchObject({ kind: 'number', colour: 'r', value: 5, wild: false, draw: 0, label: 'Red 5' });
    expect(parseCard('gS#1')).toMatchObject({ kind: 'skip', colour: 'g', label: 'Green Skip' });
    expect(parseCard('bR#2')).toMatchObject({ kind: 'reverse', colour: 'b', label: 'Blue Reverse' });
    expect(parseCard('yD#1')).toMatchObject({ kind: 'draw2', colour: 'y', draw: 2, label: 'Yellow +2' });
    expect(parseCard('W8#7')).toMatchObject({ kind: 'wild', wild: true, draw: 0, label: 'Wild 8' });
    expect(parseCard('W4#1')).toMatchObject({ kind: 'draw4', wild: true, draw: 4, label: 'Wild +4' });
    expect(parseCard('WX#2')).toMatchObject({ kind: 'draw20', wild: true, draw: 20, label: 'Wild +20' });
    expect(parseCard('W8#1').colour).toBeUndefined();
  });

  it('describeCard and eightsCardPoints work on any copy', () => {
    expect(describeCard('g0#1')).toBe('Green 0');
    expect(eightsCardPoints('WX#1')).toBe(100);
  });

  it('there is no coloured 8, and malformed ids are not cards', () => {
    expect(isCardId('r8#1')).toBe(false);
    expect(isCardId('r5')).toBe(false);
    expect(isCardId('r5#x')).toBe(false);
    expect(isCardId('W8#3')).toBe(true);
    expect(() => parseCard('zz#1')).toThrow();
  });

  it('matches: colour, number, symbol, wilds anywhere; a wild on top matches only the named colour', () => {
    expect(matches('r2#1', 'r7#1', 'r')).toBe(true);
    expect(matches('g7#1', 'r7#1', 'r')).toBe(true);
    expect(matches('gS#1', 'rS#1', 'r')).toBe(true);
    expect(matches('gD#1', 'rD#1', 'r')).toBe(true);
    expect(matches('gR#1', 'rS#1', 'r')).toBe(false);
    expect(matches('g2#1', 'r7#1', 'r')).toBe(false);
    expect(matches('W4#1', 'r7#1', 'r')).toBe(true);
    expect(matches('g2#1', 'W8#1', 'g')).toBe(true);
    expect(matches('y2#1', 'W8#1', 'g')).toBe(false);
  });
});
