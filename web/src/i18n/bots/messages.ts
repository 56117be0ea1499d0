/**
 * The bot levels' words (the home page's solo picker, the game form, the lobby), in English and
 * Arabic. Apart from the first-screen words: the home page's picker loads after its first screen.
 */
export const BOT_MESSAGES = {
  en: { bots: { solo: 'Bots play at', easy: 'Easy', normal: 'Normal', strong: 'Strong' } },
  ar: { bots: { solo: 'مستوى البوتات', easy: 'سهل', normal: 'عادي', strong: 'قوي' } },
};
