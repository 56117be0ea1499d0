/**
 * Text that other people will see (names, chat): normalised so that it cannot render
 * blank, reverse the surrounding text, break lines or smuggle control characters.
 */

/**
 * Removed outright: C0/C1 controls (newlines and NUL included), bidi embeddings, overrides
 * and isolates, marks that only steer direction, zero-width joiners/spaces, the BOM and
 * unpaired surrogates.
 */
const STRIPPED = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Characters that draw nothing although they are not classed as spaces. */
const BLANK = /[\s\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0\u034f]/gu;

/** True when the text shows at least one character. */
export function hasVisibleCharacter(text: string): boolean {
  return text.replace(BLANK, '').replace(/\p{M}/gu, '').length > 0;
}

/** NFC, stripped of invisible and direction-overriding characters, spaces collapsed and trimmed; '' if nothing visible is left. */
export function cleanText(text: string): string {
  const cleaned = text.normalize('NFC').replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ').replace(STRIPPED, '').replace(/\s+/gu, ' ').trim();
  return hasVisibleCharacter(cleaned) ? cleaned : '';
}
