/**
 * One ranked queue (one game, speed tier and seat count) as a pure data structure: time is
 * passed in (milliseconds), nothing is random, and the shell that owns it (a Durable Object)
 * decides when to call `form`.
 *
 * Windows. Each entry accepts tablemates within ±window of its own rating, and the window
 * widens with the time the entry has waited: base + perSecond · seconds, up to max. A table
 * is formed only when every member accepts every other member at that moment (for each member
 * m: |rating(m) − rating(x)| ≤ window(m) for every x at the table).
 *
 * Forming. Entries are taken as anchors in join order (longest wait first). For each anchor the
 * queue finds, among the entries still unplaced, the set of `seats` entries containing it that
 * everyone accepts and whose rating spread is smallest; among equally good members it prefers
 * the longest waiting. The search is exact, so after `form(now)` no acceptable table is left
 * unformed among the entries that remain (tested against brute force).
 *
 * Teams. In a team game the members are split into the configured teams so that the gap
 * between the highest and the lowest team mean rating is smallest (every split is tried: 3
 * for 2v2, 10 for 3v3), then seated on the seats of their team.
 */

export interface WindowRule {
  /** Half-width (rating points) accepted at once. */
  base: number;
  /** Points the half-width grows per second waited. */
  perSecond: number;
  /** Largest half-width. */
  max: number;
}

export const DEFAULT_WINDOW: WindowRule = { base: 100, perSecond: 50, max: 1000 };

export interface QueueConfig {
  seats: number;
  /** Team of each seat (the game's `teams(seats)`); absent for a free-for-all. */
  teams?: readonly number[];
  window?: WindowRule;
}

export interface QueueEntry {
  player: string;
  rating: number;
  /** Time of the (latest) join, ms. */
  joinedAt: number;
  /** Join order, unique within the queue: breaks rating ties and orders anchors. */
  seq: number;
}

export interface FormedTable {
  /** The player of each seat. */
  seats: QueueEntry[];
  /** Team of each seat, as configured; null in a free-for-all. */
  teams: readonly number[] | null;
  /** Mean rating of each team (index = team), null in a free-for-all. */
  teamMeans: number[] | null;
  /** Highest minus lowest team mean; 0 in a free-for-all. */
  gap: number;
  /** Highest minus lowest rating at the table. */
  spread: number;
}

export function windowAt(rule: WindowRule, entry: Pick<QueueEntry, 'joinedAt'>, now: number): number {
  const waited = Math.max(0, now - entry.joinedAt) / 1000;
  return Math.min(rule.max, rule.base + rule.perSecond * waited);
}

/** Whether every member accepts every other member at `now`. */
export function acceptable(rule: WindowRule, members: readonly QueueEntry[], now: number): boolean {
  let lo = Infinity;
  let hi = -Infinity;
  for (const m of members) {
    lo = Math.min(lo, m.rating);
    hi = Math.max(hi, m.rating);
  }
  return members.every((m) => {
    const w = windowAt(rule, m, now);
    return m.rating - lo <= w && hi - m.rating <= w;
  });
}

const bySortKey = (a: QueueEntry, b: QueueEntry) => a.rating - b.rating || a.seq - b.seq;

export class RankedQueue {
  readonly seats: number;
  readonly teams: readonly number[] | null;
  readonly rule: WindowRule;
  /** Waiting entries by player, in join order (a re-join moves to the end). */
  private byPlayer = new Map<string, QueueEntry>();
  /** The same entries sorted by (rating, seq). */
  private sorted: QueueEntry[] = [];
  private nextSeq = 0;

