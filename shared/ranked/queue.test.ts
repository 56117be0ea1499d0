import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptable, balanceTeams, DEFAULT_WINDOW, RankedQueue, windowAt, type FormedTable, type QueueConfig, type QueueEntry, type WindowRule } from './queue';

/** Every way to choose k of the items. */
function* choose<T>(items: readonly T[], k: number, from = 0): Generator<T[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= items.length - k; i++) for (const rest of choose(items, k - 1, i + 1)) yield [items[i]!, ...rest];
}

/** Every ordering of the items (for seating by brute force). */
function* orders<T>(items: readonly T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i++) for (const rest of orders([...items.slice(0, i), ...items.slice(i + 1)])) yield [items[i]!, ...rest];
}

const spreadOf = (members: readonly QueueEntry[]) => Math.max(...members.map((m) => m.rating)) - Math.min(...members.map((m) => m.rating));

function teamGap(seats: readonly QueueEntry[], teams: readonly number[]): number {
  const count = Math.max(...teams) + 1;
  const means = Array.from({ length: count }, (_, t) => {
    const mine = seats.filter((_, s) => teams[s] === t).map((m) => m.rating);
    return mine.reduce((a, b) => a + b, 0) / mine.length;
  });
  return Math.max(...means) - Math.min(...means);
}

const CONFIGS: QueueConfig[] = [{ seats: 2 }, { seats: 3 }, { seats: 4 }, { seats: 4, teams: [0, 1, 0, 1] }, { seats: 6, teams: [0, 1, 0, 1, 0, 1] }];

type Op = { t: 'join'; player: number; rating: number; dt: number } | { t: 'leave'; player: number } | { t: 'form'; dt: number };

const arbOp: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ t: fc.constant('join' as const), player: fc.nat({ max: 11 }), rating: fc.integer({ min: 0, max: 800 }), dt: fc.nat({ max: 1500 }) }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('leave' as const), player: fc.nat({ max: 11 }) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('form' as const), dt: fc.nat({ max: 4000 }) }) },
);

const arbRule: fc.Arbitrary<WindowRule> = fc.oneof(
  fc.constant(DEFAULT_WINDOW),
  fc.record({ base: fc.nat({ max: 200 }), perSecond: fc.nat({ max: 120 }), max: fc.integer({ min: 200, max: 900 }) }),
);

/**
 * Checks one `form` against brute force over the pool it started from. Tables come out in
 * anchor order; the anchor (the longest waiting member) of each is the longest waiting entry
 * of the pool left by the earlier tables that can be seated at all, its table has the smallest
 * spread possible for it, and the teams are split as evenly as any seating of those members
 * allows. Afterwards no acceptable table is left among the entries still waiting.
 */
function checkForm(config: QueueConfig, rule: WindowRule, pool: QueueEntry[], tables: FormedTable[], left: QueueEntry[], now: number) {
  const seen = new Set<string>();
  let remaining = [...pool].sort((a, b) => a.seq - b.seq);
  for (const table of tables) {
    expect(table.seats).toHaveLength(config.seats);
    for (const m of table.seats) {
      expect(seen.has(m.player), `${m.player} placed twice`).toBe(false);
      seen.add(m.player);
      expect(remaining).toContain(m);
    }
    // Windows respected: every member accepts every other member.
    for (const m of table.seats) for (const x of table.seats) expect(Math.abs(m.rating - x.rating)).toBeLessThanOrEqual(windowAt(rule, m, now));
    expect(table.spread).toBe(spreadOf(table.seats));

    const anchor = table.seats.reduce((a, b) => (b.seq < a.seq ? b : a));
    const seatable = (e: QueueEntry) =>
      [
        ...choose(
          remaining.filter((x) => x !== e),
          config.seats - 1,
        ),
      ].some((rest) => acceptable(rule, [e, ...rest], now));
    expect(anchor).toBe(remaining.find(seatable));
    const bestSpread = Math.min(
      ...[
        ...choose(
          remaining.filter((x) => x !== anchor),
          config.seats - 1,
        ),
      ]
        .map((rest) => [anchor, ...rest])
        .filter((t) => acceptable(rule, t, now))
        .map(spreadOf),
    );
    expect(table.spread).toBe(bestSpread);

    if (config.teams) {
      const teams = config.teams;
      expect(table.teams).toEqual(teams);
      const bruteGap = Math.min(...[...orders(table.seats)].map((seating) => teamGap(seating, teams)));
      expect(table.gap).toBeCloseTo(bruteGap, 9);
      expect(teamGap(table.seats, teams)).toBeCloseTo(table.gap, 9);
      expect(table.gap).toBeLessThanOrEqual(table.spread);
    } else {
      expect(table.teams).toBeNull();
      expect(table.gap).toBe(0);
    }
    remaining = remaining.filter((e) => !table.seats.includes(e));
  }
  expect(new Set(left)).toEqual(new Set(remaining));
  // Nothing left that could have been seated.
  for (const t of choose(left, config.seats)) expect(acceptable(rule, t, now), `left unseated: ${JSON.stringify(t)}`).toBe(false);
}

