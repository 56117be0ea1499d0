import { describe, expect, it } from 'vitest';
import { cardIndexLabel, cardName, pipCount, shortLabel, suitColour } from './labels';

describe('card labels per language', () => {
  it('uses A K Q J and Western digits in English', () => {
    expect(cardIndexLabel('AS', 'en')).toEqual({ rank: 'A', suit: '♠' });
    expect(shortLabel('TD', 'en')).toBe('10♦');
    expect(shortLabel('QH', 'en')).toBe('Q♥');
  });

  it('uses the Arabic Baloot initials and Arabic-Indic digits in Arabic', () => {
    expect(['AS', 'KS', 'QS', 'JS'].map((c) => cardIndexLabel(c, 'ar').rank)).toEqual(['أ', 'ش', 'ب', 'و']);
    expect(['7C', '8C', '9C', 'TC'].map((c) => cardIndexLabel(c, 'ar').rank)).toEqual(['٧', '٨', '٩', '١٠']);
    expect(cardIndexLabel('9H', 'ar').suit).toBe('♥');
  });

  it('gives screen readers a spoken name in each language', () => {
    expect(cardName('KH', 'en')).toBe('King of hearts');
    expect(cardName('KH', 'ar')).toBe('شايب هاص');
    expect(cardName('7C', 'en')).toBe('7 of clubs');
    expect(cardName('8S', 'ar')).toBe('٨ سبيت');
  });

  it('colours suits red and black, or four colours with blue diamonds and green clubs', () => {
    expect(['S', 'H', 'D', 'C'].map((s) => suitColour(s as 'S', false))).toEqual(['black', 'red', 'red', 'black']);
    expect(['S', 'H', 'D', 'C'].map((s) => suitColour(s as 'S', true))).toEqual(['black', 'red', 'blue', 'green']);
  });

  it('counts pips on number cards only', () => {
    expect(pipCount('AS')).toBe(1);
    expect(pipCount('TS')).toBe(10);
    expect(pipCount('8S')).toBe(8);
    expect(pipCount('KS')).toBe(0);
  });
});
