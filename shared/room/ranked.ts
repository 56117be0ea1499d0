/**
 * The ranked mode: rooms made by a queue with one single-use ticket per seat, bound to its
 * player; no host, no bots at the start, no settings; the game starts by itself when every seat
 * has joined (or after RANKED_START_MS, the missing seats disconnected so the takeover applies);
 * one game. Spectators are kept one turn behind. Leaving while behind is an escape; the end of
 * the game owes a result. Both are kept in the room record until the host has written them to
 * the database and acknowledged them (so a restart loses neither).
 */
import type { RatedFrame } from '../protocol';
import type { RankedResult } from '../ranked/result';
import { type Conn, CreationRefused, type RoomContext } from './context';
import { ordinaryHooks, type JoinRequest, type RoomMode } from './mode';
import { personSeat } from './joining';
import { broadcast, sendFull } from './outbox';
import { startGame } from './play';
import { requestHandBack } from './presence';
import { hashToken, issueToken } from './tokens';
import type { Effect } from './types';

export type { RatedFrame };

/** A ranked room waits this long for every ticket holder, then starts with the seats it has (the others disconnected, so the takeover applies). */
export const RANKED_START_MS = 30_000;

/** What a queue hands a ranked room when it makes it. */
export interface RankedSettings {
  tier: string;
  /** The player of each seat, in the queue's seating (the game's team layout). */
  players: string[];
  /** SHA-256 of each seat's single-use ticket (the tickets themselves go only to their players). */
  tickets: string[];
}

/** A ranked room as stored: its settings, which tickets are still unused, and what is owed to the database. */
export interface RankedRecord {
  tier: string;
  players: string[];
  /** Each seat's ticket hash; null once used (a ticket opens its seat once). */
  tickets: (string | null)[];
  /** The game starts by itself at this time at the latest. */
  startBy: number;
  /** The game ended and its result is not written yet: the host writes it, retrying, and then acknowledges it. */
  resultPending: boolean;
  /** Leaves while behind, not yet written (the host writes them and acknowledges them). */
  escapes: RankedEscape[];
  /** The written result's rating changes, sent to sockets that arrive later. */
  rated?: RatedFrame;
}

export interface RankedEscape {
  player: string;
  game: number;
  at: number;
}

/** What spectators are shown, one turn behind: the state at the start of the last completed turn (and its version), and the current turn's start. */
interface Lag {
  shown: unknown;
  version: number;
  turnStart: unknown;
  turnVersion: number;
}

export function rankedRecord(settings: RankedSettings, now: number): RankedRecord {
  if (settings.players.length !== settings.tickets.length) throw new Error('a ranked room needs one ticket per player');
  if (new Set(settings.players).size !== settings.players.length) throw new Error('a player can hold one seat of a ranked room');
  return {
    tier: settings.tier,
    players: [...settings.players],
    tickets: [...settings.tickets],
    startBy: now + RANKED_START_MS,
    resultPending: false,
    escapes: [],
  };
}

const recordOf = (r: RoomContext) => r.room.ranked!;
const lagOf = (r: RoomContext) => r.memo as Lag | null;

/** `{t:'join', ticket}` in a ranked room: the ticket names the seat; it must be unused and the socket's player must be its player. */
function ticketJoin(r: RoomContext, c: Conn, { name, ticket }: JoinRequest): void {
  const room = r.room;
  const ranked = room.ranked!;
  if (ticket === undefined) return r.error(c, { code: 'bad_ticket', why: 'missing' });
  if (c.seat !== null) return r.error(c, { code: 'already_seated' });
  const seat = ranked.tickets.indexOf(hashToken(ticket));
  if (seat < 0) return r.error(c, { code: 'bad_ticket', why: 'used' });
  if (c.player === undefined || c.player !== ranked.players[seat]) return r.error(c, { code: 'bad_ticket', why: 'other_player' });
  if (room.status === 'finished') return r.error(c, { code: 'game_started', request: 'finished' });
  ranked.tickets[seat] = null;
  const token = issueToken(r);
  const rec = room.seats[seat];
  if (rec === null || rec === undefined) {
    room.seats[seat] = personSeat(name, hashToken(token), null, c.player);
  } else {
    // Started without this player (they were late): the seat is theirs, handed back where the game allows.
    rec.name = name;
    rec.player = c.player;
    rec.tokenHash = hashToken(token);
    rec.disconnectedAt = null;
    if (rec.botPlaying && rec.kind === 'human') requestHandBack(r, seat);
  }
  c.seat = seat;
  r.attach(c);
  r.frame(c.id, { t: 'welcome', seat, token, host: false });
  r.changed('room', 'urgent');
  if (room.status === 'lobby' && room.seats.every((s) => s !== null)) startGame(r);
  sendFull(r, c);
}

/** The lobby waited long enough: seats nobody claimed are dealt in as disconnected people (a bot takes them after the takeover delay). */
function startIfDue(r: RoomContext): void {
  const room = r.room;
  const ranked = room.ranked;
  if (!ranked || room.status !== 'lobby' || r.now < ranked.startBy) return;
  room.seats = room.seats.map((s, i) => s ?? personSeat(`Player ${i + 1}`, null, r.now));
  startGame(r);
}

