import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cardPoints, DECK_SIZE, dhappaDeck, isWild } from './cards';
import { dhappa } from './index';
import { layoutAdd, layoutNew, lockOf, mergeRuns, swapOut, validateRun, wildsIn, type Run } from './melds';
import { applyMove, legalPicks, timeoutMove } from './rules';
import { allCards, cards, play, position, refusal, type Position } from './testkit';
import type { DhappaMove, DhappaState } from './types';

const C = cards;
const OTHERS = [C('KC KC#2 KC#3'), C('QC QC#2 QC#3'), C('JC JC#2 JC#3')];

/** A 4-player position with seat 0 to play and the given hand. */
function table(hand: string, p: Partial<Position> = {}): DhappaState {
  return position({ hands: [C(hand), ...OTHERS], ...p });
}

/** Seat 0 draws `card` (put on top of the pile) and is in the play phase. */
function drawn(hand: string, card: string, p: Partial<Position> = {}): DhappaState {
  return play(table(hand, { ...p, pileTop: C(card) }), 0, { type: 'draw' });
}

function code(s: DhappaState, move: DhappaMove, seat = 0): string {
  return refusal(s, seat, move).code;
}

function run(cardsText: string, as: Record<string, string> = {}): Run {
  const laid = layoutNew(C(cardsText), as);
  if (!laid.ok) throw new Error(JSON.stringify(laid.error));
  return { id: 't', ...laid.layout };
}

describe('cards, seats and the deal', () => {
  it('162 cards: three 52-card decks and 6 jokers, all distinct', () => {
    const deck = dhappaDeck();
    expect(deck).toHaveLength(DECK_SIZE);
    expect(new Set(deck).size).toBe(162);
    expect(deck.filter((c) => c.startsWith('X'))).toHaveLength(6);
    expect(deck.filter((c) => c[0] === '2')).toHaveLength(12);
  });

  it('4 players get 27 cards each, 6 players 21; the rest is the draw pile after one turned card', () => {
    for (const [n, size] of [
      [4, 27],
      [6, 21],
    ] as const) {
      const s = dhappa.setup(
        ['a', 'b', 'c', 'd', 'e', 'f'].slice(0, n).map((name) => ({ name })),
        dhappa.defaultOptions,
        `deal-${n}`,
      );
      expect(s.hands.every((h) => h.length === size)).toBe(true);
      expect(s.discard).toHaveLength(1);
      expect(s.pile).toHaveLength(162 - n * size - 1);
      expect(allCards(s).sort()).toEqual(dhappaDeck().sort());
    }
  });

  it('seats alternate teams: team A is seats 0, 2, 4', () => {
    expect(dhappa.teams!(4)).toEqual([0, 1, 0, 1]);
    expect(dhappa.teams!(6)).toEqual([0, 1, 0, 1, 0, 1]);
    expect(dhappa.playerCounts).toEqual([4, 6]);
  });

  it('the turned-up card is never a 2 or a joker: those are shuffled back and another turned', () => {
    for (let i = 0; i < 150; i++) {
      const s = dhappa.setup(
        ['a', 'b', 'c', 'd'].map((name) => ({ name })),
        dhappa.defaultOptions,
        `turn-${i}`,
      );
      expect(isWild(s.discard[0]!)).toBe(false);
      expect(allCards(s)).toHaveLength(162);
    }
  });

  it('the player after the dealer starts, and the dealer rotates up the seats each deal', () => {
    let s = dhappa.setup(
      ['a', 'b', 'c', 'd'].map((name) => ({ name })),
      { length: 'match' },
      'rotate',
    );
    expect(s.turn).toBe((s.dealer + 1) % 4);
    const firstDealer = s.dealer;
    while (s.deal === 1 && s.phase !== 'over') {
      const r = dhappa.apply(s, s.turn, dhappa.botMove(s, s.turn, null as never));
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      s = r.state;
    }
    if (s.phase !== 'over') {
      expect(s.dealer).toBe((firstDealer + 1) % 4);
      expect(s.turn).toBe((s.dealer + 1) % 4);
    }
  });
});

