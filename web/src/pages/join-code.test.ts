import { describe, expect, it } from 'vitest';
import { parseJoinCode } from './join-code';

describe('join by code', () => {
  it('takes a bare code, in any case and with spaces around it', () => {
    expect(parseJoinCode('  AbCdEfGhJkMn ')).toBe('abcdefghjkmn');
  });
  it('takes a whole invite link, or just its path', () => {
    expect(parseJoinCode('https://cardroom.example/r/abcdefghjkmn')).toBe('abcdefghjkmn');
    expect(parseJoinCode('/r/abcdefghjkmn/')).toBe('abcdefghjkmn');
  });
  it('refuses what cannot be a room code: wrong length, letters never used in codes, other links', () => {
    expect(parseJoinCode('abc')).toBeNull();
    expect(parseJoinCode('abcdefghjkmno')).toBeNull();
    expect(parseJoinCode('abcdefghijkl')).toBeNull(); // i and l are not in the alphabet
    expect(parseJoinCode('https://cardroom.example/mahjong')).toBeNull();
    expect(parseJoinCode('')).toBeNull();
  });
});
