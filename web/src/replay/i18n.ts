/**
 * Merges the fair-deal and replay words into the app's i18n when a screen that shows them
 * loads (the fair-deal badge, the replay page, Mahjong's game-over and replay), so the first
 * screen does not carry them.
 */
import { i18n } from '../i18n';
import { REPLAY_MESSAGES } from './messages';

let installed = false;
export function installReplayMessages(): void {
  if (installed) return;
  installed = true;
  i18n.global.mergeLocaleMessage('en', REPLAY_MESSAGES.en);
  i18n.global.mergeLocaleMessage('ar', REPLAY_MESSAGES.ar);
}
