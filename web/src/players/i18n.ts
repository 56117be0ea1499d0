import { installMessages } from '../i18n/install';
import { PLAYER_MESSAGES } from './messages';

/** The profile screen's words, merged into the app's i18n when the screen loads. */
export function installPlayerMessages(): void {
  installMessages(PLAYER_MESSAGES);
}