describe('matchmaking queue, properties', () => {
  it('nobody is placed twice, windows are respected, each table is the tightest for the longest waiter, teams are balanced as brute force finds, and nothing seatable is left', () => {
    let formed = 0;
    fc.assert(
      fc.property(fc.constantFrom(...CONFIGS), arbRule, fc.array(arbOp, { minLength: 10, maxLength: 60, size: 'max' }), (config, rule, ops) => {
        const queue = new RankedQueue({ ...config, window: rule });
        const waiting = new Map<string, { rating: number; joinedAt: number }>();
        let now = 1_000_000;
        for (const op of ops) {
          if (op.t === 'join') {
            now += op.dt;
            queue.join(`p${op.player}`, op.rating, now);
            waiting.delete(`p${op.player}`);
            waiting.set(`p${op.player}`, { rating: op.rating, joinedAt: now });
          } else if (op.t === 'leave') {
            expect(queue.leave(`p${op.player}`)).toBe(waiting.delete(`p${op.player}`));
          } else {
            now += op.dt;
            const pool = queue.entries();
            const tables = queue.form(now);
            checkForm(config, rule, pool, tables, queue.entries(), now);
            formed += tables.length;
            for (const t of tables) for (const m of t.seats) waiting.delete(m.player);
          }
          // The queue holds exactly the model's players, in join order, with their latest entry.
          expect(queue.entries().map((e) => [e.player, e.rating, e.joinedAt])).toEqual([...waiting].map(([p, e]) => [p, e.rating, e.joinedAt]));
          expect(queue.size).toBe(waiting.size);
        }
      }),
      { numRuns: 300 },
    );
    // The runs did form tables (about 3 a run when last measured), not only empty queues.
    expect(formed).toBeGreaterThan(300);
  });

  it('team balancing picks the split with the smallest gap between team means (brute force)', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom([0, 1, 0, 1], [0, 1, 0, 1, 0, 1], [0, 1, 2, 0, 1, 2])
          .chain((teams) =>
            fc.tuple(fc.constant(teams), fc.array(fc.double({ min: 0, max: 3000, noNaN: true }), { minLength: teams.length, maxLength: teams.length })),
          ),
        ([teams, ratings]) => {
          const { split, means, gap } = balanceTeams(ratings, teams);
          const entries = ratings.map((rating, seq) => ({ player: `p${seq}`, rating, joinedAt: 0, seq }));
          const brute = Math.min(...[...orders(entries)].map((seating) => teamGap(seating, teams)));
          expect(gap).toBeCloseTo(brute, 9);
          // The split fills each team exactly and the means are those of the split.
          for (let t = 0; t < means.length; t++) {
            const mine = ratings.filter((_, k) => split[k] === t);
            expect(mine).toHaveLength(teams.filter((x) => x === t).length);
            expect(means[t]).toBeCloseTo(mine.reduce((a, b) => a + b, 0) / mine.length, 9);
          }
        },
      ),
    );
  });
});

