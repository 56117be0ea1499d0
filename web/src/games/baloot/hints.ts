/**
 * Why Baloot's hint suggests its move (shared/games/baloot/hint.ts), in English and Arabic, worded
 * like its refusals with the table's own card and suit names; and what the "How to play" coach
 * says before and after the deal.
 */
import type { Suit } from '../../../../shared/cards/playing-cards';
import type { BalootHintWhy } from '../../../../shared/games/baloot/hint';
import type { ProjectKind } from '../../../../shared/games/baloot/projects';
import { tutorial } from '../../../../shared/games/baloot/tutorial';
import type { DoubleLevel } from '../../../../shared/games/baloot/types';
import { iso } from '../words';
import type { RefusalWords } from '../refusals';
import { cardName, digits, suitName, type CardLocale } from './labels';

const CARD = /^[789TJQKA][SHDC]$/;
const card = (id: string, l: CardLocale) => (CARD.test(id) ? iso(cardName(id, l)) : '?');
const cards = (ids: readonly string[], l: CardLocale) => ids.map((c) => card(c, l)).join(l === 'ar' ? '، ' : ', ');
const suit = (s: Suit, l: CardLocale) => iso(suitName(s, l));
const n = (x: number, l: CardLocale = 'en') => iso(digits(x, l));
const LEVEL: Record<CardLocale, Record<DoubleLevel, string>> = {
  en: { double: 'Double', triple: 'Triple', four: 'Four', gahwa: 'Gahwa' },
  ar: { double: 'الدبل', triple: 'الثري', four: 'الفور', gahwa: 'القهوة' },
};
const KIND: Record<CardLocale, Record<ProjectKind, string>> = {
  en: { sira: 'a Sira (three in a row)', fifty: 'a Fifty (four in a row)', hundred: 'a Hundred', fourHundred: 'a Four Hundred (four aces)' },
  ar: { sira: 'سرا (ثلاث متتالية)', fifty: 'خمسين (أربع متتالية)', hundred: 'مية', fourHundred: 'أربعمية (أربع إكّات)' },
};
const kinds = (k: readonly ProjectKind[], l: CardLocale) => k.map((x) => KIND[l][x]).join(l === 'ar' ? ' و' : ' and ');

