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

  it('writes the Arabic in Arabic script', () => {
    expect(ar.get('bid.sun')).toBe('صن');
    expect(ar.get('hud.lana')).toBe('لنا');
    expect(ar.get('hud.laham')).toBe('لهم');
  });
});
