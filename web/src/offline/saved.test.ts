import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listSavedGames, loadSavedGame, newGameLike, newSavedGame, saveRoomData } from './saved';
import type { SavedRoomData } from './local-room';

beforeEach(() => {
  const data = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('saved offline games', () => {
  it("a finished game's New game is a fresh game with the same settings and people, listed beside it", () => {
    const old = newSavedGame({ game: 'eights', options: { target: 100 }, clock: null, pace: 'quick', name: 'Ana', people: ['Ana', 'Ben'], players: 4 });
    expect(saveRoomData(old.id, { status: 'finished' } as SavedRoomData)).toBe(true);
    expect(listSavedGames().find((g) => g.id === old.id)?.status).toBe('finished');
    const fresh = newGameLike(old.id)!;
    expect(fresh.id).not.toBe(old.id);
    expect(fresh).toMatchObject({
      game: 'eights',
      options: { target: 100 },
      clock: null,
      pace: 'quick',
      name: 'Ana',
      people: ['Ana', 'Ben'],
      players: 4,
      status: 'new',
      data: null,
    });
    expect(loadSavedGame(old.id)?.status).toBe('finished');
    expect(listSavedGames().map((g) => g.id)).toContain(fresh.id);
    expect(newGameLike('0000000000000000')).toBeNull();
  });
});
