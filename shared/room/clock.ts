/**
 * The clock, deadlines and bots: who the turn clock waits for, paced bot moves, timeouts and
 * "away", takeover of seats disconnected too long, and the room's next deadline.
 */
import { Rng } from '../cards/rng';
import type { RoomContext } from './context';
import { applyMove } from './play';
import { noteBotPlayed } from './ranked';
import { AWAY_AFTER_TIMEOUTS, BOT_DELAY_MS, FINISHED_EXPIRY_MS, IDLE_EXPIRY_MS, SILENCE_MS, TAKEOVER_MS } from './types';

/** When the room is deleted if nothing happens before. */
export function expiry(r: RoomContext): number {
  const room = r.room;
  return room.status === 'finished' && room.finishedAt
    ? Math.max(room.finishedAt, r.live.lastActivity) + FINISHED_EXPIRY_MS
    : r.live.lastActivity + IDLE_EXPIRY_MS;
}

/** The earliest time something is due; the host keeps one alarm no later than this. */
export function nextDeadline(r: RoomContext): number {
  const room = r.room;
  let at = expiry(r);
  const consider = (t: number | null) => {
    if (t !== null && t < at) at = t;
  };
  if (room.status === 'playing') {
    consider(r.live.turn?.deadline ?? null);
    consider(r.live.botDue);
    consider(r.live.pause?.until ?? null);
    for (const s of room.seats) if (s && s.kind === 'human' && !s.botPlaying && s.disconnectedAt !== null) consider(s.disconnectedAt + TAKEOVER_MS);
  }
  if (room.status === 'lobby' && room.ranked) consider(room.ranked.startBy);
  for (const c of r.conns.values()) if (c.pings) consider(c.heardAt + SILENCE_MS);
  consider(r.info.flushAt);
  return at;
}

/** What is due by `now` in a game being played: takeovers, then timeouts, then a bot's move. */
export function runDue(r: RoomContext): void {
  const room = r.room;
  const now = r.now;
  const dueTurn = r.live.turn && now >= r.live.turn.deadline ? r.live.turn : null;
  const dueBot = r.live.botDue !== null && now >= r.live.botDue ? r.live.botDue : null;
  if (r.live.pause && now >= r.live.pause.until) endPause(r);
  let takenOver = false;
  for (const rec of room.seats) {
    if (rec && rec.kind === 'human' && !rec.botPlaying && rec.disconnectedAt !== null && now >= rec.disconnectedAt + TAKEOVER_MS) {
      noteBotPlayed(r, room.seats.indexOf(rec));
      rec.botPlaying = true;
      takenOver = true;
    }
  }
  if (takenOver) {
    r.changed('room', 'urgent');
    refreshTurn(r, false);
  }
  if (dueTurn && r.live.turn === dueTurn) runTimeouts(r);
  if (room.status === 'playing' && dueBot !== null && r.live.botDue === dueBot) runBotMove(r);
}

export function isBotControlled(r: RoomContext, seat: number): boolean {
  const rec = r.room.seats[seat];
  return !rec || rec.kind === 'bot' || rec.botPlaying;
}

/** Who the clock waits for after a change; a new turn restarts the clock, a bot to move gets a paced move. */
export function refreshTurn(r: RoomContext, force: boolean): void {
  const room = r.room;
  const live = r.live;
  r.changed('live');
  if (room.status !== 'playing') {
    live.turn = null;
    live.botDue = null;
    return;
  }
  if (live.pause) {
    // A reading pause holds the clock and the bots; its end starts the turn afresh.
    live.turn = null;
    live.botDue = null;
    live.turnKey = null;
    return;
  }
  const game = r.game;
  const active = game.activeSeats(r.state);
  const key = `${active.join(',')}|${game.turnKey ? game.turnKey(r.state) : live.version}`;
  const humans = active.filter((s: number) => !isBotControlled(r, s));
  const bots = active.filter((s: number) => isBotControlled(r, s));
  const pace = BOT_DELAY_MS[room.pace];
  live.botDue =
    bots.length > 0 ? (live.botDue && !force && key === live.turnKey ? live.botDue : r.now + pace.base + Math.floor(r.ports.random() * pace.jitter)) : null;
  if (humans.length === 0) {
    live.turn = null;
  } else if (force || key !== live.turnKey || !live.turn) {
    const seconds = game.turnSeconds ? game.turnSeconds(r.state, room.clock) : room.clock;
    live.turn = seconds === null ? null : { deadline: r.now + seconds * 1000, seats: humans, seconds };
  } else if (live.turn.seats.join() !== humans.join()) {
    live.turn = { ...live.turn, seats: humans };
  }
  live.turnKey = key;
}

function runTimeouts(r: RoomContext): void {
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
      if (room.status === 'playing') noteBotPlayed(r, seat);
      rec.botPlaying = true;
      r.changed('room', 'urgent');
    } else r.changed('room');
  }
  if (room.status === 'playing') refreshTurn(r, !r.live.turn);
}

function runBotMove(r: RoomContext): void {
  const room = r.room;
  const game = r.game;
  r.live.botDue = null;
  const seat = game.activeSeats(r.state).find((s: number) => isBotControlled(r, s));
  if (seat === undefined) return refreshTurn(r, false);
  // A scripted deal's bots choose the same way every time: the tutorial plays as its seed was chosen for.
  const salt = room.deal === undefined ? `${room.code}:${room.gameNo}:${r.live.version}:${r.ports.random()}` : `${room.deal}:${r.live.version}`;
  const move = game.botMove(r.state, seat, new Rng(salt));
  const result = applyMove(r, seat, move, 'bot');
  if (result !== true) {
    // A bot must never stall the table: fall back to its timeout move.
    const fallback = game.timeoutMove(r.state, seat);
    if (fallback === null || applyMove(r, seat, fallback, 'bot') !== true) refreshTurn(r, true);
  }
}

/** Every other seat is a bot: `seat` is the only person at the table. */
export function onlyPerson(r: RoomContext, seat: number): boolean {
  return r.room.seats.every((s, i) => i === seat || !s || s.kind === 'bot');
}

/**
 * A move reported an event the game wants read (`Game.readingPause`) and the game goes on: the
 * next turn's clock and the bots wait for the people at the table, at most the game's seconds.
 */
export function startPause(r: RoomContext, events: readonly { type: string }[]): void {
  const wanted = r.game.readingPause;
  if (!wanted || r.room.status !== 'playing' || !events.some((e) => wanted.events.includes(e.type))) return;
  // Only people who can read it now: a seat played by a bot, or disconnected, would only make the table wait.
  const waiting = r.room.seats.flatMap((s, i) => (s && s.kind === 'human' && !s.botPlaying && s.disconnectedAt === null ? [i] : []));
  if (waiting.length === 0) return;
  r.live.pause = { until: r.now + wanted.seconds * 1000, version: r.live.version, waiting };
  r.changed('live');
}

/** A person read what the pause was for (or moved, which says as much); the last one ends it. */
export function doneReading(r: RoomContext, seat: number, version: number): void {
  const pause = r.live.pause;
  if (!pause || version < pause.version || !pause.waiting.includes(seat)) return;
  pause.waiting = pause.waiting.filter((s) => s !== seat);
  r.changed('live');
  if (pause.waiting.length === 0) endPause(r);
}

/** The turn starts now, with its full clock; every table is sent it even though nothing moved. */
function endPause(r: RoomContext): void {
  r.live.pause = null;
  refreshTurn(r, true);
  r.changed('state');
}
