/**
 * Merges the table's words into the app's i18n under `dhappa.` when the table loads, so the
 * site-wide language switch covers them too.
 */
import { useI18n } from 'vue-i18n';
import { i18n } from '../../i18n';
import { DHAPPA_MESSAGES } from './messages';

let installed = false;
export function installDhappaMessages(): void {
  if (installed) return;
  installed = true;
  i18n.global.mergeLocaleMessage('en', { dhappa: DHAPPA_MESSAGES.en });
  i18n.global.mergeLocaleMessage('ar', { dhappa: DHAPPA_MESSAGES.ar });
}

export function useDhappaText() {
  installDhappaMessages();
  return useI18n();
}
