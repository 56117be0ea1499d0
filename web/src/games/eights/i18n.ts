/**
 * Merges the table's words into the app's i18n under `eights.` when the table loads, so the
 * site-wide language switch covers them too.
 */
import { useI18n } from 'vue-i18n';
import { installMessages } from '../../i18n/install';
import { say, type Msg, type Translate } from './face';
import { EIGHTS_MESSAGES } from './messages';

export function installEightsMessages(): void {
  installMessages(EIGHTS_MESSAGES, 'eights');
}

/** `t` for plain keys and `say` for the messages face.ts builds, in the site's language. */
export function useEightsText(): { t: Translate; say: (msg: Msg) => string } {
  installEightsMessages();
  const { t: vueT } = useI18n();
  const t: Translate = (key, params) => (params ? vueT(key, params) : vueT(key));
  return { t, say: (msg) => say(t, msg) };
}
