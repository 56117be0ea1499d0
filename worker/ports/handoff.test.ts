import { describe, expect, it, vi } from 'vitest';
import { rankedFormat } from '../../shared/games/catalog';
import { simpleMove } from '../../shared/games/eights/room-play';
import { gameById } from '../../shared/games/registry';
import type { QueueMessage } from '../../shared/protocol/queue';
import { MemoryRoomHost } from '../../shared/room/memory-host';
import { Client } from '../../shared/room/testkit';
import type { RatedFrame } from '../../shared/protocol';
import type { RankedResult } from '../../shared/ranked/result';
import type { Effect, Settled } from '../../shared/room/types';
import { MemoryRankedResults, MemoryRankedTables } from '../d1/memory';
import { rankedWrites, ResultsPort } from './results';
import { rankedRoomSettings } from './tables';
import { QueueCore, type QueueSocket } from '../queue-core';

/** The results port over the memory twins: the frame its acknowledgement carries. */
async function settleResult(ports: { results: MemoryRankedResults; tables: MemoryRankedTables }, result: RankedResult): Promise<RatedFrame> {
  const acks: Settled[] = [];
  const port = new ResultsPort(rankedWrites({ ...ports, escape: async () => {} }), (ack) => acks.push(ack));
  await port.handle([{ t: 'result', result } satisfies Effect]);
  const ack = acks.find((a) => a.t === 'result');
  if (!ack) throw new Error(`no result acknowledged (retry at ${port.retryAt})`);
  return ack.frame;
}

/** A queue socket that keeps only the last frame it was sent. */
const socket = () => {
  const s = { last: null as QueueMessage | null };
  const ws: QueueSocket = { send: (t) => (s.last = JSON.parse(t) as QueueMessage), close() {}, addEventListener() {}, removeEventListener() {} };
  return { s, ws };
};

describe('the ranked hand-off, queue to room to result, over the memory ports', () => {
  it('a formed table becomes its room, its game is rated once, and its players are free again', async () => {
    const tables = new MemoryRankedTables();
    const results = new MemoryRankedResults();
    const time = { now: 2_000_000 };
    let x = 3;
    const random = () => (x = (x * 9301 + 49297) % 233280) / 233280;
    const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
    const work: Promise<unknown>[] = [];
    const queue = new QueueCore(rankedFormat('eights', 'rapid', 2)!, {
      tables,
      roomCode: () => 'handoff00001',
      randomBytes,
      waitUntil: (p) => work.push(p),
      now: () => time.now,
    });
    const [a, b] = [socket(), socket()];
    queue.join([{ ws: a.ws, player: 'p-a', rating: 1000 }]);
    queue.join([{ ws: b.ws, player: 'p-b', rating: 1000 }]);
    await Promise.all(work);
    const [ma, mb] = [a.s.last, b.s.last] as Extract<QueueMessage, { t: 'matched' }>[];

    // The room is made from the formed table, as worker/room.ts makes it on its first arrival.
    const settings = rankedRoomSettings(ma!.room, (await tables.pending(ma!.room))!)!;
    expect(settings).toMatchObject({ code: 'handoff00001', game: 'eights', clock: 10, mode: 'ranked', ranked: { tier: 'rapid', players: ['p-a', 'p-b'] } });
    const host = new MemoryRoomHost({ now: () => time.now, random, randomBytes, games: gameById });
    host.create(settings);
    const seated = [
      ['p-a', ma!],
      ['p-b', mb!],
    ].map(([player, m]) => {
      const c = new Client(host, host.open(player as string));
      c.send({ t: 'hello' });
      c.send({ t: 'join', name: player, ticket: (m as { ticket: string }).ticket });
      return c;
    });
    expect(seated.map((c) => c.seat)).toEqual([0, 1]);
    expect(host.core.room!.status).toBe('playing');

    // B leaves; A plays on against B's bot to the end.
    seated[1]!.send({ t: 'leave' });
    for (let guard = 0; guard < 3000 && host.core.room!.status === 'playing'; guard++) {
      const c = seated[0]!;
      c.pull();
      if ((host.core.state as { turn: number }).turn === 0 && c.view) c.move(simpleMove(c.view as never));
      const end = time.now + 1500;
      while (host.armed !== null && host.armed <= end) {
        time.now = Math.max(time.now, host.armed);
        host.runDue();
      }
      time.now = end;
    }
    const owed = host.core.owed().flatMap((e) => (e.t === 'result' ? [e.result] : []))[0]!;
    expect(owed.seats).toEqual([
      { player: 'p-a', botPlayedAtEnd: false },
      { player: 'p-b', botPlayedAtEnd: true },
    ]);

    const frame = await settleResult({ results, tables }, owed);
    expect(frame.changes.map((c) => [c.player, c.penalized])).toEqual([
      ['p-a', false],
      ['p-b', true],
    ]);
    // Whoever won, the one who left lost and the one who stayed did not pay for it.
    expect(frame.changes[1]!.change).toBeLessThan(0);
    expect(frame.changes[0]!.change).toBeGreaterThan(0);
    expect(await tables.pending(ma!.room)).toBeNull();
    expect(await tables.activeRoom('p-a', time.now)).toBeNull();
    // A retry (a restarted room) writes nothing again.
    expect(await settleResult({ results, tables }, owed)).toEqual(frame);
    expect(results.ratings.get('p-a:eights')!.games).toBe(1);
    host.carryOut(host.core.settled({ t: 'result', frame }, time.now));
    expect(host.core.owed().filter((e) => e.t === 'result')).toEqual([]);
  });

  it('a table of a tier the catalog no longer has makes no room', () => {
    expect(rankedRoomSettings('handoff00002', { game: 'eights', tier: 'glacial', formedAt: 0, players: ['a', 'b'], ticketHashes: ['x', 'y'] })).toBeNull();
  });

  it('a result that can never be written is rated as no change, and its table still goes', async () => {
    const tables = new MemoryRankedTables();
    await tables.open('eights', 'rapid', [{ room: 'handoff00003', players: ['a', 'b'], ticketHashes: ['x', 'y'] }], 1);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = { room: 'handoff00003', gameNo: 1, game: 'eights', tier: 'rapid', endedAt: 2, teams: null, seats: [], outcome: { winners: [], scores: [] } };
    expect(await settleResult({ results: new MemoryRankedResults(), tables }, bad)).toEqual({ t: 'rated', game: 1, changes: [] });
    expect(await tables.activeRoom('a', 2)).toBeNull();
  });
});
