/**
 * The Rummy words, merged into the app's i18n under `rummy.` when a Rummy page loads, so the
 * site-wide language switch covers them too (the build precompiles them: see messages.ts).
 */
import { useI18n } from 'vue-i18n';
import { installMessages } from '../../i18n/install';
import { RUMMY_MESSAGES } from './messages';
import { rummyText, type RummyText } from './text';

export type { RummyText };

export function installRummyMessages(): void {
  installMessages(RUMMY_MESSAGES, 'rummy');
}

export function useRummyText(): RummyText {
  installRummyMessages();
  const { t, locale } = useI18n();
  return rummyText(
    (key, params, plural) => t(key, params, plural),
    () => locale.value,
  );
}
