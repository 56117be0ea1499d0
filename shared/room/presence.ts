/**
 * Presence: a socket's hello (and its seat token), a person coming back to a seat a bot covered
 * for, asking for it back, and a socket gone.
 */
import { reactionsOf } from '../engine/reactions';
import { refreshTurn } from './clock';
import { type Conn, type RoomContext, viewKey } from './context';
import { sendFull } from './outbox';
import { hashToken } from './tokens';
import { AWAY_AFTER_TIMEOUTS } from './types';

export function onHello(r: RoomContext, c: Conn, token: string | undefined, pings: boolean): void {
  const room = r.room;
  c.hello = true;
  c.pings = pings;
  if (token !== undefined) {
    const hash = hashToken(token);
    const found = room.seats.findIndex((s) => s !== null && s.tokenHash === hash);
    if (found < 0) {
      r.attach(c);
      r.error(c, { code: 'bad_token' });
    } else {
      c.seat = found;
      r.attach(c);
      seatReturned(r, found);
    }
  } else {
    r.attach(c);
  }
  // The game's reactions come once, with the first welcome: a room's game never changes.
  r.frame(c.id, { t: 'welcome', seat: c.seat, host: c.seat !== null && c.seat === room.hostSeat, reactions: [...reactionsOf(r.game)] });
  sendFull(r, c);
  r.mode.welcomed(r, c);
  r.changed('info');
}

/** A person's socket is back: connected again, and the seat is handed back from the bot where the game allows. */
function seatReturned(r: RoomContext, seat: number): void {
  const rec = r.room.seats[seat];
  if (!rec || rec.kind !== 'human') return;
  if (rec.disconnectedAt !== null) {
    rec.disconnectedAt = null;
    r.changed('room');
  }
  if (rec.botPlaying && rec.timeouts < AWAY_AFTER_TIMEOUTS) requestHandBack(r, seat);
}

export function requestHandBack(r: RoomContext, seat: number): boolean {
  const rec = r.room.seats[seat]!;
  const game = r.game;
  r.changed('room', 'urgent');
  if (r.room.status !== 'playing' || !game.canHandBack || game.canHandBack(r.state, seat)) {
    rec.botPlaying = false;
    rec.wantsBack = false;
    rec.timeouts = 0;
    refreshTurn(r, true);
    return true;
  }
  rec.wantsBack = true;
  return false;
}

export function onBack(r: RoomContext, c: Conn): void {
  if (c.seat === null) return r.error(c, { code: 'not_seated' });
  const rec = r.room.seats[c.seat]!;
  if (!rec.botPlaying || rec.kind === 'bot') return;
  rec.timeouts = 0;
  if (!requestHandBack(r, c.seat)) {
    r.error(c, { code: 'handback_pending' });
  }
}

/** A socket the room no longer tracks: its seat is disconnected when it was the seat's last one. */
export function dropped(r: RoomContext, c: Conn): void {
  if (!c.hello) return;
  const key = viewKey(c.seat);
  if (![...r.conns.values()].some((o) => o.hello && viewKey(o.seat) === key)) {
    r.lastViews.delete(key);
    r.lastClocks.delete(key);
  }
  if (c.seat !== null && ![...r.conns.values()].some((o) => o.hello && o.seat === c.seat)) {
    const rec = r.room.seats[c.seat];
    // Set once per disconnection: dropping the seat's socket again (say, one a reload brought
    // back) must not restart the takeover clock.
    if (rec && rec.kind === 'human' && rec.disconnectedAt === null) {
      rec.disconnectedAt = r.now;
      rec.wantsBack = false;
      r.changed('room');
    }
  }
  r.changed('info');
}
