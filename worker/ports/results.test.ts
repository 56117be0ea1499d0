import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RankedResult } from '../../shared/ranked/result';
import type { RankedEscape } from '../../shared/room/ranked';
import type { Effect, Settled } from '../../shared/room/types';
import { BadRankedResult } from '../../shared/ranked/result';
import type { RankedChange } from '../d1/ports';
import { RANKED_RETRY_MS, ResultsPort, type ResultWrites } from './results';

const ROOM = 'rankedroomxy';
const result: RankedResult = {
  room: ROOM,
  gameNo: 1,
  game: 'eights',
  tier: 'rapid',
  endedAt: 1000,
  teams: null,
  seats: [
    { player: 'p-ana', botPlayedAtEnd: false },
    { player: 'p-bo', botPlayedAtEnd: true },
  ],
  outcome: { winners: [0], scores: [10, 0] } as RankedResult['outcome'],
};
const escape: RankedEscape = { player: 'p-bo', game: 1, at: 900 };
const change: RankedChange = { seat: 0, player: 'p-ana', rating: 1010, change: 10, games: 1, provisional: true, penalized: false };
const owed: Effect[] = [
  { t: 'escapes', room: ROOM, escapes: [escape] },
  { t: 'result', result },
];

/** D1 as the port sees it: rows kept in memory; `fail` makes the next writes throw. */
function fakeD1() {
  const rows = { escapes: [] as string[], results: new Set<string>(), released: [] as string[] };
  const fail = { next: 0, refuse: false };
  const writes: ResultWrites = {
    escape: async (room, e) => {
      if (fail.next > 0 && fail.next--) throw new Error('D1 unavailable');
      rows.escapes.push(`${room}:${e.player}:${e.game}`);
    },
    result: async (r) => {
      if (fail.refuse) throw new BadRankedResult('bad');
      if (fail.next > 0 && fail.next--) throw new Error('D1 unavailable');
      // Keyed by room and game, as the real write is: a second write changes nothing.
      rows.results.add(`${r.room}:${r.gameNo}`);
      return [change];
    },
    release: async (room) => void rows.released.push(room),
  };
  return { rows, fail, writes };
}

function setup() {
  const d1 = fakeD1();
  const acks: Settled[] = [];
  const time = { now: 50_000 };
  const port = new ResultsPort(
    d1.writes,
    (ack) => acks.push(ack),
    () => time.now,
  );
  return { ...d1, acks, time, port };
}

describe('the ranked results port', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes the escapes and the result, releases the players, and acknowledges each to the core', async () => {
    const { rows, acks, port } = setup();
    await port.handle(owed);
    expect(rows.escapes).toEqual([`${ROOM}:p-bo:1`]);
    expect([...rows.results]).toEqual([`${ROOM}:1`]);
    expect(rows.released).toEqual([ROOM]);
    expect(acks).toEqual([
      { t: 'escapes', written: [escape] },
      { t: 'result', frame: { t: 'rated', game: 1, changes: [change] } },
    ]);
    expect(port.retryAt).toBeNull();
  });

  it('has one writer at a time: what arrives while it writes is left to the next input, and nothing is written twice', async () => {
    const { rows, acks, port } = setup();
    const writing = port.handle(owed);
    expect(port.handle(owed)).toBeNull();
    await writing;
    expect(rows.escapes).toHaveLength(1);
    expect(acks).toHaveLength(2);
    expect(port.handle([])).toBeNull();
  });

  it('a D1 error acknowledges nothing and sets a retry that doubles; the retry writes it once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rows, fail, acks, time, port } = setup();
    fail.next = 2;
    await port.handle(owed);
    expect(acks).toEqual([]);
    expect(port.retryAt).toBe(time.now + RANKED_RETRY_MS);
    await port.handle(owed);
    expect(port.retryAt).toBe(time.now + 2 * RANKED_RETRY_MS);
    expect(acks).toEqual([]);
    // Nothing was acknowledged, so the core still owes both: the next try writes them (the result keyed, so once).
    fail.next = 0;
    await port.handle(owed);
    expect(port.retryAt).toBeNull();
    expect([...rows.results]).toEqual([`${ROOM}:1`]);
    expect(acks.map((a) => a.t)).toEqual(['escapes', 'result']);
  });

  it('a result D1 refuses as malformed is not retried: acknowledged with no changes, players released', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rows, fail, acks, port } = setup();
    fail.refuse = true;
    await port.handle([{ t: 'result', result }]);
    expect(acks).toEqual([{ t: 'result', frame: { t: 'rated', game: 1, changes: [] } }]);
    expect(rows.released).toEqual([ROOM]);
    expect(port.retryAt).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
  });
});
