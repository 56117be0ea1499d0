import { describe, expect, it } from 'vitest';
import { Rng } from '../../../cards/rng';
import { biddingState, must } from '../test-helpers';
import { knowledge } from '../view';
import type { BalootState } from '../types';
import { DEFAULT_PARAMS, botMove, decide, passFit } from './index';
import { DECK, cardIndex, maskOf } from '../cards';
import { legalMask } from '../rules';
import type { Team } from '../scoring';
import { matchWinChance } from './match';
import { cloneSim, evaluate, playCard, type SimRound, type SimState } from './sim';
import { solve } from './solve';

/** Best margin for `team` by trying every line of play. */
function minimax(s: SimState, r: SimRound, team: Team): number {
  if (s.done === 8 || s.qayd !== null) return evaluate(s, r, team);
  const seat = (s.leader + s.trick.length) & 3;
  const values: number[] = [];
  for (let c = 0; c < 32; c++) {
    if ((legalMask(s.hands[seat]!, s.trick, r.trump, r.closed) & (1 << c)) === 0) continue;
    const next = cloneSim(s);
    playCard(next, r, seat, c);
    values.push(minimax(next, r, team));
  }
  return (seat & 1) === team ? Math.max(...values) : Math.min(...values);
}

/**
 * A Hokum in Spades bought by seat 0 (dealer 3), then the given raises; the hands are then set to
 * the given 8 cards each (the public card 7S with the buyer), as they would be after the deal.
 */
function doubling(hands: string[][], raises: number, scores: [number, number]): BalootState {
  let s = biddingState(
    [
      ['7D', '8D', '9D', 'TD', 'JD'],
      ['7C', '8C', '9C', 'TC', 'JC'],
      ['7H', '8H', '9H', 'TH', 'JH'],
      ['QD', 'KD', 'QC', 'KC', 'QH'],
    ],
    '7S',
    {
      scores,
    },
  );
  s = must(s, 0, { type: 'bid', bid: 'hokum', suit: 'S' });
  while (s.phase === 'bidding') s = must(s, s.turn, s.bidding!.stage === 'switch' ? { type: 'bid', bid: 'hokum', suit: 'S' } : { type: 'bid', bid: 'pass' });
  const levels = ['double', 'triple', 'four'] as const;
  for (let i = 0; i < raises; i++) s = must(s, s.turn, { type: 'double', level: levels[i]!, open: true });
  expect(s.phase).toBe('doubling');
  return { ...s, hands: hands.map((h) => h.slice()) };
}

