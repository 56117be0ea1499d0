import { ROOM_CODE_ALPHABET } from '../shared/protocol';

/** An unguessable room code: 12 characters, about 59 bits from the platform's CSPRNG. */
export function newRoomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  // 256 % 31 != 0 leaves a tiny bias; irrelevant for unguessability at 59 bits.
  return Array.from(bytes, (b) => ROOM_CODE_ALPHABET[b % ROOM_CODE_ALPHABET.length]).join('');
}

/** A seat token: 32 random bytes, base64url (43 characters). */
export function newSeatToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Only the SHA-256 of a token is ever stored. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A fresh 128-bit seed for a new game. */
export function newSeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
