/**
 * Sorts card ids by a numeric key (computed once per card), then by id so that copies of a
 * card sit side by side in a stable order. Each game's table supplies its own key.
 */
export function sortByKey(cards: readonly string[], key: (id: string) => readonly number[]): string[] {
  const keys = new Map(cards.map((id) => [id, key(id)]));
  return [...cards].sort((a, b) => {
    const ka = keys.get(a)!;
    const kb = keys.get(b)!;
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return a < b ? -1 : a > b ? 1 : 0;
  });
}
