import { describe, expect, it } from 'vitest';
import { Rng } from '../../../cards/rng';
import type { BotLevel } from '../../../engine/types';
import { activeSeats, apply, legalMoves, setup } from '../engine';
import { baloot } from '../index';
import { NAMES, biddingState, must, play, playingState, realPastTricks } from '../test-helpers';
import type { BalootState } from '../types';
import { knowledge as view } from '../view';
import { DEFAULT_PARAMS, STRONG_PARAMS, botMove, decide } from './index';

const LEVELS: BotLevel[] = ['easy', 'normal', 'strong'];

/** Two cards left in each hand (the rest played in earlier tricks), seat 0 to lead. */
const twoLeft = (hands: string[][], o: { type?: 'sun' | 'hokum'; trump?: 'S' | 'H' | 'D' | 'C' } = {}) =>
  playingState({ hands, ...o, tricks: realPastTricks(hands, o.trump) });

const plays = (s: BalootState, moves: [number, string][]) => moves.reduce((acc, [seat, card]) => must(acc, seat, play(card)), s);

describe('bot levels', () => {
  it('Easy and Strong play only legal moves: three rounds of one against the other', () => {
    const rng = new Rng('levels');
    let s = setup(
      NAMES.map((name) => ({ name })),
      baloot.defaultOptions,
      'levels-legal',
    );
    const levelOf: BotLevel[] = ['easy', 'strong', 'easy', 'strong'];
    let moves = 0;
    while (!s.outcome && s.roundNo <= 3) {
      const seat = activeSeats(s)[0]!;
      const move = baloot.botMove(s, seat, rng, levelOf[seat]);
      expect(legalMoves(s, seat)).toContainEqual(move);
      const r = apply(s, seat, move);
      expect(r.ok).toBe(true);
      if (r.ok) s = r.state;
      moves++;
    }
    expect(moves).toBeGreaterThan(90);
  }, 30_000);

  it('every level decides from its seat’s view only: other hands that look the same give the same move', () => {
    const s = setup(
      NAMES.map((name) => ({ name })),
      baloot.defaultOptions,
      'bot-view',
    );
    const swapped: BalootState = { ...s, hands: [s.hands[0]!, s.hands[2]!, s.hands[1]!, s.hands[3]!] };
    const seat = s.turn === 1 || s.turn === 2 ? 0 : s.turn;
    expect(view(swapped, seat)).toEqual(view(s, seat));
    for (const level of LEVELS) expect(botMove(swapped, seat, new Rng(5), level)).toEqual(botMove(s, seat, new Rng(5), level));
  });

  it('Normal is the long-standing bot, and a missing level means Normal', () => {
    const s = setup(
      NAMES.map((name) => ({ name })),
      baloot.defaultOptions,
      'normal-is-default',
    );
    const seat = s.turn;
    expect(botMove(s, seat, new Rng(9), 'normal')).toEqual(decide(s, seat, new Rng(9), DEFAULT_PARAMS));
    expect(baloot.botMove(s, seat, new Rng(9))).toEqual(decide(s, seat, new Rng(9), DEFAULT_PARAMS));
    // Strong searches more and bids more boldly than Normal.
    expect(STRONG_PARAMS.playBudget).toBeGreaterThan(DEFAULT_PARAMS.playBudget);
    expect(STRONG_PARAMS.hokumThreshold).toBeLessThan(DEFAULT_PARAMS.hokumThreshold);
  });

  it('Easy bids Hokum on four trumps with the Jack, passes without the Jack, and never raises', () => {
    const hands = (mine: string[]) => [mine, ['7S', '8S', '7C', '8C', '9C'], ['QS', 'KS', 'TC', 'JC', 'QC'], ['AS', 'TS', 'KC', 'AC', '7D']];
    const withJack = biddingState(hands(['JH', '9H', '7H', '8D', '9D']), 'TH');
    expect(botMove(withJack, 0, new Rng(1), 'easy')).toEqual({ type: 'bid', bid: 'hokum', suit: 'H' });
    const noJack = biddingState(hands(['KH', '9H', '7H', '8D', '9D']), 'TH');
    expect(botMove(noJack, 0, new Rng(1), 'easy')).toEqual({ type: 'bid', bid: 'pass' });
    // Seat 1 is asked whether to Double a Hokum it cannot lose: Easy never raises.
    let s = must(withJack, 0, { type: 'bid', bid: 'hokum', suit: 'H' });
    while (s.phase === 'bidding') s = must(s, s.turn, s.bidding!.stage === 'switch' ? { type: 'bid', bid: 'hokum', suit: 'H' } : { type: 'bid', bid: 'pass' });
    expect(s.phase).toBe('doubling');
    expect(botMove(s, s.turn, new Rng(1), 'easy')).toEqual({ type: 'noDouble' });
  });

  it('Easy takes a trick with its cheapest winning card and gives its cheapest card to a partner who holds the trick', () => {
    const win = plays(
      twoLeft([
        ['KS', '8D'],
        ['7S', '9D'],
        ['QS', '7D'],
        ['AS', 'TS'],
      ]),
      [
        [0, 'KS'],
        [1, '7S'],
        [2, 'QS'],
      ],
    );
    // The Ten beats the King in Sun and costs less than the Ace.
    expect(botMove(win, 3, new Rng(1), 'easy')).toEqual(play('TS'));
    const partner = plays(
      twoLeft([
        ['AS', '8D'],
        ['7S', '9D'],
        ['TS', '8S'],
        ['QS', '8C'],
      ]),
      [
        [0, 'AS'],
        [1, '7S'],
      ],
    );
    expect(botMove(partner, 2, new Rng(1), 'easy')).toEqual(play('8S'));
  });

  it('Strong is never worse in a clear-cut spot: it takes the last trick it can win and feeds its partner’s sure trick', () => {
    const win = plays(
      twoLeft([
        ['KS', '8D'],
        ['7S', '9D'],
        ['QS', '7D'],
        ['AS', '8C'],
      ]),
      [
        [0, 'KS'],
        [1, '7S'],
        [2, 'QS'],
      ],
    );
    expect(botMove(win, 3, new Rng(1), 'strong')).toEqual(play('AS'));
    const feed = plays(
      twoLeft([
        ['AS', '8D'],
        ['7S', '9D'],
        ['TS', '7D'],
        ['8S', '8C'],
      ]),
      [
        [0, 'AS'],
        [1, '7S'],
      ],
    );
    expect(botMove(feed, 2, new Rng(1), 'strong')).toEqual(play('TS'));
  });
});
