import { describe, expect, it } from 'vitest';
import type { DhappaView, RunView, TeamView } from '../../../../shared/games/dhappa/types';
import { dhappa } from '../../../../shared/games/dhappa';
import { cards, play, position } from '../../../../shared/games/dhappa/testkit';
import { canMerge, dealBreakdown, keepHeld, lockLine, mergeMove, pickFan, planForRun, planNewRun, sortHand, swapTarget, toggleCard } from './logic';

const run = (id: string, cards: [string, string?][], kind: 'run' | 'set' = 'run'): RunView => ({
  id,
  kind,
  cards: cards.map(([card, as]) => (as ? { card, as } : { card })),
  wilds: cards.filter(([c]) => c.startsWith('X') || c.startsWith('2')).length,
  pure: cards.every(([c]) => !c.startsWith('X') && !c.startsWith('2')),
  points: 0,
});

describe('hand order', () => {
  const hand = ['X1', 'AS#1', '3S#2', '2H#1', 'KH#1', '3H#1', 'AS#2', '9C#3'];
  it('by suit: 3 up to the ace in each suit, then the 2s, then the jokers; copies together', () => {
    expect(sortHand(hand, 'suit')).toEqual(['3S#2', 'AS#1', 'AS#2', '3H#1', 'KH#1', '9C#3', '2H#1', 'X1']);
  });
  it('by rank: 3s first, aces high, wilds last', () => {
    expect(sortHand(hand, 'rank')).toEqual(['3S#2', '3H#1', '9C#3', 'KH#1', 'AS#1', 'AS#2', '2H#1', 'X1']);
  });
  it('does not change the hand it is given', () => {
    const copy = [...hand];
    sortHand(hand, 'suit');
    expect(hand).toEqual(copy);
  });
});

describe('selection', () => {
  const order = ['3S#1', '4S#1', '5S#1', 'X1'];
  it('toggles and keeps hand order', () => {
    let sel = toggleCard([], '5S#1', order);
    sel = toggleCard(sel, '3S#1', order);
    expect(sel).toEqual(['3S#1', '5S#1']);
    expect(toggleCard(sel, '3S#1', order)).toEqual(['5S#1']);
  });
  it('drops cards that left the hand', () => {
    expect(keepHeld(['3S#1', 'X1'], ['X1'])).toEqual(['X1']);
  });
});

describe('moves from a selection', () => {
  it('a new run from the selected cards, nothing without a selection', () => {
    expect(planNewRun(['3S#1', '4S#1', '5S#1'])).toEqual({ kind: 'move', move: { type: 'meld', cards: ['3S#1', '4S#1', '5S#1'] } });
    expect(planNewRun([])).toEqual({ kind: 'none', reason: 'select' });
  });
  it('adds to a run', () => {
    const r = run('r1', [['5H#1'], ['6H#1'], ['7H#1']]);
    expect(planForRun(r, ['8H#2'])).toEqual({ kind: 'move', move: { type: 'add', run: 'r1', cards: ['8H#2'] } });
  });
  it('the natural card a joker stands for swaps it out', () => {
    const r = run('r1', [['5H#1'], ['X3', '6H'], ['7H#1']]);
    expect(swapTarget(r, ['6H#2'])).toBe('X3');
    expect(planForRun(r, ['6H#2'])).toEqual({ kind: 'move', move: { type: 'swap', run: 'r1', card: '6H#2' } });
    expect(swapTarget(r, ['6H#2', '8H#1'])).toBeNull();
  });
  it('asks which end when the added card moves a 2 that can go either way', () => {
    const r = run('r1', [['5H#1'], ['6H#1'], ['2C#1', '7H'], ['8H#1']]);
    expect(planForRun(r, ['7H#2'])).toEqual({ kind: 'shift', run: 'r1', cards: ['7H#2'] });
    expect(planForRun(r, ['7H#2'], 'low')).toEqual({ kind: 'move', move: { type: 'add', run: 'r1', cards: ['7H#2'], shift: 'low' } });
  });
  it('merges two runs that meet, selected in either order', () => {
    const a = run('r1', [['3S#1'], ['4S#1'], ['5S#1']]);
    const b = run('r2', [['6S#1'], ['7S#1'], ['8S#1']]);
    expect(canMerge(b, a)).toBe(true);
    expect(mergeMove(b, a)).toEqual({ type: 'merge', a: 'r2', b: 'r1' });
    expect(canMerge(a, run('r3', [['9S#1'], ['TS#1'], ['JS#1']]))).toBe(false);
  });
});

