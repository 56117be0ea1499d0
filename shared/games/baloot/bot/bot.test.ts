import { describe, expect, it } from 'vitest';
import { Rng } from '../../../cards/rng';
import { FULL_MASK, maskOf, popcount, suitIndex } from '../cards';
import { activeSeats, apply, legalMoves, setup } from '../engine';
import { baloot } from '../index';
import { NAMES, biddingState, must, play, playingState, realPastTricks } from '../test-helpers';
import type { BalootState } from '../types';
import { knowledge as view } from '../view';
import { claimHolds, decide, decideFromView, safeMove } from './index';
import { knowledgeFromView, sampleHands } from './knowledge';
import { randomLegalMove } from './random';

const twoLeft = (hands: string[][], o: { type?: 'sun' | 'hokum'; trump?: 'S' | 'H' | 'D' | 'C'; leader?: number } = {}) =>
  playingState({
    hands,
    ...o,
    tricks: realPastTricks(hands, o.trump),
  });

describe('bot', () => {
  it('decides from its seat’s view only: other hands that look the same give the same move', () => {
    const s = setup(
      NAMES.map((name) => ({ name })),
      baloot.defaultOptions,
      'bot-view',
    );
    const swapped: BalootState = { ...s, hands: [s.hands[0]!, s.hands[2]!, s.hands[1]!, s.hands[3]!] };
    const seat = s.turn;
    const other = seat === 1 || seat === 2 ? 0 : seat;
    expect(view(swapped, other)).toEqual(view(s, other));
    expect(decide(swapped, other, new Rng(5))).toEqual(decide(s, other, new Rng(5)));
    expect(decide(s, other, new Rng(5))).toEqual(decideFromView(view(s, other), new Rng(5)));
  });
  it('never breaks a rule: two whole matches of bots against random players', () => {
    for (let m = 0; m < 2; m++) {
      const rng = new Rng(m);
      let s = setup(
        NAMES.map((name) => ({ name })),
        baloot.defaultOptions,
        `legal-${m}`,
      );
      while (!s.outcome) {
        const seat = activeSeats(s)[0]!;
        const move = seat % 2 === m ? baloot.botMove(s, seat, rng) : randomLegalMove(s, seat, rng);
        expect(legalMoves(s, seat)).toContainEqual(move);
        const r = apply(s, seat, move);
        expect(r.ok).toBe(true);
        if (r.ok) s = r.state;
      }
      expect(s.outcome.winners).toContain(m);
    }
  });
  it('declares its projects before playing', () => {
    const s = playingState({ hands: [['AS', 'KS', 'QS', '7H', '8H', '9D', '7C', '8C'], ['AH'], ['KH'], ['QH']] });
    expect(decide(s, 0, new Rng(1))).toEqual({ type: 'declare' });
  });
  it('takes a trick it can win as the last player, and feeds points to a partner who holds the trick', () => {
    const win = twoLeft([
      ['KS', '8D'],
      ['7S', '9D'],
      ['QS', '7D'],
      ['AS', '8C'],
    ]);
    const s = [
      [0, 'KS'],
      [1, '7S'],
      [2, 'QS'],
    ].reduce((acc, [seat, card]) => must(acc, seat as number, play(card as string)), win);
    expect(decide(s, 3, new Rng(1))).toEqual(play('AS'));
    const feed = twoLeft([
      ['AS', '8D'],
      ['7S', '9D'],
      ['TS', '7D'],
      ['8S', '8C'],
    ]);
    const f = [
      [0, 'AS'],
      [1, '7S'],
    ].reduce((acc, [seat, card]) => must(acc, seat as number, play(card as string)), feed);
    // Seat 2 must follow spades and its partner's Ace is safe (seat 3 holds only the 8): give the Ten.
    expect(decide(f, 2, new Rng(1))).toEqual(play('TS'));
  });
  it('bids on a strong hand and passes on a weak one', () => {
    const strong = biddingState(
      [
        ['JH', '9H', 'AH', 'AS', 'AD'],
        ['7S', '8S', '7C', '8C', '9C'],
        ['QS', 'JS', 'TC', 'JC', 'QC'],
        ['KS', 'TS', 'KC', 'AC', '7D'],
      ],
      'TH',
    );
    expect(decide(strong, 0, new Rng(3))).not.toEqual({ type: 'bid', bid: 'pass' });
    const weak = biddingState(
      [
        ['7S', '8H', '9D', 'JC', 'QD'],
        ['AS', 'AH', 'AD', 'AC', 'TS'],
        ['KS', 'KH', 'KD', 'KC', 'TH'],
        ['JS', 'JH', 'JD', 'TC', 'QS'],
      ],
      '8S',
    );
    expect(decide(weak, 0, new Rng(3))).toEqual({ type: 'bid', bid: 'pass' });
  });
  it('claims Sawa only when it surely takes every remaining trick', () => {
    const sure = twoLeft([
      ['AS', 'AH'],
      ['7S', 'KH'],
      ['KS', '8H'],
      ['8S', 'TH'],
    ]);
    expect(decide(sure, 0, new Rng(1))).toEqual({ type: 'sawa' });
    const unsure = twoLeft([
      ['AS', 'KH'],
      ['7S', 'AH'],
      ['KS', '8H'],
      ['8S', 'TH'],
    ]);
    // The Ace of hearts is out: no claim. (Leading the King first keeps the last trick's 10.)
    expect(decide(unsure, 0, new Rng(1))).toEqual(play('KH'));
  });
  it('never claims mid-trick, and refuses a claim made mid-trick (its proof assumes the claimant leads)', () => {
    // Seat 1 holds the two top hearts, but spades were led and it cannot win this trick.
    const mid = must(
      twoLeft([
        ['AS', '7D'],
        ['AH', 'TH'],
        ['KS', '8H'],
        ['8S', 'KH'],
      ]),
      0,
      play('AS'),
    );
    expect(decide(mid, 1, new Rng(1))).not.toEqual({ type: 'sawa' });
    const claimed = must(mid, 1, { type: 'sawa' });
    expect(decide(claimed, 2, new Rng(1))).toEqual({ type: 'sawaAnswer', accept: false });
  });
  it('accepts a Sawa only when the shown hand surely wins, and refuses otherwise', () => {
    const sure = must(
      twoLeft([
        ['AS', 'AH'],
        ['7S', 'KH'],
        ['KS', '8H'],
        ['8S', 'TH'],
      ]),
      0,
      { type: 'sawa' },
    );
    expect(decide(sure, 1, new Rng(1))).toEqual({ type: 'sawaAnswer', accept: true });
    const bluff = {
      ...sure,
      hands: [
        ['AS', 'KH'],
        ['7S', 'AH'],
        ['KS', '8H'],
        ['8S', 'TH'],
      ],
    };
    expect(decide(bluff, 1, new Rng(1))).toEqual({ type: 'sawaAnswer', accept: false });
  });
});