export const hints: RefusalWords<BalootHintWhy> = {
  en: {
    kawesh: () => 'Your first five cards are only 7s, 8s and 9s: call Kawesh for a new deal.',
    bid_hokum: (r) =>
      `Buy Hokum: ${suit(r.suit, 'en')} become trumps, the strongest suit. With the public card you would hold ${n(r.trumps)} of them` +
      (r.high.length > 0 ? `, with ${cards(r.high, 'en')}.` : '.') +
      ' In trumps the Jack is highest, then the 9.',
    bid_sun: (r) => `Buy Sun (no trumps): aces and tens take the tricks, and you would hold ${n(r.aces)} aces and ${n(r.tens)} tens.`,
    bid_ashkal: (r) => `Call Ashkal: Sun, with the public card going to your partner. Your ${n(r.aces)} aces help them take the tricks.`,
    keep_hokum: (r) => `Everyone else passed: keep your Hokum in ${suit(r.suit, 'en')}, your trumps make it strong.`,
    bid_pass: () => 'Your hand is too weak to buy: pass and let the others bid.',
    double: (r) => `Your side is likely to win this round: say ${LEVEL.en[r.level]} to raise the stakes.`,
    no_double: (r) => `The buyers are likely to make their contract: no ${LEVEL.en[r.level]}.`,
    declare: (r) => `Declare your project before your first card: you hold ${kinds(r.kinds, 'en')}. The team with the best project scores all its projects.`,
    sawa: () => 'Every trick left is surely yours: claim Sawa and take them all at once.',
    sawa_accept: () => 'The claimant shows a hand that takes every trick left: accept the Sawa.',
    sawa_refuse: () => 'That hand does not surely take every trick: refuse the Sawa and play on.',
    lead_master: (r) => `Lead ${card(r.card, 'en')}: it is the highest card of its suit still out, so it takes the trick.`,
    lead_trump: (r) => `Lead a trump, ${card(r.card, 'en')}: it draws out the opponents' trumps (${suit(r.trump, 'en')}).`,
    lead_low: (r) => `Lead a low card, ${card(r.card, 'en')}: keep your high cards for later tricks.`,
    follow_win: (r) => `You must follow suit (${suit(r.led, 'en')}): ${card(r.card, 'en')} beats the cards on the table.`,
    follow_points: (r) => `You must follow suit (${suit(r.led, 'en')}), and your partner is winning: give them points with ${card(r.card, 'en')}.`,
    follow_low: (r) => `You must follow suit (${suit(r.led, 'en')}) and cannot win this trick: play your low ${card(r.card, 'en')}.`,
    must_trump: (r) => `You have no ${suit(r.led, 'en')} and an opponent is winning: you must trump. Play ${card(r.card, 'en')}.`,
    overtrump: (r) => `An opponent's trump is winning: you must play a higher trump if you have one. ${card(r.card, 'en')} takes the trick.`,
    ruff: (r) => `You have no ${suit(r.led, 'en')}: trump it with ${card(r.card, 'en')} and take the trick.`,
    give_points: (r) => `You have no ${suit(r.led, 'en')} and your partner is winning: give them points with ${card(r.card, 'en')}.`,
    discard_low: (r) => `You have no ${suit(r.led, 'en')}: throw away your least useful card, ${card(r.card, 'en')}.`,
  },
  ar: {
    kawesh: () => 'أوراقك الخمس الأولى سبعات وثمانيات وتسعات فقط: اطلب الكوّش لتوزيع جديد.',
    bid_hokum: (r) =>
      `اشترِ حكمًا: يصير ${suit(r.suit, 'ar')} حكمًا، أقوى الأنواع. مع الورقة المكشوفة يصير معك ${n(r.trumps, 'ar')} منه` +
      (r.high.length > 0 ? `، منها ${cards(r.high, 'ar')} وهي أقوى أوراقه.` : '.') +
      ' في الحكم الولد أعلى ورقة ثم التسعة.',
    bid_sun: (r) => `اشترِ صن (بلا حكم): الإكّات والعشرات تأخذ الأكلات، ومعك ${n(r.aces, 'ar')} إكّات و${n(r.tens, 'ar')} عشرات.`,
    bid_ashkal: (r) => `قل أشكل: صن، والورقة المكشوفة لشريكك. إكّاتك الـ${n(r.aces, 'ar')} تساعده على الأكلات.`,
    keep_hokum: (r) => `مرّ الجميع: أبقِ على حكمك في ${suit(r.suit, 'ar')}، فأوراق الحكم معك تقوّيه.`,
    bid_pass: () => 'يدك أضعف من أن تشتري: مرّر ودع الآخرين يشترون.',
    double: (r) => `فريقك الأرجح أن يربح هذه الجولة: قل ${LEVEL.ar[r.level]} لترفع الرهان.`,
    no_double: (r) => `المشترون الأرجح أن يكسبوا: لا ${LEVEL.ar[r.level]}.`,
    declare: (r) => `أعلن مشروعك قبل ورقتك الأولى: معك ${kinds(r.kinds, 'ar')}. الفريق صاحب أفضل مشروع تُحسب له كل مشاريعه.`,
    sawa: () => 'كل الأكلات الباقية لك حتمًا: اطلب السوا وخذها كلها دفعة واحدة.',
    sawa_accept: () => 'يد طالب السوا تأخذ كل الأكلات الباقية: اقبل السوا.',
    sawa_refuse: () => 'هذه اليد لا تأخذ كل الأكلات حتمًا: ارفض السوا وواصل اللعب.',
    lead_master: (r) => `ابدأ بـ${card(r.card, 'ar')}: هي أعلى ورقة باقية من نوعها، فتأخذ الأكلة.`,
    lead_trump: (r) => `ابدأ بحكم، ${card(r.card, 'ar')}: يسحب أوراق الحكم (${suit(r.trump, 'ar')}) من الخصوم.`,
    lead_low: (r) => `ابدأ بورقة صغيرة، ${card(r.card, 'ar')}: واحتفظ بأوراقك الكبيرة للأكلات القادمة.`,
    follow_win: (r) => `عليك أن تلعب من النوع نفسه (${suit(r.led, 'ar')}): ${card(r.card, 'ar')} أعلى من أوراق الطاولة.`,
    follow_points: (r) => `عليك أن تلعب من النوع نفسه (${suit(r.led, 'ar')})، وشريكك يأخذ الأكلة: ${card(r.card, 'ar')} تزيد أبناطه.`,
    follow_low: (r) => `عليك أن تلعب من النوع نفسه (${suit(r.led, 'ar')}) ولا تأخذ هذه الأكلة: ${card(r.card, 'ar')} الصغيرة تكفي.`,
    must_trump: (r) => `ليس معك ${suit(r.led, 'ar')} والخصم يأخذ الأكلة: عليك أن تقطع: العب ${card(r.card, 'ar')} من الحكم.`,
    overtrump: (r) => `حكم الخصم يأخذ الأكلة: عليك أن تلعب حكمًا أعلى إن كان معك. ${card(r.card, 'ar')} تأخذ الأكلة.`,
    ruff: (r) => `ليس معك ${suit(r.led, 'ar')}: اقطع بـ${card(r.card, 'ar')} وخذ الأكلة.`,
    give_points: (r) => `ليس معك ${suit(r.led, 'ar')} وشريكك يأخذ الأكلة: ${card(r.card, 'ar')} تزيد أبناطه.`,
    discard_low: (r) => `ليس معك ${suit(r.led, 'ar')}: ${card(r.card, 'ar')} أقل أوراقك نفعًا، فتخلّص منها.`,
  },
};

export const learn = {
  goal: {
    en: [
      'Baloot is played by two teams of two: your partner sits opposite you.',
      'First the bidding: buy the round as Hokum (a trump suit) or Sun (no trumps). Then eight tricks: follow suit, trump when you can’t. The coach shows a good move each turn.',
    ],
    ar: [
      'البلوت فريقان من لاعبين: شريكك يجلس مقابلك.',
      'أولًا الشراء: اشترِ الجولة حكمًا (نوع يعلو غيره) أو صن (بلا حكم). ثم ثماني أكلات: العب من النوع نفسه، واقطع بالحكم حين لا يكون معك. المدرّب يريك حركة جيدة في كل دور.',
    ],
  },
  learned: {
    en: [
      'You bought the round in Hokum, declared a project, followed suit and trumped when you had to.',
      'The summary showed how card points become the round’s score. The first team to 152 wins the match.',
    ],
    ar: [
      'اشتريت الجولة حكمًا، وأعلنت مشروعًا، ولعبت من النوع نفسه، وقطعت بالحكم حين لزم.',
      'أراك الملخص كيف تصير الأبناط نتيجة الجولة. أول فريق يبلغ ١٥٢ يربح الصكّة.',
    ],
  },
  // The lesson is the first round: the match to 152 would go on.
  endsAfter: tutorial.endsAfter,
};
