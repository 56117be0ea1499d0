import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DECK_SIZE, rummyDeck } from './cards';
import { rummy } from './index';
import { allCards, cards, NAMES, play, position, refusal } from './testkit';
import type { RummyState } from './types';

const players = (n: number) => NAMES.slice(0, n).map((name) => ({ name }));
const view = (s: RummyState, seat: number | null) => rummy.view(s, seat);

/** Ana's 13 cards: a pure run TS-JS-QS (30) and a set of kings (30), plus filler. */
const DECLARER = 'TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D 8S';
/** Bob's cards, all from the second deck so they never clash with the first-deck cards of a test. */
const FILLER = '2D#2 3C#2 4D#2 6H#2 8C#2 9C#2 JD#2 QC#2 2S#2 3S#2 6C#2 7S#2 8H#2';

describe('deck and deal', () => {
  it('108 cards: two 52-card decks with copy suffixes and four jokers', () => {
    const deck = rummyDeck();
    expect(deck).toHaveLength(DECK_SIZE);
    expect(new Set(deck).size).toBe(108);
    expect(deck).toContain('AS#1');
    expect(deck).toContain('AS#2');
    expect(deck.filter((c) => c.startsWith('X'))).toEqual(['X1', 'X2', 'X3', 'X4']);
  });

  it.each([2, 3, 4, 5, 6])('%i players get 13 cards each, one card starts the discard pile, the rest is the draw pile', (n) => {
    const s = rummy.setup(players(n), { deals: 'single', limit: 500 }, 'deal');
    expect(s.hands.every((h) => h.length === 13)).toBe(true);
    expect(s.discard).toHaveLength(1);
    expect(s.pile).toHaveLength(108 - 13 * n - 1);
    expect(allCards(s).sort()).toEqual(rummyDeck().sort());
  });

  it('the starting player is chosen at random from the seed', () => {
    const starters = new Set<number>();
    for (let i = 0; i < 30; i++) starters.add(rummy.setup(players(4), rummy.defaultOptions, `seed${i}`).turn);
    expect(starters.size).toBeGreaterThan(1);
    expect([...starters].every((t) => t >= 0 && t < 4)).toBe(true);
  });

  it('options default to a single deal with a 500 limit', () => {
    expect(v.parse(rummy.optionsSchema, {})).toEqual({ deals: 'single', limit: 500 });
    expect(rummy.playerCounts).toEqual([2, 3, 4, 5, 6]);
  });
});

describe('turns and rounds', () => {
  it('a round is every player taking one turn', () => {
    let s = rummy.setup(players(3), rummy.defaultOptions, 'rounds');
    expect(view(s, 0).round).toBe(1);
    for (let turn = 0; turn < 9; turn++) {
      const seat = s.turn;
      s = play(s, seat, { type: 'draw', from: 'pile' });
      s = play(s, seat, rummy.timeoutMove(s, seat)!);
      expect(view(s, null).round).toBe(Math.floor((turn + 1) / 3) + 1);
    }
  });

  it('turns pass in seat order', () => {
    const s = position({ hands: [cards(DECLARER), cards(FILLER)], round: 1 });
    const after = play(s, 0, { type: 'draw', from: 'pile' }, { type: 'discard', card: '8S#1' });
    expect(after.turn).toBe(1);
    expect(refusal(after, 0, { type: 'draw', from: 'pile' })).toEqual({ code: 'not_your_turn', seat: 1 });
  });

  it('rounds 1 to 3: "Declarations open in round 4"', () => {
    const s = play(position({ hands: [cards(DECLARER), cards(FILLER)], round: 3 }), 0, { type: 'draw', from: 'pile' });
    expect(refusal(s, 0, { type: 'meld', cards: cards('TS JS QS') })).toEqual({ code: 'too_early', round: 3, opens: 4 });
    expect(view(s, 0).you!.mayMeld).toBe(false);
  });

  it('rounds 1 to 3: the discard pile cannot be taken', () => {
    const s = position({ hands: [cards(DECLARER), cards(FILLER)], round: 3, discard: cards('KS') });
    expect(refusal(s, 0, { type: 'draw', from: 'discard' })).toEqual({ code: 'discard_closed', opens: 4 });
  });

  it('one draw per turn, and a draw before anything else', () => {
    const s = position({ hands: [cards(DECLARER), cards(FILLER)] });
    expect(refusal(s, 0, { type: 'discard', card: '8S#1' })).toEqual({ code: 'draw_first' });
    const drawn = play(s, 0, { type: 'draw', from: 'pile' });
    expect(refusal(drawn, 0, { type: 'draw', from: 'pile' })).toEqual({ code: 'already_drawn' });
  });

  it('a draw from the pile does not tell anyone the card', () => {
    const r = rummy.apply(position({ hands: [cards(DECLARER), cards(FILLER)] }), 0, { type: 'draw', from: 'pile' });
    expect(r.ok).toBe(true);
    if (r.ok) expect(JSON.stringify(r.events)).not.toContain(r.state.hands[0]!.at(-1)!);
  });
});

