import { describe, expect, it } from 'vitest';
import { cardName } from './names';

describe('card names', () => {
  it('names court cards and aces in full, in English and Arabic', () => {
    expect(cardName('QD', 'en')).toBe('Queen of diamonds');
    expect(cardName('QD#2', 'en')).toBe('Queen of diamonds');
    expect(cardName('AS', 'en')).toBe('Ace of spades');
    expect(cardName('KH', 'ar')).toBe('شايب هاص');
    expect(cardName('JC', 'ar')).toBe('ولد شريا');
  });

  it('keeps the printed digits of number cards, so the visible index is part of the name', () => {
    expect(cardName('TD', 'en')).toBe('10 of diamonds');
    expect(cardName('8S', 'ar')).toBe('8 سبيت');
    expect(cardName('8S', 'ar', 'arabic')).toBe('٨ سبيت');
    expect(cardName('TH', 'ar', 'arabic')).toBe('١٠ هاص');
  });

  it('names jokers', () => {
    expect(cardName('X3', 'en')).toBe('Joker');
    expect(cardName('X3', 'ar')).toBe('جوكر');
  });
});
