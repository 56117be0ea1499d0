/**
 * The text interface the Rummy table's pure helpers (draft.ts, hint.ts) word their lines
 * with, so they speak the reader's language and still run under Node in tests.
 */
import { createI18n } from 'vue-i18n';
import type { DraftBlocker } from '../../../../shared/games/rummy/types';
import { cardLocale, cardName } from '../../cards/names';
import { isolate } from '../../i18n/games';
import type { RummyRefusal } from '../../../../shared/games/rummy/refusals';
import { RUMMY_MESSAGES } from './messages';
import { wordRefusal } from '../refusals';
import { refusals } from './refusals';

export interface RummyText {
  /** A message under `rummy.`; `count` picks the plural form and fills `{n}`. */
  t(key: string, params?: Record<string, unknown>, count?: number): string;
  /** Full name of a card ("Queen of diamonds", "جوكر"). */
  card(id: string): string;
  /** Cards of a selection, named in full, in the reader's list style ("، " in Arabic). */
  cards(ids: readonly string[]): string;
  /** A refusal of the rules in the reader's language, from the table's refusal words. */
  rule(error: RummyRefusal): string;
  /** Why the turn cannot end yet, from the view's data. */
  blocker(b: DraftBlocker): string;
}

/** Builds the text interface from a vue-i18n `t` and the current locale. */
export function rummyText(t: (key: string, params: Record<string, unknown>, plural: number) => string, locale: () => string): RummyText {
  const card = (id: string) => cardName(id, cardLocale(locale()));
  return {
    t: (key, params = {}, count) => t(`rummy.${key}`, count === undefined ? params : { n: isolate(count), ...params }, count ?? 1),
    card,
    cards: (ids) => ids.map(card).join(t('rummy.log.list', {}, 1)),
    // The table's own previews name no seat: no names needed.
    rule: (error) => wordRefusal(error, [refusals], { names: [] }, locale() === 'ar' ? 'ar' : 'en', (code) => code),
    blocker: (b) => {
      const params = { card: 'card' in b ? card(b.card) : '', need: 'need' in b ? isolate(b.need) : '', points: 'points' in b ? isolate(b.points) : '' };
      return t(`rummy.blocker.${b.code}`, params, 1);
    },
  };
}

/** A fixed-language text interface outside the app (tests, tools). */
export function rummyTextIn(locale: 'en' | 'ar'): RummyText {
  const i18n = createI18n({ legacy: false, locale, messages: { en: { rummy: RUMMY_MESSAGES.en }, ar: { rummy: RUMMY_MESSAGES.ar } } });
  return rummyText(
    (key, params, plural) => i18n.global.t(key, params, plural),
    () => locale,
  );
}