  constructor(config: QueueConfig, waiting: readonly QueueEntry[] = []) {
    if (!Number.isInteger(config.seats) || config.seats < 2) throw new RangeError('a table needs at least two seats');
    if (config.teams && config.teams.length !== config.seats) throw new RangeError(`teams has ${config.teams.length} entries for ${config.seats} seats`);
    if (config.teams && !config.teams.every((t, _, all) => Number.isInteger(t) && t >= 0 && all.includes(t === 0 ? 0 : t - 1)))
      throw new RangeError('teams must be numbered 0, 1, … with no gap');
    this.seats = config.seats;
    this.teams = config.teams ? [...config.teams] : null;
    this.rule = config.window ?? DEFAULT_WINDOW;
    // Restoring a stored queue: keep its entries, their join order and their seq numbers.
    for (const e of [...waiting].sort((a, b) => a.seq - b.seq)) this.insert({ ...e });
    this.nextSeq = waiting.reduce((n, e) => Math.max(n, e.seq + 1), 0);
  }

  get size(): number {
    return this.byPlayer.size;
  }

  has(player: string): boolean {
    return this.byPlayer.has(player);
  }

  /** The waiting entries in join order (for storage and for the waiting screen). */
  entries(): QueueEntry[] {
    return [...this.byPlayer.values()];
  }

  /** Adds a player. A second entry for the same player replaces the first, waiting time included. */
  join(player: string, rating: number, now: number): QueueEntry {
    if (!Number.isFinite(rating)) throw new RangeError('a rating must be a finite number');
    this.leave(player);
    const entry: QueueEntry = { player, rating, joinedAt: now, seq: this.nextSeq++ };
    this.insert(entry);
    return entry;
  }

  /**
   * Puts back an entry `form` seated whose table could not be opened: it waits again with its own
   * join time and order. Nothing happens when the player has joined again since.
   */
  restore(entry: QueueEntry): void {
    if (!this.byPlayer.has(entry.player)) this.insert({ ...entry });
  }

  /** Removes a player; false when they were not waiting. */
  leave(player: string): boolean {
    const entry = this.byPlayer.get(player);
    if (!entry) return false;
    this.byPlayer.delete(player);
    this.sorted.splice(this.indexOf(entry), 1);
    return true;
  }

  /** Forms every table it can at `now`, removing the seated players from the queue. */
  form(now: number): FormedTable[] {
    const tables: FormedTable[] = [];
    // A Map iterates in insertion order and skips entries deleted during the loop.
    for (const anchor of this.byPlayer.values()) {
      const members = this.tableFor(anchor, now);
      if (!members) continue;
      for (const m of members) this.leave(m.player);
      tables.push(this.seat(members));
    }
    return tables;
  }

  private insert(entry: QueueEntry) {
    this.byPlayer.set(entry.player, entry);
    this.sorted.splice(this.lowerBound(entry), 0, entry);
  }

