import { describe, expect, it } from 'vitest';
import { baloot } from '../../../../shared/games/baloot';
import { POSITIONS, positionOf, seatAt, teamOfSeat, usTeam, usThem, waitingSeats, handCountsOf } from './seats';
import { expandSummary, LEVEL_NAMES } from './summary';
import { botStep, newGame, newRng } from './test-game';
import { LEVEL_NAMES as ENGINE_LEVEL_NAMES } from '../../../../shared/games/baloot/engine';

describe('seat rotation', () => {
  it('puts the viewer at South and the partner opposite at North', () => {
    for (let me = 0; me < 4; me++) {
      expect(positionOf(me, me)).toBe('south');
      expect(positionOf((me + 2) % 4, me)).toBe('north');
    }
  });

  it('seats the next player in play order (counter-clockwise) at East, on the right', () => {
    expect(positionOf(2, 1)).toBe('east');
    expect(positionOf(0, 1)).toBe('west');
    expect(positionOf(0, 3)).toBe('east');
  });

  it('shows spectators seat 0 at the bottom', () => {
    expect(POSITIONS.map((p) => seatAt(p, null))).toEqual([0, 1, 2, 3]);
    expect(positionOf(0, null)).toBe('south');
  });

  it('seatAt inverts positionOf for every viewer', () => {
    for (const viewer of [null, 0, 1, 2, 3]) {
      for (let seat = 0; seat < 4; seat++) expect(seatAt(positionOf(seat, viewer), viewer)).toBe(seat);
    }
  });

  it('names Lana (us) after the viewer team and orders pairs us first', () => {
    expect(teamOfSeat(3)).toBe(1);
    expect(usTeam(2)).toBe(0);
    expect(usTeam(null)).toBe(0);
    expect(usThem([10, 20], 1)).toEqual([20, 10]);
    expect(usThem([10, 20], 0)).toEqual([10, 20]);
  });
});

describe('what the table derives from the view: the seats the game waits for, the hand sizes, the last round in full', () => {
  it('match the engine through whole matches, for every viewer (bids, doubling, play, Sawa, the end)', () => {
    for (const seed of ['w1', 'w2', 'w3']) {
      let s = newGame(seed, { target: 60 });
      const rng = newRng(seed);
      for (let i = 0; i < 2000 && s.phase !== 'over'; i++) {
        for (const viewer of [0, 1, 2, 3, null]) {
          const v = baloot.view(s, viewer);
          expect(waitingSeats(v)).toEqual(baloot.activeSeats(s));
          expect(handCountsOf(v)).toEqual(s.hands.map((h) => h.length));
          // The slim last-round summary the view sends expands back to the engine's.
          expect(v.lastRound && expandSummary(v.lastRound, v.scores)).toEqual(s.lastRound);
        }
        const { seat, move } = botStep(s, rng);
        const r = baloot.apply(s, seat, move);
        if (!r.ok) throw new Error(JSON.stringify(r.error));
        s = r.state;
      }
      expect(s.phase).toBe('over');
      expect(waitingSeats(baloot.view(s, 0))).toEqual([]);
    }
  });
});

it('names raises by level as the engine does', () => {
  expect(LEVEL_NAMES).toEqual(ENGINE_LEVEL_NAMES);
});
