/**
 * The pass-and-play form's words (home page, once a game is chosen), in English and Arabic:
 * they load with the form (components/PassAndPlayForm.vue), not with the first screen.
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
      passStart: 'العبوا بالتناوب',
    },
  },
};
