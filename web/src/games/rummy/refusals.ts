/**
 * Rummy with Jokers' refusals in English and Arabic (see ../refusals.ts): the room's answer
 * to a move, and the table's own preview of a meld being built (draft.ts) and its blockers.
 */
import type { RummyRefusal } from '../../../../shared/games/rummy/refusals';
import { cardName, rankName, suitName, type CardLocale } from '../../cards/names';
import { iso } from '../words';
import type { RefusalContext, RefusalWords } from '../refusals';

const CARD = /^([2-9TJQKA][SHDC](#\d)?|X\d+)$/;
const card = (id: string, l: CardLocale) => (CARD.test(id) ? iso(cardName(id, l)) : l === 'ar' ? 'هذه الورقة' : 'that card');
const cards = (ids: readonly string[], l: CardLocale) => ids.map((c) => card(c, l)).join(l === 'ar' ? '، ' : ', ');
const rank = (r: string | null, l: CardLocale) => iso(r ? rankName(r, l) : '?');
const who = (seat: number, ctx: RefusalContext) => iso(ctx.names[seat] ?? `#${seat + 1}`);
const n = (x: number) => iso(x);

export const refusals: RefusalWords<RummyRefusal> = {
  en: {
    game_over: () => 'The game is over.',
    not_your_turn: (r, ctx) => `It is ${who(r.seat, ctx)}'s turn, not yours.`,
    draw_first: () => 'Draw a card first: from the pile, or the top discard.',
    too_early: (r) => `Declarations open in round ${n(r.opens)}; this is round ${n(r.round)}.`,
    already_drawn: () => 'You have already drawn this turn.',
    discard_closed: (r) => `You can take the discard only to meld it, and melds open in round ${n(r.opens)}.`,
    discard_empty: () => 'The discard pile is empty.',
    pile_empty: () => 'The draw pile is empty.',
    no_such_meld: () => 'That meld is not on the table.',
    card_not_in_hand: (r) => `You do not hold ${card(r.card, 'en')}.`,
    keep_one_card: () => 'Keep one card in your hand to discard or to close with.',
    not_declared: (r) =>
      r.points === null
        ? 'You can add to melds on the table only after your first declaration.'
        : `Finish your declaration first (your melds this turn make ${r.points < r.need ? `${n(r.points)} of ${n(r.need)} points` : 'no pure sequence yet'}), then add to the table.`,
    nothing_to_return: () => 'You did not take the discard this turn.',
    nothing_to_undo: () => 'There is nothing to undo: you have not laid anything this turn.',
    cannot_close: (r) =>
      r.why === 'not_declared'
        ? 'You can close only once you have declared.'
        : `To close, meld every card but one: you still have ${n(r.left)} more card${r.left === 1 ? '' : 's'} to meld.`,
    last_card: () => 'That is your last card: close with it instead of discarding.',
    discard_not_melded: (r) => `You can take the discard only if you meld it this turn: meld ${card(r.card, 'en')} or put it back.`,
    joker_not_melded: () => 'A joker you swapped out must be melded this turn.',
    declaration_too_small: (r) => `Your first declaration needs ${n(r.need)} points; these melds make ${n(r.points)}.`,
    declaration_needs_pure: () => 'A declaration needs a pure sequence.',
    jokers_adjacent: () => 'Two jokers cannot be next to each other in a run.',
    two_aces: () => 'A sequence can hold only one ace.',
    duplicate_card: () => 'A meld cannot hold the same card twice.',
    no_wrap: () => 'A sequence cannot go round the corner: the ace sits below the 2 or above the king, never both.',
    not_consecutive: () => 'These cards are not consecutive; a joker can fill only a single missing card.',
    set_same_suit: () => 'A set cannot hold two cards of the same suit.',
    set_too_big: () => 'A set has at most 4 cards, one of each suit.',
    bad_stand_in: (r) =>
      ({
        not_placed: () => `${cards(r.cards, 'en')} is not one of the jokers you are placing.`,
        not_a_card: () => 'A joker can stand only for a card from 2 to ace.',
        same_card: () => 'Two jokers cannot stand for the same card.',
        set_rank: () => `A joker in this set can stand only for a missing ${rank(r.rank, 'en')}, not ${cards(r.cards, 'en')}.`,
        no_place: () => `The jokers cannot stand for ${cards(r.cards, 'en')} here.`,
        unassigned: () => 'Every joker in a meld must stand for a card.',
      })[r.why](),
    meld_too_short: () => 'A meld needs at least 3 cards.',
    too_many_jokers: () => 'A meld needs more natural cards than jokers.',
    not_a_meld: () => 'A meld is either a set (one rank, different suits) or a sequence (one suit, consecutive ranks).',
    set_rank: (r) => `${card(r.card, 'en')} does not match the ${rank(r.rank, 'en')}s of this set.`,
    run_suit: (r) => `${card(r.card, 'en')} is not of ${iso(suitName(r.suit, 'en'))}: a sequence is all one suit.`,
    bad_order: () => 'The meld cards are not in order.',
    swap_joker_for_joker: () => 'Swap a joker for a natural card, not for another joker.',
    swap_set_incomplete: () => 'In a set, a joker can be swapped only when your card makes all four suits.',
    swap_no_joker: (r) => `No joker in this meld stands for ${card(r.card, 'en')}.`,
  },
  ar: {
    game_over: () => 'انتهت اللعبة.',
    not_your_turn: (r, ctx) => `الدور لـ${who(r.seat, ctx)} وليس لك.`,
    draw_first: () => 'اسحب ورقة أولًا: من الكومة، أو الورقة المرمية في الأعلى.',
    too_early: (r) => `الإعلان يبدأ في الجولة ${n(r.opens)}، وهذه الجولة ${n(r.round)} فقط.`,
    already_drawn: () => 'لقد سحبت في هذا الدور.',
    discard_closed: (r) => `لا تأخذ الورقة المرمية إلا لتنزّلها، ولا تنزيل قبل الجولة ${n(r.opens)} من اللعب.`,
    discard_empty: () => 'كومة الرمي فارغة.',
    pile_empty: () => 'كومة السحب فارغة.',
    no_such_meld: () => 'هذه التنزيلة ليست على الطاولة.',
    card_not_in_hand: (r) => `الورقة ${card(r.card, 'ar')} ليست في يدك.`,
    keep_one_card: () => 'أبقِ ورقة في يدك لترميها أو لتغلق بها.',
    not_declared: (r) =>
      r.points === null
        ? 'لا تضيف إلى التنزيلات على الطاولة إلا بعد إعلانك الأول.'
        : r.points < r.need
          ? `أكمل إعلانك أولًا (تنزيلاتك في هذا الدور ${n(r.points)} من ${n(r.need)} نقطة)، ثم أضف إلى الطاولة.`
          : 'أكمل إعلانك أولًا (لا تسلسل صافيًا بعد)، ثم أضف إلى الطاولة.',
    nothing_to_return: () => 'لم تأخذ الورقة المرمية في هذا الدور.',
    nothing_to_undo: () => 'لا شيء للتراجع عنه: لم تنزّل شيئًا في هذا الدور.',
    cannot_close: (r) =>
      r.why === 'not_declared' ? 'لا تغلق إلا بعد أن تعلن.' : `لتغلق، نزّل كل أوراقك إلا واحدة: بقي عليك تنزيل ${n(r.left)} ${r.left === 1 ? 'ورقة' : 'أوراق'}.`,
    last_card: () => 'هذه ورقتك الأخيرة: أغلق بها بدلًا من رميها.',
    discard_not_melded: (r) => `لا تأخذ الورقة المرمية إلا لتنزّلها في هذا الدور: نزّل ${card(r.card, 'ar')} أو أعدها.`,
    joker_not_melded: () => 'الجوكر الذي بدّلته يجب أن يُنزَّل في هذا الدور.',
    declaration_too_small: (r) => `إعلانك الأول يحتاج ${n(r.need)} نقطة؛ هذه التنزيلات ${n(r.points)} نقطة فقط.`,
    declaration_needs_pure: () => 'الإعلان يحتاج تسلسلًا صافيًا.',
    jokers_adjacent: () => 'لا يجوز أن يتجاور جوكران في تسلسل.',
    two_aces: () => 'لا يحمل التسلسل إلا إكّة واحدة.',
    duplicate_card: () => 'لا تحمل التنزيلة الورقة نفسها مرتين.',
    no_wrap: () => 'لا يلتفّ التسلسل: الإكّة تحت الاثنين أو فوق الشايب، لا الاثنان معًا.',
    not_consecutive: () => 'هذه الأوراق ليست متتالية؛ الجوكر يملأ ورقة ناقصة واحدة فقط.',
    set_same_suit: () => 'لا تحمل المجموعة ورقتين من النوع نفسه.',
    set_too_big: () => 'المجموعة أربع أوراق على الأكثر، واحدة من كل نوع.',
    bad_stand_in: (r) =>
      ({
        not_placed: () => `الورقة ${cards(r.cards, 'ar')} ليست من الجوكرات التي تنزّلها.`,
        not_a_card: () => 'الجوكر يمثل ورقة من الاثنين إلى الإكّة فقط.',
        same_card: () => 'لا يمثل جوكران الورقة نفسها.',
        set_rank: () => `الجوكر في هذه المجموعة لا يمثل ${cards(r.cards, 'ar')} بل ${rank(r.rank, 'ar')} ناقصًا فقط.`,
        no_place: () => `لا يمكن للجوكرات أن تمثل ${cards(r.cards, 'ar')} هنا.`,
        unassigned: () => 'كل جوكر في التنزيلة يجب أن يمثل ورقة.',
      })[r.why](),
    meld_too_short: () => 'التنزيلة تحتاج ثلاث أوراق على الأقل.',
    too_many_jokers: () => 'التنزيلة تحتاج أوراقًا طبيعية أكثر من الجوكرات.',
    not_a_meld: () => 'التنزيلة إما مجموعة (رتبة واحدة، أنواع مختلفة) أو تسلسل (نوع واحد، رتب متتالية).',
    set_rank: (r) => `الورقة ${card(r.card, 'ar')} لا تطابق رتبة المجموعة (${rank(r.rank, 'ar')}).`,
    run_suit: (r) => `الورقة ${card(r.card, 'ar')} ليست ${iso(suitName(r.suit, 'ar'))}: التسلسل كله من نوع واحد.`,
    bad_order: () => 'أوراق التنزيلة ليست بالترتيب.',
    swap_joker_for_joker: () => 'بدّل الجوكر بورقة طبيعية، لا بجوكر آخر.',
    swap_set_incomplete: () => 'في المجموعة لا يُبدَّل الجوكر إلا إذا أكملت ورقتك الأنواع الأربعة.',
    swap_no_joker: (r) => `لا جوكر في هذه التنزيلة يمثل ${card(r.card, 'ar')} هنا.`,
  },
};
