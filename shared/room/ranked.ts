/**
 * Ranked rooms: made by a queue with one single-use ticket per seat, bound to its player; no
 * host, no bots at the start, no settings; the game starts by itself when every seat has joined
 * (or after RANKED_START_MS, the missing seats disconnected so the takeover applies); one game.
 * Leaving while behind is an escape; the end of the game owes a result. Both are kept in the
 * room record until the host has written them to the database (so a restart loses neither).
 */
import type { RatedFrame } from '../protocol';
import type { RankedResult } from '../ranked/result';
import { type Conn, type RoomContext } from './context';
import { broadcast, sendFull } from './outbox';
import { startGame } from './play';
import { hashToken, issueToken, requestHandBack } from './seats';
import { RANKED_START_MS, type RankedEscape, type RankedRecord, type RankedSettings, type SeatRecord } from './types';

export type { RatedFrame };

// The result type is ranked play's own (shared/ranked/result.ts); re-exported for the room's users until they import it from there.
export type { RankedResult };

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

/** `{t:'join', ticket}` in a ranked room: the ticket names the seat; it must be unused and the socket's player must be its player. */
export function onTicketJoin(r: RoomContext, c: Conn, name: string, ticket: string | undefined): void {
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
    room.seats[seat] = {
      name,
      kind: 'human',
      tokenHash: hashToken(token),
      disconnectedAt: null,
      botPlaying: false,
      timeouts: 0,
      wantsBack: false,
      player: c.player,
    };
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
export function startRankedIfDue(r: RoomContext): void {
  const room = r.room;
  const ranked = room.ranked;
  if (!ranked || room.status !== 'lobby' || r.now < ranked.startBy) return;
  room.seats = room.seats.map(
    (s, i): SeatRecord =>
      s ?? { name: `Player ${i + 1}`, kind: 'human', tokenHash: null, disconnectedAt: r.now, botPlaying: false, timeouts: 0, wantsBack: false },
  );
  startGame(r);
}

/** A ranked seat is being left to a bot (left, taken over, away): an escape when its player is behind. */
export function noteBotPlayed(r: RoomContext, seat: number): void {
  const room = r.room;
  const ranked = room.ranked;
  if (!ranked || room.status !== 'playing' || !r.game.behind) return;
  const player = ranked.players[seat];
  if (player === undefined || ranked.escapes.some((e) => e.player === player && e.game === room.gameNo)) return;
  if (!r.game.behind(r.state, seat)) return;
  ranked.escapes.push({ player, game: room.gameNo, at: r.now });
  r.changed('room');
}

/** The game just ended: a result is owed (kept in the room record until written). */
export function rankedEnded(r: RoomContext): void {
  if (r.room.ranked) r.room.ranked.resultPending = true;
}

/** The result the host must write, or null when none is owed. */
export function pendingResult(r: RoomContext): RankedResult | null {
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
export function onRated(r: RoomContext, frame: RatedFrame): void {
  const ranked = r.room.ranked;
  if (!ranked || frame.game !== r.room.gameNo) return;
  ranked.resultPending = false;
  ranked.rated = frame;
  r.changed('room');
  broadcast(r, frame);
}

export function escapesWritten(r: RoomContext, written: readonly RankedEscape[]): void {
  const ranked = r.room.ranked;
  if (!ranked) return;
  const done = new Set(written.map((e) => `${e.player}:${e.game}`));
  const left = ranked.escapes.filter((e) => !done.has(`${e.player}:${e.game}`));
  if (left.length === ranked.escapes.length) return;
  ranked.escapes = left;
  r.changed('room');
}

/** A new game in a ranked room: spectators start from the deal. */
export function lagStart(r: RoomContext): void {
  r.lag = r.room.ranked ? { shown: r.state, version: r.live.version, turnStart: r.state, turnVersion: r.live.version } : null;
}

/**
 * A move was applied (`before` → r.state): when it ended a turn, spectators move on by one turn
 * (to the state the turn that just ended started from). A game without `turnKey` makes every move a turn.
 */
export function lagMove(r: RoomContext, before: unknown, version: number): void {
  const lag = r.lag;
  if (!lag) return;
  const game = r.game;
  const turnOf = (s: unknown) => `${game.activeSeats(s).join(',')}|${game.turnKey ? game.turnKey(s) : ''}`;
  if (game.turnKey && turnOf(before) === turnOf(r.state)) return;
  lag.shown = lag.turnStart;
  lag.version = lag.turnVersion;
  lag.turnStart = r.state;
  lag.turnVersion = version;
}

/** The state spectators are shown: one turn behind while a ranked game is played, else the current one. */
export function spectatorState(r: RoomContext): unknown {
  return r.lag && r.room.status === 'playing' ? r.lag.shown : r.state;
}

/** The last move version spectators may see in the history (everything outside a ranked game in play). */
export function spectatorVersion(r: RoomContext): number {
  return r.lag && r.room.status === 'playing' ? r.lag.version : Infinity;
}

/** A ranked room refuses the host's lobby controls: it has no host. */
export function refuseHostAction(r: RoomContext, c: Conn): void {
  r.error(c, { code: 'ranked_room' });
}
