/**
 * The words of the home page's public tables, in English and Arabic. They load with the list
 * itself (a lazily loaded part of the home page), not with its first screen.
 */
export const PUBLIC_MESSAGES = {
  en: {
    title: 'Open tables',
    hint: 'Public rooms waiting for players. Hosts list their room from its lobby.',
    none: 'No open tables right now. Create a room and make it public in its lobby, and it shows here.',
    game: '{game}: {n} open table | {game}: {n} open tables',
    host: 'Host',
    seats: '{free} of {seats} seats free',
    clock: '{n} s a turn',
    noClock: 'No clock',
    join: 'Join',
    joinLabel: "Join {host}'s {game} table",
    language: { en: 'English', ar: 'Arabic' },
  },
  ar: {
    title: 'طاولات مفتوحة',
    hint: 'غرف عامة تنتظر لاعبين. يعرض المضيف غرفته هنا من صالة الانتظار.',
    none: 'لا توجد طاولات مفتوحة الآن. أنشئ غرفة واجعلها عامة من صالة الانتظار لتظهر هنا.',
    game: '{game}: {n} طاولة مفتوحة | {game}: {n} طاولات مفتوحة',
    host: 'المضيف',
    seats: '{free} من {seats} مقاعد فارغة',
    clock: '{n} ث للدور',
    noClock: 'بلا ساعة',
    join: 'انضم',
    joinLabel: 'انضم إلى طاولة {game} التي يستضيفها {host}',
    language: { en: 'الإنجليزية', ar: 'العربية' },
  },
};
