/** Seat tokens and queue tickets: random bytes as text, of which only a hash is ever stored. */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { RoomContext } from './context';

/** Only the SHA-256 of a seat token is ever stored. */
export function hashToken(token: string): string {
  return bytesToHex(sha256(utf8ToBytes(token)));
}

/** A new seat token (only its hash is kept). */
export function issueToken(r: RoomContext): string {
  return newToken(r.ports.randomBytes(32));
}

/** Random bytes as a token, base64url (32 bytes: 43 characters): seat tokens and queue tickets. */
export function newToken(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += alphabet[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}
