import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rankedFormat } from '../shared/games/catalog';
import type { QueueMessage } from '../shared/protocol/queue';
import { hashTicket } from '../shared/ranked/tickets';
import { MemoryRankedTables } from './d1/memory';
import { QUEUE_TICK_MS, QueueCore, type QueueSocket } from './queue-core';

/** A socket as the queue sees it: what it was sent, how it was closed, and a way to close it from the browser. */
class FakeSocket implements QueueSocket {
  readonly frames: QueueMessage[] = [];
  closed: number | null = null;
  private readonly listeners = new Set<() => void>();
  send(text: string) {
    this.frames.push(JSON.parse(text) as QueueMessage);
  }
  close(code?: number) {
    this.closed = code ?? 1000;
  }
  addEventListener(_: string, l: () => void) {
    this.listeners.add(l);
  }
  removeEventListener(_: string, l: () => void) {
    this.listeners.delete(l);
  }
  /** The browser closed the page. */
  leave() {
    for (const l of [...this.listeners]) l();
  }
  last() {
    return this.frames.at(-1);
  }
}

let codes = 0;
let clock = 1_000_000;
function queueOf(tables: MemoryRankedTables, tier = 'rapid', seats = 2) {
  const work: Promise<unknown>[] = [];
  const core = new QueueCore(rankedFormat('eights', tier, seats)!, {
    tables,
    roomCode: () => `room${String(++codes).padStart(8, '0')}`,
    randomBytes: (n) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + codes * 7) & 255),
    waitUntil: (p) => work.push(p),
    now: () => clock,
  });
  const join = (player: string, rating = 1000) => {
    const ws = new FakeSocket();
    core.join([{ ws, player, rating }]);
    return ws;
  };
  /** Every write the queue started (and those they started) has finished. */
  const settled = async () => {
    while (work.length > 0) await work.shift();
  };
  return { core, join, settled };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the ranked queue over the memory hand-off', () => {
  it('seats two players: one table written with a hash per ticket, each told their room and ticket, sockets closed', async () => {
    const tables = new MemoryRankedTables();
    const q = queueOf(tables);
    const a = q.join('a');
    expect(a.last()).toEqual({ t: 'waiting', waitedMs: 0, waiting: 1 });
    const b = q.join('b');
    await q.settled();
    const [ma, mb] = [a.last(), b.last()] as Extract<QueueMessage, { t: 'matched' }>[];
    expect(ma!.t).toBe('matched');
    expect(mb!.room).toBe(ma!.room);
    const table = (await tables.pending(ma!.room))!;
    expect(table).toMatchObject({ game: 'eights', tier: 'rapid', players: ['a', 'b'] });
    expect(table.ticketHashes).toEqual([hashTicket(ma!.ticket), hashTicket(mb!.ticket)]);
    expect([a.closed, b.closed]).toEqual([1000, 1000]);
    expect(await tables.activeRoom('a', clock)).toBe(ma!.room);
  });

  it('does not open a table with a player seated meanwhile by another queue: that player is told, the others wait again as they were', async () => {
    const tables = new MemoryRankedTables();
    const rapid = queueOf(tables, 'rapid');
    const blitz = queueOf(tables, 'blitz');
    const mRapid = rapid.join('m');
    const mBlitz = blitz.join('m');
    clock += 500;
    rapid.join('n');
    await rapid.settled();
    const room = (mRapid.last() as Extract<QueueMessage, { t: 'matched' }>).room;
    const o = blitz.join('o');
    await blitz.settled();
    expect(mBlitz.last()).toEqual({ t: 'error', code: 'in_ranked_game' });
    expect(mBlitz.closed).toBe(4000);
    expect(o.closed).toBeNull();
    expect(blitz.core.queue.entries().map((e) => [e.player, e.joinedAt])).toEqual([['o', clock]]);
    expect(tables.tables.size).toBe(1);
    expect(await tables.activeRoom('m', clock)).toBe(room);
    // O is told every second that it waits, and pairs with the next player.
    vi.advanceTimersByTime(QUEUE_TICK_MS);
    expect(o.last()).toMatchObject({ t: 'waiting', waiting: 1 });
    const p = blitz.join('p');
    await blitz.settled();
    expect(o.last()).toMatchObject({ t: 'matched' });
    expect(p.last()).toMatchObject({ t: 'matched' });
  });

  it('a player put back keeps their original join time (their window keeps its width)', async () => {
    const tables = new MemoryRankedTables();
    tables.active.set('busy', { room: 'elsewhere001', since: clock });
    const q = queueOf(tables);
    const start = clock;
    const a = q.join('a');
    clock += 3000;
    q.join('busy');
    await q.settled();
    expect(a.closed).toBeNull();
    expect(q.core.queue.entries()).toEqual([expect.objectContaining({ player: 'a', joinedAt: start })]);
  });

  it('a player who left while the write was out is not put back', async () => {
    const tables = new MemoryRankedTables();
    tables.active.set('busy', { room: 'elsewhere002', since: clock });
    const q = queueOf(tables);
    const a = q.join('a');
    q.join('busy');
    a.leave();
    await q.settled();
    expect(q.core.queue.size).toBe(0);
  });

  it('a failed write tells every seated player room_failed and closes them with 1011', async () => {
    const tables = new MemoryRankedTables();
    tables.failNext = true;
    const q = queueOf(tables);
    const a = q.join('a');
    const b = q.join('b');
    await q.settled();
    for (const ws of [a, b]) {
      expect(ws.last()).toEqual({ t: 'error', code: 'room_failed' });
      expect(ws.closed).toBe(1011);
    }
    expect(tables.tables.size).toBe(0);
  });

  it('a stale mark (a ranked room that never ended, a day old) does not hold a player back', async () => {
    const tables = new MemoryRankedTables();
    tables.active.set('a', { room: 'neverended01', since: clock - 25 * 60 * 60 * 1000 });
    const q = queueOf(tables);
    const a = q.join('a');
    q.join('b');
    await q.settled();
    expect(a.last()).toMatchObject({ t: 'matched' });
  });

  it('a second entry of the same player replaces the first', () => {
    const q = queueOf(new MemoryRankedTables());
    const first = q.join('a');
    const second = q.join('a');
    expect(first.last()).toEqual({ t: 'error', code: 'replaced' });
    expect(first.closed).toBe(4000);
    expect(second.last()).toEqual({ t: 'waiting', waitedMs: 0, waiting: 1 });
  });
});
