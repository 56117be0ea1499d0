/**
 * Starting and playing: seating people in play order (teams as the lobby showed them),
 * dealing a game from its fair seed, and applying moves with what they write and announce:
 * people's, and those the clock's decisions call for (timeouts, bots, takeovers).
 */
import * as v from 'valibot';
import type { GameEvent, Refusal, Seat } from '../engine/types';
import { deriveSeed } from '../fair';
import { issuePath, type LogEntry, type RoomRefusal } from '../protocol';
import { Rng } from '../cards/rng';
import { botLevelOf, doneReading, isBotControlled, onlyPerson, refreshTurn, startPause } from './clock';
import { type Conn, type RoomContext, viewKey } from './context';
import { commitNext, fairOf, reveal } from './fair-deal';
import { sendFull } from './outbox';
import { requestHandBack } from './presence';
import { AWAY_AFTER_TIMEOUTS, SNAPSHOT_EVERY, type SeatRecord } from './types';

export function onStart(r: RoomContext, c: Conn): void {
  const room = r.room;
  if (room.status !== 'lobby') return r.error(c, { code: 'game_started', request: 'start' });
  const game = r.game;
  const taken = room.seats.filter((s) => s !== null).length;
  if (!game.playerCounts.includes(taken)) {
    return r.error(c, { code: 'wrong_player_count', counts: [...game.playerCounts], seated: taken });
  }
  const order = playOrder(r, taken);
  if (!Array.isArray(order)) return r.error(c, order);
  // Seats are renumbered in play order from 0; sockets follow their seat.
  const mapping = new Map(order.map((from, to) => [from, to]));
  room.seats = order.map((from) => room.seats[from]!);
  room.hostSeat = room.hostSeat === null ? null : (mapping.get(room.hostSeat) ?? null);
  // Nonces follow their seat too.
  const next = fairOf(r).next;
  if (next)
    next.nonces = Object.fromEntries(
      Object.entries(next.nonces).flatMap(([from, nonce]) => (mapping.has(Number(from)) ? [[String(mapping.get(Number(from))), nonce]] : [])),
    );
  const teams = game.teams?.(taken);
  room.totals = new Array(teams ? Math.max(...teams) + 1 : taken).fill(0);
  for (const o of r.conns.values()) {
    if (o.seat !== null) {
      o.seat = mapping.get(o.seat) ?? null;
      r.attach(o);
    }
    if (o.hello) r.frame(o.id, { t: 'welcome', seat: o.seat, host: o.seat !== null && o.seat === room.hostSeat });
  }
  r.lastViews.clear();
  r.live.sent = {};
  startGame(r);
}

/**
 * Lobby seats in the order they will be dealt. Team games keep the teams the lobby
 * showed: the k-th person of a team in the lobby takes that team's k-th seat.
 */
function playOrder(r: RoomContext, taken: number): number[] | Extract<RoomRefusal, { code: 'teams_unbalanced' }> {
  const room = r.room;
  const occupied = room.seats.flatMap((s, i) => (s ? [i] : []));
  const game = r.game;
  if (!game.teams) return occupied;
  const shown = game.teams(room.seats.length);
  const dealt = game.teams(taken);
  const queues = new Map<number, number[]>();
  for (const i of occupied) queues.set(shown[i]!, [...(queues.get(shown[i]!) ?? []), i]);
  const need = new Map<number, number>();
  for (const t of dealt) need.set(t, (need.get(t) ?? 0) + 1);
  for (const [team, n] of need) {
    if ((queues.get(team)?.length ?? 0) !== n) {
      const teams = [...need.keys()].sort((a, b) => a - b).map((t) => queues.get(t)?.length ?? 0);
      return { code: 'teams_unbalanced', players: taken, each: n, teams };
    }
  }
  return dealt.map((team) => queues.get(team)!.shift()!);
}

export function onAgain(r: RoomContext, c: Conn): void {
  const refused = r.mode.refuses(r, 'again');
  if (refused) return r.error(c, refused);
  if (r.room.status !== 'finished') return r.error(c, { code: 'not_finished' });
  startGame(r);
}

