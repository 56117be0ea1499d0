/**
 * The room page's side of a queue's ticket (`/r/<code>?ticket=…`): once the room has said who
 * this socket is (a spectator) and shown the room, the page sends `join` with the ticket once;
 * the room seats the player in the seat the ticket names, or refuses it (`bad_ticket`) and
 * changes nothing. Pure, so the room page's watcher is tested without a page.
 */
import type { ClientMessage, RoomInfo } from '../../../shared/protocol';
import { TICKET_PATTERN } from '../../../shared/protocol/queue';

export interface TicketJoinInput {
  ticket: unknown;
  room: RoomInfo | null;
  seat: number | null;
  sent: boolean;
  name: string;
}

/** The join to send now, or null (no ticket, already sent, seated, not a ranked room, its game over). A late player's ticket still takes the seat after the start. */
export function ticketJoin({ ticket, room, seat, sent, name }: TicketJoinInput): ClientMessage | null {
  if (sent || typeof ticket !== 'string' || !TICKET_PATTERN.test(ticket)) return null;
  if (!room?.ranked || room.status === 'finished' || seat !== null) return null;
  return { t: 'join', name, ticket };
}
