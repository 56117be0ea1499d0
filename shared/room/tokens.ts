/**
 * Seat tokens, made as queue tickets are (shared/ranked/tickets.ts): 32 random bytes as
 * base64url text, of which only the SHA-256 is ever stored.
 */
import { hashTicket, newTicket, TICKET_BYTES } from '../ranked/tickets';
import type { RoomContext } from './context';

/** Only the SHA-256 of a seat token is ever stored; a ranked seat's ticket hash is compared with it. */
export const hashToken = hashTicket;

/** A new seat token (only its hash is kept). */
export function issueToken(r: RoomContext): string {
  return newTicket(r.ports.randomBytes(TICKET_BYTES));
}
