/**
 * Baloot's refusals in English and Arabic (see ../refusals.ts). Cards and suits by the
 * table's own names in each language (./labels.ts), Baloot's terms as the table says them.
 */
import type { Suit } from '../../../../shared/cards/playing-cards';
import type { BalootRefusal } from '../../../../shared/games/baloot/refusals';
import type { DoubleLevel } from '../../../../shared/games/baloot/types';
import { iso } from '../words';
import type { RefusalContext, RefusalWords } from '../refusals';
import { cardName, suitName } from './labels';

const CARD = /^[789TJQKA][SHDC]$/;
const card = (id: string, locale: 'en' | 'ar') => (CARD.test(id) ? iso(cardName(id, locale)) : locale === 'ar' ? 'هذه الورقة' : 'that card');
const suit = (s: Suit, locale: 'en' | 'ar') => iso(suitName(s, locale));
const who = (seat: number | null, ctx: RefusalContext) => iso(seat === null ? '?' : (ctx.names[seat] ?? `#${seat + 1}`));
const LEVEL: Record<'en' | 'ar', Record<DoubleLevel, string>> = {
  en: { double: 'Double', triple: 'Triple', four: 'Four', gahwa: 'Gahwa' },
  ar: { double: 'دبل', triple: 'ثري', four: 'فور', gahwa: 'قهوة' },
};