describe('taking the discard', () => {
  it('"You can take the discard only if you meld it this turn"', () => {
    const s = play(position({ hands: [cards(DECLARER), cards(FILLER)], discard: cards('4H') }), 0, { type: 'draw', from: 'discard' });
    const melded = play(s, 0, { type: 'meld', cards: cards('TS JS QS') }, { type: 'meld', cards: cards('KH KD KC') });
    expect(refusal(melded, 0, { type: 'discard', card: '8S#1' })).toEqual({ code: 'discard_not_melded', card: '4H#1' });
  });

  it('the taken discard melded this turn lets the turn end', () => {
    const s = play(position({ hands: [cards(DECLARER), cards(FILLER)], discard: cards('KS') }), 0, { type: 'draw', from: 'discard' });
    const done = play(s, 0, { type: 'meld', cards: cards('TS JS QS') }, { type: 'meld', cards: cards('KH KD KC KS') }, { type: 'discard', card: '8S#1' });
    expect(done.declared[0]).toBe(true);
    expect(done.table.some((m) => m.cards.some((mc) => mc.card === 'KS#1'))).toBe(true);
  });

  it('undo returns the draft but keeps the obligation to meld the taken card', () => {
    const s = play(position({ hands: [cards(DECLARER), cards(FILLER)], discard: cards('KS') }), 0, { type: 'draw', from: 'discard' });
    const undone = play(s, 0, { type: 'meld', cards: cards('TS JS QS') }, { type: 'meld', cards: cards('KH KD KC KS') }, { type: 'undo' });
    expect(undone.hands[0]).toContain('KS#1');
    expect(undone.draft).toBeNull();
    expect(refusal(undone, 0, { type: 'discard', card: '8S#1' })).toMatchObject({ code: 'discard_not_melded' });
  });

  it('a taken discard may be put back, and the player then draws again', () => {
    const s = play(position({ hands: [cards(DECLARER), cards(FILLER)], discard: cards('4H') }), 0, { type: 'draw', from: 'discard' });
    const back = play(s, 0, { type: 'undo', returnDiscard: true });
    expect(back.phase).toBe('draw');
    expect(back.discard.at(-1)).toBe('4H#1');
    expect(back.hands[0]).toHaveLength(13);
  });
});

