/**
 * Merges the table's words into the app's i18n under `baloot.` when the table loads, so the
 * site-wide language switch covers them too.
 */
import { i18n } from '../../i18n';
import { BALOOT_MESSAGES } from './messages';

let installed = false;
export function installBalootMessages(): void {
  if (installed) return;
  installed = true;
  i18n.global.mergeLocaleMessage('en', { baloot: BALOOT_MESSAGES.en });
  i18n.global.mergeLocaleMessage('ar', { baloot: BALOOT_MESSAGES.ar });
}