describe('lock line and the discard fan', () => {
  it('names the counting runs by their place on the board', () => {
    const team: TeamView = {
      team: 0,
      seats: [0, 2],
      runs: [run('r1', [['3S#1'], ['4S#1'], ['5S#1']]), run('r2', [['3H#1'], ['X1', '4H'], ['5H#1']]), run('r3', [['9D#1'], ['TD#1'], ['JD#1']])],
      lock: { runs: ['r1', 'r3', 'r2'], wilds: 1, holds: true },
      total: 0,
    };
    expect(lockLine(team)).toEqual({ holds: true, runs: 3, wilds: 1, positions: [1, 3, 2] });
  });
  it('lists the top cards, top first, with the legal depths', () => {
    const view = { discard: ['3S#1', '4S#1', '5S#1', '9H#1'], you: { picks: [1, 3] } } as unknown as DhappaView;
    expect(pickFan(view)).toEqual([
      { card: '9H#1', depth: 1, legal: true },
      { card: '5S#1', depth: 2, legal: false },
      { card: '4S#1', depth: 3, legal: true },
      { card: '3S#1', depth: 4, legal: false },
    ]);
    expect(pickFan(view, 2)).toHaveLength(2);
  });
});

describe('the deal-end breakdown', () => {
  // A match deal Ana (seat 0, team A) ends by going out; Bob and Dee (team B) hold jokers, 2s and aces.
  const s = position({
    hands: [cards('9C TC JC'), cards('X1 X2 AS 2H'), cards('4H QS'), cards('KD 2C#2 5D')],
    opened: [true, false, false, false],
    boards: [[[cards('3S 4S 5S')], [cards('6D 7D 8D')]]],
    pileTop: cards('4D'),
    options: { length: 'match' },
  });
  const after = play({ ...s, totals: [40, -15] }, 0, { type: 'draw' }, { type: 'meld', cards: cards('9C TC JC') }, { type: 'discard', card: '4D#1' });
  const view = dhappa.view(after, 1);

  it('puts the viewer’s team first, and every part adds up to the deal and the running total', () => {
    const b = dealBreakdown(view.lastDeal!, view.players, view.you!.team);
    expect(b.teams.map((c) => c.team)).toEqual([1, 0]);
    for (const c of b.teams) {
      expect(c.bonus + c.table - c.hands).toBe(c.points);
      expect(c.before + c.points).toBe(c.total);
      expect(b.hands.filter((h) => h.team === c.team).reduce((sum, h) => sum + h.points, 0)).toBe(c.hands);
    }
    expect(b.teams.map((c) => [c.before, c.total])).toEqual([
      [-15, -185],
      [40, 188],
    ]);
    expect(b.hands.map((h) => h.seat)).toEqual([1, 3, 0, 2]);
    expect(b.hands[0]).toMatchObject({ jokers: 2, twos: 1, others: 1, othersPoints: 15, points: 135 });
  });

  it('a spectator sees team A first; a result saved before hands were kept shows no hands', () => {
    const spectator = dhappa.view(after, null);
    expect(dealBreakdown(spectator.lastDeal!, spectator.players, null).teams.map((c) => c.team)).toEqual([0, 1]);
    const { penalties: _gone, ...older } = spectator.lastDeal!;
    expect(dealBreakdown(older, spectator.players, null).hands).toEqual([]);
  });
});
