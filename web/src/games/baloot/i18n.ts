/**
 * Merges the table's words into the app's i18n under `baloot.` when the table loads, so the
 * site-wide language switch covers them too.
 */
import { installMessages } from '../../i18n/install';
import { BALOOT_MESSAGES } from './messages';

export function installBalootMessages(): void {
  installMessages(BALOOT_MESSAGES, 'baloot');
}