describe('initial declaration', () => {
  it('"Your first declaration needs 48 points; these melds make 45"', () => {
    const hand = cards('2H 3H 4H 5S 5D 5C 7C 7D 7H 9S JC KD QH');
    const s = play(position({ hands: [hand, cards(FILLER)] }), 0, { type: 'draw', from: 'pile' });
    const melded = play(
      s,
      0,
      { type: 'meld', cards: cards('2H 3H 4H') },
      { type: 'meld', cards: cards('5S 5D 5C') },
      { type: 'meld', cards: cards('7C 7D 7H') },
    );
    expect(refusal(melded, 0, { type: 'discard', card: '9S#1' })).toEqual({ code: 'declaration_too_small', need: 48, points: 45 });
    expect(view(melded, 0).draft!.points).toBe(45);
  });

  it('"A declaration needs a pure sequence"', () => {
    const hand = cards('KH KD KC QH QD QC 2S 4S 6S 8S TC 3D 5H');
    const s = play(position({ hands: [hand, cards(FILLER)] }), 0, { type: 'draw', from: 'pile' });
    const melded = play(s, 0, { type: 'meld', cards: cards('KH KD KC') }, { type: 'meld', cards: cards('QH QD QC') });
    expect(refusal(melded, 0, { type: 'discard', card: '2S#1' })).toEqual({ code: 'declaration_needs_pure' });
  });

  it('a joker counts as the card it stands for toward 48', () => {
    const hand = cards('2S 3S 4S 5H 5D 5C 8D X1 TD JC KD QH 7H');
    const s = play(position({ hands: [hand, cards(FILLER)] }), 0, { type: 'draw', from: 'pile' });
    const melded = play(
      s,
      0,
      { type: 'meld', cards: cards('2S 3S 4S') },
      { type: 'meld', cards: cards('5H 5D 5C') },
      { type: 'meld', cards: cards('8D X1 TD') },
    );
    expect(view(melded, 0).draft!.points).toBe(9 + 15 + 27);
    expect(play(melded, 0, { type: 'discard', card: 'JC#1' }).declared[0]).toBe(true);
  });

  it('the ace counts 1 in A-2-3 and 10 in Q-K-A', () => {
    const low = cards('AH 2H 3H KS KD KC 3C 3D 3S 9D JC 5D 7S');
    const s = play(position({ hands: [low, cards(FILLER)] }), 0, { type: 'draw', from: 'pile' });
    const melded = play(
      s,
      0,
      { type: 'meld', cards: cards('AH 2H 3H') },
      { type: 'meld', cards: cards('KS KD KC') },
      { type: 'meld', cards: cards('3C 3D 3S') },
    );
    expect(refusal(melded, 0, { type: 'discard', card: '9D#1' })).toEqual({ code: 'declaration_too_small', need: 48, points: 45 });

    const high = cards('QH KH AH 9S 9D 9C 2C 4D 6S 8C TD JS 5D');
    const h = play(position({ hands: [high, cards(FILLER)] }), 0, { type: 'draw', from: 'pile' });
    const laid = play(h, 0, { type: 'meld', cards: cards('QH KH AH') }, { type: 'meld', cards: cards('9S 9D 9C') });
    expect(view(laid, 0).draft!.points).toBe(57);
  });

  it('the initial declaration happens once: later melds need no 48', () => {
    const hand = cards('2S 3S 4S 9H JC KD QH 7H 5D 6C 8C TD 3H');
    const s = play(position({ hands: [hand, cards(FILLER)], declared: [true, false] }), 0, { type: 'draw', from: 'pile' });
    const done = play(s, 0, { type: 'meld', cards: cards('2S 3S 4S') }, { type: 'discard', card: 'KD#1' });
    expect(done.table).toHaveLength(1);
  });

  it('the whole declaration is one turn: melds from an undone draft do not count', () => {
    const s = play(position({ hands: [cards(DECLARER), cards(FILLER)] }), 0, { type: 'draw', from: 'pile' });
    const undone = play(s, 0, { type: 'meld', cards: cards('TS JS QS') }, { type: 'undo' });
    expect(view(undone, 0).draft!.points).toBe(0);
    const next = play(undone, 0, { type: 'discard', card: '8S#1' });
    expect(next.declared[0]).toBe(false);
    expect(next.table).toHaveLength(0);
  });
});