export const refusals: RefusalWords<BalootRefusal> = {
  en: {
    game_over: () => 'The match is over.',
    bad_seat: () => 'There is no such seat at this table.',
    bad_move: () => 'That is not a Baloot move.',
    not_your_turn: (r, ctx) =>
      r.why === 'sawa_partner'
        ? 'Only the opponents answer a Sawa.'
        : r.why === 'sawa_answered'
          ? 'You have already answered this Sawa.'
          : `It is ${who(r.seat, ctx)}'s turn, not yours.`,
    kawesh_not_allowed: (r) => (r.why === 'hand' ? 'Kawesh needs a first hand of only 7s, 8s and 9s.' : 'Kawesh can only be called before the bidding ends.'),
    not_bidding: () => 'The bidding is over.',
    bad_bid: (r, ctx) =>
      r.why === 'keep_or_sun'
        ? 'Everyone else passed: keep your Hokum or switch to Sun.'
        : r.why === 'sun_claim'
          ? `${who(r.seat, ctx)} bid Sun: claim Sun before them, or pass.`
          : 'That is not a bid.',
    bid_too_low: (r, ctx) => `${who(r.seat, ctx)} already bid Hokum; only Sun beats it now.`,
    wrong_suit: (r) =>
      r.round === 1
        ? `In the first round Hokum is played in the public card's suit, ${suit(r.suit, 'en')}.`
        : `In the second round Hokum cannot be in the public card's suit, ${suit(r.suit, 'en')}.`,
    suit_required: () => 'In the second round, choose the trump suit for your Hokum.',
    ashkal_not_allowed: (r) =>
      r.why === 'round' ? 'Ashkal is only allowed in the first round of bidding.' : 'Only the third and fourth bidders may call Ashkal.',
    not_doubling: () => 'There is no doubling to answer now: it comes after the final deal, before the first card.',
    wrong_level: (r) => `The raise on offer is ${LEVEL.en[r.expected]}, not ${LEVEL.en[r.level]}.`,
    declare_window_closed: () => 'Projects are declared during your first turn of the first trick.',
    already_declared: () => 'You have already declared your projects.',
    no_project: () => 'You hold no project to declare.',
    sawa_pending: () => 'Wait for the opponents to answer the Sawa.',
    not_playing: () => 'Cards are played once the bidding and doubling are over.',
    card_not_in_hand: (r) => `You do not hold ${card(r.card, 'en')}.`,
    must_follow_suit: (r) => `You must follow suit: play a card of ${suit(r.led, 'en')}.`,
    must_trump: (r) => `You have no ${suit(r.led, 'en')} and your partner is not winning: you must play a trump (${suit(r.trump, 'en')}).`,
    must_overtrump: () => 'You must play a trump higher than the one winning the trick.',
    closed_trump_lead: (r) => `The game is Closed: you cannot lead a trump (${suit(r.trump, 'en')}) while you hold another suit.`,
    sawa_not_allowed: (r) =>
      ({
        phase: 'Sawa can only be claimed during the play.',
        first_trick: 'Sawa can be claimed from the second trick on, once the projects are settled.',
        claimed: 'There has already been a Sawa claim this round.',
      })[r.why],
    no_sawa: () => 'There is no Sawa claim to answer.',
  },
  ar: {
    game_over: () => 'انتهت الصكّة.',
    bad_seat: () => 'لا يوجد مقعد كهذا على الطاولة.',
    bad_move: () => 'هذه ليست حركة في البلوت.',
    not_your_turn: (r, ctx) =>
      r.why === 'sawa_partner'
        ? 'الخصوم وحدهم يجيبون على السوا.'
        : r.why === 'sawa_answered'
          ? 'أجبت على هذا السوا بالفعل.'
          : `الدور لـ${who(r.seat, ctx)} وليس لك.`,
    kawesh_not_allowed: (r) => (r.why === 'hand' ? 'الكوّش يحتاج يدًا أولى من السبعات والثمانيات والتسعات فقط.' : 'لا يُعلن الكوّش إلا قبل انتهاء الشراء.'),
    not_bidding: () => 'انتهى الشراء.',
    bad_bid: (r, ctx) =>
      r.why === 'keep_or_sun'
        ? 'مرّ الجميع: أبقِ على الحكم أو حوّل إلى صن.'
        : r.why === 'sun_claim'
          ? `اشترى ${who(r.seat, ctx)} صن: اطلب الصن قبله، أو مرّر.`
          : 'هذا ليس شراءً.',
    bid_too_low: (r, ctx) => `اشترى ${who(r.seat, ctx)} حكمًا بالفعل؛ لا يعلوه الآن إلا الصن.`,
    wrong_suit: (r) =>
      r.round === 1
        ? `في الجولة الأولى يكون الحكم بنوع الورقة المكشوفة، ${suit(r.suit, 'ar')}، لا غيره.`
        : `في الجولة الثانية لا يكون الحكم بنوع الورقة المكشوفة، ${suit(r.suit, 'ar')}، بل بغيره.`,
    suit_required: () => 'في الجولة الثانية اختر نوع الحكم.',
    ashkal_not_allowed: (r) => (r.why === 'round' ? 'الأشكل مسموح في الجولة الأولى من الشراء فقط.' : 'الأشكل للمشتري الثالث والرابع فقط.'),
    not_doubling: () => 'لا دبل الآن: يأتي بعد التوزيع الأخير وقبل أول ورقة.',
    wrong_level: (r) => `المعروض الآن ${LEVEL.ar[r.expected]} وليس ${LEVEL.ar[r.level]}.`,
    declare_window_closed: () => 'تُعلن المشاريع في دورك الأول من الأكلة الأولى.',
    already_declared: () => 'أعلنت مشاريعك بالفعل.',
    no_project: () => 'ليس في يدك مشروع لتعلنه.',
    sawa_pending: () => 'انتظر إجابة الخصوم على السوا.',
    not_playing: () => 'تُلعب الأوراق بعد انتهاء الشراء والدبل.',
    card_not_in_hand: (r) => `الورقة ${card(r.card, 'ar')} ليست في يدك.`,
    must_follow_suit: (r) => `عليك أن تلعب من النوع نفسه: ${suit(r.led, 'ar')}، ما دام في يدك.`,
    must_trump: (r) => `ليس معك ${suit(r.led, 'ar')} وشريكك لا يأخذ الأكلة: عليك أن تقطع بالحكم (${suit(r.trump, 'ar')}).`,
    must_overtrump: () => 'عليك أن تلعب حكمًا أعلى من الحكم الذي يأخذ الأكلة.',
    closed_trump_lead: (r) => `اللعبة مقفولة: لا تبدأ بالحكم (${suit(r.trump, 'ar')}) وفي يدك نوع آخر.`,
    sawa_not_allowed: (r) =>
      ({
        phase: 'لا يُطلب السوا إلا أثناء اللعب.',
        first_trick: 'يُطلب السوا من الأكلة الثانية، بعد حسم المشاريع.',
        claimed: 'طُلب سوا في هذه الجولة بالفعل.',
      })[r.why],
    no_sawa: () => 'لا طلب سوا لتجيب عليه.',
  },
};
