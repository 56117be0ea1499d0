import fc from 'fast-check';
import { ordinal, rate } from 'openskill';
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../engine/types';
import {
  BASE_POINTS,
  displayRating,
  isProvisional,
  matchRating,
  newRating,
  PROVISIONAL_GAMES,
  rateGame,
  ranksFromOutcome,
  ranksFromPlaces,
  type PlayerRating,
  type RatedSeat,
} from './rating';

const arbRating: fc.Arbitrary<PlayerRating> = fc.record({
  mu: fc.double({ min: 5, max: 45, noNaN: true }),
  sigma: fc.double({ min: 0.8, max: 25 / 3, noNaN: true }),
  games: fc.nat({ max: 500 }),
});

const seatsOf = (ratings: PlayerRating[], left: boolean[] = []): RatedSeat[] =>
  ratings.map((rating, s) => ({ player: `p${s}`, rating, botPlayedAtEnd: left[s] ?? false }));

const plain = (r: PlayerRating) => ({ mu: r.mu, sigma: r.sigma });
const BALOOT_TEAMS = [0, 1, 0, 1];

/** Team 0 (seats 0 and 2) or team 1 (seats 1 and 3) won, Baloot-style scores. */
const teamOutcome = (winner: 0 | 1): Outcome => ({
  winners: winner === 0 ? [0, 2] : [1, 3],
  scores: winner === 0 ? [152, 80, 152, 80] : [80, 152, 80, 152],
});

describe('shown rating', () => {
  it('a new player starts at the base points, provisional, and is paired at the base points', () => {
    const r = newRating();
    expect(displayRating(r)).toBe(BASE_POINTS);
    expect(matchRating(r)).toBe(BASE_POINTS);
    expect(isProvisional(r)).toBe(true);
  });

  it('the shown rating is the conservative ordinal (mu - 3 sigma) on the points scale', () => {
    fc.assert(
      fc.property(arbRating, (r) => {
        expect(displayRating(r)).toBe(Math.round(BASE_POINTS + 40 * ordinal(r)));
      }),
    );
  });

  it(`a rating is provisional for its first ${PROVISIONAL_GAMES} games and no longer after`, () => {
    const outcome: Outcome = { winners: [0], scores: [1, 0] };
    let a = newRating();
    let b = newRating();
    for (let game = 1; game <= PROVISIONAL_GAMES; game++) {
      expect(isProvisional(a)).toBe(true);
      const [ca, cb] = rateGame(seatsOf([a, b]), outcome);
      a = ca!.after;
      b = cb!.after;
      expect(a.games).toBe(game);
    }
    expect(isProvisional(a)).toBe(false);
    expect(isProvisional(b)).toBe(false);
  });
});

