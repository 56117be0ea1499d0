/**
 * Starting and playing: seating people in play order (teams as the lobby showed them),
 * dealing a game from its fair seed, and applying moves with what they write and announce.
 */
import * as v from 'valibot';
import type { GameEvent, Refusal, Seat } from '../engine/types';
import { deriveSeed } from '../fair';
import { issuePath, type LogEntry, type RoomRefusal } from '../protocol';
import { doneReading, refreshTurn, startPause } from './clock';
import { type Conn, type RoomContext, viewKey } from './context';
import { commitNext, fairOf, reveal } from './fair-deal';
import { sendFull } from './outbox';
import { lagMove, lagStart, rankedEnded, refuseHostAction } from './ranked';
import { requestHandBack } from './seats';
import { SNAPSHOT_EVERY, type SeatRecord } from './types';

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
  if (r.room.ranked) return refuseHostAction(r, c);
  if (r.room.status !== 'finished') return r.error(c, { code: 'not_finished' });
  startGame(r);
}

export function startGame(r: RoomContext): void {
  const room = r.room;
  // A ranked room starts by itself, on seats the queue laid out by team already.
  if (room.ranked && room.gameNo === 0) {
    const teams = r.game.teams?.(room.seats.length);
    room.totals = new Array(teams ? Math.max(...teams) + 1 : room.seats.length).fill(0);
  }
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
  lagStart(r);
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
  lagMove(r, before, r.live.version);
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
    rankedEnded(r);
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