describe('Sawa proof', () => {
  const S = suitIndex('S');
  const claim = (hand: string[], outstanding: string[], trump: number, closed = false) => claimHolds(maskOf(hand), maskOf(outstanding), trump, closed);
  it('every card must top the unseen cards of its suit', () => {
    expect(claim(['AS', 'TS'], ['KS', '7H'], -1)).toBe(true);
    expect(claim(['AS', 'KS'], ['TS', '7H'], -1)).toBe(false);
  });
  it('in Hokum the trumps must draw every outstanding trump first, which Closed forbids', () => {
    expect(claim(['JS', '9S', 'AH'], ['7S', '8S', 'KH'], S)).toBe(true);
    expect(claim(['JS', 'AH'], ['7S', '8S', 'KH'], S)).toBe(false);
    expect(claim(['JS', '9S', 'AH'], ['7S', '8S', 'KH'], S, true)).toBe(false);
    expect(claim(['JS', '9S'], ['7S', '8S', 'KH'], S, true)).toBe(true);
    expect(claim(['AH'], [], S)).toBe(true);
    expect(claim(['AH', 'AD'], ['7S'], S)).toBe(false);
    expect(claimHolds(0, FULL_MASK, S, false)).toBe(true);
  });
});

describe('sampling the unseen cards', () => {
  it('respects shown voids, known cards and hand sizes', () => {
    // Seat 1 shows out of spades (a heart on the spade lead); seat 0 took the public card.
    let s = playingState({
      hands: [
        ['AS', 'KS', '9H', '8H', '7D', '8D', 'QC', '7C'],
        ['JH', 'QH', 'TH', 'TD', 'KD', '9C', 'JC', 'AC'],
        ['8S', '9S', 'AH', 'KH', 'AD', 'QD', 'JD', '9D'],
        ['7S', 'TS', 'JS', 'QS', '7H', '8C', 'TC', 'KC'],
      ],
      publicCard: 'QC',
    });
    s = must(s, 0, play('AS'));
    s = must(s, 1, play('JH'));
    const v = view(s, 3);
    const k = knowledgeFromView(v);
    expect(k.known[0]).toBe(maskOf(['QC']));
    const rng = new Rng(9);
    for (let i = 0; i < 50; i++) {
      const hands = sampleHands(k, rng);
      expect(hands[1]! & maskOf(['KS', 'QS', 'JS', 'TS', '9S', '8S', '7S'])).toBe(0);
      expect(hands[0]! & maskOf(['QC'])).toBe(maskOf(['QC']));
      expect(hands.map(popcount)).toEqual([7, 7, 8, 8]);
      expect(hands[3]).toBe(maskOf(v.hand));
    }
  });
});

describe('fallback move', () => {
  it('is legal in every phase: pass, keep Hokum, no raise, refuse, the cheapest card', () => {
    const rng = new Rng(4);
    let s = setup(
      NAMES.map((name) => ({ name })),
      baloot.defaultOptions,
      'fallback',
    );
    for (let i = 0; i < 300 && !s.outcome; i++) {
      for (const seat of activeSeats(s)) expect(legalMoves(s, seat)).toContainEqual(safeMove(view(s, seat)));
      const seat = activeSeats(s)[0]!;
      s = must(s, seat, randomLegalMove(s, seat, rng));
    }
  });
});
