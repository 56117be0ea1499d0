/**
 * What goes out: the room info, each view key's update (built now, or owed to the host's next
 * turn), full frames, the history, and the rows an input writes. One builder makes every
 * update, whether sent with its move or owed.
 */
import type { LogEntry, RoomInfo, ServerMessage } from '../protocol';
import { type Conn, type Owed, type RoomContext, SPECTATORS, viewKey } from './context';
import { publicCommitment } from './fair-deal';
import { diff } from './patch';
import { CHAT_TAIL, LOG_TAIL, ROOM_FLUSH_MS } from './types';

/** The start of an input: owed updates go out before anything it does, built on the state they were owed for. */
export function beginInput(r: RoomContext): void {
  payOwed(r);
  r.events = [];
  r.dirty.state = false;
  r.movers.clear();
}

/** Close the input: one update per view key, coalesced room info, and the rows to write. */
export function finishInput(r: RoomContext): void {
  const info = r.info;
  if (info.due !== 'quiet') {
    if (info.due === 'urgent' || r.now - info.lastSent >= ROOM_FLUSH_MS || (info.flushAt !== null && r.now >= info.flushAt)) broadcastRoom(r);
    else if (info.flushAt === null) info.flushAt = info.lastSent + ROOM_FLUSH_MS;
  }
  if (r.dirty.state) broadcastUpdate(r);
  if (r.reveal) broadcast(r, { t: 'reveal', reveal: r.reveal });
  if (r.dirty.room) r.out.writes.push({ t: 'room', value: JSON.stringify(r.room) });
  if (r.dirty.live) {
    // Ride on this input's last move row when there is one: one table page touched per move instead of two.
    const lastMove = [...r.out.writes].reverse().find((w) => w.t === 'move');
    if (lastMove && lastMove.t === 'move') lastMove.live = JSON.stringify(r.live);
    else r.out.writes.push({ t: 'live', value: JSON.stringify(r.live) });
  }
  r.dirty.room = r.dirty.live = r.dirty.state = false;
  r.events = [];
  r.reveal = null;
}

function broadcastRoom(r: RoomContext): void {
  r.info = { due: 'quiet', flushAt: null, lastSent: r.now };
  broadcast(r, { t: 'room', room: roomInfo(r) });
}

export function broadcast(r: RoomContext, msg: ServerMessage): void {
  const text = JSON.stringify(msg);
  for (const c of r.conns.values()) if (c.hello) r.out.frames.push([c.id, text]);
}

/**
 * After moves: each view key gets what changed for it. The mover's goes first, in this input;
 * with public events every key gets an update, so the others are owed (`Outbox.later`): their
 * bases are taken and `sent` moves on now (written with this input), and the host decides when
 * to build them (`flush`).
 */
function broadcastUpdate(r: RoomContext): void {
  const byKey = socketsByViewKey(r);
  const keys = [...byKey.keys()];
  const first = keys.findIndex((k) => k !== SPECTATORS && r.movers.has(Number(k)));
  if (first > 0) keys.unshift(...keys.splice(first, 1));
  const defer = first >= 0 && r.events.length > 0 && !r.reveal;
  const base = { version: r.live.version, events: r.events, now: r.now, clockText: JSON.stringify(r.live.turn) };
  const now: Owed = { ...base, keys: [], priors: [] };
  const later: Owed = { ...base, keys: [], priors: [] };
  for (const key of keys) {
    const batch = defer && key !== keys[0] ? later : now;
    batch.keys.push(key);
    batch.priors.push(r.live.sent[key]);
    r.live.sent[key] = base.version;
  }
  sendUpdates(r, now, byKey);
  if (later.keys.length > 0) {
    r.owed = later;
    r.out.later = true;
  }
  r.changed('live');
}

/** The updates owed from the last input, into this input's outbox ahead of its own frames. */
function payOwed(r: RoomContext): void {
  const owed = r.owed;
  if (!owed) return;
  r.owed = null;
  sendUpdates(r, owed, socketsByViewKey(r));
}