describe('melds: runs and sets', () => {
  it('a run is 3 or more cards of one suit in rank order, 3 up to the ace', () => {
    expect(layoutNew(C('5H 6H 7H')).ok).toBe(true);
    expect(layoutNew(C('QS KS AS')).ok).toBe(true);
    expect(layoutNew(C('3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD')).ok).toBe(true);
  });

  it('the ace is high only: no A-3-4, no wrapping K-A-3', () => {
    const low = layoutNew(C('AH 3H 4H'));
    expect(low.ok ? null : low.error.code).toBe('no_wrap');
    const wrap = layoutNew(C('KH AH 3H'));
    expect(wrap.ok ? null : wrap.error.code).toBe('no_wrap');
  });

  it('a run holds at most 12 cards (3 to ace): nothing goes past either end', () => {
    const full = run('3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD');
    const r = layoutAdd(full, ['2S#1']);
    expect(r.ok ? null : r.error.code).toBe('no_wrap');
  });

  it('a 2 is never a natural card: it is wild in every meld', () => {
    const r = layoutNew(C('2H 3H 4H'));
    expect(r.ok && r.layout.cards.find((mc) => mc.card === '2H#1')?.as).toBe('5H');
  });

  it('a run cannot hold the same card twice', () => {
    const r = layoutNew(['5H#1', '5H#2', '6H#1']);
    expect(r.ok ? null : r.error.code).toBe('duplicate_card');
    expect(layoutNew(['5H#1', '5H#1', '6H#1']).ok).toBe(false);
  });

  it('sets are only of aces or of 3s, 3 or 4 cards of different suits', () => {
    expect(layoutNew(C('AH AS AD')).ok).toBe(true);
    expect(layoutNew(C('3H 3S 3D 3C')).ok).toBe(true);
    const fives = layoutNew(C('5H 5S 5D'));
    expect(fives.ok ? null : fives.error.code).toBe('set_rank');
    const same = layoutNew(['AH#1', 'AH#2', 'AS#1']);
    expect(same.ok ? null : same.error.code).toBe('set_same_suit');
    const big = layoutNew(['AH#1', 'AS#1', 'AD#1', 'AC#1', 'X1']);
    expect(big.ok ? null : big.error.code).toBe('set_too_big');
  });

  it('a set may grow to 4 cards by adding a missing suit', () => {
    const r = layoutAdd(run('AH AS AD'), C('AC'));
    expect(r.ok && r.cards).toHaveLength(4);
    const five = layoutAdd(run('AH AS AD AC'), ['AC#2']);
    expect(five.ok ? null : five.error.code).toBe('duplicate_card');
  });

  it('a meld needs 3 cards, one suit or one rank', () => {
    const short = layoutNew(C('5H 6H'));
    expect(short.ok ? null : short.error.code).toBe('meld_too_short');
    const mixed = layoutNew(C('5H 6S 7D'));
    expect(mixed.ok ? null : mixed.error.code).toBe('not_a_meld');
    const gap = layoutNew(C('5H 6H 9H'));
    expect(gap.ok ? null : gap.error.code).toBe('not_consecutive');
  });

  it('every meld has fewer wild cards than natural cards', () => {
    const r = layoutNew(C('5H 6H X1 2S'));
    expect(r.ok ? null : r.error.code).toBe('too_many_wilds');
    expect(layoutNew(C('5H 6H 7H X1 2S')).ok).toBe(true);
    const set = layoutNew(C('AH AS X1 2C'));
    expect(set.ok ? null : set.error.code).toBe('too_many_wilds');
  });

  it('no two wild cards sit next to each other', () => {
    const r = layoutNew(C('5H 8H 9H X1 2S'));
    expect(r.ok ? null : r.error.code).toBe('wilds_adjacent');
  });

  it('a wild stands for one card: its place in a run, a missing suit in a set; the player may pin it', () => {
    const high = layoutNew(C('5H 6H X1'));
    expect(high.ok && high.layout.cards[2]).toEqual({ card: 'X1', as: '7H' });
    const pinned = layoutNew(C('5H 6H X1'), { X1: '4H' });
    expect(pinned.ok && pinned.layout.cards[0]).toEqual({ card: 'X1', as: '4H' });
    const edge = layoutNew(C('KH AH X1'));
    expect(edge.ok && edge.layout.cards[0]).toEqual({ card: 'X1', as: 'QH' });
    const bad = layoutNew(C('5H 6H X1'), { X1: '9H' });
    expect(bad.ok ? null : bad.error.code).toBe('bad_stand_in');
    const set = layoutNew(C('AH AD 2C'), { '2C#1': 'AS' });
    expect(set.ok && set.layout.cards.map((mc) => mc.as ?? mc.card)).toEqual(['AS', 'AH#1', 'AD#1']);
    const wrongRank = layoutNew(C('AH AD 2C'), { '2C#1': '3S' });
    expect(wrongRank.ok ? null : wrongRank.error.code).toBe('bad_stand_in');
  });

  it('stored melds validate: order, faces, counts', () => {
    expect(validateRun(run('5H 6H X1'))).toBeNull();
    expect(validateRun({ kind: 'run', cards: [{ card: '6H#1' }, { card: '5H#1' }, { card: '7H#1' }] })).not.toBeNull();
  });
});

describe('opening', () => {
  it('before opening, a meld may not hold wild cards', () => {
    const s = drawn('5H 6H 9S 9C KD', '2S');
    expect(code(s, { type: 'meld', cards: C('5H 6H 2S') })).toBe('not_opened');
  });

  it('a pure run opens the player, after which wilds may be used in the same turn', () => {
    const s = drawn('5H 6H 7H 9S TS KD QD', '2S');
    const after = play(s, 0, { type: 'meld', cards: C('5H 6H 7H') }, { type: 'meld', cards: C('9S TS 2S') });
    expect(after.draft!.ctx.opened).toBe(true);
    const done = play(after, 0, { type: 'discard', card: 'KD#1' });
    expect(done.opened[0]).toBe(true);
  });

  it('a pure set of aces or 3s opens too', () => {
    const s = drawn('AH AS AD 9S KD', '3C');
    const after = play(s, 0, { type: 'meld', cards: C('AH AS AD') });
    expect(after.draft!.ctx.opened).toBe(true);
  });

  it("before opening, a player may not add to or merge the team's runs or swap jokers", () => {
    const s = drawn('8H 5C 9S KD', '4D', { boards: [[[C('5H 6H 7H')], [C('3C 4C X1')]]] });
    expect(code(s, { type: 'add', run: 'r1', cards: C('8H') })).toBe('not_opened');
    expect(code(s, { type: 'merge', a: 'r1', b: 'r2' })).toBe('not_opened');
    expect(code(s, { type: 'swap', run: 'r2', card: C('5C')[0]! })).toBe('not_opened');
  });

  it('discarding a 2 is allowed before opening', () => {
    const s = drawn('5H 9S KD', '2S');
    expect(play(s, 0, { type: 'discard', card: '2S#1' }).turn).toBe(1);
  });
});

