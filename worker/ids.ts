import { ROOM_CODE_ALPHABET } from '../shared/protocol';

/** An unguessable room code: 12 characters, about 59 bits from the platform's CSPRNG. */
export function newRoomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  // 256 % 31 != 0 leaves a tiny bias; irrelevant for unguessability at 59 bits.
  return Array.from(bytes, (b) => ROOM_CODE_ALPHABET[b % ROOM_CODE_ALPHABET.length]).join('');
}