export function startGame(r: RoomContext): void {
  const room = r.room;
  r.mode.dealing(r);
  const seats = room.seats as SeatRecord[];
  const fair = fairOf(r);
  if (!fair.next || fair.next.game !== room.gameNo + 1) commitNext(r);
  const next = fair.next!;
  // People's nonces only: a bot (or a seat a person left) contributes none.
  const nonces = seats.flatMap((s, seat) => {
    const nonce = next.nonces[String(seat)];
    return s.kind === 'human' && nonce ? [{ seat, nonce }] : [];
  });
  // A scripted deal (a tutorial, offline only) is not a fair one: nothing is revealed for it.
  const seed = room.deal ?? deriveSeed(next.secret, nonces);
  fair.current = room.deal === undefined ? { game: next.game, commitment: next.hash, salt: next.salt, secret: next.secret, nonces, seed } : null;
  fair.next = null;
  const players = seats.map((s) => ({ name: s.name }));
  r.state = r.game.setup(players, room.options, seed);
  room.status = 'playing';
  room.gameNo++;
  room.outcome = null;
  room.finishedAt = null;
  r.live.version = 0;
  r.mode.watchFrom(r, 0);
  r.live.turnKey = null;
  r.live.pause = null;
  for (const s of seats) {
    s.timeouts = 0;
    s.wantsBack = false;
    if (s.kind === 'human' && s.disconnectedAt === null) s.botPlaying = false;
  }
  r.out.writes.push({
    t: 'game',
    game: room.gameNo,
    seed,
    setup: JSON.stringify({ players, options: room.options }),
    fair: JSON.stringify(fair.current),
    outcome: null,
  });
  r.out.writes.push({ t: 'snapshot', game: room.gameNo, version: 0, state: JSON.stringify(r.state) });
  r.changed('room', 'urgent');
  refreshTurn(r, true);
  r.events.push({ type: 'start', game: room.gameNo });
  r.changed('state');
}

export function onMove(r: RoomContext, c: Conn, version: number, rawMove: unknown): void {
  const room = r.room;
  if (c.seat === null) return r.error(c, { code: 'not_seated' });
  if (room.status !== 'playing') return r.error(c, { code: 'not_playing', status: room.status === 'lobby' ? 'lobby' : 'finished' });
  // Stale: this seat was sent a newer table than the one the move was made on (or the version is from nowhere).
  const seen = r.live.sent[viewKey(c.seat)] ?? r.live.version;
  if (version < seen || version > r.live.version) {
    r.error(c, { code: 'stale_move' });
    return sendFull(r, c);
  }
  const parsed = v.safeParse(r.game.moveSchema, rawMove);
  if (!parsed.success) return r.error(c, { code: 'bad_move', field: issuePath(parsed.issues) });
  const seatRec = room.seats[c.seat]!;
  if (seatRec.botPlaying) {
    seatRec.timeouts = 0;
    if (!requestHandBack(r, c.seat)) return r.error(c, { code: 'handback_pending' });
  }
  // A person who moves is done reading whatever the table paused for.
  doneReading(r, c.seat, version);
  const result = applyMove(r, c.seat, parsed.output, 'player');
  // A move the game refused, with the game's own code and parameters.
  if (result !== true) r.frame(c.id, { ...result, t: 'error', source: 'game' });
}

/** The person closed what the table paused for (the game's `readingPause`); spectators are not waited for. */
export function onRead(r: RoomContext, c: Conn, version: number): void {
  if (c.seat !== null && r.room.status === 'playing') doneReading(r, c.seat, version);
}

/** Apply one move for `seat` and record it; the update goes out when the input is finished. */
export function applyMove(r: RoomContext, seat: Seat, move: unknown, by: 'player' | 'bot' | 'timeout'): true | Refusal {
  const room = r.room;
  const game = r.game;
  const result = game.apply(r.state, seat, move);
  if (!result.ok) return result.error;
  const rec = room.seats[seat]!;
  if (by === 'player' && rec.timeouts !== 0) {
    rec.timeouts = 0;
    r.changed('room');
  }
  const before = r.state;
  r.state = result.state;
  r.live.version++;
  r.mode.moved(r, before, r.live.version);
  r.changed('live');
  r.changed('state');
  r.movers.add(seat);
  const events: LogEntry[] = result.events.map((e: GameEvent) => ({ ...e }));
  if (by === 'timeout') events.unshift({ type: 'timeout', seat });
  const outcome = game.outcome(r.state);
  if (outcome) {
    room.status = 'finished';
    room.outcome = outcome;
    room.finishedAt = r.now;
    room.gamesPlayed++;
    const teams = game.teams?.(room.seats.length);
    room.totals = room.totals.map((t, i) => t + (outcome.scores[teams ? teams.indexOf(i) : i] ?? 0));
    r.live.turn = null;
    r.live.botDue = null;
    r.live.pause = null;
    events.push({ type: 'end', winners: outcome.winners, scores: outcome.scores });
    reveal(r, outcome);
    r.mode.ended(r);
    r.changed('room', 'urgent');
  } else {
    handBackWhereAllowed(r);
    startPause(r, result.events);
    refreshTurn(r, false);
  }
  r.out.writes.push({ t: 'move', game: room.gameNo, version: r.live.version, seat, move: JSON.stringify(move), events: JSON.stringify(events), at: r.now });
  if (outcome || r.live.version % SNAPSHOT_EVERY === 0) {
    r.out.writes.push({ t: 'snapshot', game: room.gameNo, version: r.live.version, state: JSON.stringify(r.state) });
  }
  r.events.push(...events);
  return true;
}