/** A ranked seat is being left to a bot (left, taken over, away): an escape when its player is behind. */
function noteEscape(r: RoomContext, seat: number): void {
  const room = r.room;
  const ranked = room.ranked;
  if (!ranked || room.status !== 'playing' || !r.game.behind) return;
  const player = ranked.players[seat];
  if (player === undefined || ranked.escapes.some((e) => e.player === player && e.game === room.gameNo)) return;
  if (!r.game.behind(r.state, seat)) return;
  ranked.escapes.push({ player, game: room.gameNo, at: r.now });
  r.changed('room');
}

/** The result the host must write, or null when none is owed. */
function pendingResult(r: RoomContext): RankedResult | null {
  const room = r.room;
  const ranked = room.ranked;
  if (!ranked?.resultPending || !room.outcome || room.finishedAt === null) return null;
  return {
    room: room.code,
    gameNo: room.gameNo,
    game: room.game,
    tier: ranked.tier,
    endedAt: room.finishedAt,
    teams: r.game.teams?.(room.seats.length) ?? null,
    seats: room.seats.map((s, i) => ({ player: ranked.players[i]!, botPlayedAtEnd: s === null || s.kind === 'bot' || s.botPlaying })),
    outcome: room.outcome,
    // The game's own finishing order (cards or points left), where it has one.
    ...(r.game.ranking && { places: r.game.ranking(r.state) }),
  };
}

/** The host wrote the result: no longer owed, and everyone sees the changes (late sockets get them after their full frame). */
function onRated(r: RoomContext, frame: RatedFrame): void {
  const ranked = r.room.ranked;
  if (!ranked || frame.game !== r.room.gameNo) return;
  ranked.resultPending = false;
  ranked.rated = frame;
  r.changed('room');
  broadcast(r, frame);
}

function escapesWritten(r: RoomContext, written: readonly RankedEscape[]): void {
  const ranked = r.room.ranked;
  if (!ranked) return;
  const done = new Set(written.map((e) => `${e.player}:${e.game}`));
  const left = ranked.escapes.filter((e) => !done.has(`${e.player}:${e.game}`));
  if (left.length === ranked.escapes.length) return;
  ranked.escapes = left;
  r.changed('room');
}

/** A move was applied (`before` → r.state): when it ended a turn, spectators move on by one turn. A game without `turnKey` makes every move a turn. */
function lagMove(r: RoomContext, before: unknown, version: number): void {
  const lag = lagOf(r);
  if (!lag) return;
  const game = r.game;
  const turnOf = (s: unknown) => `${game.activeSeats(s).join(',')}|${game.turnKey ? game.turnKey(s) : ''}`;
  if (game.turnKey && turnOf(before) === turnOf(r.state)) return;
  lag.shown = lag.turnStart;
  lag.version = lag.turnVersion;
  lag.turnStart = r.state;
  lag.turnVersion = version;
}

export const rankedMode: RoomMode = {
  ...ordinaryHooks,
  id: 'ranked',
  create(settings, game, now) {
    const ranked = settings.ranked;
    if (!ranked) throw new Error('a ranked room needs its queue settings');
    if (!game.playerCounts.includes(ranked.players.length))
      throw new CreationRefused(
        { code: 'wrong_player_count', counts: [...game.playerCounts], seated: ranked.players.length },
        `${game.name} is not played by ${ranked.players.length}.`,
      );
    return { seats: ranked.players.length, record: { ranked: rankedRecord(ranked, now) } };
  },
  join: ticketJoin,
  refuses: (_r, request) => (request === 'hint' ? { code: 'no_hint', why: 'ranked' } : { code: 'ranked_room' }),
  // A ranked seat is the player's for the whole game: leaving it (even before the start) leaves it to a bot.
  leaveFreesSeat: () => false,
  seatToBot: noteEscape,
  welcomed(r, c) {
    const rated = recordOf(r).rated;
    if (rated && rated.game === r.room.gameNo) r.frame(c.id, rated);
  },
  lobbyDeadline: (r) => recordOf(r).startBy,
  lobbyDue: startIfDue,
  // The room starts by itself, on seats the queue laid out by team already.
  dealing(r) {
    const room = r.room;
    if (room.gameNo !== 0) return;
    const teams = r.game.teams?.(room.seats.length);
    room.totals = new Array(teams ? Math.max(...teams) + 1 : room.seats.length).fill(0);
  },
  watchFrom(r, version) {
    r.memo = { shown: r.state, version, turnStart: r.state, turnVersion: version } satisfies Lag;
  },
  moved: lagMove,
  ended(r) {
    recordOf(r).resultPending = true;
  },
  spectatorState: (r) => (r.room.status === 'playing' && lagOf(r) ? lagOf(r)!.shown : r.state),
  spectatorVersion: (r) => (r.room.status === 'playing' && lagOf(r) ? lagOf(r)!.version : Infinity),
  badge: (r) => ({ tier: recordOf(r).tier }),
  owed(r) {
    const ranked = recordOf(r);
    const result = pendingResult(r);
    const owed: Effect[] = ranked.escapes.length > 0 ? [{ t: 'escapes', room: r.room.code, escapes: [...ranked.escapes] }] : [];
    return result ? [...owed, { t: 'result', result }] : owed;
  },
  settled(r, ack) {
    if (ack.t === 'result') onRated(r, ack.frame);
    else escapesWritten(r, ack.written);
  },
};
