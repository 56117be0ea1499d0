import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, avatarColour, defaultName, initialsOf, parsePlayerCookie, PLAYER_ID_PATTERN } from './player';

/** WCAG relative luminance contrast of white on `hex`. */
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (l + 0.05);
}

describe('avatars', () => {
  it('takes up to two initials, whole graphemes, upper-cased where the script has case', () => {
    expect(initialsOf('noura saad')).toBe('NS');
    expect(initialsOf('Fahad')).toBe('F');
    expect(initialsOf('a b c')).toBe('AB');
    expect(initialsOf('نورة سعد')).toBe('نس');
    expect(initialsOf('👩🏽‍💻 coder')).toBe('👩🏽‍💻C');
    expect(initialsOf('')).toBe('?');
  });

  it('gives every id a fixed colour from the palette, each readable under white initials', () => {
    for (const colour of AVATAR_COLOURS) expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(4.5);
    fc.assert(
      fc.property(fc.stringMatching(PLAYER_ID_PATTERN), (id) => {
        expect(AVATAR_COLOURS).toContain(avatarColour(id));
        expect(avatarColour(id)).toBe(avatarColour(id));
      }),
    );
    // Spread over the palette, not one colour for everyone.
    const seen = new Set(Array.from({ length: 200 }, (_, i) => avatarColour(`player-${i}`.padEnd(22, 'x'))));
    expect(seen.size).toBeGreaterThanOrEqual(AVATAR_COLOURS.length - 1);
  });

  it('names a player who gave no name after the id, in no language: a suit and four digits', () => {
    const id = 'abcdEFGHijklmnopqrstuv';
    expect(defaultName(id)).toMatch(/^[♠♥♦♣] \d{4}$/);
    expect(defaultName(id)).toBe(defaultName(id));
    // No letters of any script: an Arabic and an English reader see the same name.
    const names = Array.from({ length: 200 }, (_, i) => defaultName(`${'x'.repeat(18)}${String(i).padStart(4, '0')}`));
    for (const n of names) expect(n).not.toMatch(/\p{L}/u);
    // Ids spread over the suits and the numbers.
    expect(new Set(names.map((n) => n[0])).size).toBe(4);
    expect(new Set(names).size).toBeGreaterThan(190);
  });
});

describe('the player cookie', () => {
  const id = 'A'.repeat(22);
  const secret = 'b'.repeat(43);
  it('reads <id>.<secret>', () => {
    expect(parsePlayerCookie(`${id}.${secret}`)).toEqual({ id, secret });
  });
  it('refuses anything else', () => {
    for (const bad of [undefined, '', id, `${id}.`, `.${secret}`, `${id}.${secret}x`, `${id}x.${secret}`, `${id}.${secret.slice(1)}!`, `${id}.${secret}.x`]) {
      expect(parsePlayerCookie(bad), String(bad)).toBeNull();
    }
  });
});
