import * as v from 'valibot';
import { STORAGE_KEYS, type KeyValueStorage } from './storage';

export const LEADERBOARD_SIZE = 5;

const entrySchema = v.object({
  name: v.string(),
  score: v.pipe(v.number(), v.integer(), v.minValue(0)),
  ts: v.number(),
});
export type LeaderboardEntry = v.InferOutput<typeof entrySchema>;

/** Best first: higher score, then the earlier game on equal scores; only the top five. */
export function rankEntries(entries: readonly LeaderboardEntry[]): LeaderboardEntry[] {
  return [...entries].sort((a, b) => b.score - a.score || a.ts - b.ts).slice(0, LEADERBOARD_SIZE);
}

/** Reads the board, skipping anything malformed (an old version or a hand-edited value). */
export function loadLeaderboard(storage: KeyValueStorage): LeaderboardEntry[] {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(STORAGE_KEYS.leaderboard) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  return rankEntries(stored.filter((item): item is LeaderboardEntry => v.is(entrySchema, item)));
}

/** Adds a finished game; returns the new board and the entry's 1-based rank, or null if it did not place. */
export function recordScore(storage: KeyValueStorage, entry: LeaderboardEntry): { board: LeaderboardEntry[]; rank: number | null } {
  const board = rankEntries([...loadLeaderboard(storage), entry]);
  storage.setItem(STORAGE_KEYS.leaderboard, JSON.stringify(board));
  const index = board.indexOf(entry);
  return { board, rank: index >= 0 ? index + 1 : null };
}

export function clearLeaderboard(storage: KeyValueStorage): LeaderboardEntry[] {
  storage.removeItem(STORAGE_KEYS.leaderboard);
  return [];
}
