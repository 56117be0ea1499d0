/**
 * Taking and giving up seats: the seat form's join, leaving (in the lobby, or to a bot), moving
 * to another seat before the start, and the host removing a seat.
 */
import { type Conn, type RoomContext } from './context';
import { dropNonce } from './fair-deal';
import type { JoinRequest } from './mode';
import { refreshTurn } from './clock';
import { sendFull } from './outbox';
import { hashToken, issueToken } from './tokens';
import type { SeatRecord } from './types';

/** Join by the seat form: any free seat (or the one asked for) in the lobby; the first person seated is the host. */
export function seatJoin(r: RoomContext, c: Conn, { name, seat: wanted, ticket }: JoinRequest): void {
  const room = r.room;
  if (ticket !== undefined) return r.error(c, { code: 'bad_ticket', why: 'friendly' });
  if (c.seat !== null) return r.error(c, { code: 'already_seated' });
  if (room.status !== 'lobby') return r.error(c, { code: 'game_started', request: 'join' });
  if (wanted !== undefined && (wanted >= room.seats.length || room.seats[wanted] !== null)) {
    return r.error(c, { code: 'seat_taken', seat: wanted });
  }
  const seat = wanted ?? room.seats.findIndex((s) => s === null);
  if (seat < 0) return r.error(c, { code: 'room_full', seats: room.seats.length });
  const token = issueToken(r);
  room.seats[seat] = personSeat(uniqueName(name, room.seats), hashToken(token), null, c.player);
  const formerHost = room.hostSeat;
  if (hostsOnJoin(r, c)) room.hostSeat = seat;
  c.seat = seat;
  r.attach(c);
  r.frame(c.id, { t: 'welcome', seat, token, host: seat === room.hostSeat });
  if (formerHost !== null && formerHost !== room.hostSeat) {
    for (const o of r.conns.values()) if (o.hello && o.seat === formerHost) r.frame(o.id, { t: 'welcome', seat: o.seat, host: false });
  }
  sendFull(r, c);
  r.changed('room', 'urgent');
}

export function onLeave(r: RoomContext, c: Conn): void {
  const room = r.room;
  if (c.seat === null) return r.error(c, { code: 'not_seated' });
  const seat = c.seat;
  dropNonce(r, seat);
  if (room.status === 'playing') r.mode.seatToBot(r, seat);
  if (room.status === 'lobby' && r.mode.leaveFreesSeat(r)) {
    room.seats[seat] = null;
  } else if (room.status === 'lobby' || room.seats[seat] === null) {
    // A person's seat left to a bot plays Strong, as a takeover does.
    room.seats[seat] = { name: 'Bot', kind: 'bot', tokenHash: null, disconnectedAt: null, botPlaying: true, timeouts: 0, wantsBack: false, level: 'strong' };
  } else {
    // Mid-game the seat stays; a bot plays it from now on, at Strong (the others at the table should not gain by a person leaving).
    const rec = room.seats[seat]!;
    room.seats[seat] = { ...rec, kind: 'bot', tokenHash: null, botPlaying: true, disconnectedAt: null, name: `${rec.name} (bot)`, level: 'strong' };
  }
  for (const o of r.conns.values()) {
    if (o.seat === seat) {
      o.seat = null;
      r.attach(o);
    }
  }
  const hostLeft = room.hostSeat === seat;
  if (hostLeft) room.hostSeat = nextHost(room.seats);
  for (const o of r.conns.values()) {
    if (o.hello && (o.id === c.id || (hostLeft && o.seat !== null && o.seat === room.hostSeat))) {
      r.frame(o.id, { t: 'welcome', seat: o.seat, host: o.seat !== null && o.seat === room.hostSeat });
    }
  }
  sendFull(r, c);
  r.changed('room', 'urgent');
  refreshTurn(r, false);
}

/**
 * The room's creator hosts it whenever they sit (taking it back from whoever held it while they
 * were away); anyone else hosts a room without a host, unless its creator is here and about to sit.
 */
function hostsOnJoin(r: RoomContext, c: Conn): boolean {
  const creator = r.room.creator;
  if (creator === undefined) return r.room.hostSeat === null;
  if (c.player === creator) return true;
  if (r.room.hostSeat !== null) return false;
  return ![...r.conns.values()].some((o) => o.player === creator);
}

function nextHost(seats: (SeatRecord | null)[]): number | null {
  const i = seats.findIndex((s) => s !== null && s.kind === 'human');
  return i < 0 ? null : i;
}

export function onRemoveSeat(r: RoomContext, c: Conn, seat: number): void {
  const room = r.room;
  if (room.status !== 'lobby') return r.error(c, { code: 'game_started', request: 'removeSeat' });
  if (seat >= room.seats.length || room.seats[seat] === null) return r.error(c, { code: 'seat_empty', seat });
  if (seat === room.hostSeat) return r.error(c, { code: 'cannot_remove_host' });
  room.seats[seat] = null;
  dropNonce(r, seat);
  for (const o of r.conns.values()) {
    if (o.seat === seat) {
      o.seat = null;
      r.attach(o);
      r.frame(o.id, { t: 'welcome', seat: null, host: false });
    }
  }
  r.changed('room', 'urgent');
}

/**
 * A seated person moves to an empty seat before the start (in a team game this chooses the
 * partner). The seat's record, token and host mark go with them.
 */
export function onSit(r: RoomContext, c: Conn, to: number): void {
  const room = r.room;
  const refused = r.mode.refuses(r, 'sit');
  if (refused) return r.error(c, refused);
  if (c.seat === null) return r.error(c, { code: 'not_seated' });
  if (room.status !== 'lobby') return r.error(c, { code: 'game_started', request: 'join' });
  if (to >= room.seats.length || room.seats[to] !== null) return r.error(c, { code: 'seat_taken', seat: to });
  const from = c.seat;
  dropNonce(r, from);
  room.seats[to] = room.seats[from]!;
  room.seats[from] = null;
  if (room.hostSeat === from) room.hostSeat = to;
  for (const o of r.conns.values()) {
    if (o.seat !== from) continue;
    o.seat = to;
    r.attach(o);
    if (o.hello) {
      r.frame(o.id, { t: 'welcome', seat: to, host: to === room.hostSeat });
      sendFull(r, o);
    }
  }
  r.changed('room', 'urgent');
}

/** A person's seat record: connected (or not, since `disconnectedAt`), played by them, with the player the socket was verified as. */
export function personSeat(name: string, tokenHash: string | null, disconnectedAt: number | null, player?: string): SeatRecord {
  return { name, kind: 'human', tokenHash, disconnectedAt, botPlaying: false, timeouts: 0, wantsBack: false, ...(player !== undefined && { player }) };
}

/** A seat name not taken yet at this table: "Name", else "Name 2", "Name 3", … */
export function uniqueName(name: string, seats: (SeatRecord | null)[]): string {
  const taken = new Set(seats.filter((s) => s !== null).map((s) => s!.name));
  if (!taken.has(name)) return name;
  for (let i = 2; ; i++) if (!taken.has(`${name} ${i}`)) return `${name} ${i}`;
}