  /** First index whose entry sorts at or after `entry`. */
  private lowerBound(entry: QueueEntry): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (bySortKey(this.sorted[mid]!, entry) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private indexOf(entry: QueueEntry): number {
    const i = this.lowerBound(entry);
    if (this.sorted[i] !== entry) throw new Error('queue index out of step');
    return i;
  }

  /**
   * The best table containing `anchor`, or null. A set S is acceptable exactly when every
   * member's window contains [min S, max S]; so for each candidate bound pair (L ≤ anchor ≤ R)
   * the members that fit are those with a rating in [L, R] whose window contains [L, R], and
   * any `seats` of them form an acceptable table. The pair with the smallest R − L that has
   * enough members wins.
   */
  private tableFor(anchor: QueueEntry, now: number): QueueEntry[] | null {
    const ra = anchor.rating;
    const wa = windowAt(this.rule, anchor, now);
    const at = this.indexOf(anchor);
    // Candidates: entries the anchor accepts and that accept the anchor, in rating order.
    const left: QueueEntry[] = [];
    for (let i = at - 1; i >= 0 && ra - this.sorted[i]!.rating <= wa; i--) {
      const c = this.sorted[i]!;
      if (ra - c.rating <= windowAt(this.rule, c, now)) left.push(c);
    }
    const right: QueueEntry[] = [];
    for (let i = at + 1; i < this.sorted.length && this.sorted[i]!.rating - ra <= wa; i++) {
      const c = this.sorted[i]!;
      if (c.rating - ra <= windowAt(this.rule, c, now)) right.push(c);
    }
    if (left.length + right.length < this.seats - 1) return null;
    const cand = [...left.reverse(), anchor, ...right];
    const low = cand.map((c) => c.rating - windowAt(this.rule, c, now));
    const high = cand.map((c) => c.rating + windowAt(this.rule, c, now));
    const p = left.length;
    const fits = (k: number, L: number, R: number) => low[k]! <= L && high[k]! >= R;

    let best: { i: number; j: number } | null = null;
    let bestSpread = Infinity;
    for (let i = p; i >= 0; i--) {
      const L = cand[i]!.rating;
      if (ra - L >= bestSpread) break;
      for (let j = Math.max(p, i + this.seats - 1); j < cand.length; j++) {
        const R = cand[j]!.rating;
        if (R - L >= bestSpread) break;
        let count = 0;
        for (let k = i; k <= j && count < this.seats; k++) if (fits(k, L, R)) count++;
        if (count >= this.seats) {
          best = { i, j };
          bestSpread = R - L;
          break;
        }
      }
    }
    if (!best) return null;
    const { i, j } = best;
    const L = cand[i]!.rating;
    const R = cand[j]!.rating;
    const fitting: QueueEntry[] = [];
    for (let k = i; k <= j; k++) if (fits(k, L, R)) fitting.push(cand[k]!);
    // The anchor and the longest waiting of the others (in fact no other is older than the
    // anchor: it would have been seated as an anchor itself, the pool only shrinking in `form`).
    const others = fitting.filter((c) => c !== anchor).sort((a, b) => a.seq - b.seq);
    return [anchor, ...others.slice(0, this.seats - 1)];
  }

  private seat(members: QueueEntry[]): FormedTable {
    const ratings = members.map((m) => m.rating);
    const spread = Math.max(...ratings) - Math.min(...ratings);
    if (!this.teams) return { seats: members, teams: null, teamMeans: null, gap: 0, spread };
    const { split, means, gap } = balanceTeams(ratings, this.teams);
    // Seat each team's members, in their order, on that team's seats.
    const queue = means.map((_, t) => members.filter((_, k) => split[k] === t));
    const seats = this.teams.map((t) => queue[t]!.shift()!);
    return { seats, teams: this.teams, teamMeans: means, gap, spread };
  }
}

/**
 * The split of players into the seat layout's teams (split[k] = team of player k) with the
 * smallest gap between the highest and lowest team mean. Every assignment is tried, so ties go
 * to the first in enumeration order (player 0 first into team 0).
 */
export function balanceTeams(ratings: readonly number[], seatTeams: readonly number[]): { split: number[]; means: number[]; gap: number } {
  const teamCount = Math.max(...seatTeams) + 1;
  const size = Array.from({ length: teamCount }, (_, t) => seatTeams.filter((x) => x === t).length);
  const room = [...size];
  const split = new Array<number>(ratings.length).fill(0);
  let best: number[] = [];
  let bestMeans: number[] = [];
  let bestGap = Infinity;
  const walk = (k: number) => {
    if (k === ratings.length) {
      // Summed afresh at each leaf: running sums of fractional ratings would drift.
      const sums = new Array<number>(teamCount).fill(0);
      split.forEach((t, k) => (sums[t]! += ratings[k]!));
      const means = sums.map((s, t) => s / size[t]!);
      const gap = Math.max(...means) - Math.min(...means);
      if (gap < bestGap) {
        bestGap = gap;
        best = [...split];
        bestMeans = means;
      }
      return;
    }
    for (let t = 0; t < teamCount; t++) {
      if (room[t] === 0) continue;
      room[t]!--;
      split[k] = t;
      walk(k + 1);
      room[t]!++;
    }
  };
  walk(0);
  return { split: best, means: bestMeans, gap: bestGap };
}
