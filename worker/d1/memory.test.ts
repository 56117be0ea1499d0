import { describe, expect, it } from 'vitest';
import type { RankedResult } from '../../shared/ranked/result';
import { BadRankedResult } from '../../shared/ranked/result';
import { MemoryRankedResults } from './memory';

const result = (room: string, players: string[], left: boolean[] = []): RankedResult => ({
  room,
  gameNo: 1,
  game: 'eights',
  tier: 'rapid',
  endedAt: 1,
  teams: null,
  seats: players.map((player, i) => ({ player, botPlayedAtEnd: left[i] ?? false })),
  outcome: { winners: [0], scores: players.map((_, i) => (i === 0 ? 10 : 0)) },
});

describe('the memory results writer', () => {
  it('writes a game once: a retry returns the stored changes and rates nobody again', async () => {
    const w = new MemoryRankedResults();
    const first = await w.record(result('memroom00001', ['a', 'b']));
    const again = await w.record(result('memroom00001', ['a', 'b']));
    expect(again).toEqual(first);
    expect(w.ratings.get('a:eights')!.games).toBe(1);
    // The next game rates from the stored ratings.
    const next = await w.record(result('memroom00002', ['a', 'b']));
    expect(next.changes[0]!.games).toBe(2);
  });

  it("rates a leaver's bot win as a loss for the leaver and a win for the one who stayed", async () => {
    const { changes } = await new MemoryRankedResults().record(result('memroom00003', ['a', 'b'], [true, false]));
    expect(changes[0]).toMatchObject({ penalized: true });
    expect(changes[0]!.change).toBeLessThan(0);
    expect(changes[1]!.change).toBeGreaterThan(0);
  });

  it('refuses a bad result and writes nothing', async () => {
    const w = new MemoryRankedResults();
    await expect(w.record(result('memroom00004', ['a', 'a']))).rejects.toThrow(BadRankedResult);
    expect(w.games.size).toBe(0);
  });
});
