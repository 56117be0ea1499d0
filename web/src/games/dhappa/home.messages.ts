/**
 * The game's name, blurb and room options on the home page in Arabic (English uses the
 * catalog's own words, shared/games/catalog.ts). Found by its file name: web/src/i18n/ar-games.ts.
 */
export const ar = {
  name: 'دبّا باجي',
  blurb: 'ثلاث رزم وستة جوكرات وفريقان: افتح بتسلسل صافٍ، غذِّ تسلسلات فريقك، احتفظ بقفل التسلسلات الثلاثة واخرج. ارمِ ورقة ٢ فتذهب الكومة.',
  options: {
    length: 'المدة',
    length_single: 'توزيعة واحدة',
    length_match: 'مباراة حتى ٥٠٠',
  },
};
