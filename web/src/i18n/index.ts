import { createI18n } from 'vue-i18n';
import { en } from './en';
import { startingLocale, type Locale } from './locale';

export type { Locale };
export const LOCALE_KEY = 'cardroom:locale';

const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LOCALE_KEY) : null;
const preferred = typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];

export const i18n = createI18n({
  // Composition API only; vue-i18n's legacy mode is off (and left out of the build).
  legacy: false,
  locale: 'en' as Locale,
  fallbackLocale: 'en',
  // Arabic is merged in by loadArabic.
  messages: { en } as Partial<Record<Locale, typeof en>>,
});

/**
 * The app's Arabic words load only when Arabic is chosen, so an English first screen does not
 * download them. Merged, not set: a game table may have merged its own `ar` words already.
 */
let arabic: Promise<void> | null = null;
function loadArabic(): Promise<void> {
  arabic ??= Promise.all([import('./ar'), import('./ar-games')]).then(([{ ar }, { arGames }]) => {
    i18n.global.mergeLocaleMessage('ar', ar);
    i18n.global.mergeLocaleMessage('ar', arGames);
  });
  return arabic;
}

/** Switch language (Arabic is fetched first); Arabic also flips the page to right-to-left. */
export async function setLocale(locale: Locale, remember = true): Promise<void> {
  if (locale === 'ar') await loadArabic();
  i18n.global.locale.value = locale;
  if (remember) localStorage.setItem(LOCALE_KEY, locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
}

/** The language to start in: a choice made on this device, else the browser's language (see locale.ts). */
export const initialLocale: Locale = startingLocale(saved, preferred);
