import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES } from './index';
import { cleanText, hasVisibleCharacter } from './text';

/** Every code point Unicode classes as default-ignorable or as a format control, found by scanning all of them. */
const INVISIBLE: number[] = [];
/** Spaces and lone combining marks: they draw nothing without a visible character beside them. */
const BLANK: number[] = [];
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  const ch = String.fromCodePoint(cp);
  if (/[\p{Default_Ignorable_Code_Point}\p{Cf}]/u.test(ch)) INVISIBLE.push(cp);
  else if (/[\p{White_Space}\p{M}]/u.test(ch)) BLANK.push(cp);
}

const invisibleChar = fc.constantFrom(...INVISIBLE).map((cp) => String.fromCodePoint(cp));
const blankChar = fc.constantFrom(...BLANK).map((cp) => String.fromCodePoint(cp));
/** Strings made only of invisible code points, spaces and marks, in any order and amount. */
const rendersEmpty = fc
  .array(fc.oneof({ weight: 3, arbitrary: invisibleChar }, { weight: 1, arbitrary: blankChar }), { minLength: 1, maxLength: 24 })
  .map((a) => a.join(''));

const nameOk = (name: string) => v.safeParse(CLIENT_MESSAGES.join.schema, { t: 'join', name }).success;
const chatOk = (text: string) => v.safeParse(CLIENT_MESSAGES.chat.schema, { t: 'chat', text }).success;

describe('text that others see', () => {
  it('the scan finds the ranges the hostile client used (soft hyphen, tags, musical and shorthand format controls)', () => {
    for (const cp of [0x00ad, 0xe0041, 0xe0001, 0x1d173, 0x1d17a, 0x1bca0, 0x1bca3, 0x200b, 0x2060, 0xfeff, 0x3164, 0x115f, 0x180e]) {
      expect(INVISIBLE).toContain(cp);
    }
    expect(INVISIBLE.length).toBeGreaterThan(4000);
  });

  it('names seen blank are refused: soft hyphens, tag characters, musical-symbol and shorthand format controls', () => {
    for (const name of ['\u00AD\u00AD', '\u{E0041}\u{E0042}', '\u{1D173}\u{1D174}', '\u{1BCA0}\u{1BCA1}', '\u00AD \u{E0041}\u0301']) {
      expect(cleanText(name)).toBe('');
      expect(nameOk(name)).toBe(false);
    }
  });

  it('a chat message that renders empty is refused', () => {
    for (const text of ['\u00AD', '\u{E0020}', '\u{1D175}', '\u{1BCA2} ', '\u2800']) expect(chatOk(text)).toBe(false);
    expect(chatOk('hi\u00AD')).toBe(true);
  });

  it('property: any string of default-ignorable and format code points, spaces and marks is invisible, and refused as a name and as chat', () => {
    fc.assert(
      fc.property(rendersEmpty, (s) => {
        expect(hasVisibleCharacter(s)).toBe(false);
        expect(cleanText(s)).toBe('');
        expect(nameOk(s)).toBe(false);
        expect(chatOk(s)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: a visible character among invisible ones survives, and nothing invisible is left beside it', () => {
    const visible = fc.constantFrom('A', 'ب', '字', '7', '😀', '€', 'ß');
    fc.assert(
      fc.property(rendersEmpty, visible, rendersEmpty, (before, ch, after) => {
        const cleaned = cleanText(before + ch + after);
        // NFC may compose it with a mark that follows ("A" + U+0311 is "Ȃ"): compare decomposed.
        expect(cleaned.normalize('NFD')).toContain(ch.normalize('NFD'));
        expect(hasVisibleCharacter(cleaned)).toBe(true);
        expect(/[\p{Cf}]/u.test(cleaned)).toBe(false);
        expect([...cleaned].some((c) => /\p{Default_Ignorable_Code_Point}/u.test(c) && !/[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u.test(c))).toBe(false);
        expect(nameOk(before + ch + after)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('variation selectors stay with the character they shape (an emoji heart keeps its emoji form)', () => {
    expect(cleanText('Sara \u2764\uFE0F')).toBe('Sara \u2764\uFE0F');
    expect(cleanText('\uFE0F\uFE0F')).toBe('');
  });
});
