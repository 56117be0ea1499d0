/**
 * Mahjong hand betting's refusals in English and Arabic (see ../refusals.ts). Its page only
 * offers a bet when one is allowed, so these are never expected on screen; they are here so
 * that every game's every refusal has words.
 */
import type { MahjongRefusal } from '../../../../shared/games/mahjong-bet/engine';
import type { RefusalWords } from '../refusals';

export const refusals: RefusalWords<MahjongRefusal> = {
  en: {
    game_over: () => 'The game is over: start a new game to bet again.',
    bad_bet: () => 'Bet Higher or Bet Lower.',
  },
  ar: {
    game_over: () => 'انتهت اللعبة: ابدأ لعبة جديدة لتراهن من جديد.',
    bad_bet: () => 'راهن على الأعلى أو على الأدنى.',
  },
};