function handBackWhereAllowed(r: RoomContext): void {
  const game = r.game;
  r.room.seats.forEach((rec, seat) => {
    if (rec?.wantsBack && rec.botPlaying && (!game.canHandBack || game.canHandBack(r.state, seat))) {
      rec.botPlaying = false;
      rec.wantsBack = false;
      rec.timeouts = 0;
      r.changed('room', 'urgent');
    }
  });
}

/** Seats disconnected too long: a bot plays them from now on. */
export function takeOver(r: RoomContext, seats: readonly number[]): void {
  if (seats.length === 0) return;
  for (const seat of seats) {
    r.mode.seatToBot(r, seat);
    r.room.seats[seat]!.botPlaying = true;
  }
  r.changed('room', 'urgent');
  refreshTurn(r, false);
}

/** The turn clock ran out: each seat it waited for plays its timeout move(s); two in a row and a bot takes over. */
export function playTimeouts(r: RoomContext): void {
  const room = r.room;
  const game = r.game;
  const seats = r.live.turn?.seats ?? [];
  r.live.turn = null;
  for (const seat of seats) {
    if (room.status !== 'playing' || isBotControlled(r, seat)) continue;
    const rec = room.seats[seat]!;
    const turn = r.live.turnKey;
    // A turn of several moves (draw, meld, discard) is played out to its end, and counts as one timeout.
    let applied = 0;
    for (let guard = 0; guard < 16; guard++) {
      const move = game.timeoutMove(r.state, seat);
      if (move === null || applyMove(r, seat, move, applied === 0 ? 'timeout' : 'bot') !== true) break;
      applied++;
      if (room.status !== 'playing' || r.live.turnKey !== turn || !game.activeSeats(r.state).includes(seat)) break;
    }
    if (applied === 0) continue;
    rec.timeouts++;
    // The only person at a table of bots is never marked away: a bot taking over would play
    // their game for them. Their clock (a choice they made) keeps playing timeout moves.
    if (rec.timeouts >= AWAY_AFTER_TIMEOUTS && !onlyPerson(r, seat)) {
      if (room.status === 'playing') r.mode.seatToBot(r, seat);
      rec.botPlaying = true;
      r.changed('room', 'urgent');
    } else r.changed('room');
  }
  if (room.status === 'playing') refreshTurn(r, !r.live.turn);
}

/** The bot due to move does. */
export function playBot(r: RoomContext): void {
  const room = r.room;
  const game = r.game;
  r.live.botDue = null;
  const seat = game.activeSeats(r.state).find((s: number) => isBotControlled(r, s));
  if (seat === undefined) return refreshTurn(r, false);
  // A scripted deal's bots choose the same way every time: the tutorial plays as its seed was chosen for.
  const salt = room.deal === undefined ? `${room.code}:${room.gameNo}:${r.live.version}:${r.ports.random()}` : `${room.deal}:${r.live.version}`;
  const move = game.botMove(r.state, seat, new Rng(salt), botLevelOf(room.seats[seat] ?? null));
  const result = applyMove(r, seat, move, 'bot');
  if (result !== true) {
    // A bot must never stall the table: fall back to its timeout move.
    const fallback = game.timeoutMove(r.state, seat);
    if (fallback === null || applyMove(r, seat, fallback, 'bot') !== true) refreshTurn(r, true);
  }
}
