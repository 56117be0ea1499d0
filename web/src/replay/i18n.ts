/**
 * Merges the fair-deal and replay words into the app's i18n when a screen that shows them
 * loads (the fair-deal badge, the replay page, Mahjong's game-over and replay), so the first
 * screen does not carry them.
 */
import { installMessages } from '../i18n/install';
import { REPLAY_MESSAGES } from './messages';

export function installReplayMessages(): void {
  installMessages(REPLAY_MESSAGES);
}
