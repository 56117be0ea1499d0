import { describe, expect, it } from 'vitest';
import { i18n } from './index';
import { ar } from './ar';
import { around, countRange, isolate, namedYou } from './games';

describe('text around names and numbers', () => {
  it('isolates a range, or a single count, from the text around it', () => {
    expect(countRange([2, 3, 4, 5, 6])).toBe('\u20682–6\u2069');
    expect(countRange([4])).toBe('\u20684\u2069');
    expect(isolate(16)).toBe('\u206816\u2069');
  });

  it('splits a message around a placeholder so markup can go there, wherever the language puts it', () => {
    expect(around((p) => `Pass to ${p.name}`, 'name')).toEqual(['Pass to ', '']);
    expect(around((p) => `أنا ${p.name}: أظهر يدي`, 'name')).toEqual(['أنا ', ': أظهر يدي']);
    expect(around(() => 'No name here', 'name')).toEqual(['No name here', '']);
  });
});

describe('a seat already named "You"', () => {
  it('is told apart from other names in English, and in Arabic once its words are loaded, so no "(You)" follows it', () => {
    expect(namedYou('You')).toBe(true);
    expect(namedYou(' you ')).toBe(true);
    expect(namedYou('Youssef')).toBe(false);
    expect(namedYou('Sara')).toBe(false);
    i18n.global.mergeLocaleMessage('ar', ar);
    expect(namedYou('أنت')).toBe(true);
    expect(namedYou('أنتم')).toBe(false);
  });
});
