/**
 * The game's name, blurb and room options on the home page in Arabic (English uses the
 * catalog's own words, shared/games/catalog.ts). Found by its file name: web/src/i18n/ar-games.ts.
 */
export const ar = {
  name: 'رهان أيدي الماهجونغ',
  blurb: 'لاعب واحد: هل ستتفوق البلاطات الأربع التالية على هذه اليد؟ بلاطات الشرف تكسب قيمة وتخسرها مع اللعب.',
};
