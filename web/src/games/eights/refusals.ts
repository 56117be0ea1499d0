/**
 * Eights' refusals in English and Arabic (see ../refusals.ts): cards and colours named by the
 * table's own card words in each language, values isolated so a sentence keeps its order.
 */
import type { EightsRefusal } from '../../../../shared/games/eights/refusals';
import { isCardId } from '../../../../shared/games/eights/cards';
import { i18n } from '../../i18n';
import { iso } from '../words';
import type { RefusalContext, RefusalWords } from '../refusals';
import { cardMsg, colourMsg, say } from './face';
import { installEightsMessages } from './i18n';

installEightsMessages();

type Lang = 'en' | 'ar';
const t = (locale: Lang) => (key: string, params?: Record<string, string | number>) => i18n.global.t(key, params ?? {}, { locale });
/** A card by the table's name for it; a forged id the deck has not is "that card". */
const card = (id: string, locale: Lang) => (isCardId(id) ? iso(say(t(locale), cardMsg(id))) : locale === 'ar' ? 'هذه الورقة' : 'that card');
const colour = (c: Parameters<typeof colourMsg>[0], locale: Lang) => iso(say(t(locale), colourMsg(c)));
const who = (seat: number, ctx: RefusalContext) => iso(ctx.names[seat] ?? `#${seat + 1}`);

export const refusals: RefusalWords<EightsRefusal> = {
  en: {
    no_such_seat: () => 'There is no such seat at this table.',
    game_over: () => 'The game is over.',
    not_your_turn: (r, ctx) => `It is ${who(r.seat, ctx)}'s turn, not yours.`,
    card_not_in_hand: (r) => `You do not hold ${card(r.card, 'en')}.`,
    must_play_drawn_or_keep: (r) => `After drawing you may only play the card you drew (${card(r.card, 'en')}), or keep it.`,
    colour_required: (r) => `Choose the next colour when you play ${card(r.card, 'en')}.`,
    colour_not_allowed: () => 'Only a wild card lets you choose the colour.',
    must_take: (r) => `You must take the ${iso(r.count)} cards.`,
    must_stack_or_take: (r) => `Play a +card on the stack or take the ${iso(r.count)} cards.`,
    reverse_limit: (r) => `${iso(r.limit)} Reverses in a row is the limit: play another card or draw.`,
    card_not_playable: (r) =>
      `${card(r.card, 'en')} does not go on ${card(r.top, 'en')}: play ${colour(r.colour, 'en').toLowerCase()}, the same number or symbol, or a wild.`,
    already_drawn: () => 'You already drew: play the drawn card or keep it.',
    nothing_to_keep: () => 'You have not drawn a card to keep.',
    cannot_catch_self: () => 'You cannot catch yourself.',
    nothing_to_catch: (r, ctx) => `${who(r.seat, ctx)} cannot be caught now.`,
  },
  ar: {
    no_such_seat: () => 'لا يوجد مقعد كهذا على الطاولة.',
    game_over: () => 'انتهت اللعبة.',
    not_your_turn: (r, ctx) => `الدور لـ${who(r.seat, ctx)} وليس لك.`,
    card_not_in_hand: (r) => `الورقة ${card(r.card, 'ar')} ليست في يدك.`,
    must_play_drawn_or_keep: (r) => `بعد السحب لا تلعب إلا الورقة التي سحبتها (${card(r.card, 'ar')})، أو تحتفظ بها.`,
    colour_required: (r) => `اختر اللون التالي عندما تلعب ${card(r.card, 'ar')} ثم أرسلها.`,
    colour_not_allowed: () => 'الورقة الحرة وحدها تتيح لك اختيار اللون.',
    must_take: (r) => `عليك أن تأخذ الأوراق الـ${iso(r.count)} كلها.`,
    must_stack_or_take: (r) => `العب ورقة سحب فوق الكومة أو خذ الأوراق الـ${iso(r.count)} كلها.`,
    reverse_limit: (r) => `الحد ${iso(r.limit)} أوراق عكس متتالية: العب ورقة أخرى أو اسحب.`,
    card_not_playable: (r) =>
      `الورقة ${card(r.card, 'ar')} لا تُلعب على ${card(r.top, 'ar')}: العب اللون ${colour(r.colour, 'ar')} أو الرقم أو الرمز نفسه، أو ورقة حرة.`,
    already_drawn: () => 'سحبت بالفعل: العب الورقة المسحوبة أو احتفظ بها.',
    nothing_to_keep: () => 'لم تسحب ورقة لتحتفظ بها.',
    cannot_catch_self: () => 'لا يمكنك أن تمسك نفسك.',
    nothing_to_catch: (r, ctx) => `لا يمكن إمساك ${who(r.seat, ctx)} الآن.`,
  },
};