describe('the pick: draw one, or take the top N discards', () => {
  it('drawing takes the top of the draw pile; the event does not show it', () => {
    const s = table('5H 9S', { pileTop: C('KD') });
    const r = applyMove(s, 0, { type: 'draw' });
    expect(r.ok && r.state.hands[0]).toContain('KD#1');
    expect(r.ok && JSON.stringify(r.events)).not.toContain('KD');
  });

  it('an N-pick takes the top N discards, public to all', () => {
    const s = table('5H 6H 9S KD', { discard: C('QS 7H 4C'), opened: [true, false, false, false] });
    const r = applyMove(s, 0, { type: 'pick', count: 2 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.hands[0]).toEqual(expect.arrayContaining(C('7H 4C')));
    expect(r.state.discard).toEqual(C('QS'));
    expect(r.state.picked).toEqual({ cards: C('7H 4C'), deepest: '7H#1' });
    expect(r.events[0]).toMatchObject({ type: 'pick', cards: C('7H 4C'), deepest: '7H#1' });
    expect(dhappa.view(r.state, 1).picked?.cards).toEqual(C('7H 4C'));
  });

  it('the deepest picked card must be placeable this turn, or the pick is refused with the reason', () => {
    const s = table('5H 6H 9S KD', { discard: C('QS 7C 4C') });
    const e = refusal(s, 0, { type: 'pick', count: 2 });
    expect(e).toEqual({ code: 'pick_unplayable', card: '7C#1', count: 2, why: 'no_fit' });
  });

  it('the deepest card may go in a new meld made with the hand', () => {
    const s = table('5H 6H 9S KD', { discard: C('QS 7H 4C') });
    expect(legalPicks(s)).toEqual([2]);
  });

  it('an opened player may place the deepest card on a team run', () => {
    const s = table('9S KD TC', { discard: C('8H 4C'), opened: [true, false, false, false], boards: [[[C('5H 6H 7H')]]] });
    expect(legalPicks(s)).toContain(2);
  });

  it('the deepest card may be the natural that swaps a joker out (the joker then placed too)', () => {
    const s = table('9S TS KD 4D', { discard: C('6H 4C'), opened: [true, false, false, false], boards: [[[C('5H X1 7H'), { X1: '6H' }]]] });
    const r = applyMove(s, 0, { type: 'pick', count: 2 });
    expect(r.ok).toBe(true);
  });

  it('an unopened player may place the deepest card on a team run after opening with other cards this turn', () => {
    const base = { discard: C('8H 4C'), boards: [[[C('5H 6H 7H')]]] as Position['boards'] };
    expect(legalPicks(table('9S KD TC', base))).not.toContain(2);
    expect(refusal(table('9S KD TC', base), 0, { type: 'pick', count: 2 })).toEqual({ code: 'pick_unplayable', card: '8H#1', count: 2, why: 'open_first' });
    expect(legalPicks(table('9S TS JS KD', base))).toContain(2);
  });

  it('an N-pick is legal when the deepest card plays only after other steps: a 2 moved aside first, then the card added', () => {
    // 7H fits the hearts run only once JH has pushed the 2 standing for JH down to 8H.
    const s = table('JH 5S 9D KD', { discard: C('7H 4C'), opened: [true, false, false, false], boards: [[[C('9H TH 2S QH KH'), { '2S#1': 'JH' }]]] });
    expect(legalPicks(s)).toContain(2);
    const done = play(
      s,
      0,
      { type: 'pick', count: 2 },
      { type: 'add', run: 'r1', cards: C('JH'), shift: 'low' },
      { type: 'add', run: 'r1', cards: C('7H') },
      { type: 'discard', card: 'KD#1' },
    );
    expect(done.boards[0]![0]!.cards.map((mc) => mc.as ?? mc.card)).toEqual([...C('7H'), '8H', ...C('9H TH JH QH KH')]);
  });

  it('an N-pick is refused with a reason when no sequence of steps can place the deepest card', () => {
    // 7H: no hearts near it in hand, no wild, and the hearts run cannot reach it.
    const s = table('JS 5S 9D KD', { discard: C('7H 4C'), opened: [true, false, false, false], boards: [[[C('9H TH JH')]]] });
    expect(legalPicks(s)).not.toContain(2);
    expect(refusal(s, 0, { type: 'pick', count: 2 })).toMatchObject({ code: 'pick_unplayable', card: '7H#1', count: 2 });
  });

  it('the discard is refused until the deepest card is on the table', () => {
    const s = play(table('5H 6H 9S KD', { discard: C('QS 7H 4C') }), 0, { type: 'pick', count: 2 });
    expect(code(s, { type: 'discard', card: 'KD#1' })).toBe('pick_not_placed');
    const placed = play(s, 0, { type: 'meld', cards: C('5H 6H 7H') }, { type: 'discard', card: 'KD#1' });
    expect(placed.turn).toBe(1);
  });

  it('undo never goes back before the pick', () => {
    const s = play(table('5H 6H 9S KD', { discard: C('QS 7H 4C') }), 0, { type: 'pick', count: 2 });
    expect(code(s, { type: 'undo' })).toBe('nothing_to_undo');
    expect(code(s, { type: 'draw' })).toBe('already_picked');
  });

  it('refusals: a bad count, an empty discard pile, drawing from an empty pile, playing before the pick', () => {
    const s = table('5H 6H 9S KD', { discard: C('QS 7H') });
    expect(code(s, { type: 'pick', count: 3 })).toBe('bad_count');
    expect(code(table('5H 9S', { discard: [] }), { type: 'pick', count: 1 })).toBe('discard_empty');
    expect(code(table('5H 9S', { emptyPile: true }), { type: 'draw' })).toBe('pile_empty');
    expect(code(s, { type: 'meld', cards: C('5H 6H 9S') })).toBe('pick_first');
    expect(code(s, { type: 'draw' }, 1)).toBe('not_your_turn');
  });

  it('with the draw pile empty only N-picks remain; when none is legal the deal ends with nobody out', () => {
    const s = position({
      hands: [C('5H 6H 9S KD'), C('9C TC 4D'), C('QC QC#2 QC#3'), C('JC JC#2 JC#3')],
      discard: C('QS 8D 7H'),
      emptyPile: true,
    });
    const after = play(s, 0, { type: 'pick', count: 1 }, { type: 'meld', cards: C('5H 6H 7H') }, { type: 'discard', card: 'KD#1' });
    // Seat 1 can place neither K♦ nor 8♦ nor Q♠: stuck, the deal ends.
    expect(after.phase).toBe('over');
    expect(after.lastDeal!.out).toBeNull();
  });
});

describe('the draft: undoable steps, visible to the mover only', () => {
  const start = () => drawn('5H 6H 7H 8H 9S TS JS KD QD', '4D', { opened: [true, false, false, false], boards: [[[C('3C 4C 5C')]], [[C('AH AS AD')]]] });

  it('create a run, add to a team run, and undo each step exactly', () => {
    const s0 = start();
    const s1 = play(s0, 0, { type: 'meld', cards: C('5H 6H 7H') });
    const s2 = play(s1, 0, { type: 'add', run: 'r3', cards: C('8H') });
    expect(s2.draft!.ctx.board.find((r) => r.id === 'r3')!.cards).toHaveLength(4);
    const back1 = play(s2, 0, { type: 'undo' });
    expect(back1).toEqual(s1);
    const back0 = play(back1, 0, { type: 'undo' });
    expect(back0).toEqual(s0);
  });

  it('undoAll takes back every step but keeps the pick', () => {
    const s0 = start();
    const s2 = play(s0, 0, { type: 'meld', cards: C('5H 6H 7H') }, { type: 'meld', cards: C('9S TS JS') });
    expect(play(s2, 0, { type: 'undoAll' })).toEqual(s0);
  });

  it('a batch applies several steps all or nothing, each undoable on its own', () => {
    const s0 = start();
    const s2 = play(s0, 0, {
      type: 'batch',
      steps: [
        { type: 'meld', cards: C('5H 6H 7H') },
        { type: 'meld', cards: C('9S TS JS') },
      ],
    });
    expect(s2.draft!.steps).toHaveLength(2);
    expect(
      code(s0, {
        type: 'batch',
        steps: [
          { type: 'meld', cards: C('5H 6H 7H') },
          { type: 'meld', cards: C('9S TS QD') },
        ],
      }),
    ).toBe('not_a_meld');
  });

  it('others see the committed boards and hand counts until the discard', () => {
    const s0 = start();
    const before = [1, 2, 3, null].map((seat) => dhappa.view(s0, seat));
    const s2 = play(s0, 0, { type: 'meld', cards: C('5H 6H 7H') });
    expect([1, 2, 3, null].map((seat) => dhappa.view(s2, seat))).toEqual(before);
    expect(dhappa.view(s2, 0).teams[0]!.runs.map((r) => r.id)).toContain('r3');
    const committed = play(s2, 0, { type: 'discard', card: 'KD#1' });
    expect(dhappa.view(committed, 2).teams[0]!.runs.map((r) => r.id)).toContain('r3');
  });

  it('an undone step reveals nothing: every view after undo equals the view before the step', () => {
    const s0 = start();
    const views = (s: DhappaState) => [0, 1, 2, 3, null].map((seat) => dhappa.view(s, seat));
    const s2 = play(s0, 0, { type: 'meld', cards: C('9S TS JS') }, { type: 'undo' });
    expect(views(s2)).toEqual(views(s0));
  });

  it("only your own team's runs can be touched", () => {
    const s = start();
    expect(code(s, { type: 'add', run: 'r2', cards: ['QD#1'] })).toBe('not_your_team');
    expect(code(s, { type: 'add', run: 'r9', cards: ['QD#1'] })).toBe('no_such_run');
  });

  it('steps use only cards in hand, listed once', () => {
    const s = start();
    expect(code(s, { type: 'meld', cards: C('5H 6H 7S') })).toBe('card_not_in_hand');
    expect(code(s, { type: 'meld', cards: ['5H#1', '5H#1', '6H#1'] })).toBe('duplicate_card');
  });
});

describe('static 2s', () => {
  const board = (meld: string, as: Record<string, string>) => ({ opened: [true, false, false, false], boards: [[[C(meld), as]]] as Position['boards'] });

  it('adding the natural for a 2’s place moves the 2 to the open end', () => {
    const s = drawn('5H 9S KD QD', '4D', board('3H 4H 2C 6H', { '2C#1': '5H' }));
    const after = play(s, 0, { type: 'add', run: 'r1', cards: C('5H') });
    const cardsOf = after.draft!.ctx.board[0]!.cards;
    expect(cardsOf.map((mc) => mc.as ?? mc.card)).toEqual(['3H#1', '4H#1', '5H#1', '6H#1', '7H']);
  });

  it('when both ends are open the player chooses low or high', () => {
    const s = drawn('7H 9S KD QD', '4D', board('5H 6H 2C 8H', { '2C#1': '7H' }));
    expect(code(s, { type: 'add', run: 'r1', cards: C('7H') })).toBe('choose_shift');
    const low = play(s, 0, { type: 'add', run: 'r1', cards: C('7H'), shift: 'low' });
    expect(low.draft!.ctx.board[0]!.cards[0]).toEqual({ card: '2C#1', as: '4H' });
    const high = play(s, 0, { type: 'add', run: 'r1', cards: C('7H'), shift: 'high' });
    expect(high.draft!.ctx.board[0]!.cards.at(-1)).toEqual({ card: '2C#1', as: '9H' });
  });

  it('the chosen end must be open', () => {
    const s = drawn('5H 9S KD QD', '4D', board('3H 4H 2C 6H', { '2C#1': '5H' }));
    expect(code(s, { type: 'add', run: 'r1', cards: C('5H'), shift: 'low' })).toBe('bad_shift');
  });

  it('the addition is illegal when no end is open (past 3 or A, or next to another wild)', () => {
    const s = drawn('5H 9S KD QD', '4D', board('3H 4H 6H 2C X1', { '2C#1': '5H', X1: '7H' }));
    expect(code(s, { type: 'add', run: 'r1', cards: C('5H') })).toBe('no_room_for_two');
    const set = drawn('AS 9S KD QD', '4D', board('AH AD AC 2C', { '2C#1': 'AS' }));
    expect(code(set, { type: 'add', run: 'r1', cards: C('AS') })).toBe('no_room_for_two');
  });

  it('in a set the 2 moves to the missing suit', () => {
    const s = drawn('AS 9S KD QD', '4D', board('AH AD 2C', { '2C#1': 'AS' }));
    const after = play(s, 0, { type: 'add', run: 'r1', cards: C('AS') });
    expect(after.draft!.ctx.board[0]!.cards.find((mc) => mc.card === '2C#1')!.as).toBe('AC');
  });

  it('one 2 moves at a time, and not together with new wilds', () => {
    const two = layoutAdd(run('5H 2C 7H 2D 9H', { '2C#1': '6H', '2D#1': '8H' }), C('6H 8H'));
    expect(two.ok ? null : two.error.code).toBe('one_shift');
    const wild = layoutAdd(run('5H 2C 7H 8H', { '2C#1': '6H' }), [...C('6H'), 'X1']);
    expect(wild.ok ? null : wild.error.code).toBe('shift_with_wilds');
  });

  it('a 2 never leaves the table: it cannot be swapped out', () => {
    const r = swapOut(run('5H 2C 7H', { '2C#1': '6H' }), '6H#1');
    expect(r.ok ? null : r.error.code).toBe('static_two');
  });
});

describe('jokers: swapping a joker out', () => {
  const opened = { opened: [true, false, false, false] };

  it('the natural takes the joker’s place and the joker comes to the hand; it must go back into a meld this turn', () => {
    const s = drawn('6H 9S TS KD QD', '4D', { ...opened, boards: [[[C('5H X1 7H'), { X1: '6H' }]]] });
    const swapped = play(s, 0, { type: 'swap', run: 'r1', card: '6H#1' });
    expect(swapped.draft!.ctx.hand).toContain('X1');
    expect(swapped.draft!.ctx.board[0]!.cards[1]).toEqual({ card: '6H#1' });
    expect(code(swapped, { type: 'discard', card: 'X1' })).toBe('joker_not_placed');
    expect(code(swapped, { type: 'discard', card: 'KD#1' })).toBe('joker_not_placed');
    const placed = play(swapped, 0, { type: 'meld', cards: ['9S#1', 'TS#1', 'X1'] }, { type: 'discard', card: 'KD#1' });
    expect(placed.turn).toBe(1);
  });

  it('only the natural it stands for swaps a joker, never a wild card', () => {
    const r = run('5H X1 7H', { X1: '6H' });
    const wrong = swapOut(r, '8H#1');
    expect(wrong.ok ? null : wrong.error.code).toBe('swap_no_joker');
    const wild = swapOut(r, '2S#1');
    expect(wild.ok ? null : wild.error.code).toBe('swap_natural');
  });

  it('adding the natural where a joker stands is a swap, not an add', () => {
    const r = layoutAdd(run('5H X1 7H', { X1: '6H' }), C('6H'));
    expect(r.ok ? null : r.error.code).toBe('swap_instead');
  });
});

describe('merging team runs', () => {
  it('two runs of one suit that meet end to end become one', () => {
    const s = drawn('9S KD QD', '4D', { opened: [true, false, false, false], boards: [[[C('3H 4H 5H')], [C('6H 7H 8H')]]] });
    const after = play(s, 0, { type: 'merge', a: 'r1', b: 'r2' });
    expect(after.draft!.ctx.board).toHaveLength(1);
    expect(after.draft!.ctx.board[0]!.cards).toHaveLength(6);
    expect(code(s, { type: 'merge', a: 'r1', b: 'r1' })).toBe('merge_same');
  });

  it('runs that leave a gap, overlap, differ in suit or are sets do not merge', () => {
    const code = (r: ReturnType<typeof mergeRuns>) => (r.ok ? null : r.error.code);
    expect(code(mergeRuns(run('3H 4H 5H'), run('7H 8H 9H')))).toBe('merge_gap');
    expect(code(mergeRuns(run('3H 4H 5H'), run('5H#2 6H 7H')))).toBe('merge_overlap');
    expect(code(mergeRuns(run('3H 4H 5H'), run('6S 7S 8S')))).toBe('merge_suits');
    expect(code(mergeRuns(run('AH AS AD'), run('3H 4H 5H')))).toBe('merge_sets');
    expect(code(mergeRuns(run('3H 4H X1'), run('7H 8H X2', { X2: '6H' })))).toBe('wilds_adjacent');
  });
});

describe('discarding and the Dhappa', () => {
  it('the discard commits the draft and passes the turn up the seats', () => {
    const s = drawn('5H 6H 7H 9S KD', '4D');
    const after = play(s, 0, { type: 'meld', cards: C('5H 6H 7H') }, { type: 'discard', card: 'KD#1' });
    expect(after.turn).toBe(1);
    expect(after.boards[0]).toHaveLength(1);
    expect(after.discard.at(-1)).toBe('KD#1');
  });

  it('discarding any 2 removes the whole discard pile, that 2 included, from the game', () => {
    const s = drawn('5H 9S KD', '2S', { discard: C('QS 7C 4C') });
    const r = applyMove(s, 0, { type: 'discard', card: '2S#1' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.discard).toEqual([]);
    expect(r.state.removed).toEqual(expect.arrayContaining([...C('QS 7C 4C'), '2S#1']));
    expect(r.events.find((e) => e.type === 'dhappa')).toMatchObject({ count: 4 });
  });

  it('a step may not empty the hand: every turn ends with a discard', () => {
    const s = drawn('5H 6H', '7H');
    expect(code(s, { type: 'meld', cards: C('5H 6H 7H') })).toBe('keep_a_card');
  });

  it('a step that leaves one card is refused unless that card could go out', () => {
    const s = drawn('5H 6H 7H', '9S');
    const e = refusal(s, 0, { type: 'meld', cards: C('5H 6H 7H') });
    expect(e).toEqual({ code: 'no_discard_left', card: '9S#1', why: 'no_lock' });
  });
});

describe('going out: the 3-run lock', () => {
  const lockBoard: Position['boards'] = [[[C('3S 4S 5S')], [C('6D 7D 8D')]]];

  it('with 3 runs of at most 2 wilds each and 4 in all, the player melds all but one card and discards it to go out', () => {
    const s = drawn('9H TH JH', '4D', { opened: [true, false, false, false], boards: lockBoard });
    const after = play(s, 0, { type: 'meld', cards: C('9H TH JH') }, { type: 'discard', card: '4D#1' });
    expect(after.phase).toBe('over');
    expect(after.lastDeal!.out).toBe(0);
    expect(after.lastDeal!.rows[0]!.bonus).toBe(100);
  });

  it('the last card may not be discarded without the lock', () => {
    const lone = drawn('6S', '4D', { opened: [true, false, false, false], boards: lockBoard });
    expect(code(lone, { type: 'add', run: 'r1', cards: ['6S#1'] })).toBe('no_discard_left');
  });

  it('going out never discards a joker', () => {
    const s = drawn('9H TH JH', 'X3', { opened: [true, false, false, false], boards: lockBoard });
    expect(code(s, { type: 'meld', cards: C('9H TH JH') })).toBe('no_discard_left');
    expect(refusal(s, 0, { type: 'meld', cards: C('9H TH JH') })).toEqual({ code: 'no_discard_left', card: 'X3', why: 'joker_last' });
  });

  it('a 2 always counts as a wild for the lock, even once its natural card is in the run', () => {
    const shifted = layoutAdd(run('5H 2C 7H', { '2C#1': '6H' }), C('6H'), {}, 'high');
    expect(shifted.ok && wildsIn({ cards: shifted.cards })).toBe(1);
    const two = run('3S 4S 2C 6S 7S X1', { '2C#1': '5S', X1: '8S' });
    const one = run('6D 2H 8D 9D', { '2H#1': '7D' });
    const oneMore = run('9C TC 2D', { '2D#1': 'JC' });
    expect(lockOf([two, one, oneMore]).holds).toBe(true);
    expect(lockOf([two, one, oneMore])).toMatchObject({ wilds: 4 });
    const twoMore = run('6H 2S 8H X2 TH', { '2S#1': '7H', X2: '9H' });
    expect(lockOf([two, twoMore, oneMore]).holds).toBe(false);
    expect(lockOf([two, run('5C 6C X3')]).holds).toBe(false);
  });

  it('sets count as runs for the lock', () => {
    expect(lockOf([run('AH AS AD'), run('3H 3S 3D'), run('5C 6C 7C')]).holds).toBe(true);
  });
});

describe('scoring', () => {
  it('card values: 3–10 face value, J/Q/K 10, A 15, a 2 20, a joker 50', () => {
    expect(['3H#1', '9H#1', 'TH#1', 'JH#1', 'QH#1', 'KH#1', 'AH#1', '2H#1', 'X1'].map(cardPoints)).toEqual([3, 9, 10, 10, 10, 10, 15, 20, 50]);
  });

  it('a deal scores going out +100, plus the team table, minus the cards in its players’ hands; totals may go negative', () => {
    const s = position({
      hands: [C('9C TC JC'), C('X1 X2 AS'), C('4H'), C('KD')],
      opened: [true, false, false, false],
      boards: [[[C('3S 4S 5S')], [C('6D 7D 8D')]]],
      pileTop: C('4D'),
    });
    const after = play(s, 0, { type: 'draw' }, { type: 'meld', cards: C('9C TC JC') }, { type: 'discard', card: '4D#1' });
    const rows = after.lastDeal!.rows;
    expect(rows[0]).toEqual({ team: 0, table: 12 + 21 + 29, hands: 4, bonus: 100, points: 100 + 62 - 4 });
    expect(rows[1]).toEqual({ team: 1, table: 0, hands: 50 + 50 + 15 + 10, bonus: 0, points: -125 });
    expect(dhappa.outcome(after)).toEqual({ winners: [0, 2], scores: [158, -125, 158, -125] });
  });

  it('the deal-end breakdown adds up: each hand by kind of card, each team’s hands, its net and the running totals', () => {
    const s = position({
      hands: [C('9C TC JC'), C('X1 X2 AS 2H'), C('4H QS'), C('KD 2C#2 5D')],
      opened: [true, false, false, false],
      boards: [[[C('3S 4S 5S')], [C('6D 7D 8D')]]],
      pileTop: C('4D'),
      options: { length: 'match' },
    });
    const before = [40, -15];
    const after = play({ ...s, totals: [...before] }, 0, { type: 'draw' }, { type: 'meld', cards: C('9C TC JC') }, { type: 'discard', card: '4D#1' });
    const deal = after.lastDeal!;
    expect(deal.out).toBe(0);
    expect(deal.penalties).toEqual([
      { seat: 0, team: 0, jokers: 0, twos: 0, others: 0, othersPoints: 0, points: 0 },
      { seat: 1, team: 1, jokers: 2, twos: 1, others: 1, othersPoints: 15, points: 135 },
      { seat: 2, team: 0, jokers: 0, twos: 0, others: 2, othersPoints: 14, points: 14 },
      { seat: 3, team: 1, jokers: 0, twos: 1, others: 2, othersPoints: 15, points: 35 },
    ]);
    for (const p of deal.penalties!) expect(p.jokers * 50 + p.twos * 20 + p.othersPoints).toBe(p.points);
    for (const row of deal.rows) {
      const mine = deal.penalties!.filter((p) => p.team === row.team);
      expect(mine.reduce((sum, p) => sum + p.points, 0)).toBe(row.hands);
      expect(row.bonus + row.table - row.hands).toBe(row.points);
      expect(before[row.team]! + row.points).toBe(deal.totals[row.team]);
    }
    expect(deal.rows.map((r) => r.points)).toEqual([100 + 62 - 14, -170]);
    // The view shows it to every seat and to spectators once the deal is over (the hands are no secret then).
    expect(dhappa.view(after, null).lastDeal).toEqual(deal);
  });

  it('match to 500: the game goes on until a team reaches 500; then the higher total wins', () => {
    const going = position({
      hands: [C('9C TC JC'), C('KH'), C('4H'), C('KD')],
      opened: [true, false, false, false],
      boards: [[[C('3S 4S 5S')], [C('6D 7D 8D')]]],
      pileTop: C('4D'),
      options: { length: 'match' },
    });
    const first = play(going, 0, { type: 'draw' }, { type: 'meld', cards: C('9C TC JC') }, { type: 'discard', card: '4D#1' });
    expect(first.phase).toBe('pick');
    expect(first.deal).toBe(2);
    expect(first.totals).toEqual([158, -20]);
    const near = { ...going, totals: [400, 600] };
    const won = play(near, 0, { type: 'draw' }, { type: 'meld', cards: C('9C TC JC') }, { type: 'discard', card: '4D#1' });
    expect(won.phase).toBe('over');
    expect(won.winners).toEqual([1, 3]);
  });

  it('match to 500: equal totals at or above 500 mean another deal', () => {
    const going = position({
      hands: [C('9C TC JC'), C('KH'), C('4H'), C('KD')],
      opened: [true, false, false, false],
      boards: [[[C('3S 4S 5S')], [C('6D 7D 8D')]]],
      pileTop: C('4D'),
      options: { length: 'match' },
    });
    const tie = play(
      { ...going, totals: [500 - 158, 500 + 20] },
      0,
      { type: 'draw' },
      { type: 'meld', cards: C('9C TC JC') },
      { type: 'discard', card: '4D#1' },
    );
    expect(tie.totals).toEqual([500, 500]);
    expect(tie.phase).toBe('pick');
    expect(tie.deal).toBe(2);
  });
});

describe('timeouts finish the turn in at most 3 moves', () => {
  function runTimeout(s: DhappaState): { state: DhappaState; moves: number } {
    const seat = s.turn;
    let state = s;
    let moves = 0;
    while (state.turn === seat && state.phase !== 'over' && moves < 5) {
      const m = timeoutMove(state, seat);
      expect(m).not.toBeNull();
      state = play(state, seat, m!);
      moves++;
    }
    return { state, moves };
  }

  it('pick phase: draw, then discard the most valuable natural card', () => {
    const { state, moves } = runTimeout(table('5H 9S KD 2C', { pileTop: C('4D') }));
    expect(moves).toBe(2);
    expect(state.discard.at(-1)).toBe('KD#1');
  });

  it('after an N-pick and a draft that cannot stand: undo it, place the picked card, discard', () => {
    const s = play(table('5H 6H 9S TS JS KD', { discard: C('QS 7H 4C') }), 0, { type: 'pick', count: 2 }, { type: 'meld', cards: C('9S TS JS') });
    const { state, moves } = runTimeout(s);
    expect(moves).toBe(3);
    expect(state.turn).toBe(1);
    expect(state.boards[0]!.some((r) => r.cards.some((mc) => mc.card === '7H#1'))).toBe(true);
  });

  it('an empty draw pile: the smallest legal pick, its placement, a discard', () => {
    const s = table('5H 6H 9S KD', { discard: C('QS 7H 4C'), emptyPile: true });
    const { state, moves } = runTimeout(s);
    expect(moves).toBe(3);
    expect(state.turn).toBe(1);
  });
});

describe('the game contract', () => {
  it('identity, options and turn key', () => {
    expect(dhappa.id).toBe('dhappa');
    expect(dhappa.name).toBe('Dhappa Baaji');
    expect(dhappa.defaultOptions).toEqual({ length: 'single' });
    const s = table('5H 9S KD', { pileTop: C('4D') });
    const key = dhappa.turnKey!(s);
    expect(dhappa.turnKey!(play(s, 0, { type: 'draw' }))).toBe(key);
  });

  it('moves outside the schema are rejected; apply never mutates its input', () => {
    expect(v.safeParse(dhappa.moveSchema, { type: 'pick', count: 0 }).success).toBe(false);
    expect(v.safeParse(dhappa.moveSchema, { type: 'fly' }).success).toBe(false);
    expect(v.safeParse(dhappa.moveSchema, { type: 'add', run: 'r1', cards: ['5H#1'], shift: 'low' }).success).toBe(true);
    const s = table('5H 6H 7H 9S KD', { pileTop: C('4D') });
    const copy = structuredClone(s);
    play(s, 0, { type: 'draw' }, { type: 'meld', cards: C('5H 6H 7H') });
    expect(s).toEqual(copy);
  });
});

describe('the view', () => {
  const s0 = () =>
    table('5H 6H 9S KD', {
      discard: C('QS 8C 7H'),
      opened: [false, true, false, false],
      boards: [[[C('3S 4S 5S')], [C('6D 2C 8D'), { '2C#1': '7D' }]], [[C('AH AS AD')]]],
    });

  it('shows the own hand only, the whole discard pile in order, and the draw pile as a count', () => {
    const s = s0();
    const v0 = dhappa.view(s, 0);
    expect(v0.hand).toEqual(s.hands[0]);
    expect(v0.discard).toEqual(C('QS 8C 7H'));
    expect(v0.pileCount).toBe(s.pile.length);
    const v1 = dhappa.view(s, 1);
    expect(v1.hand).toEqual(s.hands[1]);
    expect(JSON.stringify(v1)).not.toContain('"5H#1"');
    expect(dhappa.view(s, null).hand).toBeNull();
    expect(JSON.stringify(dhappa.view(s, null))).not.toContain('"rng"');
  });

  it('shows per-seat card counts, opened flags and teams', () => {
    const v = dhappa.view(s0(), 2);
    expect(v.players.map((p) => [p.cards, p.opened, p.team])).toEqual([
      [4, false, 0],
      [3, true, 1],
      [3, false, 0],
      [3, false, 1],
    ]);
  });

  it('shows both boards: each meld with its cards, what each wild stands for, its wild count and purity, and the lock', () => {
    const v = dhappa.view(s0(), 3);
    const [a, b] = v.teams;
    expect(a!.seats).toEqual([0, 2]);
    expect(a!.runs[1]).toMatchObject({ kind: 'run', wilds: 1, pure: false, points: 6 + 20 + 8 });
    expect(a!.runs[1]!.cards[1]).toEqual({ card: '2C#1', as: '7D' });
    expect(b!.runs[0]).toMatchObject({ kind: 'set', wilds: 0, pure: true });
    expect(a!.lock).toEqual({ runs: ['r1', 'r2'], wilds: 1, holds: false });
  });

  it('the player to move sees the legal picks; after a pick everyone sees the picked cards and the obligation', () => {
    const s = s0();
    expect(dhappa.view(s, 0).you!.picks).toEqual([1]);
    expect(dhappa.view(s, 0).you!.actions).toEqual(['draw', 'pick']);
    const picked = play(s, 0, { type: 'pick', count: 1 });
    expect(dhappa.view(picked, 2).picked).toEqual({ seat: 0, cards: ['7H#1'], deepest: '7H#1' });
    const own = dhappa.view(picked, 0);
    expect(own.draft).toMatchObject({ deepest: '7H#1', deepestPlaced: false, steps: 0 });
    expect(own.draft!.blockers).toEqual([{ code: 'pick_not_placed', card: '7H#1' }]);
    expect(own.you!.discardable).toEqual([]);
    const placed = play(picked, 0, { type: 'meld', cards: C('5H 6H 7H') });
    const after = dhappa.view(placed, 0);
    expect(after.draft).toMatchObject({ deepestPlaced: true, opened: true, steps: 1, newRunIds: ['r4'], blockers: [] });
    expect(after.teams[0]!.runs.find((r) => r.id === 'r4')!.draft).toBe(true);
    expect(after.you!.discardable).toEqual(C('9S KD'));
    expect(dhappa.view(placed, 1).draft).toBeNull();
  });

  it('the mover is told when the last card would go out', () => {
    const s = drawn('9H TH JH', '4D', { opened: [true, false, false, false], boards: [[[C('3S 4S 5S')], [C('6D 7D 8D')]]] });
    const v = dhappa.view(play(s, 0, { type: 'meld', cards: C('9H TH JH') }), 0);
    expect(v.you).toMatchObject({ canGoOut: true, discardable: ['4D#1'] });
    expect(v.teams[0]!.lock.holds).toBe(true);
  });

  it('the result names the winning team once the game is over', () => {
    const s = drawn('9H TH JH', '4D', { opened: [true, false, false, false], boards: [[[C('3S 4S 5S')], [C('6D 7D 8D')]]] });
    const over = play(s, 0, { type: 'meld', cards: C('9H TH JH') }, { type: 'discard', card: '4D#1' });
    const v = dhappa.view(over, 1);
    expect(v.phase).toBe('over');
    expect(v.result!.winners).toEqual([0, 2]);
    expect(v.result!.scores[0]).toBeGreaterThan(v.result!.scores[1]!);
    expect(v.lastDeal!.out).toBe(0);
  });
});
