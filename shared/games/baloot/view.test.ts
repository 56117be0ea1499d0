import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardIndex, DECK, NO_TRUMP, strength } from './cards';
import { activeSeats, apply, legalMoves } from './engine';
import { hiddenFrom, leaksInEvents, leaksInView } from './leaks';
import { biddingState, must, newMatch, pass, play, playingState, run } from './test-helpers';
import { knowledge, sortForDisplay, view } from './view';

const HANDS = [
  ['AS', 'KS', '7H', '8D', '9C'],
  ['AH', 'TH', 'QD', 'JC', '8S'],
  ['JS', '9S', 'TD', 'KC', '7C'],
  ['QS', 'KH', '9H', 'AD', 'TC'],
];

describe('view', () => {
  it('shows the own hand, counts of the others, and the public card during the bidding', () => {
    const s = biddingState(HANDS, '9D');
    const v = view(s, 1);
    expect(v.seat).toBe(1);
    expect([...v.hand].sort()).toEqual([...HANDS[1]!].sort());
    expect(knowledge(s, 1).handCounts).toEqual([5, 5, 5, 5]);
    expect(v.publicCard).toBe('9D');
    expect(v.phase).toBe('bidding');
    expect(v.turn).toBe(0);
    expect(v.dealer).toBe(3);
    expect(leaksInView(v, hiddenFrom(s, 1))).toEqual([]);
  });
  it('a spectator sees no hand and can do nothing', () => {
    const s = biddingState(HANDS, '9D');
    const v = view(s, null);
    expect(v.hand).toEqual([]);
    expect(v.playable).toEqual([]);
    expect(v.actions).toEqual({ bids: [], kawesh: false, double: null, declare: null, sawa: false, sawaAnswer: false });
    expect(leaksInView(v, hiddenFrom(s, null))).toEqual([]);
  });
  it('never carries the stock or the random generator', () => {
    const keys = Object.keys(view(newMatch('keys'), 0));
    expect(keys).not.toContain('stock');
    expect(keys).not.toContain('rng');
    expect(JSON.stringify(view(newMatch('keys'), 0))).not.toMatch(/"s":\[/);
  });
  it('sorts the hand with trumps first and the strongest cards first', () => {
    const s = playingState({ hands: [['7H', 'AS', 'JH', '9H', 'TS'], ['8S'], ['9S'], ['KS']], type: 'hokum', trump: 'H' });
    expect(view(s, 0).hand).toEqual(['JH', '9H', '7H', 'AS', 'TS']);
  });
  it('lists playable cards only on the seat’s turn', () => {
    const s = must(
      playingState({
        hands: [
          ['AS', '7H'],
          ['7S', 'AH'],
          ['KS', '8H'],
          ['8S', 'TH'],
        ],
      }),
      0,
      play('AS'),
    );
    expect(view(s, 1).playable).toEqual(['7S']);
    expect(view(s, 2).playable).toEqual([]);
    expect(view(s, 1).trick).toEqual({ leader: 0, plays: [{ seat: 0, card: 'AS' }] });
  });
  it('shows the contract and the tricks won, and keeps finished tricks for the bot', () => {
    let s = run(biddingState(HANDS, '9D'), [
      [0, pass],
      [1, { type: 'bid', bid: 'sun' }],
    ]);
    const v0 = view(s, 2);
    expect(v0.contract).toEqual({ type: 'sun', trump: null, buyer: 1, bidder: 1, ashkal: false, level: 1, open: true, raiser: null });
    expect(v0.bidding).toBeNull();
    for (let i = 0; i < 4; i++)
      s = must(
        s,
        s.turn,
        legalMoves(s, s.turn).find((m) => m.type === 'play')!,
      );
    const v = view(s, 2);
    // Finished tricks stay off the wire (the table rebuilds the last one from the update's events,
    // and a resync stays flat through the deal); the bot's knowledge keeps them all.
    expect(v).not.toHaveProperty('tricks');
    expect(v).not.toHaveProperty('lastTrick');
    const [done] = knowledge(s, 2).tricks;
    expect(done!.plays).toHaveLength(4);
    expect(v.tricksWon[0] + v.tricksWon[1]).toBe(1);
    expect(v.cardPoints[0] + v.cardPoints[1]).toBe(done!.points);
    expect(v.trick).toEqual({ leader: done!.winner, plays: [] });
    expect(knowledge(s, 2).handCounts).toEqual([7, 7, 7, 7]);
    expect(v).not.toHaveProperty('handCounts');
  });
  it('tells each seat what it may do: the bids on offer', () => {
    const s = biddingState(HANDS, '9D');
    expect(view(s, 0).actions.bids).toEqual([{ bid: 'pass' }, { bid: 'hokum', suit: 'D' }, { bid: 'sun' }]);
    expect(view(s, 2).actions.bids).toEqual([]);
  });
  it('the leak check finds a hidden card by id in a view and in an event', () => {
    const s = biddingState(HANDS, '9D');
    const hidden = hiddenFrom(s, 0);
    expect(leaksInView({ ...view(s, 0), extra: ['TD'] }, hidden)).toEqual(['TD']);
    expect(leaksInEvents([{ type: 'x', seat: 1, hand: ['TD', 'KC'] }], hidden)).toEqual(['TD', 'KC']);
    expect(leaksInEvents([{ type: 'play', seat: 0, card: 'AS' }], hidden)).toEqual([]);
  });

  it('a hand is shown trump first, then suits alternating in colour (spades, hearts, clubs, diamonds), strongest first', () => {
    const group = (card: string, trump: number) => {
      const suit = cardIndex(card) >> 3;
      return suit === trump ? -1 : [0, 1, 3, 2].indexOf(suit);
    };
    fc.assert(
      fc.property(fc.shuffledSubarray(DECK as string[], { maxLength: 8 }), fc.integer({ min: NO_TRUMP, max: 3 }), (cards, trump) => {
        const sorted = sortForDisplay(cards, trump);
        expect([...sorted].sort()).toEqual([...cards].sort());
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1]!, sorted[i]!];
          const [ga, gb] = [group(a, trump), group(b, trump)];
          expect(ga < gb || (ga === gb && strength(cardIndex(a), trump) > strength(cardIndex(b), trump))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
  it("the last round's summary is one shared, frozen object in every seat's view until the next round ends", () => {
    let s = newMatch('summary');
    let seed = 11;
    const pick = <T>(xs: T[]) => xs[(seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % xs.length]!;
    for (let n = 0; s.lastRound === null && n < 2000; n++) {
      const seat = activeSeats(s)[0]!;
      const r = apply(s, seat, pick(legalMoves(s, seat)));
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      s = r.state;
    }
    const first = s.lastRound;
    expect(first).not.toBeNull();
    const shown = view(s, 0).lastRound!;
    expect(Object.isFrozen(shown)).toBe(true);
    expect(view(s, 2).lastRound).toBe(shown);
    expect(view(s, null).lastRound).toBe(shown);
    expect(shown).not.toHaveProperty('scores');
    expect(shown).not.toHaveProperty('multiplier');
    expect(shown.contract).not.toHaveProperty('levelName');
    // A move in the next round keeps it; the view of that state reuses the same object.
    const seat = activeSeats(s)[0]!;
    const r = apply(s, seat, legalMoves(s, seat)[0]!);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.state.lastRound).toBe(first);
    expect(view(r.state, 1).lastRound).toBe(shown);
  });
});
