import { describe, expect, it } from 'vitest';
import { flattenMessages as flatten, placeholders, type MessageTree as Tree } from '../../i18n/compare';
import { DHAPPA_MESSAGES } from './messages';

describe('Dhappa table words in English and Arabic', () => {
  const en = flatten(DHAPPA_MESSAGES.en as unknown as Tree);
  const ar = flatten(DHAPPA_MESSAGES.ar as unknown as Tree);
  it('has every English message in Arabic too, with the same placeholders', () => {
    expect([...ar.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) expect(placeholders(ar.get(key)!), key).toEqual(placeholders(text));
  });
  it('avoids characters vue-i18n would read as syntax (| plural, @ link)', () => {
    for (const [key, text] of [...en, ...ar]) expect(/[|@]/.test(text), key).toBe(false);
  });
});
