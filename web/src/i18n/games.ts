import type { CatalogEntry } from '../../../shared/games/catalog';
import { useI18n } from 'vue-i18n';
import { i18n } from './index';

/** First-strong isolate … pop: keeps a number, range or name in its own direction inside text of the other direction. */
export const isolate = (text: string | number): string => `\u2068${text}\u2069`;

/** A team's letter in the reader's alphabet (A, B… / أ، ب…). */
export const teamLetter = (team: number): string => i18n.global.t(`common.team.t${team}`);

/**
 * Whether a seat's name already is "You" (a game against bots names its person so when they
 * gave no name, in the language of that moment): a "(You)" after it would say it twice.
 */
export function namedYou(name: string): boolean {
  const n = name.trim().toLocaleLowerCase();
  return (['en', 'ar'] as const).some(
    (locale) => i18n.global.te('offline.you', locale) && i18n.global.t('offline.you', {}, { locale }).toLocaleLowerCase() === n,
  );
}

const SLOT = '\uE000';
/**
 * A message split around one placeholder, so a template can put markup there (a <bdi> name):
 * `t(key, { name: SLOT })` → the text before and after it.
 */
export function around(translate: (params: Record<string, string>) => string, param: string): [string, string] {
  const text = translate({ [param]: SLOT });
  const at = text.indexOf(SLOT);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + SLOT.length)];
}

/** A range of counts as text ("2–6", or "4"), isolated so right-to-left text never flips it. */
export function countRange(counts: readonly number[]): string {
  const lo = counts[0];
  const hi = counts[counts.length - 1];
  return isolate(lo === hi ? `${lo}` : `${lo}–${hi}`);
}

/** A game's name and blurb in the reader's language (the catalog's English when a language lacks one). */
export function useGameText() {
  const { t, te } = useI18n();
  const text = (id: string, field: 'name' | 'blurb', english: string) => (te(`catalog.${id}.${field}`) ? t(`catalog.${id}.${field}`) : english);
  return {
    gameName: (entry: Pick<CatalogEntry, 'id' | 'name'>) => text(entry.id, 'name', entry.name),
    gameBlurb: (entry: Pick<CatalogEntry, 'id' | 'blurb'>) => text(entry.id, 'blurb', entry.blurb),
  };
}
