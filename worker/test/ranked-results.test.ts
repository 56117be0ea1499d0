import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayRating, isProvisional, newRating, rateGame, type PlayerRating } from '../../shared/ranked/rating';
import type { RankedResult } from '../../shared/ranked/result';
import { failingStatement, gameRowsOf, historyGamesOf, ratingsOf, seatResultOf } from '../d1/inspect';
import { BadRankedResult, recordRankedResult } from '../d1/ratings';

let next = 0;
/** A fresh room code and fresh players per test, so tests sharing the database never meet. */
function baloot(overrides: Partial<RankedResult> = {}): RankedResult {
  const id = `${Date.now().toString(36)}${(next++).toString(36)}`;
  return {
    room: `room${id}`,
    gameNo: 1,
    game: 'baloot',
    tier: 'rabbit',
    endedAt: 1_800_000_000_000,
    teams: [0, 1, 0, 1],
    seats: [0, 1, 2, 3].map((s) => ({ player: `p${id}-${s}`, botPlayedAtEnd: false })),
    outcome: { winners: [0, 2], scores: [152, 80, 152, 80] },
    ...overrides,
  };
}

/** What D1 holds for the input's game: its game row and history rows, and its players' ratings in the game. */
async function written(input: RankedResult) {
  return {
    ...(await gameRowsOf(env.DB, input.room, input.gameNo)),
    ratings: await ratingsOf(
      env.DB,
      input.game,
      input.seats.map((s) => s.player),
    ),
  };
}

/** The changes rating.ts gives for the same game from the given ratings. */
function expectedChanges(input: RankedResult, before: PlayerRating[]) {
  return rateGame(
    input.seats.map((s, i) => ({ player: s.player, rating: before[i]!, botPlayedAtEnd: s.botPlayedAtEnd })),
    input.outcome,
    input.teams ? { teams: input.teams } : {},
  ).map((c) => ({
    seat: c.seat,
    player: c.player,
    rating: displayRating(c.after),
    change: c.change,
    games: c.after.games,
    provisional: isProvisional(c.after),
    penalized: c.penalized,
  }));
}