describe('extensions', () => {
  const withTable = (declared: boolean[]) =>
    position({
      hands: [cards(DECLARER + ' 8D'), cards(FILLER)],
      table: [[1, cards('5D#2 6D#2 7D#2')]],
      declared,
      pileTop: cards('6S'),
    });

  it('before declaring, table melds cannot be extended', () => {
    const s = play(withTable([false, true]), 0, { type: 'draw', from: 'pile' });
    expect(refusal(s, 0, { type: 'extend', meldId: 'm1', cards: cards('8D') })).toEqual({ code: 'not_declared', points: null, need: 48, pure: false });
  });

  it('in the declaring turn, extensions come once the new melds reach 48 with a pure sequence', () => {
    const s = play(withTable([false, true]), 0, { type: 'draw', from: 'pile' }, { type: 'meld', cards: cards('TS JS QS') });
    expect(refusal(s, 0, { type: 'extend', meldId: 'm1', cards: cards('8D') })).toMatchObject({ code: 'not_declared', need: 48 });
    const declared = play(s, 0, { type: 'meld', cards: cards('KH KD KC') }, { type: 'extend', meldId: 'm1', cards: cards('8D') });
    const done = play(declared, 0, { type: 'discard', card: '8S#1' });
    expect(done.table.find((m) => m.id === 'm1')!.cards.map((mc) => mc.card)).toEqual(cards('5D#2 6D#2 7D#2 8D'));
    expect(done.table.find((m) => m.id === 'm1')!.owner).toBe(1);
  });

  it('a meld laid this turn may grow before the declaration is complete', () => {
    const start = position({ hands: [cards(DECLARER), cards(FILLER)], table: [[1, cards('5D#2 6D#2 7D#2')]], pileTop: cards('KS') });
    const s = play(start, 0, { type: 'draw', from: 'pile' }, { type: 'meld', cards: cards('TS JS QS') });
    const grown = play(s, 0, { type: 'extend', meldId: 'm2', cards: cards('KS') });
    expect(view(grown, 0).draft!.points).toBe(40);
  });

  it("after declaring, any player's meld may be extended", () => {
    const s = play(withTable([true, true]), 0, { type: 'draw', from: 'pile' }, { type: 'extend', meldId: 'm1', cards: cards('8D') });
    expect(play(s, 0, { type: 'discard', card: '8S#1' }).table[0]!.cards).toHaveLength(4);
  });

  it('extensions must keep the meld valid (no wrap, same suit, sets up to 4)', () => {
    const s = play(
      position({
        hands: [cards('KD 2H 9C X1 3C'), cards(FILLER)],
        table: [
          [1, cards('AD 2D 3D')],
          [1, cards('QC QD QH QS#2')],
        ],
        declared: [true, true],
      }),
      0,
      { type: 'draw', from: 'pile' },
    );
    expect(refusal(s, 0, { type: 'extend', meldId: 'm1', cards: cards('KD') })).toEqual({ code: 'no_wrap' });
    expect(refusal(s, 0, { type: 'extend', meldId: 'm1', cards: cards('2H') })).toEqual({ code: 'run_suit', card: '2H#1', suit: 'D' });
    expect(refusal(s, 0, { type: 'extend', meldId: 'm2', cards: ['X1'] })).toEqual({ code: 'set_too_big' });
  });
});

describe('joker swap', () => {
  const base = (table: [number, string[], Record<string, string>?][], declared = [true, true]) =>
    play(position({ hands: [cards('9D QS 5S 6S 2C 8H'), cards(FILLER)], table, declared }), 0, { type: 'draw', from: 'pile' });

  it('a table joker may be swapped for the exact card it stands for', () => {
    const s = play(base([[1, cards('8D X1 TD')]]), 0, { type: 'swapJoker', meldId: 'm1', card: '9D#1' });
    expect(s.draft!.hand).toContain('X1');
    expect(s.draft!.table[0]!.cards.map((mc) => mc.card)).toEqual(cards('8D 9D TD'));
    expect(refusal(base([[1, cards('8D X1 TD')]]), 0, { type: 'swapJoker', meldId: 'm1', card: '8H#1' })).toEqual({ code: 'swap_no_joker', card: '8H#1' });
  });

  it('the freed joker must be melded that turn', () => {
    const s = play(base([[1, cards('8D X1 TD')]]), 0, { type: 'swapJoker', meldId: 'm1', card: '9D#1' });
    expect(refusal(s, 0, { type: 'discard', card: '2C#1' })).toEqual({ code: 'joker_not_melded' });
    const melded = play(s, 0, { type: 'meld', cards: ['5S#1', '6S#1', 'X1'] }, { type: 'discard', card: '2C#1' });
    expect(melded.table).toHaveLength(2);
    expect(melded.hands[0]).not.toContain('X1');
  });

  it('in a set, only when the card completes all four suits', () => {
    expect(refusal(base([[1, cards('QC QD X1')]]), 0, { type: 'swapJoker', meldId: 'm1', card: 'QS#1' })).toEqual({ code: 'swap_set_incomplete' });
    const s = play(base([[1, cards('QC QD QH X1')]]), 0, { type: 'swapJoker', meldId: 'm1', card: 'QS#1' });
    expect(s.draft!.hand).toContain('X1');
  });

  it('swaps need a declaration, like extensions', () => {
    expect(refusal(base([[1, cards('8D X1 TD')]], [false, true]), 0, { type: 'swapJoker', meldId: 'm1', card: '9D#1' })).toEqual({
      code: 'not_declared',
      points: null,
      need: 48,
      pure: false,
    });
  });
});

