import { describe, expect, it } from 'vitest';
import { DECK, cardsOf, maskOf } from './cards';
import { legalMoves } from './engine';
import { bestProjects } from './projects';
import { must, playingState, refusal } from './test-helpers';
import type { BalootState } from './types';
import { view } from './view';

const found = (hand: string[], sun = true) => bestProjects(maskOf(hand), sun).map((p) => ({ kind: p.kind, cards: cardsOf(p.mask).sort() }));
const kinds = (hand: string[], sun = true) => bestProjects(maskOf(hand), sun).map((p) => p.kind);

describe('project detection', () => {
  it('Sira is a run of three in one suit', () => {
    expect(found(['KS', 'QS', 'JS', '7H', '9D', '8C', 'AH', 'TD'])).toEqual([{ kind: 'sira', cards: ['JS', 'KS', 'QS'] }]);
  });
  it('runs follow A K Q J 10 9 8 7 and do not wrap', () => {
    expect(kinds(['TS', '9S', '8S', '7H', 'AH', 'KD', 'QC', 'JD'])).toEqual(['sira']);
    expect(kinds(['AS', '7S', '8S', 'KH', 'JD', 'QC', '9C', 'TD'])).toEqual([]);
  });
  it('Fifty is a run of four', () => {
    expect(kinds(['AS', 'KS', 'QS', 'JS', '7H', '9D', '8C', 'TD'])).toEqual(['fifty']);
  });
  it('Hundred is a run of five or more, counted once', () => {
    expect(kinds(['AS', 'KS', 'QS', 'JS', 'TS', '7H', '9D', '8C'])).toEqual(['hundred']);
    expect(kinds(['AS', 'KS', 'QS', 'JS', 'TS', '9S', '8S', '7S'])).toEqual(['hundred']);
  });
  it('Hundred is four Kings, Queens, Jacks or Tens', () => {
    for (const r of ['K', 'Q', 'J', 'T']) {
      expect(kinds([`${r}S`, `${r}H`, `${r}D`, `${r}C`, '7H', '9D', '8C', '7S'])).toEqual(['hundred']);
    }
  });
  it('four Aces are Four Hundred in Sun and a Hundred in Hokum', () => {
    const aces = ['AS', 'AH', 'AD', 'AC', '7H', '9D', '8C', '7S'];
    expect(kinds(aces, true)).toEqual(['fourHundred']);
    expect(kinds(aces, false)).toEqual(['hundred']);
  });
  it('four 9s, 8s or 7s are no project', () => {
    expect(kinds(['9S', '9H', '9D', '9C', 'AH', 'QD', 'KC', '7S'])).toEqual([]);
  });
  it('each card serves one project: the best choice is taken', () => {
    // Four Jacks and A-K-Q-J of spades: Hundred (Jacks) + Sira (A-K-Q) beats the Fifty alone.
    expect(found(['AS', 'KS', 'QS', 'JS', 'JH', 'JD', 'JC', '7H'])).toEqual([
      { kind: 'hundred', cards: ['JC', 'JD', 'JH', 'JS'] },
      { kind: 'sira', cards: ['AS', 'KS', 'QS'] },
    ]);
    // Four Kings take the King of the K-Q-J run, which then is too short.
    expect(found(['KS', 'QS', 'JS', 'KH', 'KD', 'KC', '7H', '8D'])).toEqual([{ kind: 'hundred', cards: ['KC', 'KD', 'KH', 'KS'] }]);
  });
  it('at most two projects a player', () => {
    expect(kinds(['KS', 'KH', 'KD', 'KC', 'QS', 'QH', 'QD', 'QC'])).toEqual(['hundred', 'hundred']);
    expect(kinds(['AS', 'KS', 'QS', 'TS', '9S', '8S', 'AH', 'KH'])).toEqual(['sira', 'sira']);
  });
  it('a run is not cut into two projects', () => {
    expect(kinds(['AS', 'KS', 'QS', 'JS', 'TS', '9S', '7H', '8H'])).toEqual(['hundred']);
  });
  it('two projects in different suits', () => {
    expect(kinds(['AS', 'KS', 'QS', 'JH', 'TH', '9H', '8H', '7C'])).toEqual(['fifty', 'sira']);
  });
});

describe('project ranking', () => {
  const rank = (hand: string[], sun = true) => bestProjects(maskOf(hand), sun)[0]!.rank;
  it('Four Hundred > Hundred run > Hundred of a kind > Fifty > Sira', () => {
    const fourHundred = rank(['AS', 'AH', 'AD', 'AC', '7H', '9D', '8C', '7S']);
    const hundredRun = rank(['9S', '8S', '7S', 'JS', 'TS', '7H', '9D', '8C']);
    const hundredKind = rank(['KS', 'KH', 'KD', 'KC', '7H', '9D', '8C', '7S']);
    const fifty = rank(['AS', 'KS', 'QS', 'JS', '7H', '9D', '8C', 'TD']);
    const sira = rank(['AS', 'KS', 'QS', '7D', '7H', '9D', '8C', 'TD']);
    expect(fourHundred).toBeGreaterThan(hundredRun);
    expect(hundredRun).toBeGreaterThan(hundredKind);
    expect(hundredKind).toBeGreaterThan(fifty);
    expect(fifty).toBeGreaterThan(sira);
  });
  it('equal type: the higher top card wins', () => {
    expect(rank(['AS', 'KS', 'QS', '7D', '7H', '9D', '8C', 'TD'])).toBeGreaterThan(rank(['KS', 'QS', 'JS', '7D', '7H', '9D', '8C', 'TD']));
    expect(rank(['KS', 'KH', 'KD', 'KC'])).toBeGreaterThan(rank(['QS', 'QH', 'QD', 'QC']));
  });
});

