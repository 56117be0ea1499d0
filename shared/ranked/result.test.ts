import { describe, expect, it } from 'vitest';
import { newRating } from './rating';
import { BadRankedResult, checkedResult, rateResult, type RankedResult } from './result';

const result = (over: Partial<RankedResult> = {}): RankedResult => ({
  room: 'resultroom01',
  gameNo: 1,
  game: 'eights',
  tier: 'rapid',
  endedAt: 1000,
  teams: null,
  seats: ['a', 'b', 'c', 'd'].map((player) => ({ player, botPlayedAtEnd: false })),
  outcome: { winners: [0], scores: [40, 0, 0, 0] },
  ...over,
});
const fresh = () => [newRating(), newRating(), newRating(), newRating()];

describe('a ranked result rated', () => {
  it('by the game’s places: 2 cards left rates above 13 (issue 29: every other seat tied for second)', () => {
    const rows = rateResult(checkedResult(result({ places: [1, 4, 2, 3] })), fresh());
    expect(rows[2]!.change).toBeGreaterThan(rows[3]!.change);
    expect(rows[3]!.change).toBeGreaterThan(rows[1]!.change);
    expect(rows.map((r) => r.result)).toEqual(['won', 'lost', 'lost', 'lost']);
    // Without places, the three share second place and change alike.
    const tied = rateResult(checkedResult(result()), fresh());
    expect(new Set(tied.slice(1).map((r) => r.change)).size).toBe(1);
  });

  it('shows the player who stayed as the winner when the leaver’s bot won', () => {
    const rows = rateResult(
      checkedResult(
        result({
          seats: [
            { player: 'a', botPlayedAtEnd: true },
            { player: 'b', botPlayedAtEnd: false },
          ],
          outcome: { winners: [0], scores: [9, 0] },
        }),
      ),
      [newRating(), newRating()],
    );
    expect(rows.map((r) => [r.result, r.penalized])).toEqual([
      ['lost', true],
      ['won', false],
    ]);
    expect(rows[1]!.change).toBeGreaterThan(0);
  });

  it('refuses places that do not name one per seat, or a place below 1, naming the field', () => {
    expect(() => checkedResult(result({ places: [1, 2] }))).toThrow(/places must name one place per seat/);
    expect(() => checkedResult(result({ places: [0, 1, 2, 3] }))).toThrow(BadRankedResult);
    expect(() => checkedResult(result({ places: [0, 1, 2, 3] }))).toThrow(/places\.0/);
  });
});
