import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../cards/rng';
import { activeSeats, apply, legalMoves, setup } from './engine';
import { hint, hintWhy } from './hint';
import { baloot } from './index';
import { biddingState, must, NAMES, playingState, realPastTricks, type PlayingOptions } from './test-helpers';
import type { BalootState } from './types';

const players = NAMES.map((name) => ({ name }));
const pass = { type: 'bid', bid: 'pass' } as const;

/** The hint for the seat to move in a position built by the test helpers. */
function hintAt(o: PlayingOptions) {
  const s = playingState(o);
  return hint(s, s.turn);
}

describe('Baloot hint: a legal move', () => {
  it('is accepted by the rules in any position, for every seat that may act (a Kawesh hand may call out of turn); other seats get none (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 60 }), (seed, steps) => {
        const rng = new Rng(seed);
        let s: BalootState = setup(players, baloot.defaultOptions, `hint-${seed}`);
        // A random walk of legal moves (Sawa claims left out: they end most rounds at once).
        for (let i = 0; i < steps && !s.outcome; i++) {
          const seat = rng.pick(activeSeats(s));
          const moves = legalMoves(s, seat).filter((m) => m.type !== 'sawa');
          s = must(s, seat, rng.pick(moves));
        }
        for (let seat = 0; seat < 4; seat++) {
          const h = hint(s, seat);
          if (!activeSeats(s).includes(seat) && legalMoves(s, seat).length === 0) {
            expect(h).toBeNull();
            continue;
          }
          expect(h).not.toBeNull();
          expect(apply(s, seat, h!.move).ok).toBe(true);
          expect(typeof h!.why.code).toBe('string');
        }
      }),
      { numRuns: 40 },
    );
  });

  it('tells a seat holding a Kawesh hand to call it, even before its turn to bid', () => {
    // This deal gives seat 0 only 7s, 8s and 9s, and seat 1 bids first.
    const s = setup(players, baloot.defaultOptions, 'hint-223470');
    expect(activeSeats(s)).toEqual([1]);
    expect(hint(s, 0)?.move).toEqual({ type: 'kawesh' });
    expect(apply(s, 0, { type: 'kawesh' }).ok).toBe(true);
  });

  it('is the same for the same position (the bot is seeded from the public position)', () => {
    const s = setup(players, baloot.defaultOptions, 'same');
    expect(hint(s, s.turn)).toEqual(hint(structuredClone(s), s.turn));
  });
});