describe('Strong', () => {
  it('reads the match: level totals are even, a lead is worth more the nearer the target, a reached target decides', () => {
    expect(matchWinChance(50, 50, 152)).toBeCloseTo(0.5, 6);
    expect(matchWinChance(40, 20, 152)).toBeGreaterThan(0.55);
    expect(matchWinChance(140, 120, 152)).toBeGreaterThan(matchWinChance(40, 20, 152));
    expect(matchWinChance(20, 40, 152)).toBeCloseTo(1 - matchWinChance(40, 20, 152), 6);
    expect(matchWinChance(152, 150, 152)).toBe(1);
    expect(matchWinChance(100, 160, 152)).toBe(0);
  });

  it('takes a sure Gahwa: the buyer holding every top trump and the side Aces ends the match', () => {
    const s = doubling(
      [
        ['JS', '9S', 'AS', 'TS', 'KS', 'QS', 'AH', 'AD'],
        ['7C', '8C', '9C', 'TC', 'JC', 'QC', '7H', '8H'],
        ['7S', '8S', '9H', 'TH', 'JH', '7D', '8D', '9D'],
        ['KC', 'AC', 'QH', 'KH', 'TD', 'JD', 'QD', 'KD'],
      ],
      3,
      [20, 90],
    );
    expect(s.turn).toBe(0);
    expect(botMove(s, 0, new Rng(3), 'strong')).toEqual({ type: 'double', level: 'gahwa', open: true });
  });

  it('never doubles into a lost match: ahead and a plain win already wins it, a doubled loss would hand it over', () => {
    // Seat 1 defends with the top trumps: likely to beat the contract, but not surely.
    const s = doubling(
      [
        ['7S', '8S', 'QS', 'KS', 'AH', 'KH', '7D', '8D'],
        ['JS', '9S', 'AS', 'TH', 'AD', 'TD', '7C', '8C'],
        ['TS', 'QH', 'JH', '9D', 'JD', '9C', 'TC', 'JC'],
        ['7H', '8H', '9H', 'QD', 'KD', 'AC', 'QC', 'KC'],
      ],
      0,
      [120, 140],
    );
    expect(s.turn).toBe(1);
    // Normal, reading only the round, doubles this hand; Strong sees it would only risk the match.
    expect(decide(s, 1, new Rng(4), DEFAULT_PARAMS)).toEqual({ type: 'double', level: 'double', open: true });
    expect(botMove(s, 1, new Rng(4), 'strong')).toEqual({ type: 'noDouble' });
    // The same hand at level totals early on is worth the Double to Strong too.
    const early = { ...s, scores: [10, 10] as [number, number] };
    expect(botMove(early, 1, new Rng(4), 'strong')).toEqual({ type: 'double', level: 'double', open: true });
  });

  it('solves the last tricks exactly: its alpha-beta agrees with a plain minimax on random three-trick endings', () => {
    const rng = new Rng('solve');
    for (let deal = 0; deal < 40; deal++) {
      const deck = rng.shuffle(DECK.map(cardIndex)).slice(0, 12);
      const hands = [0, 1, 2, 3].map((seat) => deck.slice(seat * 3, seat * 3 + 3).reduce((m, c) => m | (1 << c), 0));
      const sun = deal % 2 === 0;
      const round: SimRound = {
        sun,
        trump: sun ? -1 : deal % 4 === 1 ? 0 : 2,
        closed: false,
        buyerTeam: (deal % 3 === 0 ? 1 : 0) as Team,
        multiplier: 1 + (deal % 3),
        raiserTeam: deal % 3 === 0 ? null : 1,
        projectPoints: [0, 0],
        projectRaw: [0, 0],
        projectTeam: null,
        baloot: [0, 0],
        sawaTeam: null,
      };
      const sim: SimState = { hands, leader: deal % 4, trick: [], raw: [40 + deal, 60], won: [3, 2], done: 5, qayd: null };
      const team = (deal % 2) as Team;
      const before = JSON.stringify(sim);
      expect(solve(sim, round, team)).toBe(minimax(sim, round, team));
      expect(JSON.stringify(sim)).toBe(before);
    }
  });

  it('reads passes when it weighs a bid: a seat that passed the public card’s suit seldom holds its Jack and two more', () => {
    let s = biddingState(
      [
        ['7D', '8D', '9D', 'TD', 'JD'],
        ['7C', '8C', '9C', 'TC', 'JC'],
        ['7H', '8H', '9H', 'TH', 'JH'],
        ['QD', 'KD', 'QC', 'KC', 'QH'],
      ],
      '7S',
    );
    expect(passFit(knowledge(s, 0))).toBeUndefined();
    s = must(s, 0, { type: 'bid', bid: 'pass' });
    const fit = passFit(knowledge(s, 1))!;
    const deal = (seat0: string[]) => [maskOf(seat0), maskOf(['7C', '8C', '9C', 'TC', 'JC']), 0, 0];
    expect(fit(deal(['JS', '9S', 'AS', '8D', '9D']))).toBeLessThan(0.5);
    expect(fit(deal(['AC', 'AH', 'AD', '8D', '9D']))).toBeLessThan(0.5);
    expect(fit(deal(['JS', '8H', 'AS', '8D', '9D']))).toBe(1);
  });
});
