import { describe, expect, it } from 'vitest';
import { Rng } from '../../cards/rng';
import type { Seat } from '../../engine/types';
import { dhappa } from './index';
import { cards, position, type Position } from './testkit';
import type { DhappaMove, DhappaState } from './types';

const C = cards;
const OTHERS = [C('KC KC#2 KC#3'), C('QC QC#2 QC#3'), C('JC JC#2 JC#3')];

function table(hand: string, p: Partial<Position> = {}): DhappaState {
  return position({ hands: [C(hand), ...OTHERS], ...p });
}

/** Lets the bot play its whole turn; returns the moves and the state after. */
function botTurn(s: DhappaState, seat: Seat = s.turn): { moves: DhappaMove[]; state: DhappaState } {
  const moves: DhappaMove[] = [];
  const key = dhappa.turnKey!(s);
  let state = s;
  while (dhappa.outcome(state) === null && dhappa.turnKey!(state) === key) {
    const m = dhappa.botMove(state, seat, new Rng(1));
    const r = dhappa.apply(state, seat, m);
    if (!r.ok) throw new Error(`${JSON.stringify(m)}: ${JSON.stringify(r.error)}`);
    moves.push(m);
    state = r.state;
    if (moves.length > 40) throw new Error('the bot does not finish its turn');
  }
  return { moves, state };
}

describe('the bot', () => {
  it('opens with a pure run when it can', () => {
    const { state } = botTurn(table('5H 6H 7H 9S KD', { pileTop: C('4D') }));
    expect(state.opened[0]).toBe(true);
    expect(state.boards[0]![0]!.cards.map((mc) => mc.card)).toEqual(C('5H 6H 7H'));
  });

  it("feeds its team's runs", () => {
    const { moves, state } = botTurn(table('8H KD QS 4C', { pileTop: C('9S'), opened: [true, false, false, false], boards: [[[C('5H 6H 7H')]]] }));
    expect(moves).toContainEqual({ type: 'add', run: 'r1', cards: ['8H#1'] });
    expect(state.boards[0]![0]!.cards).toHaveLength(4);
  });

  it('takes an N-pick when the deepest card plays', () => {
    const s = table('5H 6H 9S TS KD QD 4C', { discard: C('QS 7H') });
    expect(dhappa.botMove(s, 0, new Rng(1))).toEqual({ type: 'pick', count: 1 });
    const { state } = botTurn(s);
    expect(state.boards[0]!.some((r) => r.cards.some((mc) => mc.card === '7H#1'))).toBe(true);
  });

  it("does not discard what the next opponent's team could add to its runs", () => {
    // J♥ and J♠ are equally useless to the bot (J♥ would go first on a tie), but J♥ extends 8♥ 9♥ 10♥.
    const { state } = botTurn(table('JH JS 3C 7D', { pileTop: C('4D'), boards: [[], [[C('8H 9H TH')]]] }));
    expect(state.discard.at(-1)).toBe('JS#1');
  });

  it('keeps its jokers rather than discarding them', () => {
    const { state } = botTurn(table('X1 KD QS', { pileTop: C('4C') }));
    expect(state.discard.at(-1)).not.toBe('X1');
    expect(state.hands[0]).toContain('X1');
  });

  it('goes out when the lock holds and its team then wins', () => {
    const s = table('9H TH JH', { pileTop: C('4D'), opened: [true, false, false, false], boards: [[[C('3S 4S 5S')], [C('6D 7D 8D')]]] });
    const { state } = botTurn(s);
    expect(state.phase).toBe('over');
    expect(state.lastDeal!.out).toBe(0);
  });

  it('in a single deal it does not go out while going out would lose', () => {
    const s = position({
      hands: [C('9H TH JH'), C('KC'), C('QC QC#2 QC#3 QD QD#2 QD#3 QH QH#2 QH#3 QS QS#2 QS#3 9C 9D'), C('JC')],
      pileTop: C('4D'),
      opened: [true, false, false, false],
      boards: [[[C('3S 4S 5S')], [C('6D 7D 8D')]], [[C('AH AS AD AC')]]],
    });
    // Going out: team A 62 on the table + 100, but the partner's 14 cards count against it;
    // team B has 60 on the table and two cards in hand.
    const { state } = botTurn(s);
    expect(state.phase).not.toBe('over');
    expect(state.hands[0]!.length).toBeGreaterThanOrEqual(2);
  });
});