describe('closing and scoring', () => {
  it('closing: all cards melded but one, laid face down; closer scores 0', () => {
    const s = position({
      hands: [cards('5S 6S 7S'), cards('KS 5D X3 2C'), cards('X1 X2 9C QH')],
      declared: [true, true, false],
      pileTop: cards('9H'),
    });
    const closed = play(s, 0, { type: 'draw', from: 'pile' }, { type: 'meld', cards: cards('5S 6S 7S') }, { type: 'close', card: '9H#1' });
    expect(closed.phase).toBe('over');
    expect(closed.faceDown).toBe('9H#1');
    expect(closed.lastDeal!.rows.map((r) => r.points)).toEqual([0, 10 + 5 + 10 + 2, 100 + 50 * 2]);
    expect(rummy.outcome(closed)!.winners).toEqual([0]);
    expect(JSON.stringify(view(closed, 1))).not.toContain('9H#1');
  });

  it('scoring: an undeclared player pays 100 plus 50 per joker held; a declared one pays the cards (joker 10, ace 10)', () => {
    const s = position({
      hands: [cards('5S 6S 7S'), cards('AS X3 9D'), cards('X1 2C 3C')],
      declared: [true, true, false],
      pileTop: cards('9H'),
    });
    const closed = play(s, 0, { type: 'draw', from: 'pile' }, { type: 'meld', cards: cards('5S 6S 7S') }, { type: 'close', card: '9H#1' });
    expect(closed.lastDeal!.rows.map((r) => r.points)).toEqual([0, 10 + 10 + 9, 150]);
  });

  it('closing may happen in the declaring turn', () => {
    const hand = cards('TS JS QS KS 2H 3H 4H 7C 7D 7H 9C 9D 9S');
    const s = play(position({ hands: [hand, cards(FILLER)], pileTop: cards('5D') }), 0, { type: 'draw', from: 'pile' });
    const laid = play(
      s,
      0,
      { type: 'meld', cards: cards('TS JS QS KS') },
      { type: 'meld', cards: cards('2H 3H 4H') },
      { type: 'meld', cards: cards('7C 7D 7H') },
      { type: 'meld', cards: cards('9C 9D 9S') },
    );
    const closed = play(laid, 0, { type: 'close', card: '5D#1' });
    expect(closed.phase).toBe('over');
    expect(closed.declared[0]).toBe(true);
  });

  it('closing needs every card but one melded', () => {
    const s = play(position({ hands: [cards('5S 6S 7S 8C'), cards(FILLER)], declared: [true, false], pileTop: cards('9H') }), 0, {
      type: 'draw',
      from: 'pile',
    });
    expect(refusal(s, 0, { type: 'close', card: '9H#1' })).toEqual({ code: 'cannot_close', why: 'cards_left', left: 4 });
  });

  it('the last card cannot be discarded (close with it instead), and a meld must leave a card in hand', () => {
    const s = play(position({ hands: [cards('5S 6S 7S'), cards(FILLER)], declared: [true, false], pileTop: cards('9H') }), 0, { type: 'draw', from: 'pile' });
    const laid = play(s, 0, { type: 'meld', cards: cards('5S 6S 7S') });
    expect(refusal(laid, 0, { type: 'discard', card: '9H#1' })).toEqual({ code: 'last_card' });
    const four = play(position({ hands: [cards('5S 6S 7S'), cards(FILLER)], declared: [true, false], pileTop: cards('8S') }), 0, {
      type: 'draw',
      from: 'pile',
    });
    expect(refusal(four, 0, { type: 'meld', cards: cards('5S 6S 7S 8S') })).toEqual({ code: 'keep_one_card' });
  });

  it('a single deal: the lowest score of the deal wins', () => {
    const s = position({ hands: [cards('5S 6S 7S'), cards('2C'), cards('KC')], declared: [true, true, true], pileTop: cards('9H') });
    const closed = play(s, 0, { type: 'draw', from: 'pile' }, { type: 'meld', cards: cards('5S 6S 7S') }, { type: 'close', card: '9H#1' });
    expect(rummy.outcome(closed)).toEqual({ winners: [0], scores: [0, 2, 10] });
    expect(rummy.view(closed, null).result).toEqual({ winners: [0], points: 0 });
  });
});

