import { describe, expect, it } from 'vitest';
import type { RoomInfo } from '../../../shared/protocol';
import { ticketJoin } from './ticket';

const ROOM: RoomInfo = {
  code: 'abcdefghjkmn',
  game: 'eights',
  status: 'lobby',
  options: {},
  clock: 10,
  pace: 'relaxed',
  seats: [null, null, null, null],
  teams: null,
  hostSeat: null,
  spectators: 1,
  totals: [0, 0, 0, 0],
  gamesPlayed: 0,
  outcome: null,
  commitment: null,
  ranked: { tier: 'rapid' },
} as unknown as RoomInfo;
const TICKET = 'A'.repeat(43);

describe('joining a ranked room with a ticket', () => {
  it('sends join with the ticket once, as a spectator in a ranked lobby', () => {
    expect(ticketJoin({ ticket: TICKET, room: ROOM, seat: null, sent: false, name: 'Sara' })).toEqual({ t: 'join', name: 'Sara', ticket: TICKET });
    expect(ticketJoin({ ticket: TICKET, room: ROOM, seat: null, sent: true, name: 'Sara' })).toBeNull();
  });

  it('still takes the seat after the start (a late player), never after the end', () => {
    expect(ticketJoin({ ticket: TICKET, room: { ...ROOM, status: 'playing' }, seat: null, sent: false, name: 'Sara' })).toMatchObject({
      t: 'join',
      ticket: TICKET,
    });
    expect(ticketJoin({ ticket: TICKET, room: { ...ROOM, status: 'finished' }, seat: null, sent: false, name: 'Sara' })).toBeNull();
  });

  it('sends nothing before the room is known, or once seated', () => {
    expect(ticketJoin({ ticket: TICKET, room: null, seat: null, sent: false, name: 'Sara' })).toBeNull();
    expect(ticketJoin({ ticket: TICKET, room: ROOM, seat: 2, sent: false, name: 'Sara' })).toBeNull();
  });

  it('sends nothing for a friendly room, a missing or a malformed ticket', () => {
    expect(ticketJoin({ ticket: TICKET, room: { ...ROOM, ranked: null }, seat: null, sent: false, name: 'Sara' })).toBeNull();
    expect(ticketJoin({ ticket: undefined, room: ROOM, seat: null, sent: false, name: 'Sara' })).toBeNull();
    expect(ticketJoin({ ticket: ['x'], room: ROOM, seat: null, sent: false, name: 'Sara' })).toBeNull();
    expect(ticketJoin({ ticket: 'short', room: ROOM, seat: null, sent: false, name: 'Sara' })).toBeNull();
  });
});
