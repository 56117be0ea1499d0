import { describe, expect, it } from 'vitest';
import type { BalootState, Play } from '../../../../shared/games/baloot/types';
import { cardTilt, finishedTrick, trickOffset } from './trick';
import { act, botStep, newGame, newRng, viewOf } from './test-game';

/** Plays a bot game and checks every finished trick the table would rebuild. */
function playRounds(seed: string, rounds: number) {
  let s: BalootState = newGame(seed);
  const rng = newRng(seed);
  const found: { rebuilt: ReturnType<typeof finishedTrick>; lastTrick: Play[] | null; winner: number | null; roundEnded: boolean }[] = [];
  const startRound = s.roundNo;
  while (s.phase !== 'over' && s.roundNo < startRound + rounds) {
    const before = viewOf(s, 0).trick?.plays ?? [];
    const { seat, move } = botStep(s, rng);
    const r = act(s, seat, move);
    if (r.events.some((e) => e.type === 'trick')) {
      // The table rebuilds finished tricks from events alone: the view does not carry them.
      const after = r.state;
      const roundEnded = r.events.some((e) => e.type === 'round');
      found.push({
        rebuilt: finishedTrick(before, r.events),
        lastTrick: roundEnded ? null : (after.tricks.at(-1)?.plays ?? null),
        winner: roundEnded ? null : (after.tricks.at(-1)?.winner ?? null),
        roundEnded,
      });
    }
    s = r.state;
  }
  return found;
}

describe('finished trick kept on show', () => {
  it('rebuilds every finished trick from the plays before it and the update events', () => {
    const found = playRounds('tricks', 2);
    expect(found.length).toBeGreaterThanOrEqual(8);
    for (const f of found) {
      expect(f.rebuilt?.plays).toHaveLength(4);
      if (!f.roundEnded) {
        expect(f.rebuilt!.plays).toEqual(f.lastTrick);
        expect(f.rebuilt!.winner).toBe(f.winner);
      }
    }
  });

  it('still shows the eighth trick although its update already carries the next deal', () => {
    // Enough deals that at least one is played out (an all-pass deal is dealt again).
    const found = playRounds('eighth', 3);
    const last = found.find((f) => f.roundEnded);
    expect(last?.rebuilt?.plays).toHaveLength(4);
    expect(last!.rebuilt!.points).toBeGreaterThanOrEqual(10);
  });

  it('gives up rather than show a partial trick when earlier plays were missed', () => {
    expect(
      finishedTrick(
        [],
        [
          { type: 'play', seat: 1, card: 'AS' },
          { type: 'trick', seat: 1, points: 11 },
        ],
      ),
    ).toBeNull();
    expect(finishedTrick([], [{ type: 'play', seat: 1, card: 'AS' }])).toBeNull();
  });
});

describe('trick card placement', () => {
  it('pushes each card from the centre toward the player who played it', () => {
    expect(trickOffset('south', 30)).toEqual({ x: 0, y: 30 });
    expect(trickOffset('north', 30)).toEqual({ x: 0, y: -30 });
    expect(trickOffset('east', 30)).toEqual({ x: 30, y: 0 });
    expect(trickOffset('west', 30)).toEqual({ x: -30, y: 0 });
  });

  it('tilts each card a little, the same way every time', () => {
    expect(cardTilt('AS')).toBe(cardTilt('AS'));
    for (const c of ['AS', '7H', 'TD', 'KC']) expect(Math.abs(cardTilt(c))).toBeLessThanOrEqual(6);
  });
});
