/**
 * Why Eights' hint suggests its move (shared/games/eights/hint.ts), in English and Arabic, worded
 * like its refusals; and what the "How to play" coach says before and after the deal.
 */
import type { EightsHintWhy } from '../../../../shared/games/eights/hint';
import { isCardId } from '../../../../shared/games/eights/cards';
import { i18n } from '../../i18n';
import { iso } from '../words';
import type { RefusalContext, RefusalWords } from '../refusals';
import { cardMsg, colourMsg, say } from './face';
import { installEightsMessages } from './i18n';

installEightsMessages();

type Lang = 'en' | 'ar';
const t = (locale: Lang) => (key: string, params?: Record<string, string | number>) => i18n.global.t(key, params ?? {}, { locale });
const card = (id: string, locale: Lang) => (isCardId(id) ? iso(say(t(locale), cardMsg(id))) : '?');
const colour = (c: Parameters<typeof colourMsg>[0], locale: Lang) => iso(say(t(locale), colourMsg(c)));
const who = (seat: number, ctx: RefusalContext) => iso(ctx.names[seat] ?? `#${seat + 1}`);
const last = (r: { lastCard: boolean }, locale: Lang) =>
  r.lastCard
    ? locale === 'en'
      ? ' It leaves you one card: press "Last card!" first, or you can be caught.'
      : ' ستبقى معك ورقة واحدة: اضغط «آخر ورقة!» أولًا وإلا أمسكوك.'
    : '';

export const hints: RefusalWords<EightsHintWhy> = {
  en: {
    catch: (r, ctx) => `${who(r.seat, ctx)} is down to one card and did not say "Last card": catch them and they draw 2.`,
    stack: (r) => `A +card may go on a +card: play ${card(r.card, 'en')} and the next player must take ${iso(r.count)}, or stack again.${last(r, 'en')}`,
    take: (r) => `You have no +card to stack: take the ${iso(r.count)} cards.`,
    draw: (r) => `Nothing in your hand is ${colour(r.colour, 'en').toLowerCase()} or matches ${card(r.top, 'en')}, and you have no wild: draw a card.`,
    keep: (r) => `You may play ${card(r.card, 'en')} now, but it is worth more later: keep it.`,
    play_drawn: (r) => `The card you drew fits: play ${card(r.card, 'en')}.${last(r, 'en')}`,
    colour: (r) => `Follow the colour: ${card(r.card, 'en')} is ${colour(r.colour, 'en').toLowerCase()}, the colour on the pile.${last(r, 'en')}`,
    symbol: (r) => `Match the number or symbol: ${card(r.card, 'en')} goes on ${card(r.top, 'en')}, whatever its colour.${last(r, 'en')}`,
    wild: (r) =>
      `A wild goes on anything: play ${card(r.card, 'en')} and name ${colour(r.colour, 'en').toLowerCase()}, the colour you hold most.${last(r, 'en')}`,
  },
  ar: {
    catch: (r, ctx) => `بقيت مع ${who(r.seat, ctx)} ورقة واحدة ولم يقل «آخر ورقة!»: أمسكه فيسحب ورقتين.`,
    stack: (r) => `ورقة السحب تُلعب فوق ورقة سحب: العب ${card(r.card, 'ar')} فيأخذ اللاعب التالي ${iso(r.count)} أوراق أو يكدّس مثلك.${last(r, 'ar')}`,
    take: (r) => `ليست معك ورقة سحب تكدّسها: خذ الأوراق الـ${iso(r.count)} كلها.`,
    draw: (r) => `لا شيء في يدك باللون ${colour(r.colour, 'ar')} ولا يطابق ${card(r.top, 'ar')}، وليست معك ورقة حرة: اسحب ورقة.`,
    keep: (r) => `يمكنك لعب ${card(r.card, 'ar')} الآن، لكنها أنفع لاحقًا: احتفظ بها.`,
    play_drawn: (r) => `الورقة التي سحبتها (${card(r.card, 'ar')}) تناسب الكومة: العبها.${last(r, 'ar')}`,
    colour: (r) => `اتبع اللون: ${card(r.card, 'ar')} لونها ${colour(r.colour, 'ar')}، لون الكومة.${last(r, 'ar')}`,
    symbol: (r) => `طابق الرقم أو الرمز: ${card(r.card, 'ar')} تُلعب على ${card(r.top, 'ar')} مهما كان لونها.${last(r, 'ar')}`,
    wild: (r) => `الورقة الحرة تُلعب على أي ورقة: العب ${card(r.card, 'ar')} واختر اللون ${colour(r.colour, 'ar')}، أكثر لون معك.${last(r, 'ar')}`,
  },
};

export const learn = {
  goal: {
    en: [
      'Be the first to play every card from your hand.',
      'Each card must match the pile: its colour, or its number or symbol. The coach shows you a good move each turn.',
    ],
    ar: ['كن أول من يلعب كل أوراق يده.', 'كل ورقة يجب أن تطابق الكومة: لونها، أو رقمها أو رمزها. المدرّب يريك حركة جيدة في كل دور.'],
  },
  learned: {
    en: [
      'You followed the colour or the number, used a wild when nothing fitted, and drew when you had to.',
      'Skips, Reverses and +cards change who plays next: the rest comes with play.',
    ],
    ar: ['اتبعت اللون أو الرقم، واستعملت الورقة الحرة حين لم يناسب شيء، وسحبت حين لزم.', 'أوراق التخطي والعكس والسحب تغيّر من يلعب بعدك: والباقي يأتي باللعب.'],
  },
};
