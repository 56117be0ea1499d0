/**
 * The Rummy words, merged into the app's i18n under `rummy.` when a Rummy page loads, so the
 * site-wide language switch covers them too.
 */
import { useI18n } from 'vue-i18n';
import { mergeMessages } from '../../i18n';
import { RUMMY_MESSAGES } from './messages';
import { rummyText, type RummyText } from './text';

export type { RummyText };

export function useRummyText(): RummyText {
  mergeMessages('rummy', RUMMY_MESSAGES);
  const { t, locale } = useI18n();
  return rummyText((key, params, plural) => t(key, params, plural), () => locale.value);
}
