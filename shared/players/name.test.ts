import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MAX_NAME_CHARS } from '../protocol';
import { PlayerName } from './name';
import { MAX_PLAYER_NAME_CHARS } from './player';

describe('player names', () => {
  it('are as long as room names may be', () => {
    expect(MAX_PLAYER_NAME_CHARS).toBe(MAX_NAME_CHARS);
  });

  it('are cleaned like room names, and refused when blank or too long', () => {
    expect(v.parse(PlayerName, '  Sara\u202E \n Ali\u200B ')).toBe('Sara Ali');
    expect(v.safeParse(PlayerName, '\u200B \u2066').success).toBe(false);
    expect(v.safeParse(PlayerName, 'x'.repeat(MAX_NAME_CHARS + 1)).success).toBe(false);
    expect(v.safeParse(PlayerName, 'x'.repeat(MAX_NAME_CHARS)).success).toBe(true);
    expect(v.safeParse(PlayerName, 7).success).toBe(false);
  });
});
