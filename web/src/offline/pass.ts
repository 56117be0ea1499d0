/**
 * Pass-and-play: several people at one device, each with a seat. Who should be holding the
 * device after each change, worked out from the seats the game waits for; no DOM, no room.
 */

/**
 * - `keep`: the person shown goes on (their turn, or bots are moving).
 * - `pass`: hide every hand; the device goes to person `to` (a pass screen they tap through).
 * - `show`: show person `to` at once (nothing to hide: the game is not under way).
 */
export type Handover = { t: 'keep' } | { t: 'pass'; to: number } | { t: 'show'; to: number };

export interface Table {
  /** Each person's seat, in the order they were named (null until seated). */
  seats: readonly (number | null)[];
  /** The person whose view is on screen, null behind a pass screen. */
  shown: number | null;
  /** The person a pass screen on show is for. */
  waiting: number | null;
  /** A game is under way. */
  playing: boolean;
  /** The seats the game waits for. */
  active: readonly number[];
}

/** The first person seated after `seat` going round the table (seat itself last). */
function personAfter(seats: readonly (number | null)[], seat: number, among: (s: number) => boolean): number | null {
  const size = Math.max(seat, ...seats.map((s) => s ?? 0)) + 1;
  let best: number | null = null;
  let bestGap = Infinity;
  seats.forEach((s, person) => {
    if (s === null || !among(s)) return;
    const gap = (s - seat - 1 + size * 2) % size;
    if (gap < bestGap) {
      bestGap = gap;
      best = person;
    }
  });
  return best;
}

export function handover({ seats, shown, waiting, playing, active }: Table): Handover {
  if (!playing) return shown === null ? { t: 'show', to: 0 } : { t: 'keep' };
  const shownSeat = shown === null ? null : seats[shown];
  if (shownSeat !== null && shownSeat !== undefined && active.includes(shownSeat)) return { t: 'keep' };
  // A person to move: the next one round the table from whoever was shown.
  const from = shownSeat ?? (active.length ? Math.min(...active) - 1 : -1);
  const next = personAfter(seats, from, (s) => active.includes(s));
  if (next !== null) return { t: 'pass', to: next };
  // Only bots to move: whoever has the device keeps it; else the next person to play gets it.
  if (shown !== null || waiting !== null) return { t: 'keep' };
  const after = personAfter(seats, active.length ? Math.min(...active) : -1, () => true);
  return { t: 'pass', to: after ?? 0 };
}

/**
 * The seats of the people sharing a device at a team game (`teams`: each seat's team): as
 * partners, the first team's seats first; as opponents, the teams in turn (the room's seat
 * order, which alternates teams in every team game). Seat i goes to person i.
 */
export function passSeats(teams: readonly number[], people: number, partners: boolean): number[] {
  const order = teams.map((team, seat) => ({ team, seat }));
  if (partners) order.sort((a, b) => a.team - b.team || a.seat - b.seat);
  return order.slice(0, people).map((s) => s.seat);
}
