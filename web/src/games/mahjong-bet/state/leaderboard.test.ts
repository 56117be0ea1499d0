import { describe, expect, it } from 'vitest';
import { clearLeaderboard, loadLeaderboard, rankEntries, recordScore } from './leaderboard';
import { STORAGE_KEYS, memoryStorage } from './storage';

describe('mahjong leaderboard', () => {
  it('is sorted by score, highest first, the earliest game first on equal scores', () => {
    const board = rankEntries([
      { name: 'late', score: 7, ts: 30 },
      { name: 'low', score: 2, ts: 1 },
      { name: 'early', score: 7, ts: 10 },
      { name: 'top', score: 9, ts: 50 },
    ]);
    expect(board.map((entry) => entry.name)).toEqual(['top', 'early', 'late', 'low']);
  });

  it('keeps only the top 5 and tells the rank of a new score', () => {
    const storage = memoryStorage();
    for (let score = 1; score <= 5; score++) recordScore(storage, { name: `p${score}`, score: score * 10, ts: score });
    const low = recordScore(storage, { name: 'low', score: 5, ts: 99 });
    expect(low.rank).toBeNull();
    expect(low.board).toHaveLength(5);
    const high = recordScore(storage, { name: 'best', score: 45, ts: 100 });
    expect(high.rank).toBe(2);
    expect(loadLeaderboard(storage).map((entry) => entry.name)).toEqual(['p5', 'best', 'p4', 'p3', 'p2']);
  });

  it('stores entries as { name, score, ts } in localStorage', () => {
    const storage = memoryStorage();
    recordScore(storage, { name: 'Ana', score: 12, ts: 1700 });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.leaderboard)!)).toEqual([{ name: 'Ana', score: 12, ts: 1700 }]);
  });

  it('clearing wipes the stored leaderboard', () => {
    const storage = memoryStorage();
    recordScore(storage, { name: 'Ana', score: 12, ts: 1700 });
    expect(clearLeaderboard(storage)).toEqual([]);
    expect(storage.getItem(STORAGE_KEYS.leaderboard)).toBeNull();
    expect(loadLeaderboard(storage)).toEqual([]);
  });

  it('ignores malformed stored data', () => {
    expect(loadLeaderboard(memoryStorage({ [STORAGE_KEYS.leaderboard]: '{nope' }))).toEqual([]);
    expect(loadLeaderboard(memoryStorage({ [STORAGE_KEYS.leaderboard]: '{"a":1}' }))).toEqual([]);
    const mixed = JSON.stringify([{ name: 'ok', score: 3, ts: 1 }, { name: 'bad', score: -1, ts: 2 }, 'junk']);
    expect(loadLeaderboard(memoryStorage({ [STORAGE_KEYS.leaderboard]: mixed }))).toEqual([{ name: 'ok', score: 3, ts: 1 }]);
  });
});
