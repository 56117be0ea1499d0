/**
 * How refusals are worded. The room and each game send a refusal as data — a code and its
 * parameters (`{ code: 'card_not_in_hand', card: '7S' }`), never a sentence — and the browser
 * words it in the reader's language from typed tables: the room's (../i18n/room/refusals.ts)
 * and each game's (`./<id>/refusals.ts`, carried by its words so it loads with the table).
 *
 * A table has words for every code in both languages, typed by the refusal union, so a
 * code without words in English or Arabic, or words reading a parameter the code does not
 * carry, fails the type check.
 */
import type { Refusal } from '../../../shared/engine/types';
import { i18n } from '../i18n';

/** What a refusal's words may need besides its parameters. */
export interface RefusalContext {
  /** Seat names, by seat. */
  names: readonly string[];
  /** The reader's own seat, where it matters ("your meld"); absent: none. */
  seat?: number | null;
}

/** One language's words: a sentence for each code, from exactly that code's parameters. */
export type Wording<R extends Refusal> = { [K in R['code']]: (r: Extract<R, { code: K }>, ctx: RefusalContext) => string };

/** A refusal table in the two languages of the site. */
export interface RefusalWords<R extends Refusal> {
  en: Wording<R>;
  ar: Wording<R>;
}

/** Any game's table, as the room page holds it without knowing the game. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRefusalWords = RefusalWords<any>;

export type RefusalLocale = keyof RefusalWords<Refusal>;
export const refusalLocale = (): RefusalLocale => (i18n.global.locale.value === 'ar' ? 'ar' : 'en');

/**
 * A refusal in one language: the first table that knows its code words it (the game's first,
 * so a move's `not_your_turn` is the game's), else `fallback` — a generic sentence, never the
 * server's English.
 */
export function wordRefusal(
  r: Refusal,
  tables: readonly (AnyRefusalWords | null | undefined)[],
  ctx: RefusalContext,
  locale: RefusalLocale,
  fallback: (code: string) => string,
): string {
  for (const table of tables) {
    const words = table?.[locale] as Record<string, ((r: Refusal, ctx: RefusalContext) => string) | undefined> | undefined;
    const say = words && Object.hasOwn(words, r.code) ? words[r.code] : undefined;
    if (say) return say(r, ctx);
  }
  return fallback(r.code);
}
