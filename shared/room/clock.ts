/**
 * The clock, deadlines and bots, as rules that decide and never act: who the turn clock waits
 * for and when a bot is due, reading pauses, what is due at a time (`dueNow`: the core acts on
 * it), and the room's next deadline.
 */
import type { RoomContext } from './context';
import type { BotLevel } from '../engine/types';
import type { TurnClock } from '../protocol';
import { BOT_DELAY_MS, FINISHED_EXPIRY_MS, IDLE_EXPIRY_MS, SILENCE_MS, TAKEOVER_MS, type SeatRecord } from './types';

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
  if (room.status === 'lobby') consider(r.mode.lobbyDeadline(r));
  for (const c of r.conns.values()) if (c.pings) consider(c.heardAt + SILENCE_MS);
  consider(r.info.flushAt);
  return at;
}

/** What is due by `now` in a game being played; the core acts on it (`play.ts` plays the moves). */
export interface Due {
  /** The reading pause is over. */
  pauseOver: boolean;
  /** People's seats disconnected long enough for a bot to take over. */
  takeovers: number[];
  /** The turn clock that ran out (acted on only while it is still the room's clock), and the bot move due. */
  turn: TurnClock;
  bot: number | null;
}

export function dueNow(r: RoomContext): Due {
  const now = r.now;
  const live = r.live;
  const takeovers = r.room.seats.flatMap((rec, seat) =>
    rec && rec.kind === 'human' && !rec.botPlaying && rec.disconnectedAt !== null && now >= rec.disconnectedAt + TAKEOVER_MS ? [seat] : [],
  );
  return {
    pauseOver: !!live.pause && now >= live.pause.until,
    takeovers,
    turn: live.turn && now >= live.turn.deadline ? live.turn : null,
    bot: live.botDue !== null && now >= live.botDue ? live.botDue : null,
  };
}

/** How hard the bot playing `rec` plays: a bot seat at its level (Normal in older rooms), a person's seat covered for at Strong. */
export function botLevelOf(rec: SeatRecord | null): BotLevel {
  if (rec && rec.kind === 'human') return 'strong';
  return rec?.level ?? 'normal';
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
export function endPause(r: RoomContext): void {
  r.live.pause = null;
  refreshTurn(r, true);
  r.changed('state');
}
