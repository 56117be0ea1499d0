/**
 * Fair deals: the room commits to each game's secret before anyone can send a nonce for it,
 * derives the seed from the secret and the seated people's nonces, and reveals it all when
 * the game is over (`shared/fair`). Also the replay of a finished game.
 */
import { newCommitment, type Reveal } from '../fair';
import { REPLAY_FORMAT, REPLAY_VERSION, type ReplayRecord } from '../fair/replay';
import type { RoomInfo, RoomRefusal } from '../protocol';
import type { Conn, RoomContext } from './context';
import type { FairRecord, RoomRecord, SeatRecord, StoreReads } from './types';

/** The room's commit–reveal record (rooms stored before fair deals get one on first use). */
export function fairOf(r: RoomContext): FairRecord {
  const room = r.room;
  if (!room.fair) {
    room.fair = { next: null, current: null };
    if (room.status !== 'playing') commitNext(r);
  }
  return room.fair;
}

/** Draw the next game's secret and publish its commitment: before anyone can send a nonce for it. */
export function commitNext(r: RoomContext): void {
  const { salt, secret, hash } = newCommitment((n) => r.ports.randomBytes(n));
  fairOf(r).next = { game: r.room.gameNo + 1, salt, secret, hash, nonces: {} };
  r.changed('room');
}

export function publicCommitment(r: RoomContext): RoomInfo['commitment'] {
  const fair = r.room.fair;
  if (!fair) return null;
  if (r.room.status === 'playing') return fair.current ? { game: fair.current.game, hash: fair.current.commitment } : null;
  return fair.next ? { game: fair.next.game, hash: fair.next.hash } : null;
}

/** A seated person's contribution to the next deal. Spectators, bots and late nonces change nothing. */
export function onNonce(r: RoomContext, c: Conn, game: number, nonce: string): void {
  const room = r.room;
  if (c.seat === null || room.seats[c.seat]?.kind !== 'human') return r.error(c, { code: 'not_seated' });
  const next = room.status === 'playing' ? null : fairOf(r).next;
  if (!next || next.game !== game) {
    return r.error(c, { code: 'nonce_late' });
  }
  if (next.nonces[String(c.seat)] === nonce) return;
  next.nonces[String(c.seat)] = nonce;
  r.changed('room');
}

export function dropNonce(r: RoomContext, seat: number): void {
  const next = r.room.fair?.next;
  if (next && next.nonces[String(seat)] !== undefined) {
    delete next.nonces[String(seat)];
    r.changed('room');
  }
}

/** The game is over: its reveal goes to every socket, its row gets the outcome, and the next game is committed to. */
export function reveal(r: RoomContext, outcome: RoomInfo['outcome']): void {
  const room = r.room;
  const dealt = fairOf(r).current;
  if (dealt) {
    r.reveal = dealt;
    const players = (room.seats as SeatRecord[]).map((s) => ({ name: s.name }));
    r.out.writes.push({
      t: 'game',
      game: room.gameNo,
      seed: dealt.seed,
      setup: JSON.stringify({ players, options: room.options }),
      fair: JSON.stringify(dealt),
      outcome: JSON.stringify(outcome),
    });
  }
  commitNext(r);
}

/** A refused replay keeps an English `message` for HTTP callers (the replay page words the code). */
export type ReplayResult =
  | { ok: true; record: ReplayRecord }
  | ({ ok: false; message: string } & Extract<RoomRefusal, { code: 'no_replay' }>)
  | { ok: false; code: 'unknown_room'; message: string };

/**
 * The replay of a finished game: its setup, seed, reveal and whole move log. Refused while
 * that game is being played (its moves name cards that are still hidden).
 */
export function replay(room: Readonly<RoomRecord>, gameLog: StoreReads['gameLog'], gameNo: number): ReplayResult {
  if (!Number.isInteger(gameNo) || gameNo < 1 || gameNo > room.gameNo)
    return { ok: false, code: 'no_replay', game: gameNo, why: 'none', message: `This room has no game ${gameNo}.` };
  if (gameNo === room.gameNo && room.status !== 'finished')
    return { ok: false, code: 'no_replay', game: gameNo, why: 'playing', message: `Game ${gameNo} is still being played; its replay opens when it is over.` };
  const log = gameLog(gameNo);
  if (!log) return { ok: false, code: 'no_replay', game: gameNo, why: 'gone', message: `Game ${gameNo} of this room is no longer stored.` };
  const setup = JSON.parse(log.setup) as { players: { name: string }[]; options: Record<string, unknown> };
  return {
    ok: true,
    record: {
      format: REPLAY_FORMAT,
      version: REPLAY_VERSION,
      game: room.game,
      room: room.code,
      gameNo,
      players: setup.players,
      options: setup.options,
      seed: log.seed,
      reveal: log.fair ? (JSON.parse(log.fair) as Reveal) : null,
      moves: log.moves.map((m) => ({ seat: m.seat, move: JSON.parse(m.move) as unknown })),
      outcome: log.outcome ? (JSON.parse(log.outcome) as ReplayRecord['outcome']) : null,
    },
  };
}
