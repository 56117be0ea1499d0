/**
 * Words of the home page's parts that are not its first screen, in English and Arabic: the
 * pass-and-play form (once a game is chosen) and the saved games list. Each loads with its part.
 */
export const PASS_FORM_MESSAGES = {
  en: {
    home: {
      passTitle: 'Pass and play on this device',
      passHint: 'Friends share this screen, each with a seat; the cards stay hidden between turns until the next person taps. Bots take any other seats.',
      passPeople: 'People at this device',
      passName: 'Name of person {n}',
      passPlayerN: 'Player {n}',
      passSeats: 'Seats at the table (bots take the rest)',
      passSides: 'The people here play',
      passPartners: 'As partners',
      passOpponents: 'Against each other',
      passStart: 'Pass and play',
    },
  },
  ar: {
    home: {
      passTitle: 'العبوا بالتناوب على هذا الجهاز',
      passHint: 'يتشارك الأصدقاء هذه الشاشة، لكل منهم مقعد؛ وتبقى الأوراق مخفية بين الأدوار حتى يلمس الشخص التالي الشاشة. البوتات تأخذ بقية المقاعد.',
      passPeople: 'عدد الأشخاص على هذا الجهاز',
      passName: 'اسم الشخص {n}',
      passPlayerN: 'اللاعب {n}',
      passSeats: 'عدد المقاعد (البوتات تأخذ الباقي)',
      passSides: 'يلعب الحاضرون هنا',
      passPartners: 'شركاء في فريق',
      passOpponents: 'ضد بعضهم',
      passStart: 'العبوا بالتناوب',
    },
  },
};

/** The saved offline games list's words (home page, only when this browser has saved games): they load with the list. */
export const SAVED_GAMES_MESSAGES = {
  en: {
    offline: {
      saved: 'Offline games',
      savedHint: 'Games against bots, saved in this browser.',
      resume: 'Resume',
      result: 'See result',
      newGame: 'New game',
      delete: 'Delete',
      deleteLabel: 'Delete the {game} game saved {when}',
      deleteTitle: 'Delete this saved game?',
      deleteText: '{game}, saved {when}. A deleted game cannot be resumed.',
      deleteKeep: 'Keep it',
      status: { new: 'Starting', lobby: 'Starting', playing: 'In progress', finished: 'Finished' },
    },
  },
  ar: {
    offline: {
      saved: 'ألعاب دون اتصال',
      savedHint: 'ألعاب ضد البوتات، محفوظة في هذا المتصفح.',
      resume: 'تابع',
      result: 'اعرض النتيجة',
      newGame: 'لعبة جديدة',
      delete: 'احذف',
      deleteLabel: 'احذف لعبة {game} المحفوظة {when}',
      deleteTitle: 'أتحذف هذه اللعبة المحفوظة؟',
      deleteText: '{game}، محفوظة {when}. لا يمكن استئناف لعبة محذوفة.',
      deleteKeep: 'أبقِها',
      status: { new: 'تبدأ', lobby: 'تبدأ', playing: 'جارية', finished: 'انتهت' },
    },
  },
};
