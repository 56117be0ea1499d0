/**
 * Ranked tickets: a formed table's single-use pass to its seat. The queue hands the ticket to the
 * player and keeps only its SHA-256 (hex) in the formed table; the ranked room finds the seat by
 * that hash. Plain bytes in, no platform API: the caller brings the random bytes.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64urlnopad } from '@scure/base';

/** Bytes of randomness in a ticket: 32 bytes are 43 base64url characters (`TICKET_PATTERN`). */
export const TICKET_BYTES = 32;

/** A ticket from `TICKET_BYTES` random bytes, base64url without padding. */
export function newTicket(bytes: Uint8Array): string {
  if (bytes.length !== TICKET_BYTES) throw new RangeError(`a ticket is made from ${TICKET_BYTES} random bytes`);
  return base64urlnopad.encode(bytes);
}

/** What the formed table keeps of a ticket, and what the room compares a presented ticket's hash with. */
export function hashTicket(ticket: string): string {
  return bytesToHex(sha256(utf8ToBytes(ticket)));
}
