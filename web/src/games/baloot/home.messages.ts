/**
 * The game's name, blurb and room options on the home page in Arabic (English uses the
 * catalog's own words, shared/games/catalog.ts). Found by its file name: web/src/i18n/ar-games.ts.
 */
export const ar = {
  name: 'بلوت',
  blurb: 'لعبة الأكلات السعودية الكلاسيكية: اشترِ صن أو حكم، أعلن المشاريع، أربعة لاعبين في فريقين.',
  options: {
    priority: 'أولوية الصن',
    priorityHelp: 'يحق للاعب الأسبق في الترتيب أن يطلب الصن بعد غيره.',
    target: 'نقاط الفوز',
  },
};
