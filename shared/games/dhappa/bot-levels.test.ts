import { describe, expect, it } from 'vitest';
import { Rng } from '../../cards/rng';
import type { BotLevel, Seat } from '../../engine/types';
import { chooseBotMove } from './bot';
import { dhappa } from './index';
import { cards, position, type Position } from './testkit';
import type { DhappaMove, DhappaState } from './types';

const C = cards;
const OTHERS = [C('KC KC#2 KC#3'), C('QC QC#2 QC#3'), C('JC JC#2 JC#3')];
const LEVELS: BotLevel[] = ['easy', 'normal', 'strong'];

function table(hand: string, p: Partial<Position> = {}): DhappaState {
  return position({ hands: [C(hand), ...OTHERS], ...p });
}

/** Lets a bot of `level` play its whole turn; returns the moves and the state after. */
function botTurn(s: DhappaState, level: BotLevel, seat: Seat = s.turn): { moves: DhappaMove[]; state: DhappaState } {
  const moves: DhappaMove[] = [];
  const key = dhappa.turnKey!(s);
  let state = s;
  while (dhappa.outcome(state) === null && dhappa.turnKey!(state) === key) {
    const m = dhappa.botMove(state, seat, new Rng(1), level);
    const r = dhappa.apply(state, seat, m);
    if (!r.ok) throw new Error(`${JSON.stringify(m)}: ${JSON.stringify(r.error)}`);
    moves.push(m);
    state = r.state;
    if (moves.length > 60) throw new Error('the bot does not finish its turn');
  }
  return { moves, state };
}

const onBoard = (s: DhappaState, team: number, card: string) => s.boards[team]!.some((r) => r.cards.some((mc) => mc.card === card));

describe('bot levels', () => {
  it('every level plays only moves the rules accept, to the end of a deal (4 and 6 players, levels mixed)', () => {
    for (const n of [4, 6]) {
      let s = dhappa.setup(
        Array.from({ length: n }, (_, i) => ({ name: `P${i}` })),
        dhappa.defaultOptions,
        `levels-${n}`,
      );
      let moves = 0;
      while (dhappa.outcome(s) === null) {
        const seat = dhappa.activeSeats(s)[0]!;
        const r = dhappa.apply(s, seat, dhappa.botMove(s, seat, new Rng(1), LEVELS[seat % 3]));
        expect(r.ok).toBe(true);
        if (r.ok) s = r.state;
        if (++moves > 3000) throw new Error('the deal does not end');
      }
      expect(s.phase).toBe('over');
    }
  }, 30_000);

  it('every level decides from its seat’s knowledge only: other hands and the draw pile do not change its move', () => {
    const s = dhappa.setup(
      ['Ana', 'Bob', 'Cy', 'Dee'].map((name) => ({ name })),
      dhappa.defaultOptions,
      'levels-view',
    );
    const seat = s.turn;
    const others = s.hands.map((_, i) => i).filter((i) => i !== seat);
    const hands = s.hands.slice();
    [hands[others[0]!], hands[others[1]!]] = [hands[others[1]!]!, hands[others[0]!]!];
    const shuffled: DhappaState = { ...s, hands, pile: [...s.pile].reverse() };
    for (const level of LEVELS) expect(chooseBotMove(shuffled, seat, level)).toEqual(chooseBotMove(s, seat, level));
  });

  it('a missing level means Normal', () => {
    const s = table('5H 6H 9S TS KD QD 4C', { discard: C('QS 7H') });
    expect(dhappa.botMove(s, 0, new Rng(1))).toEqual(dhappa.botMove(s, 0, new Rng(1), 'normal'));
  });

  it('Easy always draws while the draw pile lasts, even when an N-pick would play', () => {
    const s = table('5H 6H 9S TS KD QD 4C', { discard: C('QS 7H') });
    expect(dhappa.botMove(s, 0, new Rng(1), 'normal')).toEqual({ type: 'pick', count: 1 });
    expect(dhappa.botMove(s, 0, new Rng(1), 'easy')).toEqual({ type: 'draw' });
  });

  it('Easy never throws a 2 to take a big discard pile out of the game; Normal does', () => {
    const s = table('2S KD QS 9C', { discard: C('KH 9D 5S JH 7H 4D'), pileTop: C('4H') });
    expect(botTurn(s, 'normal').state.discard).toEqual([]);
    const easy = botTurn(s, 'easy').state;
    expect(easy.discard).toHaveLength(7);
    expect(easy.hands[0]).toContain('2S#1');
  });

  it('Strong lays a joker on an ordinary turn, where Normal keeps it back for going out', () => {
    const s = table('5H 6H X1 KD QS 9C', { pileTop: C('4C'), opened: [true, false, false, false], boards: [[[C('3S 4S 5S')], [C('6D 7D 8D')]]] });
    const normal = botTurn(s, 'normal').state;
    expect(normal.hands[0]).toContain('X1');
    const strong = botTurn(s, 'strong').state;
    expect(onBoard(strong, 0, 'X1')).toBe(true);
    expect(strong.phase).not.toBe('over');
  });

  it('Strong is never worse in a clear-cut spot: it goes out when the lock holds and its team then wins', () => {
    const s = table('9H TH JH', { pileTop: C('4D'), opened: [true, false, false, false], boards: [[[C('3S 4S 5S')], [C('6D 7D 8D')]]] });
    for (const level of ['normal', 'strong'] as const) {
      const { state } = botTurn(s, level);
      expect(state.phase).toBe('over');
      expect(state.lastDeal!.out).toBe(0);
    }
  });
});
