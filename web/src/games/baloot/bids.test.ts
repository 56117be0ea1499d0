import { describe, expect, it } from 'vitest';
import type { BalootState } from '../../../../shared/games/baloot/types';
import { bidBubble, bidButtons, eventBubbles, latestBids, raiseFactor } from './bids';
import { act, newGame, viewOf } from './test-game';

const panelFor = (s: BalootState) => {
  const v = viewOf(s, s.turn);
  return bidButtons(v.actions.bids, v.bidding!.stage, v.bidding!.round);
};

function gameWhere(pred: (s: BalootState) => boolean): BalootState {
  for (let i = 0; i < 500; i++) {
    const s = newGame(`bids-${i}`);
    if (pred(s)) return s;
  }
  throw new Error('no seed found');
}

describe('bidding panel shows only the legal bids', () => {
  it('round 1, first bidder: Pass, Hokum in the public suit, Sun; no Ashkal', () => {
    const s = newGame('first');
    const p = panelFor(s);
    expect(p).toMatchObject({ pass: true, sun: true, ashkal: false, hokum: s.publicCard[1], hokumSuits: [] });
  });

  it('Ashkal is offered to the third and fourth bidders, never on an Ace', () => {
    let s = gameWhere((g) => g.publicCard[0] !== 'A');
    s = act(s, s.turn, { type: 'bid', bid: 'pass' }).state;
    expect(panelFor(s).ashkal).toBe(false);
    s = act(s, s.turn, { type: 'bid', bid: 'pass' }).state;
    expect(panelFor(s).ashkal).toBe(true);
    s = act(s, s.turn, { type: 'bid', bid: 'pass' }).state;
    expect(panelFor(s).ashkal).toBe(true);

    let ace = gameWhere((g) => g.publicCard[0] === 'A');
    for (let i = 0; i < 3; i++) ace = act(ace, ace.turn, { type: 'bid', bid: 'pass' }).state;
    expect(panelFor(ace).ashkal).toBe(false);
  });

  it('round 2 opens the suit picker without the public card suit, and no Ashkal', () => {
    let s = newGame('second');
    for (let i = 0; i < 4; i++) s = act(s, s.turn, { type: 'bid', bid: 'pass' }).state;
    const p = panelFor(s);
    expect(p.hokum).toBeNull();
    expect(p.hokumSuits).toHaveLength(3);
    expect(p.hokumSuits).not.toContain(s.publicCard[1]);
    expect(p.ashkal).toBe(false);
    expect(p.sun && p.pass).toBe(true);
  });

  it('once Hokum stands, later bidders see only Pass and Sun (and Ashkal where allowed)', () => {
    let s = newGame('after-hokum');
    s = act(s, s.turn, { type: 'bid', bid: 'hokum' }).state;
    const p = panelFor(s);
    expect(p.hokum).toBeNull();
    expect(p.pass && p.sun).toBe(true);
  });

  it('a lone Hokum bidder chooses between keeping Hokum and switching to Sun', () => {
    let s = newGame('switch');
    const bidder = s.turn;
    s = act(s, s.turn, { type: 'bid', bid: 'hokum' }).state;
    for (let i = 0; i < 3; i++) s = act(s, s.turn, { type: 'bid', bid: 'pass' }).state;
    expect(s.turn).toBe(bidder);
    const p = panelFor(s);
    expect(p).toMatchObject({ stage: 'switch', pass: false, sun: true, hokum: s.publicCard[1] });
  });
});

describe('speech bubbles', () => {
  it('reads each kind of bid, including switch and priority answers', () => {
    expect(bidBubble({ bid: 'hokum', stage: 'bid', suit: 'H' })).toEqual({ key: 'hokum', suit: 'H' });
    expect(bidBubble({ bid: 'pass', stage: 'bid' })).toEqual({ key: 'pass' });
    expect(bidBubble({ bid: 'ashkal', stage: 'bid' })).toEqual({ key: 'ashkal' });
    expect(bidBubble({ bid: 'sun', stage: 'switch' })).toEqual({ key: 'switchSun' });
    expect(bidBubble({ bid: 'hokum', stage: 'switch', suit: 'S' })).toEqual({ key: 'keepHokum', suit: 'S' });
    expect(bidBubble({ bid: 'sun', stage: 'priority' })).toEqual({ key: 'claimSun' });
    expect(bidBubble({ bid: 'pass', stage: 'priority' })).toEqual({ key: 'letStand' });
  });

  it('keeps the latest bid of each seat across both rounds', () => {
    let s = newGame('latest');
    for (let i = 0; i < 4; i++) s = act(s, s.turn, { type: 'bid', bid: 'pass' }).state;
    const second = s.turn;
    const suit = (['S', 'H', 'D', 'C'] as const).find((x) => x !== s.publicCard[1])!;
    s = act(s, s.turn, { type: 'bid', bid: 'hokum', suit }).state;
    const bids = latestBids(viewOf(s, 0).bidding!.bids);
    expect(bids.size).toBe(4);
    expect(bids.get(second)).toMatchObject({ round: 2, bid: 'hokum', suit });
    for (const seat of [0, 1, 2, 3].filter((x) => x !== second)) expect(bids.get(seat)?.bid).toBe('pass');
  });

  it('turns doubling, project, Baloot and Sawa events into bubbles at the right seat', () => {
    const b = eventBubbles([
      { type: 'double', seat: 1, level: 'double', open: false },
      { type: 'noDouble', seat: 3, level: 'triple' },
      { type: 'declare', seat: 2, projects: ['sira', 'fifty'] },
      { type: 'baloot', seat: 0 },
      { type: 'sawa', seat: 2 },
      { type: 'sawaAnswer', seat: 1, accept: false },
      { type: 'play', seat: 0, card: 'AS' },
      { type: 'projects', team: 1 },
    ]);
    expect(b.map((x) => [x.seat, x.key])).toEqual([
      [1, 'doubleClosed'],
      [3, 'noDouble'],
      [2, 'declare'],
      [0, 'baloot'],
      [2, 'sawa'],
      [1, 'sawaRefuse'],
    ]);
    expect(b[2]!.params).toEqual({ kinds: 'sira,fifty' });
  });

  it('names the multiplier of each raise', () => {
    expect(['double', 'triple', 'four', 'gahwa'].map((l) => raiseFactor(l as 'double'))).toEqual([2, 3, 4, 4]);
  });
});

describe('doubling window from the view', () => {
  it('offers a defender the Double with Open/Closed in Hokum', () => {
    let s = newGame('double');
    s = act(s, s.turn, { type: 'bid', bid: 'hokum' }).state;
    for (let i = 0; i < 3; i++) s = act(s, s.turn, { type: 'bid', bid: 'pass' }).state;
    s = act(s, s.turn, { type: 'bid', bid: 'hokum' }).state;
    expect(s.phase).toBe('doubling');
    const v = viewOf(s, s.turn);
    expect(v.actions.double).toEqual({ level: 'double', canClose: true });
    expect(viewOf(s, s.contract!.buyer).actions.double).toBeNull();
  });
});
