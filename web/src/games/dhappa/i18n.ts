/**
 * Merges the table's words into the app's i18n under `dhappa.` when the table loads, so the
 * site-wide language switch covers them too.
 */
import { useI18n } from 'vue-i18n';
import { installMessages } from '../../i18n/install';
import { DHAPPA_MESSAGES } from './messages';

export function installDhappaMessages(): void {
  installMessages(DHAPPA_MESSAGES, 'dhappa');
}

export function useDhappaText() {
  installDhappaMessages();
  return useI18n();
}
