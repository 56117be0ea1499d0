/**
 * Places at the end of a game (1 = first, equal places tie) from a sort key per seat: keys are
 * compared element by element, lower first. Competition ranking: a seat's place is one more than
 * the number of seats strictly ahead of it. Games build their `ranking` with it.
 */
export function placesBy(keys: readonly (readonly number[])[]): number[] {
  const cmp = (a: readonly number[], b: readonly number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = (a[i] ?? 0) - (b[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  };
  return keys.map((k) => 1 + keys.filter((o) => cmp(o, k) < 0).length);
}
