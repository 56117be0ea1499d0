import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { AnyGame, BotLevel } from '../engine/types';
import { eights } from '../games/eights';
import { arenaSides, playMatch, quantile, wilson } from './arena';

interface RaceState {
  players: number;
  turn: number;
  moves: number;
  winner: number | null;
}

/**
 * A race: each seat in turn passes or wins at once. Strong always wins, Easy never does, Normal
 * wins on its second turn. So the level (not the deal) decides, and the seat that moves first matters.
 */
function race(teams: boolean, endless = false): AnyGame {
  const secondTurn = (s: RaceState) => s.moves >= s.players;
  return {
    id: 'race',
    name: 'Race',
    playerCounts: teams ? [4, 6] : [2, 3],
    ...(teams ? { teams: (n: number) => Array.from({ length: n }, (_, i) => i % 2) } : {}),
    optionsSchema: v.object({}),
    defaultOptions: {},
    moveSchema: v.picklist(['pass', 'win']),
    setup: (players) => ({ players: players.length, turn: 0, moves: 0, winner: null }),
    apply: (s: RaceState, seat, move: 'pass' | 'win') => ({
      ok: true,
      state: { ...s, turn: (s.turn + 1) % s.players, moves: s.moves + 1, winner: move === 'win' && !endless ? seat : null },
      events: [],
    }),
    view: (s) => s,
    legalMoves: () => ['pass', 'win'],
    activeSeats: (s: RaceState) => (s.winner === null ? [s.turn] : []),
    timeoutMove: () => 'pass',
    botMove: (s: RaceState, _seat, _rng, level: BotLevel = 'normal') => (level === 'strong' || (level === 'normal' && secondTurn(s)) ? 'win' : 'pass'),
    outcome: (s: RaceState) => (s.winner === null ? null : { winners: [s.winner], scores: [] }),
  };
}

describe('the arena', () => {
  it('plays heads-up when the game has no teams, and team against team at the smallest table otherwise', () => {
    expect(arenaSides(race(false))).toEqual([0, 1]);
    expect(arenaSides(race(true))).toEqual([0, 1, 0, 1]);
  });

  it('plays the deal twice with the levels swapped: the better level wins both, whichever side moves first', () => {
    const m = playMatch(race(false), 'strong', 'normal', 's');
    expect(m.games.map((g) => g.levels)).toEqual([
      ['strong', 'normal'],
      ['normal', 'strong'],
    ]);
    expect(m.games.map((g) => g.winners)).toEqual([[0], [1]]);
    expect(m.scoreA).toBe(2);
    expect(playMatch(race(false), 'easy', 'normal', 's').scoreA).toBe(0);
  });

  it('counts a team win for the level of the winning seat, and times every decision by its level', () => {
    const m = playMatch(race(true), 'normal', 'easy', 's');
    expect(m.games[0].levels).toEqual(['normal', 'easy', 'normal', 'easy']);
    // Normal wins on its second turn, at seat 0 in the first game and seat 1 in the second.
    expect(m.games.map((g) => g.winners)).toEqual([[0], [1]]);
    expect(m.scoreA).toBe(2);
    expect(m.times.normal.length + m.times.easy.length).toBe(m.games[0].moves + m.games[1].moves);
    expect(m.times.easy.length).toBeGreaterThan(0);
    expect(m.times.strong).toEqual([]);
  });

  it('cuts off a game that never ends and counts it as shared', () => {
    const m = playMatch(race(false, true), 'strong', 'easy', 's', { maxMoves: 50 });
    expect(m.games.map((g) => [g.cutOff, g.moves, g.scoreA])).toEqual([
      [true, 50, 0.5],
      [true, 50, 0.5],
    ]);
  });

  it('deals the same cards in both games of a real match (the seed decides the deal)', () => {
    const seen: string[][] = [];
    const watched: AnyGame = {
      ...eights,
      setup: (players, options, seed) => {
        const s = eights.setup(players, options, seed);
        seen.push(s.hands.flat());
        return s;
      },
    };
    const m = playMatch(watched, 'normal', 'normal', 'deal-7');
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(m.games.every((g) => g.winners.length === 1 && !g.cutOff && g.refused === 0)).toBe(true);
  });
});

describe('the statistics', () => {
  it('gives the Wilson interval of a win rate', () => {
    const r = wilson(50, 100);
    expect(r.rate).toBe(0.5);
    expect(r.low).toBeCloseTo(0.4038, 3);
    expect(r.high).toBeCloseTo(0.5962, 3);
    // Stays inside 0..1 at the edges.
    expect(wilson(10, 10).high).toBeCloseTo(1, 9);
    expect(wilson(10, 10).high).toBeLessThanOrEqual(1);
    expect(wilson(10, 10).low).toBeGreaterThan(0.7);
  });

  it('takes a quantile by the nearest rank', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(quantile(xs, 0.5)).toBe(50);
    expect(quantile(xs, 0.99)).toBe(99);
    expect(quantile([], 0.99)).toBe(0);
  });
});
