/**
 * The game's name, blurb and room options on the home page in Arabic (English uses the
 * catalog's own words, shared/games/catalog.ts). Found by its file name: web/src/i18n/ar-games.ts.
 */
export const ar = {
  name: 'رمي بالجوكر',
  blurb: 'رزمتان وأربعة جوكرات: انزل بثمانية وأربعين مع تسلسل صافٍ، ثم أنهِ أوراقك.',
  options: {
    deals: 'المدة',
    deals_single: 'توزيعة واحدة',
    deals_match: 'توزيعات حتى الحد',
    limit: 'حد النقاط',
  },
};
