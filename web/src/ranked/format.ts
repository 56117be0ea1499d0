/** Small wording helpers of the ranked screens, apart so they are tested without a page. */

/** A rating change as shown: "+14", "−3" (a real minus sign), "±0". */
export function signed(change: number): string {
  const n = Math.round(change);
  if (n === 0) return '±0';
  return n > 0 ? `+${n}` : `\u2212${-n}`;
}

/** A rating as shown: a whole number. */
export const rating = (r: number): string => String(Math.round(r));

/** Minutes and seconds, "1:05". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A rating history as one SVG polyline in a `width`×`height` box (with `pad` around): time
 * in the reading direction (left to right, or right to left for Arabic: `rtl`), rating bottom
 * to top. One point is drawn as a flat line across.
 */
export function chartPoints(
  history: readonly { at: number; rating: number }[],
  width: number,
  height: number,
  pad = 4,
  rtl = false,
): { points: string; min: number; max: number } {
  if (history.length === 0) return { points: '', min: 0, max: 0 };
  const ratings = history.map((h) => h.rating);
  const min = Math.min(...ratings);
  const max = Math.max(...ratings);
  const t0 = history[0]!.at;
  const t1 = history[history.length - 1]!.at;
  const ltr = (i: number, at: number) =>
    history.length === 1 ? [pad, width - pad][i]! : pad + (t1 === t0 ? i / (history.length - 1) : (at - t0) / (t1 - t0)) * (width - 2 * pad);
  const x = (i: number, at: number) => (rtl ? width - ltr(i, at) : ltr(i, at));
  const y = (r: number) => (max === min ? height / 2 : pad + ((max - r) / (max - min)) * (height - 2 * pad));
  const round = (n: number) => Math.round(n * 10) / 10;
  const pts =
    history.length === 1
      ? [0, 1].map((i) => `${round(x(i, t0))},${round(y(history[0]!.rating))}`)
      : history.map((h, i) => `${round(x(i, h.at))},${round(y(h.rating))}`);
  return { points: pts.join(' '), min, max };
}
