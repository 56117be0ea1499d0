/**
 * The room's refusals (and the Worker's, and the page's own) in English and Arabic: one
 * sentence per code from its parameters (see ../../games/refusals.ts). Arabic sentences never
 * end on a left-to-right value: numbers and names sit inside, isolated, so the full stop
 * lands where the bidi algorithm puts an Arabic sentence's end.
 */
import type { AnyRoomRefusal } from '../../../../shared/protocol/refusals';
import type { RefusalWords } from '../../games/refusals';
import { countRange, isolate as iso } from '../games';

const seatNo = (seat: number) => iso(seat + 1);
const list = (ns: readonly number[], sep: string) => ns.map((n) => iso(n)).join(sep);
/** Seat counts a game is played by: a range when they run on ("2–8"), else each ("4 or 6"). */
const counts = (ns: readonly number[], or: string) => (ns.every((n, i) => i === 0 || n === ns[i - 1]! + 1) ? countRange(ns) : list(ns, or));

export const ROOM_REFUSALS: RefusalWords<AnyRoomRefusal> = {
  en: {
    already_said_hello: () => 'This connection has already said hello.',
    already_seated: () => 'You already have a seat in this room.',
    bad_json: () => 'That message could not be read.',
    bad_message: (r) => (r.field ? `That message could not be read (${iso(r.field)}).` : 'That message could not be read.'),
    bad_move: () => 'That move is not well formed.',
    bad_options: (r) => (r.field ? `That setting is not allowed (${iso(r.field)}).` : 'Those settings are not allowed.'),
    bad_ticket: (r) =>
      ({
        friendly: 'This is a friendly room: join it without a ticket.',
        missing: 'A ranked room is joined only with the ticket the queue gave you.',
        used: 'That ticket is not valid for this room: it was already used, or it was never issued here.',
        other_player: 'That ticket was issued to another player.',
      })[r.why],
    bad_token: () => 'That seat is not yours any more; you are watching.',
    cannot_remove_host: () => 'The host cannot remove themselves; leave instead.',
    chat_rate_limited: (r) => `At most ${iso(r.count)} chat messages every ${iso(r.seconds)} seconds.`,
    game_started: (r) =>
      ({
        start: 'The game has already started.',
        join: 'This game has already started; you can watch it.',
        addBot: 'Bots can only be added in the lobby.',
        botLevel: 'A bot’s level can only be changed in the lobby.',
        removeSeat: 'Seats can only be changed in the lobby.',
        settings: 'Settings can only be changed in the lobby.',
        finished: 'This game is over.',
      })[r.request],
    handback_pending: () => 'A bot is finishing this part for you; you get your seat back shortly.',
    hello_first: () => 'The page has not joined the room yet; try again.',
    last_warning: (r) => `Too many refused messages: this connection closes after ${iso(r.left)} more.`,
    no_replay: (r) =>
      ({
        none: `This room has no game ${iso(r.game)}.`,
        playing: `Game ${iso(r.game)} is still being played; its replay opens when it is over.`,
        gone: `Game ${iso(r.game)} of this room is no longer stored.`,
      })[r.why],
    no_hint: (r) =>
      r.why === 'ranked'
        ? 'There are no hints in ranked games.'
        : r.why === 'not_solo'
          ? 'Hints are for playing alone against bots: another person is at this table.'
          : 'There is nothing for you to play right now.',
    nonce_late: () => 'This game is already dealt; your browser adds to the next one.',
    not_a_bot: (r) => `Seat ${seatNo(r.seat)} is not a bot’s.`,
    not_finished: () => 'The current game is not over yet.',
    not_host: () => 'Only the host can do that.',
    not_playing: (r) => (r.status === 'lobby' ? 'The game has not started yet.' : 'The game is over.'),
    not_seated: () => 'You are not in a seat.',
    policy_violation: (r) => `Closed after ${iso(r.strikes)} refused messages in ${iso(r.seconds)} seconds.`,
    rate_limited: () => 'Slow down: too many messages at once.',
    reaction_rate_limited: (r) => `At most ${iso(r.count)} reactions every ${iso(r.seconds)} seconds.`,
    ranked_room: () => 'A ranked room has no host: it starts by itself with the players the queue chose, and takes no bots or settings.',
    room_crowded: () => 'This room has too many connections right now: wait a moment, then try again.',
    room_full: (r) => `All ${iso(r.seats)} seats are taken; you can watch.`,
    seat_empty: (r) => `Seat ${seatNo(r.seat)} is already empty.`,
    seat_taken: (r) => `Seat ${seatNo(r.seat)} is not free.`,
    stale_move: () => 'The table changed before your move arrived; here is the current table.',
    teams_unbalanced: (r) =>
      `Teams must be even for ${iso(r.players)} players (${iso(r.each)} each); now they have ${list(r.teams, ' and ')}. Move a player or add a bot.`,
    too_large: () => 'That message is too large.',
    unknown_reaction: () => 'That reaction is not offered at this table.',
    unknown_room: () => 'This room no longer exists.',
    unknown_type: () => 'That message could not be read.',
    wrong_player_count: (r) => `This game is played by ${counts(r.counts, ' or ')} players; ${iso(r.seated)} ${r.seated === 1 ? 'is' : 'are'} seated.`,
    bad_request: () => 'The room could not be created: the request was not understood.',
    unknown_game: () => 'There is no such game here.',
    too_many_rooms: (r) => `Too many new rooms: at most ${iso(r.limit)} a minute. Try again in a minute.`,
    too_many_connections: () => 'Too many connections from your address; try again in a few seconds.',
    cooling_off: () => 'Too many refused messages from this connection; try again in a few seconds.',
    internal: () => 'Something went wrong on the server. Please try again.',
    not_sent: () => 'Not sent: you are offline. Your move was not made; try again when you are back online.',
    unreadable_frame: () => 'The table sent something this page could not read — reloading the table.',
    local_failed: () => 'The game on this device stopped. Reload the page to carry on.',
  },
  ar: {
    already_said_hello: () => 'سبق لهذا الاتصال أن حيّا الغرفة.',
    already_seated: () => 'لديك مقعد في هذه الغرفة بالفعل.',
    bad_json: () => 'تعذّرت قراءة هذه الرسالة.',
    bad_message: (r) => (r.field ? `تعذّرت قراءة هذه الرسالة (${iso(r.field)}).` : 'تعذّرت قراءة هذه الرسالة.'),
    bad_move: () => 'هذه الحركة غير مكتملة.',
    bad_options: (r) => (r.field ? `هذا الإعداد غير مسموح (${iso(r.field)}).` : 'هذه الإعدادات غير مسموحة.'),
    bad_ticket: (r) =>
      ({
        friendly: 'هذه غرفة ودية: ادخلها دون تذكرة.',
        missing: 'لا تُدخل الغرفة المصنّفة إلا بالتذكرة التي أعطاك إياها الطابور.',
        used: 'هذه التذكرة غير صالحة لهذه الغرفة: استُعملت من قبل، أو لم تصدر هنا.',
        other_player: 'صدرت هذه التذكرة للاعب آخر.',
      })[r.why],
    bad_token: () => 'لم يعد هذا المقعد لك؛ أنت تشاهد.',
    cannot_remove_host: () => 'لا يستطيع المضيف إزالة نفسه؛ غادر بدلًا من ذلك.',
    chat_rate_limited: (r) => `${iso(r.count)} رسائل دردشة على الأكثر كل ${iso(r.seconds)} ثانية.`,
    game_started: (r) =>
      ({
        start: 'بدأت اللعبة بالفعل.',
        join: 'بدأت هذه اللعبة بالفعل؛ يمكنك مشاهدتها.',
        addBot: 'لا تُضاف الروبوتات إلا في الردهة.',
        botLevel: 'لا يُغيَّر مستوى الروبوت إلا في الردهة.',
        removeSeat: 'لا تُغيَّر المقاعد إلا في الردهة.',
        settings: 'لا تُغيَّر الإعدادات إلا في الردهة.',
        finished: 'انتهت هذه اللعبة.',
      })[r.request],
    handback_pending: () => 'روبوت يُكمل هذا الجزء عنك؛ ستستعيد مقعدك قريبًا.',
    hello_first: () => 'لم تنضم الصفحة إلى الغرفة بعد؛ حاول مرة أخرى.',
    last_warning: (r) => `رسائل مرفوضة كثيرة: يُغلق هذا الاتصال بعد ${iso(r.left)} أخرى.`,
    no_replay: (r) =>
      ({
        none: `اللعبة رقم ${iso(r.game)} غير موجودة في هذه الغرفة.`,
        playing: `اللعبة ${iso(r.game)} ما زالت قائمة؛ تُفتح إعادتها عندما تنتهي.`,
        gone: `لم تعد اللعبة ${iso(r.game)} من هذه الغرفة محفوظة.`,
      })[r.why],
    no_hint: (r) =>
      r.why === 'ranked'
        ? 'لا تلميحات في الألعاب المصنّفة.'
        : r.why === 'not_solo'
          ? 'التلميحات للّعب وحدك ضد البوتات: على هذه الطاولة شخص آخر.'
          : 'ليس عليك أن تلعب شيئًا الآن.',
    nonce_late: () => 'وُزّعت هذه اللعبة بالفعل؛ متصفحك يساهم في اللعبة التالية.',
    not_a_bot: (r) => `المقعد ${seatNo(r.seat)} ليس لروبوت.`,
    not_finished: () => 'لم تنته اللعبة الحالية بعد.',
    not_host: () => 'المضيف وحده يستطيع ذلك.',
    not_playing: (r) => (r.status === 'lobby' ? 'لم تبدأ اللعبة بعد.' : 'انتهت اللعبة.'),
    not_seated: () => 'لست في مقعد.',
    policy_violation: (r) => `أُغلق الاتصال بعد ${iso(r.strikes)} رسائل مرفوضة في ${iso(r.seconds)} ثوانٍ.`,
    rate_limited: () => 'تمهّل: رسائل كثيرة جدًا دفعة واحدة.',
    reaction_rate_limited: (r) => `${iso(r.count)} تفاعلات على الأكثر كل ${iso(r.seconds)} ثوانٍ.`,
    ranked_room: () => 'لا مضيف للغرفة المصنّفة: تبدأ وحدها باللاعبين الذين اختارهم الطابور، ولا تقبل روبوتات ولا إعدادات.',
    room_full: (r) => `المقاعد الـ${iso(r.seats)} كلها مشغولة؛ يمكنك المشاهدة.`,
    room_crowded: () => 'في هذه الغرفة اتصالات كثيرة الآن: انتظر قليلًا ثم حاول مجددًا.',
    seat_empty: (r) => `المقعد ${seatNo(r.seat)} فارغ بالفعل.`,
    seat_taken: (r) => `المقعد ${seatNo(r.seat)} غير متاح.`,
    stale_move: () => 'تغيّرت الطاولة قبل وصول حركتك؛ هذه هي الطاولة الحالية.',
    teams_unbalanced: (r) =>
      `يجب أن تتساوى الفرق لـ${iso(r.players)} لاعبين (${iso(r.each)} لكل فريق)؛ الآن فيها ${list(r.teams, ' و')}. انقل لاعبًا أو أضف روبوتًا.`,
    too_large: () => 'هذه الرسالة كبيرة جدًا.',
    unknown_reaction: () => 'هذا التفاعل غير متاح على هذه الطاولة.',
    unknown_room: () => 'لم تعد هذه الغرفة موجودة.',
    unknown_type: () => 'تعذّرت قراءة هذه الرسالة.',
    wrong_player_count: (r) => `الجالسون الآن ${iso(r.seated)}، وهذه اللعبة تُلعب بـ${counts(r.counts, ' أو ')} لاعبين.`,
    bad_request: () => 'تعذّر إنشاء الغرفة: لم يُفهم الطلب.',
    unknown_game: () => 'لا توجد لعبة كهذه هنا.',
    too_many_rooms: (r) => `غرف جديدة كثيرة: ${iso(r.limit)} في الدقيقة على الأكثر. حاول بعد دقيقة.`,
    too_many_connections: () => 'اتصالات كثيرة من عنوانك؛ حاول بعد بضع ثوانٍ.',
    cooling_off: () => 'رُفضت رسائل كثيرة من هذا الاتصال؛ حاول بعد بضع ثوانٍ.',
    internal: () => 'حدث خطأ في الخادم. حاول مرة أخرى من فضلك.',
    not_sent: () => 'لم تُرسَل: أنت غير متصل. لم تُنفَّذ حركتك؛ حاول مجددًا عند عودة الاتصال.',
    unreadable_frame: () => 'أرسلت الطاولة شيئًا لم تستطع هذه الصفحة قراءته — جارٍ إعادة تحميل الطاولة.',
    local_failed: () => 'توقفت اللعبة على هذا الجهاز. أعد تحميل الصفحة لتكمل.',
  },
};

/** A refusal no table knows (a newer server than this page): said without the server's English. */
export const UNKNOWN_REFUSAL = {
  en: (code: string) => `That was refused (${iso(code)}).`,
  ar: (code: string) => `رُفض ذلك (${iso(code)}).`,
};

/** The room's own reason for a hint: a game without a `hint` of its own is answered with its Strong bot's move. */
export const ROOM_HINTS: RefusalWords<{ code: 'bot_pick' }> = {
  en: { bot_pick: () => 'This is what a strong player would do here.' },
  ar: { bot_pick: () => 'هذا ما يفعله لاعب قوي هنا.' },
};
