import { createI18n } from 'vue-i18n';
import { ar } from './ar';
import { en } from './en';

export type Locale = 'en' | 'ar';
const saved = (typeof localStorage !== 'undefined' && localStorage.getItem('cardroom:locale')) as Locale | null;

export const i18n = createI18n({
  // Composition API only; vue-i18n's legacy mode is off.
  legacy: false,
  locale: saved ?? 'en',
  fallbackLocale: 'en',
  messages: { en, ar },
});

/** Switch language; Arabic also flips the page to right-to-left. */
export function setLocale(locale: Locale): void {
  i18n.global.locale.value = locale;
  localStorage.setItem('cardroom:locale', locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
}

// Apply the saved language's direction on load.
if (typeof document !== 'undefined') {
  document.documentElement.lang = i18n.global.locale.value;
  document.documentElement.dir = i18n.global.locale.value === 'ar' ? 'rtl' : 'ltr';
}
