/** The "How to play" page's own words (its coach); each game's goal and lessons come with its words (`learn`). */
export const LEARN_MESSAGES = {
  en: {
    learn: {
      coach: 'Coach',
      start: "Let's play",
      yourTurn: 'Your turn: the highlighted move is a good one.',
      asking: 'Looking for a good move…',
      watch: 'The others play now: watch what they do.',
      done: 'Well played! You finished your first deal.',
      playNow: 'Play now against bots',
      home: 'Back to the games',
      missing: 'This game has no "How to play" yet.',
    },
  },
  ar: {
    learn: {
      coach: 'المدرّب',
      start: 'لنلعب',
      yourTurn: 'دورك: الحركة المضاءة حركة جيدة.',
      asking: 'أبحث عن حركة جيدة…',
      watch: 'الآخرون يلعبون الآن: راقب ما يفعلون.',
      done: 'أحسنت! أنهيت أول توزيعة لك.',
      playNow: 'العب الآن ضد البوتات',
      home: 'عودة إلى الألعاب',
      missing: 'لا يوجد شرح «كيف تلعب» لهذه اللعبة بعد.',
    },
  },
};
