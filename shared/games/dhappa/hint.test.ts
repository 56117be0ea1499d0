import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../cards/rng';
import { hint, hintWhy } from './hint';
import { dhappa } from './index';
import { cards as C, NAMES, play, position, randomLegalMove, type Position } from './testkit';
import type { DhappaState } from './types';

const OTHERS = [C('KC KC#2 KC#3'), C('QC QC#2 QC#3'), C('JC JC#2 JC#3')];
const OPENED = [true, false, true, false];
/** Three clean runs: the team holds the lock. */
const LOCKED: Position['boards'] = [[[C('5D 6D 7D')], [C('8S 9S TS')], [C('3C 4C#2 5C')]]];

function table(hand: string, p: Partial<Position> = {}): DhappaState {
  return position({ hands: [C(hand), ...OTHERS], ...p });
}

/** Seat 0 has drawn `card` from the pile and now plays. */
function drawn(hand: string, card: string, p: Partial<Position> = {}): DhappaState {
  return play(table(hand, { pileTop: C(card), ...p }), 0, { type: 'draw' });
}

const why = (s: DhappaState) => hint(s, 0)!.why;

describe('Dhappa hint: a legal move', () => {
  it('is accepted by the rules at any point of a deal, for the seat to move; other seats get none (property)', () => {
    const players = NAMES.slice(0, 4).map((name) => ({ name }));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 80 }), (seed, steps) => {
        const rng = new Rng(seed);
        let s = dhappa.setup(players, dhappa.defaultOptions, `hint-${seed}`);
        for (let i = 0; i < steps && s.phase !== 'over'; i++) s = play(s, s.turn, randomLegalMove(s, s.turn, rng));
        for (let seat = 0; seat < 4; seat++) {
          const h = hint(s, seat);
          if (s.phase === 'over' || seat !== s.turn) {
            expect(h).toBeNull();
            continue;
          }
          expect(h).not.toBeNull();
          const r = dhappa.apply(s, seat, h!.move);
          expect(r.ok ? null : r.error).toBeNull();
        }
      }),
      { numRuns: 40 },
    );
  });

  it('following the hints plays a whole turn to its discard', () => {
    let s = drawn('5H 6H 7H 9S KD 4C', '8C');
    const key = dhappa.turnKey!(s);
    for (let i = 0; i < 20 && dhappa.turnKey!(s) === key; i++) s = play(s, 0, hint(s, 0)!.move);
    expect(dhappa.turnKey!(s)).not.toBe(key);
    expect(s.opened[0]).toBe(true);
  });

  it('helps on from a draft that left the plan, rather than taking it back', () => {
    const s = drawn('5H 6H 7H 8H 9S KD 4C', '8C');
    // The bot would open with the whole run: a shorter opening is off its plan.
    expect(hint(s, 0)!.move).toEqual({ type: 'meld', cards: C('5H 6H 7H 8H') });
    const strayed = play(s, 0, { type: 'meld', cards: C('5H 6H 7H') });
    expect(hint(strayed, 0)).toEqual({ move: { type: 'add', run: 'r1', cards: C('8H') }, why: { code: 'add', cards: C('8H') } });
  });
});

describe('Dhappa hint: why, in spots that show each rule', () => {
  it('the pick: draw when the top discard fits nothing; an N-pick whose deepest card can go on the table', () => {
    expect(hint(table('5H 6H 9S TS KD QD 4C', { discard: C('8C') }), 0)).toEqual({ move: { type: 'draw' }, why: { code: 'draw', card: '8C#1', fits: false } });
    const s = table('5H 6H 9S TS KD QD 4C', { discard: C('7H 3C') });
    expect(hint(s, 0)).toEqual({ move: { type: 'pick', count: 2 }, why: { code: 'pick', count: 2, card: '7H#1' } });
    // The picked 7♥ owes the table: laying it comes first, and it opens too.
    expect(why(play(s, 0, { type: 'pick', count: 2 }))).toEqual({ code: 'place_pick', card: '7H#1', cards: C('5H 6H 7H') });
  });

  it('the opening: a pure meld first', () => {
    expect(why(drawn('5H 6H 7H 9S KD 4C', '8C'))).toEqual({ code: 'open', cards: C('5H 6H 7H') });
  });

  it('the lock: the third clean run', () => {
    const s = drawn('5H 6H 7H 9S KD 4C QS', '8C', { opened: OPENED, boards: [[[C('5D 6D 7D')], [C('8S 9S#2 TS')]]] });
    expect(why(s)).toEqual({ code: 'lock', cards: C('5H 6H 7H'), wilds: 0 });
  });

  it('wilds: a 2 completes a meld, once opened', () => {
    const s = drawn('2H 9H TH KS 4S QD', 'KD#2', { opened: OPENED, boards: LOCKED });
    expect(why(s)).toMatchObject({ code: 'wild', card: '2H#1' });
    const h = why(s) as { as: string; cards: string[] };
    expect(h.cards).toEqual(expect.arrayContaining(C('2H 9H TH')));
    expect(['8H', 'JH']).toContain(h.as);
  });

  it('laying down: a new pure meld, natural cards onto a team meld', () => {
    expect(why(drawn('5H 6H 7H 9D KD 4C', '8C', { opened: OPENED, boards: LOCKED }))).toEqual({ code: 'meld', cards: C('5H 6H 7H') });
    expect(why(drawn('8D 9H KH 4S', '8C', { opened: OPENED, boards: LOCKED }))).toEqual({ code: 'add', cards: C('8D') });
  });

  it('a joker swapped out with the natural card it stands for', () => {
    const s = drawn('6D 9H KH 4S', '8C', { opened: OPENED, boards: [[[C('5D X1 7D'), { X1: '6D' }], [C('8S 9S TS')], [C('3C 4C#2 5C')]]] });
    expect(why(s)).toEqual({ code: 'swap', card: '6D#1', joker: 'X1' });
  });

  it('merging two runs, and taking back a draft that leads nowhere', () => {
    const s = drawn('6H 7H 8H 9D KD', '8C', { opened: OPENED, boards: [[[C('3H 4H 5H')], [C('8S 9S TS')], [C('3C 4C#2 5C')]]] });
    const laid = play(s, 0, { type: 'meld', cards: C('6H 7H 8H') });
    expect(hintWhy(laid, 0, { type: 'merge', a: 'r1', b: 'r4' })).toEqual({ code: 'merge' });
    expect(hintWhy(laid, 0, { type: 'undoAll' })).toEqual({ code: 'undo' });
  });

  it('the discard: go out on the lock, a Dhappa on a big pile, else the least useful card', () => {
    const out = drawn('8D', 'KH', { opened: OPENED, boards: LOCKED, options: { length: 'match' } });
    expect(why(out)).toEqual({ code: 'add', cards: C('8D') });
    expect(hint(play(out, 0, { type: 'add', run: 'r1', cards: C('8D') }), 0)).toEqual({
      move: { type: 'discard', card: 'KH#1' },
      why: { code: 'go_out', card: 'KH#1' },
    });
    const pile = C('3S 4H 6S 9C JS QH KS');
    expect(hint(drawn('2H 9H KH 4S JD 6H', '8C', { discard: pile, opened: OPENED, boards: LOCKED }), 0)).toEqual({
      move: { type: 'discard', card: '2H#1' },
      why: { code: 'dhappa', card: '2H#1', count: 8 },
    });
    const plain = why(drawn('9H KH 4S JD 6H', '8C', { opened: OPENED, boards: LOCKED }));
    expect(plain.code).toBe('discard');
  });
});
