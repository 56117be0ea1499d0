/**
 * Why Rummy's hint suggests its move (shared/games/rummy/hint.ts), in English and Arabic, in the
 * board's own words (./hint.ts); and what the "How to play" coach says before and after the deal.
 */
import type { RummyHintWhy } from '../../../../shared/games/rummy/hint';
import type { RummyView } from '../../../../shared/games/rummy/types';
import { i18n } from '../../i18n';
import type { RefusalContext, RefusalWords, Wording } from '../refusals';
import { hintText } from './hint';
import { installRummyMessages } from './i18n';
import { rummyText } from './text';

installRummyMessages();

/** A reason in one language; the seats' names are all a reason needs of the view. */
function wording(locale: 'en' | 'ar'): Wording<RummyHintWhy> {
  const tx = rummyText(
    (key, params, plural) => i18n.global.t(key, params, { locale, plural }),
    () => locale,
  );
  const say = (why: RummyHintWhy, ctx: RefusalContext) =>
    hintText({ seat: ctx.seat ?? null, players: ctx.names.map((name) => ({ name })) } as unknown as RummyView, why, tx);
  const codes: RummyHintWhy['code'][] = ['take_discard', 'draw_pile', 'close', 'off_plan', 'cannot_meld_taken', 'blocked', 'discard', 'meld', 'extend', 'swap'];
  return Object.fromEntries(codes.map((code) => [code, say])) as Wording<RummyHintWhy>;
}

export const hints: RefusalWords<RummyHintWhy> = { en: wording('en'), ar: wording('ar') };

export const learn = {
  goal: {
    en: [
      'Get rid of your cards: lay them down in melds (runs of one suit, or sets of one rank) and close with the last one.',
      'Your first melds must be worth 48 points and include a run without a joker. The coach shows you each step.',
    ],
    ar: [
      'تخلّص من أوراقك: انزلها في تشكيلات (تسلسل من نوع واحد، أو مجموعة من رتبة واحدة) واقفل بآخر ورقة.',
      'أول تشكيلاتك يجب أن تساوي ٤٨ نقطة وفيها تسلسل بلا جوكر. المدرّب يريك كل خطوة.',
    ],
  },
  learned: {
    en: [
      'You drew, took a discard you could meld, declared your first melds, added to melds on the table and closed.',
      'A joker stands for any card, and the card it stands for takes it back: watch the table for swaps.',
    ],
    ar: [
      'سحبت، وأخذت ورقة مرمية تستطيع تشكيلها، ونزلت أول تشكيلاتك، وأضفت إلى تشكيلات على الطاولة وأقفلت.',
      'الجوكر يحلّ محل أي ورقة، والورقة التي يحلّ محلها تستعيده: راقب الطاولة لتبادله.',
    ],
  },
};
