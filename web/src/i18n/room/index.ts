/**
 * Merges the room's words into the app's i18n when a page or module that shows them loads
 * (the room page and its panels, the hot-seat page, the move log's wording), so the home
 * page's first screen does not carry them.
 */
import { installMessages } from '../install';
import { ROOM_MESSAGES } from './messages';

export function installRoomMessages(): void {
  installMessages(ROOM_MESSAGES);
}