describe('match of several deals', () => {
  const closeNow = (s: RummyState) => play(s, 0, { type: 'draw', from: 'pile' }, { type: 'meld', cards: cards('5S 6S 7S') }, { type: 'close', card: '9H#1' });

  it('below the limit, a new deal starts with the next player and every card comes back', () => {
    const s = position({ hands: [cards('5S 6S 7S'), cards('KS KD')], declared: [true, true], pileTop: cards('9H'), options: { deals: 'match', limit: 100 } });
    const next = closeNow(s);
    expect(next.phase).toBe('draw');
    expect(next.deal).toBe(2);
    expect(next.turn).toBe(1);
    expect(next.totals).toEqual([0, 20]);
    expect(next.lastDeal!.rows[1]!.points).toBe(20);
    expect(next.hands.every((h) => h.length === 13)).toBe(true);
    expect(allCards(next).sort()).toEqual(rummyDeck().sort());
    expect(view(next, 0).lastDeal!.deal).toBe(1);
  });

  it('when someone reaches the limit, the lowest total wins', () => {
    const s = position({ hands: [cards('5S 6S 7S'), cards('X1 2C')], declared: [true, false], pileTop: cards('9H'), options: { deals: 'match', limit: 100 } });
    s.totals = [40, 30];
    const over = closeNow(s);
    expect(over.phase).toBe('over');
    expect(over.totals).toEqual([40, 180]);
    expect(rummy.outcome(over)!.winners).toEqual([0]);
    expect(rummy.view(over, null).result).toEqual({ winners: [0], points: 40 });
  });
});