describe('recordRankedResult', () => {
  it('writes the game row, a rating and a history row per player, with the changes rating.ts gives', async () => {
    const input = baloot();
    const { changes } = await recordRankedResult(env.DB, input);
    expect(changes).toEqual(
      expectedChanges(
        input,
        input.seats.map(() => newRating()),
      ),
    );
    expect(changes.map((c) => Math.sign(c.change))).toEqual([1, -1, 1, -1]);
    const w = await written(input);
    expect(w.games).toBe(1);
    expect(w.history).toBe(4);
    expect(w.ratings.map((r) => r.games)).toEqual([1, 1, 1, 1]);
    expect(w.ratings.map((r) => r.rating).sort()).toEqual(changes.map((c) => c.rating).sort());
  });

  it('a second game rates from the stored ratings, as rating.ts does from the first game’s result', async () => {
    const first = baloot();
    const one = await recordRankedResult(env.DB, first);
    const second = { ...first, gameNo: 2, outcome: { winners: [1, 3], scores: [60, 152, 60, 152] } };
    const { changes } = await recordRankedResult(env.DB, second);
    const after1 = rateGame(
      first.seats.map((s) => ({ player: s.player, rating: newRating(), botPlayedAtEnd: false })),
      first.outcome,
      { teams: first.teams! },
    ).map((c) => c.after);
    expect(changes).toEqual(expectedChanges(second, after1));
    expect(changes.every((c) => c.games === 2)).toBe(true);
    expect(one.changes[0]!.rating + changes[0]!.change).toBe(changes[0]!.rating);
  });

  it('a bot-played seat at the end gets the doubled last-place loss of rating.ts, even on the winning team', async () => {
    const input = baloot();
    input.seats[0]!.botPlayedAtEnd = true;
    const { changes } = await recordRankedResult(env.DB, input);
    expect(changes).toEqual(
      expectedChanges(
        input,
        input.seats.map(() => newRating()),
      ),
    );
    expect(changes[0]!.penalized).toBe(true);
    expect(changes[0]!.change).toBeLessThan(changes[1]!.change);
    expect(await seatResultOf(env.DB, input.room, 0)).toBe('lost');
  });

  it('a free-for-all rates every seat as a side of its own', async () => {
    const input = baloot({
      game: 'eights',
      tier: 'quick',
      teams: null,
      seats: ['a', 'b', 'c'].map((p) => ({ player: `${p}${Date.now()}${next++}`, botPlayedAtEnd: false })),
      outcome: { winners: [1], scores: [0, 1, 0] },
    });
    const { changes } = await recordRankedResult(env.DB, input);
    expect(changes).toEqual(expectedChanges(input, [newRating(), newRating(), newRating()]));
    expect(changes[1]!.change).toBeGreaterThan(0);
  });

  it('two concurrent calls and a retry write the game exactly once and all return the same changes', async () => {
    const input = baloot();
    const [a, b] = await Promise.all([recordRankedResult(env.DB, input), recordRankedResult(env.DB, input)]);
    const c = await recordRankedResult(env.DB, input);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    const w = await written(input);
    expect(w.games).toBe(1);
    expect(w.history).toBe(4);
    expect(w.ratings.map((r) => r.games)).toEqual([1, 1, 1, 1]);
  });

  it('a retry with a different outcome (a confused room) returns the stored changes and writes nothing', async () => {
    const input = baloot();
    const first = await recordRankedResult(env.DB, input);
    const again = await recordRankedResult(env.DB, { ...input, outcome: { winners: [1, 3], scores: [0, 152, 0, 152] } });
    expect(again).toEqual(first);
    const w = await written(input);
    expect(w.ratings.map((r) => r.games)).toEqual([1, 1, 1, 1]);
    const shown = new Map(first.changes.map((ch) => [ch.player, ch.rating]));
    expect(w.ratings.map((r) => r.rating)).toEqual(w.ratings.map((r) => shown.get(r.player)));
    expect(w.history).toBe(4);
  });

  it('a call that read before another wrote the game (a lost race) writes nothing over it and returns the stored changes', async () => {
    const input = baloot();
    const first = await recordRankedResult(env.DB, input);
    // The late call's first read is answered as if the game were not written yet, as happens when
    // both calls read before either writes; it then rates a different outcome and tries to write.
    let reads = 0;
    const late = new Proxy(env.DB, {
      get(target, key) {
        if (key === 'batch') {
          return async (statements: D1PreparedStatement[]) => {
            const results = await target.batch(statements);
            return reads++ === 0 ? [{ ...results[0]!, results: [] }, ...results.slice(1)] : results;
          };
        }
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const again = await recordRankedResult(late, { ...input, outcome: { winners: [1, 3], scores: [0, 152, 0, 152] } });
    expect(reads).toBeGreaterThanOrEqual(3);
    expect(again).toEqual(first);
    const w = await written(input);
    expect(w.games).toBe(1);
    expect(w.history).toBe(4);
    const shown = new Map(first.changes.map((ch) => [ch.player, ch.rating]));
    expect(w.ratings.map((r) => r.rating)).toEqual(w.ratings.map((r) => shown.get(r.player)));
  });

  it('a D1 error in the middle of the batch leaves nothing written, and the retry writes once', async () => {
    const input = baloot();
    // The batch fails on a statement between the game row and the ratings: D1 runs a batch as
    // one transaction, so the game row written before it must be rolled back too.
    const failing = new Proxy(env.DB, {
      get(target, key) {
        if (key === 'batch') {
          return (statements: D1PreparedStatement[]) =>
            statements.length > 2 ? target.batch([...statements.slice(0, 1), failingStatement(target), ...statements.slice(1)]) : target.batch(statements);
        }
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(recordRankedResult(failing, input)).rejects.toThrow(/no_such_table/);
    expect(await written(input)).toMatchObject({ games: 0, history: 0, ratings: [] });

    const retry = await recordRankedResult(env.DB, input);
    expect(retry.changes).toEqual(
      expectedChanges(
        input,
        input.seats.map(() => newRating()),
      ),
    );
    const w = await written(input);
    expect(w.games).toBe(1);
    expect(w.history).toBe(4);
    expect(w.ratings.map((r) => r.games)).toEqual([1, 1, 1, 1]);
  });

  it('two games sharing a player, written at once, both count: neither overwrites the other’s rating', async () => {
    const a = baloot();
    const b = baloot();
    b.seats[0]!.player = a.seats[0]!.player;
    await Promise.all([recordRankedResult(env.DB, a), recordRankedResult(env.DB, b)]);
    const [shared] = await ratingsOf(env.DB, 'baloot', [a.seats[0]!.player]);
    expect(shared!.games).toBe(2);
    expect(await historyGamesOf(env.DB, a.seats[0]!.player)).toEqual([1, 2]);
  });

  it('any mix of games written at once, each more than once, counts every game once for every player in it', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        // Up to 6 games among 5 players, 2 to 4 seats each, some called twice.
        fc.array(fc.record({ seats: fc.uniqueArray(fc.nat({ max: 4 }), { minLength: 2, maxLength: 4 }), winner: fc.nat({ max: 3 }), twice: fc.boolean() }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (games) => {
          const tag = `prop${Date.now().toString(36)}${run++}`;
          const inputs = games.map((g, i) =>
            baloot({
              room: `${tag}r${i}`,
              game: 'eights',
              teams: null,
              seats: g.seats.map((p) => ({ player: `${tag}p${p}`, botPlayedAtEnd: false })),
              outcome: { winners: [g.winner % g.seats.length], scores: g.seats.map(() => 0) },
            }),
          );
          const calls = inputs.flatMap((input, i) => (games[i]!.twice ? [input, input] : [input]));
          const results = await Promise.all(calls.map((input) => recordRankedResult(env.DB, input)));
          // Both calls of a game got the same changes.
          calls.forEach((input, i) => expect(results[i]).toEqual(results[calls.indexOf(input)]));
          for (let p = 0; p < 5; p++) {
            const player = `${tag}p${p}`;
            const played = games.filter((g) => g.seats.includes(p)).length;
            const [row] = await ratingsOf(env.DB, 'eights', [player]);
            expect(row?.games ?? 0).toBe(played);
            // Its history counts 1, 2, … with no game lost or counted twice.
            expect(await historyGamesOf(env.DB, player)).toEqual(Array.from({ length: played }, (_, k) => k + 1));
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('refuses an input that can never be written, naming what is wrong, and writes nothing', async () => {
    const bad: [Partial<RankedResult>, RegExp][] = [
      [{ gameNo: 0 }, /gameNo/],
      [{ outcome: { winners: [0], scores: [1, 2] } }, /one score per seat/],
      [{ outcome: { winners: [7], scores: [1, 2, 3, 4] } }, /winners/],
      [{ teams: [0, 1] }, /one team per seat/],
    ];
    for (const [override, message] of bad) {
      const input = baloot(override);
      await expect(recordRankedResult(env.DB, input)).rejects.toThrow(BadRankedResult);
      await expect(recordRankedResult(env.DB, input)).rejects.toThrow(message);
      expect((await written(input)).games).toBe(0);
    }
    const twice = baloot();
    twice.seats[1]!.player = twice.seats[0]!.player;
    await expect(recordRankedResult(env.DB, twice)).rejects.toThrow(/two seats/);
  });
});
