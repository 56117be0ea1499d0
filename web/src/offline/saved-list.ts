/**
 * Whether this browser has saved offline games, for the home page's first screen: only the index's
 * key, so the first screen's script does not carry the saved games' code (saved.ts), which loads
 * with the list itself.
 */
export const INDEX_KEY = 'cardroom:offline';

export function hasSavedGames(): boolean {
  try {
    return (JSON.parse(localStorage.getItem(INDEX_KEY) ?? '[]') as unknown[]).length > 0;
  } catch {
    return false;
  }
}
