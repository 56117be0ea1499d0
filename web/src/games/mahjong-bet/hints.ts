/**
 * Why Mahjong hand betting's hint bets as it does (shared/games/mahjong-bet/hint.ts), in English
 * and Arabic, worded like its refusals; and what its "How to play" coach says before and after.
 */
import type { MahjongHintWhy } from '../../../../shared/games/mahjong-bet/hint';
import { iso } from '../words';
import type { RefusalWords } from '../refusals';

export const hints: RefusalWords<MahjongHintWhy> = {
  en: {
    higher: (r) => `Your hand totals ${iso(r.total)}; a hand of the tiles still to come averages about ${iso(r.average)}: bet Higher.`,
    lower: (r) => `Your hand totals ${iso(r.total)}; a hand of the tiles still to come averages about ${iso(r.average)}: bet Lower.`,
  },
  ar: {
    higher: (r) => `مجموع يدك ${iso(r.total)}، ومتوسط يدٍ من البلاطات الباقية نحو ${iso(r.average)}: راهن أعلى.`,
    lower: (r) => `مجموع يدك ${iso(r.total)}، ومتوسط يدٍ من البلاطات الباقية نحو ${iso(r.average)}: راهن أقل.`,
  },
};

export const learn = {
  goal: {
    en: [
      'Guess whether the next hand of four tiles totals higher or lower than this one.',
      'A numbered tile is worth its number; winds and dragons start at 5 and move by one after each bet.',
    ],
    ar: [
      'خمّن هل مجموع اليد التالية من أربع بلاطات أعلى أم أقل من هذه.',
      'البلاطة المرقّمة قيمتها رقمها؛ والرياح والتنانين تبدأ بخمسة وتتحرك بواحد بعد كل رهان.',
    ],
  },
  learned: {
    en: [
      'You bet Higher on a low hand and Lower on a high one, and saw winds and dragons gain after a win and lose after a loss.',
      'Equal totals lose either bet. A game lasts until the tiles run out three times.',
    ],
    ar: [
      'راهنت أعلى على يد منخفضة وأقل على يد مرتفعة، ورأيت الرياح والتنانين تزيد بعد الفوز وتنقص بعد الخسارة.',
      'تساوي المجموعين يخسر الرهانين. تستمر اللعبة حتى تنفد البلاطات ثلاث مرات.',
    ],
  },
};
