/**
 * Full names of French playing cards for screen readers and text, in English and Arabic:
 * "Queen of diamonds", "بنت ديمن", "Joker". Number cards keep the digits printed on their
 * index ("8 of spades"), so the name a speech-input user reads off the card is part of the
 * button's name (WCAG 2.5.3) while a screen reader still says "eight of spades". Arabic uses
 * the names Gulf players use (إكّة, شايب, بنت, ولد; سبيت, هاص, ديمن, شريا).
 * Card ids: rank then suit ("QD", "TD", "9S#2" with a copy suffix), jokers start with "X".
 */
export type CardLocale = 'en' | 'ar';
export type Digits = 'latin' | 'arabic';

const COURT: Record<CardLocale, Record<string, string>> = {
  en: { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King' },
  ar: { A: 'إكّة', J: 'ولد', Q: 'بنت', K: 'شايب' },
};
const SUIT: Record<CardLocale, Record<string, string>> = {
  en: { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' },
  ar: { S: 'سبيت', H: 'هاص', D: 'ديمن', C: 'شريا' },
};
const JOKER: Record<CardLocale, string> = { en: 'Joker', ar: 'جوكر' };
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';

/** The digits as printed: "10", or "١٠" on Arabic-indexed cards. */
export function numberText(n: string, digits: Digits): string {
  return digits === 'arabic' ? [...n].map((d) => ARABIC_INDIC[Number(d)] ?? d).join('') : n;
}

/** Name of a rank ("Queen", "10", "بنت"). */
export function rankName(rank: string, locale: CardLocale, digits: Digits = 'latin'): string {
  return COURT[locale][rank] ?? numberText(rank === 'T' ? '10' : rank, digits);
}

export function suitName(suit: string, locale: CardLocale): string {
  return SUIT[locale][suit] ?? suit;
}

/** Full name of a card id: "Queen of diamonds", "10 of hearts", "بنت ديمن", "Joker". */
export function cardName(card: string, locale: CardLocale, digits: Digits = 'latin'): string {
  if (card.startsWith('X')) return JOKER[locale];
  const rank = rankName(card[0]!, locale, digits);
  const suit = suitName(card[1]!, locale);
  return locale === 'ar' ? `${rank} ${suit}` : `${rank} of ${suit}`;
}

/** The reader's language as a card locale (anything but Arabic reads English). */
export const cardLocale = (locale: string): CardLocale => (locale === 'ar' ? 'ar' : 'en');