describe('matchmaking queue, rules', () => {
  it('a second join replaces the first: one entry, the new rating, the new join time', () => {
    const q = new RankedQueue({ seats: 2 });
    q.join('ana', 1000, 0);
    q.join('ana', 1500, 5000);
    expect(q.size).toBe(1);
    expect(q.entries()).toMatchObject([{ player: 'ana', rating: 1500, joinedAt: 5000 }]);
    // The first entry is gone: a partner at the old rating is not accepted by the new entry.
    q.join('bo', 1000, 5000);
    expect(q.form(5000)).toEqual([]);
  });

  it('leaving removes the entry; leaving when not waiting changes nothing', () => {
    const q = new RankedQueue({ seats: 2 });
    q.join('ana', 1000, 0);
    expect(q.leave('ana')).toBe(true);
    expect(q.leave('ana')).toBe(false);
    q.join('bo', 1000, 0);
    expect(q.form(0)).toEqual([]);
    expect(q.has('bo')).toBe(true);
  });

  it('the window widens with waiting time: 100 points at once, 50 more a second', () => {
    const q = new RankedQueue({ seats: 2 });
    q.join('ana', 1000, 0);
    q.join('bo', 1400, 0);
    expect(q.form(5999)).toEqual([]);
    const [table] = q.form(6000);
    expect(table!.seats.map((m) => m.player)).toEqual(['ana', 'bo']);
    expect(q.size).toBe(0);
  });

  it('the window stops widening at its cap', () => {
    const q = new RankedQueue({ seats: 2 });
    q.join('ana', 0, 0);
    q.join('bo', DEFAULT_WINDOW.max + 1, 0);
    expect(q.form(3_600_000)).toEqual([]);
    expect(windowAt(DEFAULT_WINDOW, { joinedAt: 0 }, 3_600_000)).toBe(DEFAULT_WINDOW.max);
  });

  it('every member must accept every other: a newcomer outside its own window is not seated with a long waiter', () => {
    const q = new RankedQueue({ seats: 2 });
    q.join('ana', 1000, 0);
    q.join('bo', 1300, 10_000); // ana accepts ±600 by then, bo only ±100
    expect(q.form(10_000)).toEqual([]);
    expect(q.form(13_999)).toEqual([]);
    expect(q.form(14_000)).toHaveLength(1); // bo's window has reached 300
  });

  it('the longest waiter is seated first, with the closest ratings it can get', () => {
    const q = new RankedQueue({ seats: 2, window: { base: 1000, perSecond: 0, max: 1000 } });
    q.join('old', 1000, 0);
    q.join('far', 1500, 1);
    q.join('near', 1050, 2);
    q.join('other', 1540, 3);
    const tables = q.form(10);
    expect(tables.map((t) => t.seats.map((m) => m.player))).toEqual([
      ['old', 'near'],
      ['far', 'other'],
    ]);
  });

  it('2v2: the strongest and the weakest play together against the middle two', () => {
    const q = new RankedQueue({ seats: 4, teams: [0, 1, 0, 1] });
    for (const [i, r] of [1000, 1100, 1200, 1300].entries()) q.join(`p${r}`, r, i);
    const [table] = q.form(20_000);
    const team = (t: number) =>
      table!.seats
        .filter((_, s) => table!.teams![s] === t)
        .map((m) => m.rating)
        .sort((a, b) => a - b);
    expect([team(0), team(1)].sort()).toEqual([
      [1000, 1300],
      [1100, 1200],
    ]);
    expect(table!.gap).toBe(0);
  });

  it('a stored queue restored from its entries forms the same tables', () => {
    const a = new RankedQueue({ seats: 3 });
    for (let i = 0; i < 10; i++) a.join(`p${i}`, (i * 137) % 700, i * 500);
    a.leave('p3');
    const b = new RankedQueue({ seats: 3 }, JSON.parse(JSON.stringify(a.entries())));
    expect(b.entries()).toEqual(a.entries());
    b.join('late', 500, 6000);
    a.join('late', 500, 6000);
    expect(b.entries()).toEqual(a.entries());
    expect(b.form(9000)).toEqual(a.form(9000));
  });

  it('a seat layout that does not fit the table is refused', () => {
    expect(() => new RankedQueue({ seats: 1 })).toThrow(RangeError);
    expect(() => new RankedQueue({ seats: 4, teams: [0, 1, 0] })).toThrow(RangeError);
    expect(() => new RankedQueue({ seats: 4, teams: [0, 2, 0, 2] })).toThrow(RangeError);
    expect(() => new RankedQueue({ seats: 2 }).join('ana', Number.NaN, 0)).toThrow(RangeError);
  });
});

describe('an entry put back after its table could not be opened', () => {
  it('waits again with its own join time and order, and a newer join of the same player wins', () => {
    const q = new RankedQueue({ seats: 2 });
    const a = q.join('a', 1000, 0);
    q.join('b', 1000, 5);
    const [table] = q.form(10);
    expect(table!.seats.map((e) => e.player)).toEqual(['a', 'b']);
    expect(q.size).toBe(0);
    q.restore(a);
    expect(q.entries()).toEqual([a]);
    q.join('b', 1000, 20);
    const b2 = q.entries()[1]!;
    q.restore({ ...b2, joinedAt: 5, seq: 1 });
    expect(q.entries().find((e) => e.player === 'b')).toEqual(b2);
  });
});