describe('Baloot hint: why, in spots that show each rule', () => {
  it('bidding: Hokum on a strong trump suit, Sun on aces, pass on a weak hand, Kawesh on 7s, 8s and 9s', () => {
    const others = [
      ['8D', '7D', '8C', '9C', '8S'],
      ['9D', 'QD', 'TC', 'JC', '9S'],
      ['TD', 'KD', 'QC', 'KC', 'TS'],
    ];
    const hokum = biddingState([['JH', '9H', 'AH', 'TH', '7C'], ...others], 'KH');
    expect(hint(hokum, 0)).toEqual({
      move: { type: 'bid', bid: 'hokum', suit: 'H' },
      why: { code: 'bid_hokum', suit: 'H', trumps: 5, high: ['JH', '9H', 'AH'] },
    });
    const sun = biddingState([['AS', 'AH', 'AD', 'AC', 'TS'], others[0]!, others[1]!, ['TD', 'KD', 'QC', 'KC', 'JS']], 'TH');
    expect(hint(sun, 0)).toEqual({ move: { type: 'bid', bid: 'sun' }, why: { code: 'bid_sun', aces: 4, tens: 2 } });
    const weak = biddingState(
      [
        ['7S', '8H', '7D', 'QC', '9S'],
        ['8D', 'AD', '8C', '9C', '8S'],
        ['9D', 'QD', 'TC', 'JC', 'AS'],
        ['TD', 'KD', 'AC', 'KC', 'JS'],
      ],
      'TH',
    );
    expect(hint(weak, 0)).toEqual({ move: pass, why: { code: 'bid_pass' } });
    const sevens = biddingState(
      [
        ['7S', '8H', '7D', '9C', '9S'],
        ['8D', 'AD', '8C', 'QC', '8S'],
        ['9D', 'QD', 'TC', 'JC', 'AS'],
        ['TD', 'KD', 'AC', 'KC', 'JS'],
      ],
      'TH',
    );
    expect(hint(sevens, 0)).toEqual({ move: { type: 'kawesh' }, why: { code: 'kawesh' } });
  });

  it('bidding: keep a lone Hokum on a strong trump suit; Ashkal is Sun with the public card for the partner', () => {
    let s = biddingState(
      [
        ['JH', '9H', 'AH', 'TH', '7C'],
        ['8D', '7D', '8C', '9C', '8S'],
        ['9D', 'QD', 'TC', 'JC', '9S'],
        ['TD', 'KD', 'QC', 'KC', 'TS'],
      ],
      'KH',
    );
    s = must(s, 0, { type: 'bid', bid: 'hokum' });
    for (const seat of [1, 2, 3]) s = must(s, seat, pass);
    expect(hint(s, 0)).toEqual({ move: { type: 'bid', bid: 'hokum', suit: 'H' }, why: { code: 'keep_hokum', suit: 'H' } });
    // The bot seldom prefers Ashkal to Sun: its reason is still there to word.
    let a = biddingState(
      [
        ['8D', '7D', '8C', 'QC', '8S'],
        ['9D', 'QD', 'TC', 'JC', '9S'],
        ['AS', 'AH', 'AD', 'AC', 'TS'],
        ['TD', 'KD', '9C', 'KC', 'JS'],
      ],
      'TH',
    );
    a = must(must(a, 0, pass), 1, pass);
    expect(apply(a, 2, { type: 'bid', bid: 'ashkal' }).ok).toBe(true);
    expect(hintWhy(a, 2, { type: 'bid', bid: 'ashkal' })).toEqual({ code: 'bid_ashkal', aces: 4 });
  });

  it('doubling: a defender holding the trumps doubles, a weak one does not', () => {
    const bought = (hands: string[][], publicCard: string) => {
      let s = must(biddingState(hands, publicCard), 0, { type: 'bid', bid: 'hokum' });
      for (const seat of [1, 2, 3]) s = must(s, seat, pass);
      return must(s, 0, { type: 'bid', bid: 'hokum' });
    };
    const weak = bought(
      [
        ['JH', '9H', 'AH', 'TH', '7C'],
        ['8D', '7D', '8C', '9C', '8S'],
        ['9D', 'QD', 'TC', 'JC', '9S'],
        ['TD', 'KD', 'QC', 'KC', 'TS'],
      ],
      'KH',
    );
    expect(hint(weak, 1)).toEqual({ move: { type: 'noDouble' }, why: { code: 'no_double', level: 'double' } });
    const strong = bought(
      [
        ['7H', '8D', '7D', 'AC', '7C'],
        ['JH', '9H', 'AH', 'TH', 'AS'],
        ['9D', 'QD', 'TC', 'JC', '9S'],
        ['TD', 'KD', 'QC', 'KC', 'TS'],
      ],
      '8H',
    );
    expect(hint(strong, 1)).toEqual({ move: { type: 'double', level: 'double', open: true }, why: { code: 'double', level: 'double' } });
  });

  it('projects: declared before the first card', () => {
    const h = hintAt({
      hands: [
        ['AS', 'KS', 'QS', '7D'],
        ['8D', '7H', '8C', '9C'],
        ['9D', '8H', 'TC', 'JC'],
        ['TD', '9H', 'QC', 'KC'],
      ],
    });
    expect(h).toEqual({ move: { type: 'declare' }, why: { code: 'declare', kinds: ['sira'] } });
  });

  it('leading: the master card, a low card to keep the high ones, a trump to draw trumps', () => {
    const others = [
      ['8D', '7H'],
      ['9D', '8H'],
      ['TD', '9H'],
    ];
    expect(hintAt({ hands: [['AS', 'AD'], ...others] })!.why).toEqual({ code: 'lead_master', card: 'AS' });
    expect(hintAt({ hands: [['KS', '7S'], ['AS', '7H'], others[1]!, others[2]!] })!.why).toEqual({ code: 'lead_low', card: '7S' });
    expect(hintAt({ type: 'hokum', trump: 'S', hands: [['JS', '9S'], ...others] })!.why).toEqual({ code: 'lead_trump', card: '9S', trump: 'S' });
  });

  it('following suit: win the trick, give the winning partner points, or play low', () => {
    const others = [['7D'], ['9D'], ['TD']];
    const led = (card: string, hand: string[], partnerLeads = false) =>
      hintAt({
        hands: [hand, ...others],
        leader: partnerLeads ? 2 : 3,
        trick: partnerLeads
          ? [
              { seat: 2, card },
              { seat: 3, card: '7H' },
            ]
          : [{ seat: 3, card }],
      })!.why;
    expect(led('KH', ['AH'])).toEqual({ code: 'follow_win', card: 'AH', led: 'H' });
    expect(led('KH', ['7H'])).toEqual({ code: 'follow_low', card: '7H', led: 'H' });
    expect(led('AH', ['TH'], true)).toEqual({ code: 'follow_points', card: 'TH', led: 'H' });
  });

  it('trumps: must trump when void, overtrump an opponent’s trump, ruff with a lone trump', () => {
    const hokum = { type: 'hokum', trump: 'S' } as const;
    const mustTrump = hintAt({
      ...hokum,
      hands: [
        ['7S', '8D'],
        ['7D', '8C'],
        ['9D', '9C'],
        ['TD', 'TC'],
      ],
      leader: 3,
      trick: [{ seat: 3, card: 'KH' }],
    });
    expect(mustTrump).toEqual({ move: { type: 'play', card: '7S' }, why: { code: 'must_trump', card: '7S', led: 'H', trump: 'S' } });
    const over = hintAt({
      ...hokum,
      hands: [
        ['JS', '8D'],
        ['7D', '8C'],
        ['9D', '9C'],
        ['TD', 'TC'],
      ],
      leader: 2,
      trick: [
        { seat: 2, card: 'KH' },
        { seat: 3, card: '9S' },
      ],
    });
    expect(over!.why).toEqual({ code: 'overtrump', card: 'JS', trump: 'S' });
    const ruff = hintAt({ ...hokum, hands: [['7S'], ['7D'], ['9D'], ['TD']], leader: 3, trick: [{ seat: 3, card: 'KH' }] });
    expect(ruff!.why).toEqual({ code: 'ruff', card: '7S', led: 'H', trump: 'S' });
  });

  it('void in the led suit without trumps: points to the winning partner, else the least useful card', () => {
    const partner = hintAt({
      hands: [['AD'], ['7D'], ['9D'], ['TD']],
      leader: 2,
      trick: [
        { seat: 2, card: 'AH' },
        { seat: 3, card: '7H' },
      ],
    });
    expect(partner!.why).toEqual({ code: 'give_points', card: 'AD', led: 'H' });
    const low = hintAt({ hands: [['7D'], ['8D'], ['9D'], ['TD']], leader: 3, trick: [{ seat: 3, card: 'AH' }] });
    expect(low!.why).toEqual({ code: 'discard_low', card: '7D', led: 'H' });
  });

  it('Sawa: claim when every trick is surely yours; accept a proven claim, refuse one that is not', () => {
    const winning = [['AS'], ['7D'], ['9D'], ['TD']];
    expect(hintAt({ hands: winning, tricks: realPastTricks(winning) })).toEqual({ move: { type: 'sawa' }, why: { code: 'sawa' } });
    const claim = (hands: string[][]) => must(playingState({ hands, tricks: realPastTricks(hands) }), 0, { type: 'sawa' });
    expect(
      hint(
        claim([
          ['AS', 'AH'],
          ['7D', '8D'],
          ['9D', '7C'],
          ['TD', '8C'],
        ]),
        1,
      ),
    ).toEqual({ move: { type: 'sawaAnswer', accept: true }, why: { code: 'sawa_accept' } });
    expect(
      hint(
        claim([
          ['AS', '7H'],
          ['7D', '8H'],
          ['9D', '7C'],
          ['TD', '8C'],
        ]),
        1,
      ),
    ).toEqual({ move: { type: 'sawaAnswer', accept: false }, why: { code: 'sawa_refuse' } });
  });
});