describe('rating updates equal openskill rate', () => {
  it('a team game rates each team from the result as openskill rate does', () => {
    fc.assert(
      fc.property(fc.array(arbRating, { minLength: 4, maxLength: 4 }), fc.constantFrom(0 as const, 1 as const), (ratings, winner) => {
        const changes = rateGame(seatsOf(ratings), teamOutcome(winner), { teams: BALOOT_TEAMS });
        const [r0, r1, r2, r3] = ratings.map(plain);
        const expected = rate(
          [
            [r0!, r2!],
            [r1!, r3!],
          ],
          { rank: winner === 0 ? [1, 2] : [2, 1] },
        );
        expect(changes.map((c) => plain(c.after))).toEqual([expected[0][0], expected[1][0], expected[0][1], expected[1][1]]);
      }),
    );
  });

  it('a 3v3 team game rates as openskill rate does', () => {
    fc.assert(
      fc.property(fc.array(arbRating, { minLength: 6, maxLength: 6 }), (ratings) => {
        const teams = [0, 1, 0, 1, 0, 1];
        const changes = rateGame(seatsOf(ratings), { winners: [1, 3, 5], scores: [0, 1, 0, 1, 0, 1] }, { teams });
        const p = ratings.map(plain);
        const expected = rate(
          [
            [p[0]!, p[2]!, p[4]!],
            [p[1]!, p[3]!, p[5]!],
          ],
          { rank: [2, 1] },
        );
        expect(changes.map((c) => plain(c.after))).toEqual([0, 1, 2, 3, 4, 5].map((s) => expected[s % 2]![Math.floor(s / 2)]));
      }),
    );
  });

  it('a free-for-all with a known score order rates by finishing place as openskill rate does', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 8 })
          .chain((n) =>
            fc.tuple(fc.array(arbRating, { minLength: n, maxLength: n }), fc.array(fc.integer({ min: 0, max: 5 }), { minLength: n, maxLength: n })),
          ),
        ([ratings, scores]) => {
          // Lower score is better (Rummy-style); the winners are the lowest scores.
          const best = Math.min(...scores);
          const winners = scores.flatMap((x, s) => (x === best ? [s] : []));
          const changes = rateGame(seatsOf(ratings), { winners, scores }, { scoreOrder: 'lower' });
          const expected = rate(
            ratings.map((r) => [plain(r)]),
            { rank: scores.map((x) => 1 + scores.filter((y) => y < x).length) },
          );
          expect(changes.map((c) => plain(c.after))).toEqual(expected.map((t) => t[0]));
        },
      ),
    );
  });

  it('without a score order every seat that did not win shares second place', () => {
    expect(ranksFromOutcome([[0], [1], [2], [3]], { winners: [2], scores: [9, 3, 0, 7] })).toEqual([2, 2, 1, 2]);
    expect(ranksFromOutcome([[0], [1], [2], [3]], { winners: [2], scores: [9, 3, 0, 7] }, 'lower')).toEqual([4, 2, 1, 3]);
    expect(ranksFromOutcome([[0], [1], [2], [3]], { winners: [2], scores: [9, 3, 10, 3] }, 'higher')).toEqual([2, 3, 1, 3]);
  });

  it('a game with no winner is a draw for every side', () => {
    const ratings = [newRating(), newRating(), newRating(), newRating()];
    const changes = rateGame(seatsOf(ratings), { winners: [], scores: [0, 0, 0, 0] }, { teams: BALOOT_TEAMS });
    const expected = rate(
      [
        [plain(ratings[0]!), plain(ratings[2]!)],
        [plain(ratings[1]!), plain(ratings[3]!)],
      ],
      { rank: [1, 1] },
    );
    expect(plain(changes[0]!.after)).toEqual(expected[0][0]);
    expect(changes[0]!.after.mu).toBeCloseTo(ratings[0]!.mu, 9);
  });

  it('the change shown is the difference of the shown ratings, and every player counts one more game', () => {
    fc.assert(
      fc.property(fc.array(arbRating, { minLength: 4, maxLength: 4 }), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), (ratings, left) => {
        for (const c of rateGame(seatsOf(ratings, left), teamOutcome(0), { teams: BALOOT_TEAMS })) {
          expect(c.change).toBe(displayRating(c.after) - displayRating(c.before));
          expect(c.after.games).toBe(c.before.games + 1);
        }
      }),
    );
  });

  it('a result whose seats do not match the table is refused', () => {
    expect(() => rateGame(seatsOf([newRating(), newRating()]), { winners: [0], scores: [1, 0, 0] })).toThrow(RangeError);
    expect(() => rateGame(seatsOf([newRating(), newRating()]), { winners: [0], scores: [1, 0] }, { teams: [0, 1, 0] })).toThrow(RangeError);
  });
});

