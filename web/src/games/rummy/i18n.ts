/**
 * The Rummy words, merged into the app's i18n under `rummy.` when a Rummy page loads, so the
 * site-wide language switch covers them too (the build precompiles them: see messages.ts).
 */
import { useI18n } from 'vue-i18n';
import { i18n } from '../../i18n';
import { RUMMY_MESSAGES } from './messages';
import { rummyText, type RummyText } from './text';

export type { RummyText };

let installed = false;
export function installRummyMessages(): void {
  if (installed) return;
  installed = true;
  i18n.global.mergeLocaleMessage('en', { rummy: RUMMY_MESSAGES.en });
  i18n.global.mergeLocaleMessage('ar', { rummy: RUMMY_MESSAGES.ar });
}

export function useRummyText(): RummyText {
  installRummyMessages();
  const { t, locale } = useI18n();
  return rummyText((key, params, plural) => t(key, params, plural), () => locale.value);
}
