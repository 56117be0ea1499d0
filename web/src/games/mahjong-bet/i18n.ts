/**
 * Merges Mahjong's words into the app's i18n under `mahjong.` when the page loads, so the
 * site-wide language switch covers them, and names tiles in the reader's language.
 */
import { useI18n } from 'vue-i18n';
import { kindInfo, type TileKind } from '../../../../shared/games/mahjong-bet';
import { installMessages } from '../../i18n/install';
import { MAHJONG_MESSAGES } from './messages';

function installMahjongMessages(): void {
  installMessages(MAHJONG_MESSAGES, 'mahjong');
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
