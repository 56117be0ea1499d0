/**
 * Text that other people will see (names, chat): normalised so that it cannot render
 * blank, reverse the surrounding text, break lines or smuggle control characters.
 */

/**
 * Removed outright: C0/C1 controls (newlines and NUL included) and unpaired surrogates; and every
 * format control (bidi embeddings, overrides and isolates, zero-width joiners and spaces, the BOM,
 * soft hyphens, tag characters, musical and shorthand format controls…) and every other code point
 * Unicode says a renderer may ignore (`Default_Ignorable_Code_Point`), by property rather than by a
 * hand list, so a newer one cannot slip through.
 */
const STRIPPED = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;

/**
 * Kept although default-ignorable: variation selectors only choose how the character before them
 * is drawn (text or emoji "❤️"); they never draw anything by themselves.
 */
const VARIATION_SELECTOR = /^[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]$/u;

/**
 * Code points that draw nothing by themselves: spaces of every kind, line and paragraph
 * separators, default-ignorable and format code points, combining marks with nothing to sit on
 * once the rest is gone, and the Braille blank.
 */
const DRAWS_NOTHING = /[\p{White_Space}\p{Zl}\p{Zp}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/gu;

/** True when the text shows at least one character (a grapheme with something to draw). */
export function hasVisibleCharacter(text: string): boolean {
  return text.replace(DRAWS_NOTHING, '').length > 0;
}

/** NFC, stripped of invisible and direction-overriding characters, spaces collapsed and trimmed; '' if nothing visible is left. */
export function cleanText(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ')
    .replace(STRIPPED, (ch) => (VARIATION_SELECTOR.test(ch) ? ch : ''))
    .replace(/\s+/gu, ' ')
    .trim();
  return hasVisibleCharacter(cleaned) ? cleaned : '';
}
