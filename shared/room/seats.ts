/**
 * Seats and presence: hello and seat tokens, joining and leaving, bots added in the lobby,
 * hand-back from a bot, lobby settings, chat, and a socket gone.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import * as v from 'valibot';
import { issuePath, type ClientMessageOf } from '../protocol';
import { refreshTurn } from './clock';
import { type Conn, type RoomContext, viewKey } from './context';
import { dropNonce } from './fair-deal';
import { noteBotPlayed, onTicketJoin } from './ranked';
import { broadcast, sendFull } from './outbox';
import { reactionsOf } from '../engine/reactions';
import { AWAY_AFTER_TIMEOUTS, CHAT_BURST, CHAT_WINDOW_MS, REACTION_BURST, REACTION_WINDOW_MS, type SeatRecord } from './types';
import type { BotLevel } from '../engine/types';

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
  if (room.ranked?.rated && room.ranked.rated.game === room.gameNo) r.frame(c.id, room.ranked.rated);
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

export function onJoin(r: RoomContext, c: Conn, name: string, wanted: number | undefined, ticket?: string): void {
  const room = r.room;
  if (room.ranked) return onTicketJoin(r, c, name, ticket);
  if (ticket !== undefined) return r.error(c, { code: 'bad_ticket', why: 'friendly' });
  if (c.seat !== null) return r.error(c, { code: 'already_seated' });
  if (room.status !== 'lobby') return r.error(c, { code: 'game_started', request: 'join' });
  if (wanted !== undefined && (wanted >= room.seats.length || room.seats[wanted] !== null)) {
    return r.error(c, { code: 'seat_taken', seat: wanted });
  }
  const seat = wanted ?? room.seats.findIndex((s) => s === null);
  if (seat < 0) return r.error(c, { code: 'room_full', seats: room.seats.length });
  const token = issueToken(r);
  room.seats[seat] = {
    name: uniqueName(name, room.seats),
    kind: 'human',
    tokenHash: hashToken(token),
    disconnectedAt: null,
    botPlaying: false,
    timeouts: 0,
    wantsBack: false,
    ...(c.player !== undefined && { player: c.player }),
  };
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
  noteBotPlayed(r, seat);
  // A ranked seat is the player's for the whole game: leaving it (even before the start) leaves it to a bot.
  if (room.status === 'lobby' && !room.ranked) {
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

export function onBack(r: RoomContext, c: Conn): void {
  if (c.seat === null) return r.error(c, { code: 'not_seated' });
  const rec = r.room.seats[c.seat]!;
  if (!rec.botPlaying || rec.kind === 'bot') return;
  rec.timeouts = 0;
  if (!requestHandBack(r, c.seat)) {
    r.error(c, { code: 'handback_pending' });
  }
}

export function onAddBot(r: RoomContext, c: Conn, wanted: number | undefined, level: BotLevel = 'normal'): void {
  const room = r.room;
  if (room.status !== 'lobby') return r.error(c, { code: 'game_started', request: 'addBot' });
  const seat = wanted ?? room.seats.findIndex((s) => s === null);
  if (seat < 0 || seat >= room.seats.length || room.seats[seat] !== null) {
    return r.error(c, wanted === undefined ? { code: 'room_full', seats: room.seats.length } : { code: 'seat_taken', seat: wanted });
  }
  room.seats[seat] = {
    name: uniqueName(BOT_NAMES[seat % BOT_NAMES.length]!, room.seats),
    kind: 'bot',
    tokenHash: null,
    disconnectedAt: null,
    botPlaying: true,
    timeouts: 0,
    wantsBack: false,
    level,
  };
  r.changed('room', 'urgent');
}

/** The host sets how hard a lobby bot plays. */
export function onBotLevel(r: RoomContext, c: Conn, seat: number, level: BotLevel): void {
  const room = r.room;
  if (room.status !== 'lobby') return r.error(c, { code: 'game_started', request: 'botLevel' });
  const rec = room.seats[seat];
  if (!rec || rec.kind !== 'bot') return r.error(c, { code: 'not_a_bot', seat });
  rec.level = level;
  r.changed('room', 'urgent');
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

export function onSettings(r: RoomContext, c: Conn, { clock, pace, options, public: listed }: ClientMessageOf<'settings'>): void {
  const room = r.room;
  if (room.status !== 'lobby') return r.error(c, { code: 'game_started', request: 'settings' });
  if (options !== undefined) {
    const parsed = v.safeParse(r.game.optionsSchema, { ...room.options, ...options });
    if (!parsed.success) return r.error(c, { code: 'bad_options', field: issuePath(parsed.issues) });
    room.options = parsed.output as Record<string, unknown>;
  }
  if (clock !== undefined) room.clock = clock;
  if (pace !== undefined) room.pace = pace;
  // A ranked room never gets here (the core refuses its host controls: ranked_room), so only friendly rooms are made public.
  if (listed !== undefined) room.public = listed;
  r.changed('room', 'urgent');
}

export function onChat(r: RoomContext, c: Conn, text: string): void {
  c.chat = c.chat.filter((t) => r.now - t < CHAT_WINDOW_MS);
  if (c.chat.length >= CHAT_BURST) return r.error(c, { code: 'chat_rate_limited', count: CHAT_BURST, seconds: CHAT_WINDOW_MS / 1000 });
  c.chat.push(r.now);
  const name = c.seat === null ? 'Spectator' : (r.room.seats[c.seat]?.name ?? 'Player');
  const entry = { seat: c.seat, name, text, at: r.now };
  r.out.writes.push({ t: 'chat', entry: JSON.stringify(entry) });
  broadcast(r, { t: 'chat', entry });
}

/** A quick reaction: a code from the game's set, sent to every socket and never stored (not chat, not the move log). */
export function onReact(r: RoomContext, c: Conn, code: string): void {
  if (c.seat === null) return r.error(c, { code: 'not_seated' });
  if (!reactionsOf(r.game).some((k) => k === code)) return r.error(c, { code: 'unknown_reaction', reaction: code.slice(0, 32) });
  c.reactions = c.reactions.filter((t) => r.now - t < REACTION_WINDOW_MS);
  if (c.reactions.length >= REACTION_BURST) return r.error(c, { code: 'reaction_rate_limited', count: REACTION_BURST, seconds: REACTION_WINDOW_MS / 1000 });
  c.reactions.push(r.now);
  broadcast(r, { t: 'reaction', seat: c.seat, code });
}

/**
 * A seated person moves to an empty seat before the start (in a team game this chooses the
 * partner). The seat's record, token and host mark go with them.
 */
export function onSit(r: RoomContext, c: Conn, to: number): void {
  const room = r.room;
  if (room.ranked) return r.error(c, { code: 'ranked_room' });
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

const BOT_NAMES = ['Robo Rana', 'Bot Basil', 'Cyber Cleo', 'Droid Dev', 'Echo Emil', 'Fuzzy Faye', 'Gizmo Gus', 'Hal Hana'];

function uniqueName(name: string, seats: (SeatRecord | null)[]): string {
  const taken = new Set(seats.filter((s) => s !== null).map((s) => s!.name));
  if (!taken.has(name)) return name;
  for (let i = 2; ; i++) if (!taken.has(`${name} ${i}`)) return `${name} ${i}`;
}
