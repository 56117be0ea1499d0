/**
 * Merges the room's words into the app's i18n when a page or module that shows them loads
 * (the room page and its panels, the hot-seat page, the move log's wording), so the home
 * page's first screen does not carry them.
 */
import { i18n } from '../index';
import { ROOM_MESSAGES } from './messages';

let installed = false;
export function installRoomMessages(): void {
  if (installed) return;
  installed = true;
  i18n.global.mergeLocaleMessage('en', ROOM_MESSAGES.en);
  i18n.global.mergeLocaleMessage('ar', ROOM_MESSAGES.ar);
}
