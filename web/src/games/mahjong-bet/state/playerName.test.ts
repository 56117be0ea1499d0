import { describe, expect, it } from 'vitest';
import { loadLastName, saveLastName, validatePlayerName } from './playerName';
import { STORAGE_KEYS, memoryStorage } from './storage';

describe('mahjong player name', () => {
  it('is required', () => {
    expect(validatePlayerName('')).toEqual({ ok: false, code: 'empty', message: 'Enter your name to play.' });
    expect(validatePlayerName('    ')).toEqual({ ok: false, code: 'empty', message: 'Enter your name to play.' });
  });

  it('is trimmed before it is checked and used', () => {
    expect(validatePlayerName('  Ana Li  ')).toEqual({ ok: true, name: 'Ana Li' });
    expect(validatePlayerName(' A ').ok).toBe(false);
  });

  it('has 2 to 16 characters', () => {
    expect(validatePlayerName('A')).toEqual({ ok: false, code: 'short', message: 'Use at least 2 characters.' });
    expect(validatePlayerName('Al').ok).toBe(true);
    expect(validatePlayerName('a'.repeat(16)).ok).toBe(true);
    expect(validatePlayerName('a'.repeat(17))).toEqual({ ok: false, code: 'long', message: 'Use at most 16 characters.' });
  });

  it('allows letters, numbers, space, underscore and hyphen only', () => {
    for (const name of ['Player_1', 'mary-jane', 'Zoë 2', 'سارة', '李小龍']) expect(validatePlayerName(name).ok).toBe(true);
    for (const name of ['ana!', 'a.b', '<b>x</b>', 'tab\there', 'emoji 🀄']) {
      expect(validatePlayerName(name)).toEqual({ ok: false, code: 'chars', message: 'Use only letters, numbers, spaces, _ and -.' });
    }
  });

  it('the last name used is remembered to prefill the input', () => {
    const storage = memoryStorage();
    expect(loadLastName(storage)).toBe('');
    saveLastName(storage, 'Mei');
    expect(loadLastName(storage)).toBe('Mei');
    storage.setItem(STORAGE_KEYS.lastName, '!!');
    expect(loadLastName(storage)).toBe('');
  });

  it("the person's one name on the site comes first, when it fits the leaderboard's rules", () => {
    const storage = memoryStorage({ [STORAGE_KEYS.lastName]: 'Mei', [STORAGE_KEYS.siteName]: ' Noura ' });
    expect(loadLastName(storage)).toBe('Noura');
    // A default name ("♠ 4827") does not fit: the last name used here instead.
    storage.setItem(STORAGE_KEYS.siteName, '♠ 4827');
    expect(loadLastName(storage)).toBe('Mei');
  });
});