describe('draw pile', () => {
  it('an empty draw pile is rebuilt from the discards under the top card', () => {
    const s = position({ hands: [cards(DECLARER), cards(FILLER)], round: 1 });
    s.discard = [...s.pile.splice(0, s.pile.length - 1), ...s.discard];
    const r = rummy.apply(play(s, 0, { type: 'draw', from: 'pile' }), 0, { type: 'discard', card: '8S#1' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events.map((e) => e.type)).toContain('reshuffle');
    expect(r.state.discard).toEqual(['8S#1']);
    expect(r.state.pile.length).toBe(108 - 26 - 1);
    expect(allCards(r.state).sort()).toEqual(rummyDeck().sort());
  });

  it('when nothing is left to rebuild it from, the deal ends without a closer', () => {
    const s = position({ hands: [cards(DECLARER), cards(FILLER)], discard: cards('KS'), declared: [false, false] });
    s.hands[1]!.push(...s.pile.splice(0));
    const done = play(
      s,
      0,
      { type: 'draw', from: 'discard' },
      { type: 'meld', cards: cards('TS JS QS') },
      { type: 'meld', cards: cards('KH KD KC KS') },
      { type: 'discard', card: '8S#1' },
    );
    expect(done.phase).toBe('over');
    expect(done.lastDeal!.closer).toBeNull();
    expect(done.lastDeal!.rows[0]!.points).toBeGreaterThan(0);
  });

  it('a deal has no round limit: at round 500 with cards left it goes on to the next turn', () => {
    const s = position({ hands: [cards(DECLARER), cards(FILLER)], round: 500, turn: 1 });
    const next = play(s, 1, { type: 'draw', from: 'pile' }, { type: 'discard', card: '8H#2' });
    expect(next.phase).toBe('draw');
    expect(next.turn).toBe(0);
    expect(next.lastDeal).toBeNull();
  });
});

describe('views and privacy', () => {
  it('the draft is visible only to its player until the discard; an undone draft leaks nothing', () => {
    const s = play(position({ hands: [cards(DECLARER), cards(FILLER)] }), 0, { type: 'draw', from: 'pile' });
    const before = JSON.stringify(view(s, 1));
    const r = rummy.apply(s, 0, { type: 'meld', cards: cards('TS JS QS') });
    expect(r.ok && r.events).toEqual([]);
    const drafted = play(s, 0, { type: 'meld', cards: cards('TS JS QS') });
    expect(view(drafted, 0).table[0]![0]!.draft).toBe(true);
    expect(JSON.stringify(view(drafted, 1))).toBe(before);
    expect(JSON.stringify(view(drafted, null))).not.toContain('TS#1');
    const undone = play(drafted, 0, { type: 'undo' });
    expect(JSON.stringify(view(undone, 1))).toBe(before);
    const committed = play(drafted, 0, { type: 'meld', cards: cards('KH KD KC') }, { type: 'discard', card: '8S#1' });
    expect(view(committed, 1).table[0]!.map((m) => m.points)).toEqual([30, 30]);
    expect(view(committed, 1).players[0]!.declared).toBe(true);
  });

  it('a spectator sees counts, never a hand', () => {
    const s = position({ hands: [cards(DECLARER), cards(FILLER)] });
    const spectator = view(s, null);
    expect(spectator.hand).toBeNull();
    expect(spectator.you).toBeNull();
    expect(spectator.players.map((p) => p.cards)).toEqual([13, 13]);
    for (const c of [...s.hands.flat(), ...s.pile]) expect(JSON.stringify(spectator)).not.toContain(`"${c}"`);
  });

  it("the seat's view tells the UI what it can do", () => {
    const s = position({ hands: [cards(DECLARER), cards(FILLER)], discard: cards('KS') });
    const drawView = view(s, 0);
    expect(drawView.you!.actions).toEqual(['draw']);
    expect(drawView.you!.canTakeDiscard).toBe(true);
    expect(drawView.you!.discardUsable).toBe(true);
    const taken = play(s, 0, { type: 'draw', from: 'discard' }, { type: 'meld', cards: cards('TS JS QS') });
    const playView = view(taken, 0);
    expect(playView.you!.mayExtend).toBe(false);
    expect(playView.you!.discardable).toEqual([]);
    // Blockers are data (the browser words them): the taken king is not melded, 30 of 48 points.
    expect(playView.draft!.blockers).toEqual([
      { code: 'discard_not_melded', card: 'KS#1' },
      { code: 'declaration_too_small', need: 48, points: 30 },
    ]);
    const ready = play(taken, 0, { type: 'meld', cards: cards('KH KD KC KS') });
    expect(view(ready, 0).you!.mayExtend).toBe(true);
    expect(view(ready, 0).you!.discardable).toContain('8S#1');
    expect(view(ready, 0).draft).toMatchObject({ points: 70, hasPureSequence: true, takenDiscardMelded: true, blockers: [] });
  });
});

describe('timeouts and the contract', () => {
  it('timeout: draw from the pile; then undo the draft and discard the most valuable non-joker', () => {
    const s = position({ hands: [cards('TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D X1'), cards(FILLER)], pileTop: cards('2H') });
    expect(rummy.timeoutMove(s, 0)).toEqual({ type: 'draw', from: 'pile' });
    const drafted = play(s, 0, { type: 'draw', from: 'pile' }, { type: 'meld', cards: cards('TS JS QS') }, { type: 'meld', cards: cards('KH KD KC') });
    const timeout = rummy.timeoutMove(drafted, 0)!;
    expect(timeout).toEqual({ type: 'discard', card: 'TS#1', dropDraft: true });
    const after = play(drafted, 0, timeout);
    expect(after.table).toEqual([]);
    expect(after.declared[0]).toBe(false);
    expect(after.discard.at(-1)).toBe('TS#1');
    expect(after.hands[0]).toHaveLength(13);
    expect(rummy.timeoutMove(play(s, 0, { type: 'draw', from: 'pile' }), 0)).toEqual({ type: 'discard', card: 'TS#1' });
    expect(rummy.timeoutMove(s, 1)).toBeNull();
  });

  it('timeout after taking the discard: put it back', () => {
    const s = play(position({ hands: [cards(DECLARER), cards(FILLER)], discard: cards('KS') }), 0, { type: 'draw', from: 'discard' });
    expect(rummy.timeoutMove(s, 0)).toEqual({ type: 'undo', returnDiscard: true });
  });

  it('apply never mutates its input and refuses moves out of turn by name', () => {
    const s = position({ hands: [cards(DECLARER), cards(FILLER)] });
    const snapshot = JSON.stringify(s);
    play(s, 0, { type: 'draw', from: 'pile' }, { type: 'meld', cards: cards('TS JS QS') });
    expect(JSON.stringify(s)).toBe(snapshot);
    expect(refusal(s, 1, { type: 'draw', from: 'pile' })).toEqual({ code: 'not_your_turn', seat: 0 });
  });

  it('the move schema accepts the turn moves and rejects anything else', () => {
    const ok = (m: unknown) => v.safeParse(rummy.moveSchema, m).success;
    expect(ok({ type: 'draw', from: 'pile' })).toBe(true);
    expect(ok({ type: 'meld', cards: ['5H#1', 'X1', '7H#1'], as: { X1: '6H' } })).toBe(true);
    expect(ok({ type: 'extend', meldId: 'm1', cards: ['8H#1'] })).toBe(true);
    expect(ok({ type: 'swapJoker', meldId: 'm1', card: '9D#1' })).toBe(true);
    expect(ok({ type: 'undo', returnDiscard: true })).toBe(true);
    expect(ok({ type: 'discard', card: '9D#1' })).toBe(true);
    expect(ok({ type: 'discard', card: '9D#1', dropDraft: true })).toBe(true);
    expect(ok({ type: 'close', card: '9D#1' })).toBe(true);
    expect(ok({ type: 'draw', from: 'deck' })).toBe(false);
    expect(ok({ type: 'meld', cards: [] })).toBe(false);
    expect(ok({ type: 'shuffle' })).toBe(false);
  });

  it('a card not in hand is refused naming the card', () => {
    const s = play(position({ hands: [cards(DECLARER), cards(FILLER)] }), 0, { type: 'draw', from: 'pile' });
    expect(refusal(s, 0, { type: 'discard', card: 'AH#2' })).toEqual({ code: 'card_not_in_hand', card: 'AH#2' });
    expect(refusal(s, 0, { type: 'meld', cards: cards('TS JS QS AH') })).toEqual({ code: 'card_not_in_hand', card: 'AH#1' });
  });

  it('the clock runs per turn, not per move', () => {
    const s = position({ hands: [cards(DECLARER), cards(FILLER)] });
    const drawn = play(s, 0, { type: 'draw', from: 'pile' }, { type: 'meld', cards: cards('TS JS QS') });
    expect(rummy.turnKey!(drawn)).toBe(rummy.turnKey!(s));
    expect(rummy.turnKey!(play(drawn, 0, { type: 'undo' }, { type: 'discard', card: '8S#1' }))).not.toBe(rummy.turnKey!(s));
  });
});
