import { describe, expect, it } from 'vitest';
import { BALOOT_MESSAGES } from './messages';
import { flattenMessages as flatten, placeholders, type MessageTree as Tree } from '../../i18n/compare';

describe('table words in English and Arabic', () => {
  const en = flatten(BALOOT_MESSAGES.en as unknown as Tree);
  const ar = flatten(BALOOT_MESSAGES.ar as unknown as Tree);

  it('has every English message in Arabic too, with the same placeholders', () => {
    expect([...ar.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) {
      expect(ar.get(key), key).toBeTruthy();
      expect(placeholders(ar.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it('avoids characters vue-i18n would read as syntax (| plural, @ link)', () => {
    for (const [key, text] of [...en, ...ar]) expect(/[|@]/.test(text), key).toBe(false);
  });

  it("names the two sides Us / Them in English (Lana / Laham read as players' names) and لنا / لهم in Arabic", () => {
    for (const key of ['hud.lana', 'summary.side.us']) expect(en.get(key), key).toBe('Us');
    for (const key of ['hud.laham', 'summary.side.them']) expect(en.get(key), key).toBe('Them');
    for (const [key, text] of en) expect(text, key).not.toMatch(/\b(Lana|Laham)\b/);
    expect(ar.get('summary.side.us')).toBe('لنا');
    expect(ar.get('summary.side.them')).toBe('لهم');
  });

  it('writes the Arabic in Arabic script', () => {
    expect(ar.get('bid.sun')).toBe('صن');
    expect(ar.get('hud.lana')).toBe('لنا');
    expect(ar.get('hud.laham')).toBe('لهم');
  });
});
