/**
 * Why Dhappa Baaji's hint suggests its move (shared/games/dhappa/hint.ts), in English and Arabic,
 * worded like its refusals (cards by their full names, isolated); and what the "How to play" coach
 * says before and after the deal: the game is new to most people, so the lines name its own rules.
 */
import type { DhappaHintWhy } from '../../../../shared/games/dhappa/hint';
import { cardName, type CardLocale } from '../../cards/names';
import { iso } from '../words';
import type { RefusalWords } from '../refusals';

const CARD = /^([2-9TJQKA][SHDC](#\d)?|X\d+)$/;
const card = (id: string | null, l: CardLocale) => (id && CARD.test(id) ? iso(cardName(id, l)) : l === 'ar' ? 'هذه الورقة' : 'that card');
const cards = (ids: readonly string[], l: CardLocale) => ids.map((c) => card(c, l)).join(l === 'ar' ? '، ' : ', ');
const n = (x: number) => iso(x);

export const hints: RefusalWords<DhappaHintWhy> = {
  en: {
    draw: (r) =>
      r.card === null
        ? 'Draw a card from the pile.'
        : r.fits
          ? `Draw a card: picking from the discard pile would cost more than it brings.`
          : `Draw a card: ${card(r.card, 'en')}, on the discard pile, fits none of your melds.`,
    pick: (r) => `Pick the top ${n(r.count)} cards of the discard pile. The deepest one, ${card(r.card, 'en')}, must go on the table this turn, and it can.`,
    place_pick: (r) => `The card you picked, ${card(r.card, 'en')}, must go on the table this turn: lay ${cards(r.cards, 'en')}.`,
    open: (r) => `Open with a pure meld, no wild cards: lay ${cards(r.cards, 'en')}. Only once you have opened may you use wilds and add to your team's melds.`,
    wild: (r) => `A wild card completes the meld: ${card(r.card, 'en')} stands for ${card(r.as, 'en')}. Lay ${cards(r.cards, 'en')}.`,
    lock: (r) =>
      `Lay ${cards(r.cards, 'en')}: your team then holds the lock, three runs with at most 2 wild cards each and 4 in all (now ${n(r.wilds)}). With the lock you may go out.`,
    meld: (r) => `Lay a new meld: ${cards(r.cards, 'en')}. Cards on the table score for your team; cards left in hand count against it.`,
    add: (r) => `Add ${cards(r.cards, 'en')} to your team's meld.`,
    swap: (r) => `Put ${card(r.card, 'en')} in place of the joker that stands for it: the joker comes back to your hand, and you must lay it again this turn.`,
    merge: () => 'Join your two runs of the same suit that meet end to end into one.',
    undo: () => 'What you laid so far does not let your turn end: take it back and try again.',
    go_out: (r) => `Your team holds the lock and this is your last card: discard ${card(r.card, 'en')} to go out and end the deal.`,
    dhappa: (r) => `Discard ${card(r.card, 'en')}: a 2 on the discard pile is a Dhappa, and takes all ${n(r.count)} cards out of the game.`,
    discard: (r) => `End your turn: discard ${card(r.card, 'en')}, the card you need least and the other team can't use.`,
  },
  ar: {
    draw: (r) =>
      r.card === null
        ? 'اسحب ورقة من الكومة.'
        : r.fits
          ? 'اسحب ورقة: الأخذ من كومة الرمي يكلّفك أكثر مما يعطيك.'
          : `اسحب ورقة: ${card(r.card, 'ar')}، على كومة الرمي، لا تناسب شيئًا من تسلسلاتك.`,
    pick: (r) => `خذ أعلى ${n(r.count)} أوراق من كومة الرمي. أعمقها، ${card(r.card, 'ar')}، يجب أن تنزل إلى الطاولة في هذا الدور، وهذا ممكن.`,
    place_pick: (r) => `الورقة التي أخذتها، ${card(r.card, 'ar')}، يجب أن تنزل إلى الطاولة في هذا الدور: ${cards(r.cards, 'ar')} تنزل معًا.`,
    open: (r) => `افتتح بتسلسل نقي بلا أوراق حرّة: أنزل ${cards(r.cards, 'ar')}. بعد الافتتاح فقط تستعمل الأوراق الحرّة وتضيف إلى تسلسلات فريقك.`,
    wild: (r) => `الورقة الحرّة تكمل التسلسل: ${card(r.card, 'ar')} تقوم مقام ${card(r.as, 'ar')}، و${cards(r.cards, 'ar')} تنزل معًا.`,
    lock: (r) =>
      `أنزل ${cards(r.cards, 'ar')}: فيملك فريقك القفل، ثلاثة تسلسلات في كل منها ورقتان حرّتان على الأكثر و٤ في المجموع (الآن ${n(r.wilds)}). مع القفل يمكنك الخروج.`,
    meld: (r) => `أنزل تسلسلًا جديدًا: ${cards(r.cards, 'ar')}. أوراق الطاولة تُحسب لفريقك، وأوراق اليد تُحسب عليه.`,
    add: (r) => `أضف ${cards(r.cards, 'ar')} إلى تسلسل فريقك.`,
    swap: (r) => `ضع ${card(r.card, 'ar')} مكان الجوكر الذي يقوم مقامها: يعود الجوكر إلى يدك، وعليك أن تنزله ثانية في هذا الدور.`,
    merge: () => 'اجمع تسلسليك من النوع نفسه، وهما متلاصقان طرفًا بطرف، في تسلسل واحد.',
    undo: () => 'ما أنزلته حتى الآن لا يسمح بإنهاء دورك: استرجعه وحاول من جديد.',
    go_out: (r) => `فريقك يملك القفل وهذه ورقتك الأخيرة: ارمِ ${card(r.card, 'ar')} لتخرج وتنهي التوزيع.`,
    dhappa: (r) => `ارمِ ${card(r.card, 'ar')}: رمي الاثنين على الكومة «دبّة» تُخرج أوراقها الـ${n(r.count)} كلها من اللعبة.`,
    discard: (r) => `أنهِ دورك: ارمِ ${card(r.card, 'ar')}، أقل أوراقك نفعًا لك ولا ينتفع بها الفريق الآخر.`,
  },
};

export const learn = {
  goal: {
    en: [
      'Dhappa Baaji: two teams lay runs of one suit (or sets of aces or 3s) from a big hand. Cards on the table score; cards in hand cost.',
      'Each turn: draw, or pick the top cards of the discard pile; lay what you can; discard one. Open with a pure run, use 2s and jokers as wilds, then hold the lock to go out. The coach shows a good move each step.',
    ],
    ar: [
      'دبّا باجي: فريقان ينزلان تسلسلات من نوع واحد (أو مجموعات من الإكّات أو الثلاثات) من يد كبيرة. أوراق الطاولة تُحسب لك، وأوراق اليد عليك.',
      'في كل دور: اسحب، أو خذ الأوراق العليا من كومة الرمي؛ أنزل ما تستطيع؛ ثم ارمِ ورقة. افتتح بتسلسل نقي، واستعمل الاثنين والجوكر أوراقًا حرّة، ثم املك القفل لتخرج. المدرّب يريك حركة جيدة في كل خطوة.',
    ],
  },
  learned: {
    en: [
      'You opened with a pure run, completed melds with wild cards, held the lock and went out.',
      'Picking from the discard pile, the deepest card you take must go on the table that turn. A 2 thrown away is a Dhappa: it clears the pile.',
    ],
    ar: [
      'افتتحت بتسلسل نقي، وأكملت تسلسلات بأوراق حرّة، وملكت القفل وخرجت.',
      'حين تأخذ من كومة الرمي يجب أن تنزل أعمق ورقة أخذتها في الدور نفسه. والاثنين المرمي «دبّة»: تمسح الكومة.',
    ],
  },
};
