import { STORAGE_KEYS, type KeyValueStorage } from './storage';

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 16;
// Letters and numbers of any script (with their combining marks), space, underscore, hyphen.
const NAME_PATTERN = /^[\p{L}\p{M}\p{N} _-]+$/u;

/** `code` names the rule broken, so the page can word it in the reader's language. */
export type NameCheck = { ok: true; name: string } | { ok: false; code: 'empty' | 'short' | 'long' | 'chars'; message: string };

/** Trims, then checks the leaderboard name rules; the message is shown under the input. */
export function validatePlayerName(raw: string): NameCheck {
  const name = raw.normalize('NFC').trim();
  const length = [...name].length;
  if (length === 0) return { ok: false, code: 'empty', message: 'Enter your name to play.' };
  if (length < NAME_MIN_LENGTH) return { ok: false, code: 'short', message: `Use at least ${NAME_MIN_LENGTH} characters.` };
  if (length > NAME_MAX_LENGTH) return { ok: false, code: 'long', message: `Use at most ${NAME_MAX_LENGTH} characters.` };
  if (!NAME_PATTERN.test(name)) return { ok: false, code: 'chars', message: 'Use only letters, numbers, spaces, _ and -.' };
  return { ok: true, name };
}

/** The person's one name on the site when it fits the leaderboard's rules, else the last name used here. */
export function loadLastName(storage: KeyValueStorage): string {
  for (const key of [STORAGE_KEYS.siteName, STORAGE_KEYS.lastName]) {
    const check = validatePlayerName(storage.getItem(key) ?? '');
    if (check.ok) return check.name;
  }
  return '';
}

export function saveLastName(storage: KeyValueStorage, name: string): void {
  storage.setItem(STORAGE_KEYS.lastName, name);
}
