/** Merges the bot levels' words into the app's i18n where a level is shown or chosen. */
import { installMessages } from '../install';
import { BOT_MESSAGES } from './messages';

export function installBotMessages(): void {
  installMessages(BOT_MESSAGES);
}
