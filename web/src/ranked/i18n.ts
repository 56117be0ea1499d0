/** Merges the ranked screens' words when one of them loads (not with the home page's first screen). */
import { installMessages } from '../i18n/install';
import { RANKED_MESSAGES } from './messages';

export function installRankedMessages(): void {
  installMessages(RANKED_MESSAGES);
}
