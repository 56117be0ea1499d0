/**
 * The game's name, blurb and room options on the home page in Arabic (English uses the
 * catalog's own words, shared/games/catalog.ts). Found by its file name: web/src/i18n/ar-games.ts.
 */
export const ar = {
  name: 'الثمانيات',
  blurb: 'تخلّص من أوراقك: طابق اللون أو الرمز، الثمانيات جوكر، وكدّس أوراق السحب.',
  options: {
    stacking: 'تكديس أوراق السحب',
    skipTwo: 'ورقة التخطي تتخطى لاعبين',
    endless: 'رزمة لا تنتهي',
    endlessHelp: 'كل سحبة عشوائية؛ لا تنفد الرزمة أبداً.',
    scoring: 'الحساب',
    scoring_hand: 'يد واحدة',
    scoring_match: 'مباراة حتى هدف',
    target: 'هدف المباراة',
  },
};