/** Each key's update, built on the version it was last sent (its prior); none when it has nothing to say, and then `sent` is put back. */
function sendUpdates(r: RoomContext, batch: Owed, byKey: Map<string, Conn[]>): void {
  const { version, events, now, clockText } = batch;
  for (let i = 0; i < batch.keys.length; i++) {
    const key = batch.keys[i]!;
    const conns = byKey.get(key);
    if (!conns) continue;
    const prior = batch.priors[i];
    const seat = key === SPECTATORS ? null : Number(key);
    const base = prior ?? 0;
    const view = r.game.view(seat === null ? r.mode.spectatorState(r) : r.state, seat);
    const before = r.lastViews.get(key);
    // `base` goes only when it is not the version just before (see updateBase): 13 bytes off most frames.
    const msg: Extract<ServerMessage, { t: 'update' }> = base === version - 1 ? { t: 'update', version, events } : { t: 'update', version, base, events };
    // Spectators kept behind (the mode's rule) are not told the moves they cannot see yet.
    if (seat === null && r.mode.spectatorVersion(r) < version) msg.events = [];
    if (before === undefined) msg.view = view;
    else {
      const patch = diff(before, view);
      if (patch.length > 0) msg.patch = patch;
    }
    if (r.lastClocks.get(key) !== clockText) {
      msg.clock = r.live.turn;
      msg.now = now;
      r.lastClocks.set(key, clockText);
    }
    const mover = seat !== null && r.movers.has(seat);
    if (!mover && msg.view === undefined && msg.patch === undefined && msg.clock === undefined && msg.events.length === 0) {
      if (prior === undefined) delete r.live.sent[key];
      else r.live.sent[key] = prior;
      continue;
    }
    r.lastViews.set(key, view);
    const text = JSON.stringify(msg);
    for (const c of conns) r.out.frames.push([c.id, text]);
  }
}

/** The sockets that said hello, by the view they are sent. */
function socketsByViewKey(r: RoomContext): Map<string, Conn[]> {
  const byKey = new Map<string, Conn[]>();
  for (const c of r.conns.values()) {
    if (!c.hello) continue;
    const key = viewKey(c.seat);
    const list = byKey.get(key);
    if (list) list.push(c);
    else byKey.set(key, [c]);
  }
  return byKey;
}

/** Everything one socket needs to draw the table; small and flat with game length. */
export function sendFull(r: RoomContext, c: Conn): void {
  const key = viewKey(c.seat);
  const view = r.state === null ? null : r.game.view(c.seat === null ? r.mode.spectatorState(r) : r.state, c.seat);
  // The first socket of a view key sets what later updates to that key are built on.
  if (![...r.conns.values()].some((o) => o !== c && o.hello && viewKey(o.seat) === key)) {
    r.lastViews.set(key, view);
    r.lastClocks.set(key, JSON.stringify(r.live.turn));
    if (r.live.sent[key] !== r.live.version) {
      r.live.sent[key] = r.live.version;
      r.changed('live');
    }
  }
  const full: Extract<ServerMessage, { t: 'full' }> = { t: 'full', now: r.now, room: roomInfo(r), version: r.live.version, view, clock: r.live.turn };
  const dealt = r.room.fair?.current;
  if (r.room.status === 'finished' && dealt) full.reveal = dealt;
  r.frame(c.id, full);
}

export function sendHistory(r: RoomContext, c: Conn): void {
  const rows = r.room.gameNo > 0 ? r.store.moveTail(r.room.gameNo, LOG_TAIL) : [];
  const log: LogEntry[] = [];
  const upTo = c.seat === null ? r.mode.spectatorVersion(r) : Infinity;
  for (const row of rows) if (row.version <= upTo) for (const e of JSON.parse(row.events) as LogEntry[]) log.push({ ...e, at: row.at });
  r.frame(c.id, { t: 'history', log: log.slice(-LOG_TAIL), chat: r.store.chatTail(CHAT_TAIL) });
}

export function roomInfo(r: RoomContext): RoomInfo {
  const room = r.room;
  const seated = new Set<number>();
  let spectators = 0;
  for (const c of r.conns.values()) {
    if (!c.hello) continue;
    if (c.seat === null) spectators++;
    else seated.add(c.seat);
  }
  return {
    code: room.code,
    game: room.game,
    status: room.status,
    options: room.options,
    clock: room.clock,
    pace: room.pace,
    public: room.public === true,
    seats: room.seats.map((s, i) =>
      s === null
        ? null
        : {
            name: s.name,
            kind: s.kind,
            connected: s.kind === 'bot' || seated.has(i),
            botPlaying: s.kind === 'bot' || s.botPlaying,
            ...(s.kind === 'bot' ? { level: s.level ?? 'normal' } : {}),
            ...(s.kind === 'human' && s.botPlaying && s.wantsBack && { returning: true }),
          },
    ),
    teams: r.game.teams?.(room.seats.length) ?? null,
    hostSeat: room.hostSeat,
    spectators,
    totals: room.totals,
    gamesPlayed: room.gamesPlayed,
    outcome: room.outcome,
    commitment: publicCommitment(r),
    ranked: r.mode.badge(r),
    language: room.language ?? 'en',
  };
}
