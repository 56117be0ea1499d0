/**
 * Merges Mahjong's words into the app's i18n under `mahjong.` when the page loads, so the
 * site-wide language switch covers them, and names tiles in the reader's language.
 */
import { useI18n } from 'vue-i18n';
import { kindInfo, type TileKind } from '../../../../shared/games/mahjong-bet';
import { i18n } from '../../i18n';
import { MAHJONG_MESSAGES } from './messages';

let installed = false;
function installMahjongMessages(): void {
  if (installed) return;
  installed = true;
  i18n.global.mergeLocaleMessage('en', { mahjong: MAHJONG_MESSAGES.en });
  i18n.global.mergeLocaleMessage('ar', { mahjong: MAHJONG_MESSAGES.ar });
}

export function useMahjongText() {
  installMahjongMessages();
  const { t } = useI18n();
  /** "5 of Dots", "East Wind" in the reader's language. */
  const tileName = (kind: TileKind): string => {
    const info = kindInfo(kind);
    if (info.category === 'suit') return t('mahjong.tile.suit', { rank: info.rank, suit: t(`mahjong.tile.suits.${info.suit}`) });
    return info.category === 'wind' ? t(`mahjong.tile.winds.${info.wind}`) : t(`mahjong.tile.dragons.${info.dragon}`);
  };
  return { t, tileName };
}
