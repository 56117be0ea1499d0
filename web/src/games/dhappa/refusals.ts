/**
 * Dhappa Baaji's refusals in English and Arabic (see ../refusals.ts): cards by their full
 * names in each language (../../cards/names.ts), isolated; Arabic sentences never end on one.
 */
import type { DhappaRefusal, DiscardBlock } from '../../../../shared/games/dhappa/refusals';
import { cardName, rankName, suitName, type CardLocale } from '../../cards/names';
import { iso } from '../words';
import type { RefusalContext, RefusalWords } from '../refusals';

const CARD = /^([2-9TJQKA][SHDC](#\d)?|X\d+)$/;
const card = (id: string, l: CardLocale) => (CARD.test(id) ? iso(cardName(id, l)) : l === 'ar' ? 'هذه الورقة' : 'that card');
const cards = (ids: readonly string[], l: CardLocale) => ids.map((c) => card(c, l)).join(l === 'ar' ? '، ' : ', ');
const who = (seat: number, ctx: RefusalContext) => iso(ctx.names[seat] ?? `#${seat + 1}`);
const n = (x: number) => iso(x);
const kindEn = (k: 'run' | 'set' | null) => (k === 'set' ? 'set' : 'run');
const kindAr = (k: 'run' | 'set' | null) => (k === 'set' ? 'المجموعة' : 'التسلسل');
const setOf = (rank: string | null, l: CardLocale) => (l === 'ar' ? (rank === 'A' ? 'الإكّات' : 'الثلاثات') : rank === 'A' ? 'aces' : '3s');

const NO_DISCARD_EN: Record<DiscardBlock, string> = {
  pick_not_placed: 'the deepest card you picked must go on the table first',
  joker_not_placed: 'the joker you swapped out must go back into a meld first',
  no_lock: 'going out needs 3 team runs with at most 2 wild cards each and 4 in all',
  joker_last: 'you cannot go out by discarding a joker',
};
const NO_DISCARD_AR: Record<DiscardBlock, string> = {
  pick_not_placed: 'يجب أن تنزل أعمق ورقة أخذتها إلى الطاولة أولًا',
  joker_not_placed: 'يجب أن يعود الجوكر المستبدل إلى تسلسل أولًا',
  no_lock: 'الخروج يحتاج ٣ تسلسلات لفريقك في كل منها ورقتان حرّتان على الأكثر و٤ في المجموع',
  joker_last: 'لا تخرج برمي جوكر',
};

export const refusals: RefusalWords<DhappaRefusal> = {
  en: {
    game_over: () => 'The game is over.',
    not_your_turn: (r, ctx) => `It is ${who(r.seat, ctx)}'s turn, not yours.`,
    already_picked: () => 'You have already taken your card this turn.',
    pick_first: () => 'Take a card first: draw from the pile or pick from the discard pile.',
    pile_empty: () => 'The draw pile is empty: pick from the discard pile instead.',
    nothing_to_undo: () => 'There is nothing to undo: you have not laid anything this turn.',
    internal: () => 'The move could not be played.',
    discard_empty: () => 'The discard pile is empty.',
    bad_count: (r) => `You can pick from 1 to ${n(r.max)} cards; ${n(r.count)} is not possible.`,
    pick_unplayable: (r) =>
      `You cannot pick ${n(r.count)} card${r.count === 1 ? '' : 's'}: ${card(r.card, 'en')}, the deepest, ` +
      {
        open_first: 'could reach the table only after you open, and no pure run or set of aces or 3s is left to open with.',
        wild: 'is a wild card, and you would need to open before placing it, with no way to do so.',
        no_discard: 'could go on the table only by leaving you without a legal discard.',
        no_fit: "fits no meld you could make, no meld of your team's and no joker it could swap out.",
      }[r.why],
    not_your_team: () => "That meld belongs to the other team: you can touch only your own team's melds.",
    no_such_run: () => "There is no such meld on your team's board.",
    duplicate_card: (r) => (r.card === null ? 'The same card is listed twice.' : `This ${kindEn(r.kind)} already holds ${card(r.card, 'en')}.`),
    card_not_in_hand: (r) => `You do not hold ${card(r.card, 'en')}.`,
    not_opened: (r) =>
      'Open first with a pure run or a pure set of aces or 3s: until then ' +
      {
        wild: 'your melds cannot hold wild cards.',
        add: "you cannot add to your team's melds.",
        merge: "you cannot merge your team's runs.",
        swap: 'you cannot swap jokers.',
      }[r.action],
    merge_same: () => 'Name two different runs to merge.',
    pick_not_placed: (r) => `${card(r.card, 'en')}, the deepest card you picked, must go on the table this turn.`,
    joker_not_placed: () => 'The joker you swapped out must go back into a meld this turn; it cannot be discarded.',
    no_lock: (r) =>
      'You can discard your last card only to go out, and going out needs 3 team runs with at most 2 wild cards each and 4 in all: ' +
      (r.clean < 3
        ? `your team has ${n(r.clean)} run${r.clean === 1 ? '' : 's'} with at most 2 wild cards.`
        : `its best 3 runs hold ${n(r.wilds)} wild cards.`),
    joker_last: () => 'You cannot go out by discarding a joker.',
    keep_a_card: () => 'Keep a card in your hand: every turn ends with a discard.',
    no_discard_left: (r) => `That would leave ${card(r.card, 'en')} as your only card with no legal discard: ${NO_DISCARD_EN[r.why]}.`,
    no_wrap: (r) =>
      r.why === 'ace_high'
        ? 'The ace is high only: a run goes from 3 up to the ace and never wraps round.'
        : 'A run goes from 3 up to the ace and never past it: no wrapping, no 2 as a natural card.',
    wilds_adjacent: () => 'Two wild cards cannot sit next to each other.',
    run_too_long: (r) => `A run has at most ${n(r.max)} cards, 3 up to the ace.`,
    not_consecutive: () => 'These cards leave gaps that your wild cards cannot fill.',
    too_many_wilds: () => 'A meld needs more natural cards than wild cards.',
    bad_stand_in: (r) =>
      ({
        not_placed: () => `${cards(r.cards, 'en')} is not one of the wild cards you are placing.`,
        not_a_card: () => 'A wild card can stand only for a card from 3 to ace.',
        same_card: () => 'Two wild cards cannot stand for the same card.',
        no_place: () => `The wild cards cannot stand for ${cards(r.cards, 'en')} here.`,
        set_rank: () => `A wild card in this set can stand only for a missing ${iso(rankName(r.rank ?? '?', 'en'))}, not ${cards(r.cards, 'en')}.`,
      })[r.why](),
    meld_too_short: () => 'A new meld needs at least 3 cards.',
    set_rank: (r) =>
      r.rank === null
        ? `Only aces and 3s make sets; ${cards(r.cards, 'en')} would be a set of another rank.`
        : `${cards(r.cards, 'en')} does not belong in this set of ${setOf(r.rank, 'en')}.`,
    not_a_meld: () => 'A meld is a run (one suit, consecutive ranks) or a set of aces or 3s (one rank, different suits).',
    set_same_suit: () => 'A set cannot hold two cards of the same suit.',
    set_too_big: () => 'A set has at most 4 cards, one of each suit.',
    no_cards: () => 'Name at least one card to add.',
    swap_instead: (r) => `A joker stands for ${card(r.card, 'en')} in this ${kindEn(r.kind)}: swap it out instead of adding.`,
    run_suit: (r) => `${card(r.card, 'en')} is not one of the ${iso(suitName(r.suit, 'en'))}: a run is all one suit.`,
    one_shift: () => 'Only one 2 can move at a time: add these cards one by one.',
    shift_with_wilds: () => 'Add wild cards separately from the card that moves a 2.',
    no_room_for_two: (r) =>
      `The ${card(r.two, 'en')} standing for ${card(r.card, 'en')} has ${r.kind === 'set' ? 'no missing suit' : 'no open end'} to move to, so ${card(r.card, 'en')} cannot be added.`,
    choose_shift: (r) => `The ${card(r.two, 'en')} standing for ${card(r.card, 'en')} can move to either end of the run: choose low or high.`,
    bad_shift: (r) =>
      `The ${card(r.two, 'en')} standing for ${card(r.card, 'en')} cannot move to the ${r.shift} end; it can only go ${r.shift === 'low' ? 'high' : 'low'}.`,
    merge_sets: () => 'Only runs can be merged: a set cannot join another meld.',
    merge_suits: (r) => `These runs are not of one suit (${r.suits.map((s) => iso(suitName(s, 'en'))).join(' and ')}).`,
    merge_overlap: () => 'These runs overlap, so they cannot be merged.',
    merge_gap: () => 'These runs do not meet: fill the gap between them first.',
    swap_natural: () => 'A joker is swapped out with the natural card it stands for, not with a wild card.',
    static_two: (r) =>
      `A 2 stands for ${card(r.card, 'en')} here and never leaves the table: add ${card(r.card, 'en')} to the ${kindEn(r.kind)} to move the 2.`,
    swap_no_joker: (r) => `No joker in this ${kindEn(r.kind)} stands for ${card(r.card, 'en')}.`,
  },
  ar: {
    game_over: () => 'انتهت اللعبة.',
    not_your_turn: (r, ctx) => `الدور لـ${who(r.seat, ctx)} وليس لك.`,
    already_picked: () => 'أخذت ورقتك في هذا الدور بالفعل.',
    pick_first: () => 'خذ ورقة أولًا: اسحب من الكومة أو خذ من كومة الرمي.',
    pile_empty: () => 'كومة السحب فارغة: خذ من كومة الرمي بدلًا منها.',
    nothing_to_undo: () => 'لا شيء للتراجع عنه: لم تنزل شيئًا في هذا الدور.',
    internal: () => 'تعذّر لعب هذه الحركة.',
    discard_empty: () => 'كومة الرمي فارغة.',
    bad_count: (r) => `يمكنك أن تأخذ من ورقة واحدة إلى ${n(r.max)}؛ أخذ ${n(r.count)} غير ممكن.`,
    pick_unplayable: (r) =>
      `لا يمكنك أن تأخذ ${n(r.count)}: أعمق ورقة، ${card(r.card, 'ar')}، ` +
      {
        open_first: 'لا تنزل إلى الطاولة إلا بعد أن تفتتح، ولا تسلسل نقيًا ولا مجموعة إكّات أو ثلاثات تفتتح بها.',
        wild: 'ورقة حرّة، وعليك أن تفتتح قبل إنزالها، ولا سبيل إلى ذلك.',
        no_discard: 'لا تنزل إلى الطاولة إلا إذا بقيت بلا رمية مسموحة.',
        no_fit: 'لا تناسب تسلسلًا تصنعه ولا تسلسلًا لفريقك ولا جوكرًا تستبدله.',
      }[r.why],
    not_your_team: () => 'هذا التسلسل للفريق الآخر: لا تلمس إلا تسلسلات فريقك.',
    no_such_run: () => 'لا يوجد هذا التسلسل عند فريقك.',
    duplicate_card: (r) => (r.card === null ? 'الورقة نفسها مذكورة مرتين.' : `في ${kindAr(r.kind)} ${card(r.card, 'ar')} بالفعل.`),
    card_not_in_hand: (r) => `الورقة ${card(r.card, 'ar')} ليست في يدك.`,
    not_opened: (r) =>
      'افتتح أولًا بتسلسل نقي أو مجموعة نقية من الإكّات أو الثلاثات: ' +
      {
        wild: 'حتى ذلك الحين لا تحمل تسلسلاتك أوراقًا حرّة.',
        add: 'حتى ذلك الحين لا تضيف إلى تسلسلات فريقك.',
        merge: 'حتى ذلك الحين لا تدمج تسلسلات فريقك.',
        swap: 'حتى ذلك الحين لا تستبدل الجوكرات.',
      }[r.action],
    merge_same: () => 'اختر تسلسلين مختلفين لدمجهما.',
    pick_not_placed: (r) => `يجب أن تنزل ${card(r.card, 'ar')}، أعمق ورقة أخذتها، إلى الطاولة في هذا الدور.`,
    joker_not_placed: () => 'يجب أن يعود الجوكر المستبدل إلى تسلسل في هذا الدور؛ لا يُرمى.',
    no_lock: (r) =>
      'لا ترمي ورقتك الأخيرة إلا لتخرج، والخروج يحتاج ٣ تسلسلات لفريقك في كل منها ورقتان حرّتان على الأكثر و٤ في المجموع: ' +
      (r.clean < 3 ? `عند فريقك ${n(r.clean)} من هذه التسلسلات فقط.` : `أفضل ٣ تسلسلات فيها ${n(r.wilds)} أوراق حرّة.`),
    joker_last: () => 'لا تخرج برمي جوكر.',
    keep_a_card: () => 'أبقِ ورقة في يدك: كل دور ينتهي برمية.',
    no_discard_left: (r) => `بهذا تبقى ${card(r.card, 'ar')} ورقتك الوحيدة بلا رمية مسموحة: ${NO_DISCARD_AR[r.why]}.`,
    no_wrap: (r) =>
      r.why === 'ace_high'
        ? 'الإكّة عالية فقط: التسلسل من الثلاثة إلى الإكّة ولا يلتفّ.'
        : 'التسلسل من الثلاثة إلى الإكّة ولا يتجاوزها: لا التفاف، ولا اثنين كورقة طبيعية.',
    wilds_adjacent: () => 'لا تتجاور ورقتان حرّتان.',
    run_too_long: (r) => `التسلسل ${n(r.max)} ورقة على الأكثر، من الثلاثة إلى الإكّة.`,
    not_consecutive: () => 'في هذه الأوراق فجوات لا تملؤها أوراقك الحرّة.',
    too_many_wilds: () => 'التسلسل يحتاج أوراقًا طبيعية أكثر من الحرّة.',
    bad_stand_in: (r) =>
      ({
        not_placed: () => `الورقة ${cards(r.cards, 'ar')} ليست من الأوراق الحرّة التي تنزلها.`,
        not_a_card: () => 'الورقة الحرّة تمثل ورقة من الثلاثة إلى الإكّة فقط.',
        same_card: () => 'لا تمثل ورقتان حرّتان الورقة نفسها.',
        no_place: () => `لا يمكن للأوراق الحرّة أن تمثل ${cards(r.cards, 'ar')} هنا.`,
        set_rank: () => `الورقة الحرّة في هذه المجموعة لا تمثل ${cards(r.cards, 'ar')} بل ${iso(rankName(r.rank ?? '?', 'ar'))} ناقصة فقط.`,
      })[r.why](),
    meld_too_short: () => 'التسلسل الجديد يحتاج ثلاث أوراق على الأقل.',
    set_rank: (r) =>
      r.rank === null
        ? `المجموعات من الإكّات والثلاثات فقط؛ ${cards(r.cards, 'ar')} مجموعة من رتبة أخرى.`
        : `الورقة ${cards(r.cards, 'ar')} لا تنتمي إلى مجموعة ${setOf(r.rank, 'ar')} هذه.`,
    not_a_meld: () => 'التسلسل أوراق من نوع واحد برتب متتالية، والمجموعة إكّات أو ثلاثات من أنواع مختلفة.',
    set_same_suit: () => 'لا تحمل المجموعة ورقتين من النوع نفسه.',
    set_too_big: () => 'المجموعة أربع أوراق على الأكثر، واحدة من كل نوع.',
    no_cards: () => 'اختر ورقة واحدة على الأقل لتضيفها.',
    swap_instead: (r) => `جوكر يمثل ${card(r.card, 'ar')} في ${kindAr(r.kind)}: استبدله بدل الإضافة.`,
    run_suit: (r) => `الورقة ${card(r.card, 'ar')} ليست من ${iso(suitName(r.suit, 'ar'))}: التسلسل كله من نوع واحد.`,
    one_shift: () => 'لا تنتقل إلا ورقة اثنين واحدة في كل مرة: أضف هذه الأوراق واحدة واحدة.',
    shift_with_wilds: () => 'أضف الأوراق الحرّة منفصلة عن الورقة التي تنقل الاثنين.',
    no_room_for_two: (r) =>
      `الورقة ${card(r.two, 'ar')} التي تمثل ${card(r.card, 'ar')} ${r.kind === 'set' ? 'لا تجد نوعًا ناقصًا' : 'لا تجد طرفًا مفتوحًا'} تنتقل إليه، فلا تُضاف ${card(r.card, 'ar')} هنا.`,
    choose_shift: (r) => `الورقة ${card(r.two, 'ar')} التي تمثل ${card(r.card, 'ar')} تنتقل إلى أي من طرفي التسلسل: اختر الأدنى أو الأعلى.`,
    bad_shift: (r) =>
      `الورقة ${card(r.two, 'ar')} التي تمثل ${card(r.card, 'ar')} لا تنتقل إلى ${r.shift === 'low' ? 'الطرف الأدنى' : 'الطرف الأعلى'}؛ تذهب إلى ${r.shift === 'low' ? 'الأعلى' : 'الأدنى'} فقط.`,
    merge_sets: () => 'تُدمج التسلسلات فقط: لا تنضم مجموعة إلى غيرها.',
    merge_suits: (r) => `هذان التسلسلان ليسا من نوع واحد (${r.suits.map((s) => iso(suitName(s, 'ar'))).join(' و')}).`,
    merge_overlap: () => 'هذان التسلسلان متداخلان، فلا يُدمجان.',
    merge_gap: () => 'هذان التسلسلان لا يلتقيان: املأ الفجوة بينهما أولًا.',
    swap_natural: () => 'يُستبدل الجوكر بالورقة الطبيعية التي يمثلها، لا بورقة حرّة.',
    static_two: (r) => `ورقة اثنين تمثل ${card(r.card, 'ar')} هنا ولا تغادر الطاولة: أضف ${card(r.card, 'ar')} إلى ${kindAr(r.kind)} لتنقلها.`,
    swap_no_joker: (r) => `لا جوكر في ${kindAr(r.kind)} يمثل ${card(r.card, 'ar')} هنا.`,
  },
};
