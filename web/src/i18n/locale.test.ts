import { describe, expect, it } from 'vitest';
import { startingLocale } from './locale';

describe('the starting language', () => {
  it("follows the browser's first language the site speaks on a first visit", () => {
    expect(startingLocale(null, ['ar-SA', 'en-US'])).toBe('ar');
    expect(startingLocale(null, ['fr-FR', 'AR', 'en'])).toBe('ar');
    expect(startingLocale(null, ['en-GB', 'ar'])).toBe('en');
  });

  it('falls back to English when the browser asks for nothing the site speaks', () => {
    expect(startingLocale(null, ['fr-FR', 'de'])).toBe('en');
    expect(startingLocale(null, [])).toBe('en');
  });

  it('keeps a choice made on the toggle over the browser language', () => {
    expect(startingLocale('en', ['ar-SA'])).toBe('en');
    expect(startingLocale('ar', ['en-US'])).toBe('ar');
  });

  it('ignores a stored value that is not a language of the site', () => {
    expect(startingLocale('xx', ['ar-EG'])).toBe('ar');
  });
});
