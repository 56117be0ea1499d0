/**
 * Card indices and names for the Baloot table, per language, and the suit colours of the
 * two-colour and four-colour decks. Pure: no DOM, tested under Node.
 *
 * Arabic indices are the initials of the names Baloot players use for the cards: أ for the
 * Ace (إكّة), ش for the King (شايب, "old man"), ب for the Queen (بنت, "girl") and و for
 * the Jack (ولد, "boy"). The spec's sample shows ك for the King; the table uses ش so that the
 * index matches the name read out to screen readers. Number cards use Arabic-Indic digits
 * (٧ ٨ ٩ ١٠), as on Arabic decks in the Gulf. Suits keep their symbols in both languages;
 * the Gulf suit names are only read out to screen readers.
 */
import type { Suit } from '../../../../shared/cards/playing-cards';
import { suitInk, type SuitInk } from '../../cards/face';
import { cardName as fullName, suitName as fullSuitName, type CardLocale } from '../../cards/names';

export type { CardLocale } from '../../cards/names';
export type BalootRank = '7' | '8' | '9' | 'T' | 'J' | 'Q' | 'K' | 'A';
export type SuitColour = SuitInk;

export const SUIT_SYMBOLS: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

const INDEX: Record<CardLocale, Record<BalootRank, string>> = {
  en: { '7': '7', '8': '8', '9': '9', T: '10', J: 'J', Q: 'Q', K: 'K', A: 'A' },
  ar: { '7': '٧', '8': '٨', '9': '٩', T: '١٠', J: 'و', Q: 'ب', K: 'ش', A: 'أ' },
};

export function parseCard(card: string): { rank: BalootRank; suit: Suit } {
  return { rank: card[0] as BalootRank, suit: card[1] as Suit };
}

/** Corner index of a card: rank sign and suit symbol. */
export function cardIndexLabel(card: string, locale: CardLocale): { rank: string; suit: string } {
  const { rank, suit } = parseCard(card);
  return { rank: INDEX[locale][rank], suit: SUIT_SYMBOLS[suit] };
}

/** Short label for text: "10♦", "أ♠". */
export function shortLabel(card: string, locale: CardLocale): string {
  const { rank, suit } = cardIndexLabel(card, locale);
  return `${rank}${suit}`;
}

/**
 * Spoken name of a card for screen readers: "Ace of spades", "إكّة سبيت", "٨ سبيت" (number
 * cards with the digits their index shows, Arabic-Indic in Arabic).
 */
export function cardName(card: string, locale: CardLocale): string {
  return fullName(card, locale, locale === 'ar' ? 'arabic' : 'latin');
}

export function suitName(suit: Suit, locale: CardLocale): string {
  return fullSuitName(suit, locale);
}

/** Two colours: spades and clubs black, hearts and diamonds red. Four: diamonds blue, clubs green (the site's shared rule). */
export const suitColour = suitInk;

export const INK: Record<SuitColour, string> = { black: '#16181d', red: '#c8102e', blue: '#1456c8', green: '#11804a' };

/** Face cards get a portrait letter in the middle; number cards their pips. */
export function isCourt(card: string): boolean {
  const r = card[0];
  return r === 'J' || r === 'Q' || r === 'K';
}

/** Pips printed on a number card (Ace 1, Ten 10). */
export function pipCount(card: string): number {
  const r = card[0] as BalootRank;
  return r === 'A' ? 1 : r === 'T' ? 10 : isCourt(card) ? 0 : Number(r);
}

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
/** A number (or a text with numbers) in the table's digits: Arabic-Indic in Arabic, as on the cards' indices. */
export function digits(text: string | number, locale: CardLocale): string {
  const s = String(text);
  return locale === 'ar' ? s.replace(/[0-9]/g, (d) => ARABIC_INDIC[Number(d)]!) : s;
}
