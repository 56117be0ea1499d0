import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { fullDeck } from '../../../../shared/games/eights/cards';
import { cardMsg, say } from './face';
import { EIGHTS_MESSAGES } from './messages';
import { flattenMessages as flatten, placeholders, type MessageTree as Tree } from '../../i18n/compare';

function translator(locale: 'en' | 'ar') {
  const i18n = createI18n({
    legacy: false,
    locale,
    missingWarn: false,
    fallbackWarn: false,
    messages: { en: { eights: EIGHTS_MESSAGES.en }, ar: { eights: EIGHTS_MESSAGES.ar } },
  });
  return (key: string, params?: Record<string, string | number>) => (params ? i18n.global.t(key, params) : i18n.global.t(key));
}

describe('Eights table words in English and Arabic', () => {
  const en = flatten(EIGHTS_MESSAGES.en as unknown as Tree);
  const ar = flatten(EIGHTS_MESSAGES.ar as unknown as Tree);

  it('has every English message in Arabic too, with the same placeholders', () => {
    expect([...ar.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) expect(placeholders(ar.get(key)!), key).toEqual(placeholders(text));
  });

  it('avoids characters vue-i18n would read as syntax (| plural, @ link)', () => {
    for (const [key, text] of [...en, ...ar]) expect(/[|@]/.test(text), key).toBe(false);
  });

  it('renders every message through vue-i18n with its placeholders filled', () => {
    for (const locale of ['en', 'ar'] as const) {
      const t = translator(locale);
      for (const [key, text] of locale === 'en' ? en : ar) {
        const params = Object.fromEntries(placeholders(text).map((p) => [p!, 'X']));
        const out = t(`eights.${key}`, params);
        expect(out, key).not.toContain('{');
        expect(out, key).not.toBe(`eights.${key}`);
      }
    }
  });

  it('names every card of the deck in both languages', () => {
    for (const locale of ['en', 'ar'] as const) {
      const t = translator(locale);
      for (const id of fullDeck()) expect(say(t, cardMsg(id))).not.toMatch(/eights\.|\{/);
    }
    expect(say(translator('en'), cardMsg('r7#1'))).toBe('Red 7');
    expect(say(translator('en'), cardMsg('gS#1'))).toBe('Green Skip');
    expect(say(translator('ar'), cardMsg('b2#1'))).toBe('2 أزرق');
  });
});
