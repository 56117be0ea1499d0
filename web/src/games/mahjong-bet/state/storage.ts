/** The part of Web Storage the game uses; tests pass a Map-backed object instead of localStorage. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const STORAGE_KEYS = {
  leaderboard: 'cardroom:mahjong:leaderboard',
  lastName: 'cardroom:mahjong:last-name',
  /** The person's one name on the site (NAME_KEY in web/src/offline/saved.ts): read, never written here. */
  siteName: 'cardroom:name',
} as const;

/** In-memory storage: for tests, and the fallback when the browser refuses localStorage. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * localStorage when the browser allows it. Private modes and full quotas throw on access,
 * and losing a leaderboard write is better than breaking the game, so failures fall back.
 */
export function browserStorage(): KeyValueStorage {
  const fallback = memoryStorage();
  const guard = <T>(use: (store: Storage) => T, otherwise: () => T): T => {
    try {
      return use(globalThis.localStorage);
    } catch {
      return otherwise();
    }
  };
  return {
    getItem: (key) =>
      guard(
        (store) => store.getItem(key),
        () => fallback.getItem(key),
      ),
    setItem: (key, value) =>
      guard(
        (store) => store.setItem(key, value),
        () => fallback.setItem(key, value),
      ),
    removeItem: (key) =>
      guard(
        (store) => store.removeItem(key),
        () => fallback.removeItem(key),
      ),
  };
}