describe('the penalty for a seat bot-played at the end', () => {
  it('is rated as its side finishing last, applied twice, even when its team won; its partner keeps the win, its opponents win', () => {
    fc.assert(
      fc.property(fc.array(arbRating, { minLength: 4, maxLength: 4 }), (ratings) => {
        // Seat 0 left; its team (seats 0 and 2) won.
        const changes = rateGame(seatsOf(ratings, [true, false, false, false]), teamOutcome(0), { teams: BALOOT_TEAMS });
        const [r0, r1, r2, r3] = ratings.map(plain);
        const real = rate(
          [
            [r0!, r2!],
            [r1!, r3!],
          ],
          { rank: [1, 2] },
        );
        const once = rate(
          [
            [r0!, r2!],
            [r1!, r3!],
          ],
          { rank: [3, 2] },
        )[0][0];
        const twice = rate(
          [
            [once, r2!],
            [r1!, r3!],
          ],
          { rank: [3, 2] },
        )[0][0];
        expect(plain(changes[0]!.after)).toEqual(twice);
        expect(changes[0]!.penalized).toBe(true);
        expect(plain(changes[2]!.after)).toEqual(real[0][1]);
        // The opponents who stayed are rated as if the leaver's side had finished behind them.
        const stayed = rate(
          [
            [r0!, r2!],
            [r1!, r3!],
          ],
          { rank: [2, 1] },
        );
        expect(plain(changes[1]!.after)).toEqual(stayed[1][0]);
        expect(plain(changes[3]!.after)).toEqual(stayed[1][1]);
        expect(changes.map((c) => c.place)).toEqual([3, 1, 1, 1]);
        expect(changes.filter((c) => c.penalized).map((c) => c.seat)).toEqual([0]);
      }),
    );
  });

  // Not exactly two: the second update starts lower (a smaller surprise) and from a sigma the
  // first one's dynamics (tau) may have widened. Measured over 20,000 random tables: 1.76 to 2.01.
  it('the doubled loss takes about two ordinary losses (1.5 to 2.05 of one) off the skill estimate', () => {
    fc.assert(
      fc.property(fc.array(arbRating, { minLength: 4, maxLength: 4 }), fc.constantFrom(0 as const, 1 as const), (ratings, winner) => {
        const penalized = rateGame(seatsOf(ratings, [true]), teamOutcome(winner), { teams: BALOOT_TEAMS })[0]!;
        const lost = rateGame(seatsOf(ratings), teamOutcome(1), { teams: BALOOT_TEAMS })[0]!;
        const single = ratings[0]!.mu - lost.after.mu;
        const double = ratings[0]!.mu - penalized.after.mu;
        expect(single).toBeGreaterThan(0);
        expect(double).toBeGreaterThanOrEqual(1.5 * single);
        expect(double).toBeLessThanOrEqual(2.05 * single);
      }),
    );
  });

  it('a new player who left loses shown points, about twice an ordinary loss', () => {
    const fresh = () => [newRating(), newRating(), newRating(), newRating()];
    const lost = rateGame(seatsOf(fresh()), teamOutcome(1), { teams: BALOOT_TEAMS })[0]!;
    const left = rateGame(seatsOf(fresh(), [true]), teamOutcome(0), { teams: BALOOT_TEAMS })[0]!;
    expect(lost.change).toBeLessThan(0);
    expect(left.change).toBeLessThan(1.7 * lost.change);
    expect(left.change).toBeGreaterThanOrEqual(2 * lost.change - 1);
  });

  it('in a free-for-all a winner who left is placed alone in last place', () => {
    const ratings = [newRating(), newRating(), newRating()];
    const changes = rateGame(seatsOf(ratings, [true, false, false]), { winners: [0], scores: [0, 5, 9] }, { scoreOrder: 'lower' });
    const p = ratings.map(plain);
    const once = rate([[p[0]!], [p[1]!], [p[2]!]], { rank: [4, 2, 3] })[0]![0]!;
    const twice = rate([[once], [p[1]!], [p[2]!]], { rank: [4, 2, 3] })[0]![0]!;
    expect(plain(changes[0]!.after)).toEqual(twice);
    // The others are rated with the leaver last, not from the game as it ended (seat 0 won it).
    const stayed = rate([[p[0]!], [p[1]!], [p[2]!]], { rank: [3, 1, 2] });
    expect(plain(changes[1]!.after)).toEqual(stayed[1]![0]);
    expect(plain(changes[2]!.after)).toEqual(stayed[2]![0]);
  });

  it("a leaver's bot that won costs the player who stayed nothing (issue 29: -73 and -81 in 2-seat games)", () => {
    fc.assert(
      fc.property(fc.array(arbRating, { minLength: 2, maxLength: 2 }), (ratings) => {
        const [left, stayed] = rateGame(seatsOf(ratings, [true, false]), { winners: [0], scores: [30, 0] });
        expect(stayed!.after.mu).toBeGreaterThan(ratings[1]!.mu);
        expect(stayed!.place).toBe(1);
        expect(left!.after.mu).toBeLessThan(ratings[0]!.mu);
      }),
    );
  });

  it('two leavers on different sides each take a doubled loss (they do not tie for last)', () => {
    const ratings = [newRating(), newRating(), newRating(), newRating()];
    const changes = rateGame(seatsOf(ratings, [true, true]), teamOutcome(0), { teams: BALOOT_TEAMS });
    const p = ratings.map(plain);
    const once = rate(
      [
        [p[0]!, p[2]!],
        [p[1]!, p[3]!],
      ],
      { rank: [3, 2] },
    )[0][0];
    const twice = rate(
      [
        [once, p[2]!],
        [p[1]!, p[3]!],
      ],
      { rank: [3, 2] },
    )[0][0];
    expect(plain(changes[0]!.after)).toEqual(twice);
    expect(changes[1]!.after.mu).toBeLessThan(ratings[1]!.mu);
    expect(changes[0]!.change).toBeLessThan(0);
    expect(changes[1]!.change).toBeLessThan(0);
  });
});

describe('places from the game’s own finishing order', () => {
  it('rate the seats that did not win by their places, as openskill does for those ranks', () => {
    fc.assert(
      fc.property(fc.array(arbRating, { minLength: 4, maxLength: 4 }), (ratings) => {
        const changes = rateGame(seatsOf(ratings), { winners: [0], scores: [0, 0, 0, 0] }, { places: [1, 4, 2, 3] });
        const expected = rate(
          ratings.map((r) => [plain(r)]),
          { rank: [1, 4, 2, 3] },
        );
        changes.forEach((c, s) => expect(plain(c.after)).toEqual(expected[s]![0]));
        expect(changes.map((c) => c.place)).toEqual([1, 4, 2, 3]);
      }),
    );
  });

  it('a team stands at its best seat’s place', () => {
    expect(
      ranksFromPlaces(
        [
          [0, 2],
          [1, 3],
        ],
        [2, 1, 3, 4],
      ),
    ).toEqual([2, 1]);
  });

  it('refuses places that do not name one per seat', () => {
    expect(() => rateGame(seatsOf([newRating(), newRating()]), { winners: [0], scores: [1, 0] }, { places: [1] })).toThrow(RangeError);
  });
});