/* ------------------------------------------------------------------ declaring in the engine */

function rest(...hands: string[][]): string[] {
  const used = new Set(hands.flat());
  return DECK.filter((c) => !used.has(c));
}

/** Everyone plays the first legal card; a seat in `declare` declares first. */
function playTrick(s: BalootState, declare: number[] = []): BalootState {
  for (let i = 0; i < 4; i++) {
    const seat = s.turn;
    if (declare.includes(seat)) s = must(s, seat, { type: 'declare' });
    const card = legalMoves(s, seat).find((m) => m.type === 'play')!;
    s = must(s, seat, card);
  }
  return s;
}

describe('declaring projects', () => {
  // Dealer 3: seat 0 leads trick 1. Seats 0 and 1 both hold a Sira to the Ace.
  const h0 = ['AS', 'KS', 'QS', '7H', '8H', '9D', '7C', '8C'];
  const h1 = ['AH', 'KH', 'QH', '7D', '8D', 'TC', '9C', 'JS'];
  const others = rest(h0, h1);
  const h2 = ['TS', '9S', 'JH', 'TD', 'JD', 'AC', 'QC', '9H'];
  const h3 = others.filter((c) => !h2.includes(c));

  it('declared during the first turn of trick 1, before playing', () => {
    let s = playingState({ hands: [h0, h1, h2, h3] });
    expect(view(s, 0).actions.declare).toEqual([{ kind: 'sira', cards: ['AS', 'KS', 'QS'] }]);
    s = must(s, 0, { type: 'play', card: '7H' });
    expect(legalMoves(s, 0).some((m) => m.type === 'declare')).toBe(false);
  });
  it('the window closes once the player has played, and in later tricks', () => {
    let s = playingState({ hands: [h0, h1, h2, h3] });
    s = must(s, 0, { type: 'play', card: '7C' });
    expect(s.declared[0]).toEqual([]);
    s = playTrick(s);
    // Seat 0 holds its Sira still, but trick 1 is over.
    s = { ...s, turn: 0, leader: 0 };
    expect(refusal(s, 0, { type: 'declare' })).toBe('declare_window_closed');
  });
  it('refuses a declaration without a project, twice, or out of turn', () => {
    const noProject = playingState({ hands: [h2, h1, h0, h3] });
    expect(refusal(noProject, 0, { type: 'declare' })).toBe('no_project');
    let s = playingState({ hands: [h0, h1, h2, h3] });
    expect(refusal(s, 1, { type: 'declare' })).toBe('not_your_turn');
    s = must(s, 0, { type: 'declare' });
    expect(refusal(s, 0, { type: 'declare' })).toBe('already_declared');
  });
  it('others see only the project name during trick 1, the cards of counted projects after it', () => {
    let s = playingState({ hands: [h0, h1, h2, h3] });
    s = must(s, 0, { type: 'declare' });
    expect(view(s, 1).projects).toEqual([{ seat: 0, kind: 'sira', cards: null, counted: null }]);
    expect(view(s, 0).projects[0]!.cards).toEqual(['AS', 'KS', 'QS']);
    expect(view(s, null).projects[0]!.cards).toBeNull();
    s = must(s, 0, { type: 'play', card: '7C' });
    s = playTrick(s, [1]);
    const after = view(s, 1).projects;
    expect(after).toContainEqual({ seat: 0, kind: 'sira', cards: ['AS', 'KS', 'QS'], counted: true });
    expect(after).toContainEqual({ seat: 1, kind: 'sira', cards: ['AH', 'KH', 'QH'], counted: false });
    expect(view(s, 0).projects.find((p) => p.seat === 1)!.cards).toBeNull();
  });
  it('equal projects with equal top cards: the earlier player in play order wins', () => {
    let s = playingState({ hands: [h0, h1, h2, h3] });
    s = playTrick(s, [0, 1]);
    expect(s.projectTeam).toBe(0);
    // Same hands, but seat 1 now plays first (dealer 0).
    let t = playingState({ hands: [h0, h1, h2, h3], dealer: 0 });
    t = playTrick(t, [0, 1]);
    expect(t.projectTeam).toBe(1);
  });
  it('equal type: the higher top card wins', () => {
    const low = ['KS', 'QS', 'JS', '7H', '8H', '9D', '7C', '8C'];
    const high = ['AH', 'KH', 'QH', '7D', '8D', 'TC', '9C', 'TS'];
    const o = rest(low, high);
    let s = playingState({ hands: [low, high, o.slice(0, 8), o.slice(8)] });
    s = playTrick(s, [0, 1]);
    expect(s.projectTeam).toBe(1);
  });
  it('only the team with the best project scores, and then all its projects', () => {
    // Team 0: Four Hundred (seat 0) and a Sira (seat 2); team 1: a Hundred (seat 1).
    const aces = ['AS', 'AH', 'AD', 'AC', '7H', '7S', '8C', '8D'];
    const hundred = ['KS', 'QS', 'JS', 'TS', '9S', '7D', '9H', '7C'];
    const sira = ['KH', 'QH', 'JH', 'TD', '9D', '9C', 'TC', '8S'];
    const last = rest(aces, hundred, sira);
    let s = playingState({ hands: [aces, hundred, sira, last] });
    s = playTrick(s, [0, 1, 2]);
    expect(s.projectTeam).toBe(0);
    const v = view(s, 3);
    expect(
      v.projects
        .filter((p) => p.counted)
        .map((p) => p.kind)
        .sort(),
    ).toEqual(['fourHundred', 'sira']);
    expect(v.projects.find((p) => p.kind === 'hundred')!.counted).toBe(false);
  });
});
