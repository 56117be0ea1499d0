import { describe, expect, it } from 'vitest';
import { DECK } from './cards';
import { apply } from './engine';
import { biddingState, must, pass, refusal, run } from './test-helpers';
import type { BalootMove } from './types';
import { view } from './view';

// Dealer 3, so the bidding order is seats 0, 1, 2, 3 and Ashkal belongs to seats 2 and 3.
const HANDS = [
  ['AS', 'KS', '7H', '8D', '9C'],
  ['AH', 'TH', 'QD', 'JC', '8S'],
  ['JS', '9S', 'TD', 'KC', '7C'],
  ['QS', 'KH', '9H', 'AD', 'TC'],
];
const PUBLIC = '9D';
const fresh = (publicCard = PUBLIC, options = {}) => biddingState(HANDS, publicCard, { options });
const hokum = (suit?: 'S' | 'H' | 'D' | 'C'): BalootMove => (suit ? { type: 'bid', bid: 'hokum', suit } : { type: 'bid', bid: 'hokum' });
const sun: BalootMove = { type: 'bid', bid: 'sun' };
const ashkal: BalootMove = { type: 'bid', bid: 'ashkal' };

describe('bidding order', () => {
  it('starts with the player to the dealer’s right and ends with the dealer', () => {
    let s = fresh();
    expect(s.turn).toBe(0);
    expect(view(s, 0).actions.bids.length).toBeGreaterThan(0);
    expect(view(s, 1).actions.bids).toEqual([]);
    s = run(s, [
      [0, pass],
      [1, pass],
      [2, pass],
    ]);
    expect(s.turn).toBe(3);
  });
  it('refuses a bid out of turn, naming whose turn it is', () => {
    const s = fresh();
    const r = apply(s, 2, sun);
    expect(r).toEqual({ ok: false, error: { code: 'not_your_turn', seat: s.turn, why: 'turn' } });
  });
});

describe('round 1', () => {
  it('Hokum is in the public card’s suit', () => {
    const s = must(fresh(), 0, hokum());
    expect(s.bidding!.hokum).toEqual({ seat: 0, suit: 'D' });
    expect(refusal(fresh(), 0, hokum('S'))).toBe('wrong_suit');
    expect(view(fresh(), 0).actions.bids).toContainEqual({ bid: 'hokum', suit: 'D' });
  });
  it('Ashkal is only for the third and fourth bidders', () => {
    expect(view(fresh(), 0).actions.bids.map((b) => b.bid)).not.toContain('ashkal');
    expect(refusal(fresh(), 0, ashkal)).toBe('ashkal_not_allowed');
    const s1 = must(fresh(), 0, pass);
    expect(refusal(s1, 1, ashkal)).toBe('ashkal_not_allowed');
    const s2 = run(fresh(), [
      [0, pass],
      [1, pass],
    ]);
    expect(view(s2, 2).actions.bids.map((b) => b.bid)).toContain('ashkal');
  });
  it('Ashkal is a Sun whose public card goes to the caller’s partner, who is the buyer', () => {
    const s = run(fresh(), [
      [0, pass],
      [1, pass],
      [2, ashkal],
    ]);
    expect(s.contract).toMatchObject({ type: 'sun', buyer: 0, bidder: 2, ashkal: true });
    expect(s.hands[0]).toContain(PUBLIC);
    expect(s.hands[2]).not.toContain(PUBLIC);
  });
  it('Ashkal by the dealer makes the dealer’s partner the buyer', () => {
    const s = run(fresh(), [
      [0, pass],
      [1, pass],
      [2, pass],
      [3, ashkal],
    ]);
    expect(s.contract).toMatchObject({ type: 'sun', buyer: 1, bidder: 3, ashkal: true });
  });
  it('Ashkal is never offered on an Ace and becomes a plain Sun for the caller', () => {
    const hands = HANDS.map((h) => h.filter((c) => c !== 'AD'));
    hands[3] = [...hands[3]!, '7S'];
    const s0 = biddingState(hands, 'AD');
    const s = run(s0, [
      [0, pass],
      [1, pass],
    ]);
    expect(view(s, 2).actions.bids.map((b) => b.bid)).not.toContain('ashkal');
    const after = must(s, 2, ashkal);
    expect(after.contract).toMatchObject({ type: 'sun', buyer: 2, bidder: 2, ashkal: false });
  });
  it('the first Sun ends the bidding (default)', () => {
    const s = run(fresh(), [
      [0, pass],
      [1, sun],
    ]);
    expect(s.bidding).toBeNull();
    expect(s.contract).toMatchObject({ type: 'sun', buyer: 1 });
    expect(s.phase).toBe('playing');
  });
  it('Sun beats Hokum', () => {
    const s = run(fresh(), [
      [0, hokum()],
      [1, sun],
    ]);
    expect(s.contract).toMatchObject({ type: 'sun', buyer: 1 });
  });
  it('after a Hokum, later players may only bid Sun (or Ashkal) or pass', () => {
    const s = must(fresh(), 0, hokum());
    expect(refusal(s, 1, hokum())).toBe('bid_too_low');
    expect(view(s, 1).actions.bids.map((b) => b.bid)).toEqual(['pass', 'sun']);
    const s2 = must(s, 1, pass);
    expect(view(s2, 2).actions.bids.map((b) => b.bid)).toEqual(['pass', 'sun', 'ashkal']);
  });
  it('Hokum stands when everyone else passes, and its bidder may switch to Sun', () => {
    const s = run(fresh(), [
      [0, hokum()],
      [1, pass],
      [2, pass],
      [3, pass],
    ]);
    expect(s.bidding!.stage).toBe('switch');
    expect(s.turn).toBe(0);
    expect(view(s, 0).actions.bids).toEqual([{ bid: 'hokum', suit: 'D' }, { bid: 'sun' }]);
    expect(must(s, 0, sun).contract).toMatchObject({ type: 'sun', buyer: 0 });
    expect(must(s, 0, hokum()).contract).toMatchObject({ type: 'hokum', trump: 'D', buyer: 0 });
    expect(refusal(s, 0, pass)).toBe('bad_bid');
  });
  it('a Hokum by the dealer after three passes settles the contract at once', () => {
    const s = run(fresh(), [
      [0, pass],
      [1, pass],
      [2, pass],
      [3, hokum()],
    ]);
    expect(s.contract).toMatchObject({ type: 'hokum', trump: 'D', buyer: 3 });
  });
});

describe('round 2', () => {
  const round2 = () =>
    run(fresh(), [
      [0, pass],
      [1, pass],
      [2, pass],
      [3, pass],
    ]);
  it('starts when all pass round 1, again from the dealer’s right', () => {
    const s = round2();
    expect(s.bidding!.round).toBe(2);
    expect(s.turn).toBe(0);
  });
  it('Hokum in any suit but the public card’s', () => {
    const s = round2();
    expect(
      view(s, 0)
        .actions.bids.filter((b) => b.bid === 'hokum')
        .map((b) => b.suit),
    ).toEqual(['S', 'H', 'C']);
    expect(refusal(s, 0, hokum())).toBe('suit_required');
    expect(refusal(s, 0, hokum('D'))).toBe('wrong_suit');
    const t = run(s, [
      [0, hokum('S')],
      [1, pass],
      [2, pass],
      [3, pass],
      [0, hokum('S')],
    ]);
    expect(t.contract).toMatchObject({ type: 'hokum', trump: 'S', buyer: 0 });
  });
  it('no Ashkal, not even for the dealer', () => {
    const s = run(round2(), [
      [0, pass],
      [1, pass],
      [2, pass],
    ]);
    expect(view(s, 3).actions.bids.map((b) => b.bid)).not.toContain('ashkal');
    expect(refusal(s, 3, ashkal)).toBe('ashkal_not_allowed');
  });
  it('Sun still beats Hokum', () => {
    const s = run(round2(), [
      [0, hokum('H')],
      [1, pass],
      [2, sun],
    ]);
    expect(s.contract).toMatchObject({ type: 'sun', buyer: 2 });
  });
  it('all pass twice: the next dealer deals again and nobody scores', () => {
    const s0 = round2();
    const r = apply(
      run(s0, [
        [0, pass],
        [1, pass],
        [2, pass],
      ]),
      3,
      pass,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.state;
    expect(s.dealer).toBe(0);
    expect(s.turn).toBe(1);
    expect(s.roundNo).toBe(s0.roundNo);
    expect(s.scores).toEqual([0, 0]);
    expect(s.bidding).toMatchObject({ round: 1, stage: 'bid', bids: [] });
    expect(s.hands.every((h) => h.length === 5)).toBe(true);
    expect(r.events.map((e) => e.type)).toEqual(['bid', 'redeal', 'deal']);
  });
});

describe('priority option', () => {
  const opts = { priority: true };
  it('an earlier bidder who passed or bid Hokum may claim Sun over a later Sun', () => {
    const s = run(fresh(PUBLIC, opts), [
      [0, pass],
      [1, hokum()],
      [2, sun],
    ]);
    expect(s.bidding!.stage).toBe('priority');
    expect(s.turn).toBe(0);
    expect(view(s, 0).actions.bids).toEqual([{ bid: 'pass' }, { bid: 'sun' }]);
    expect(must(s, 0, sun).contract).toMatchObject({ type: 'sun', buyer: 0 });
    const t = must(s, 0, pass);
    expect(t.turn).toBe(1);
    expect(must(t, 1, sun).contract).toMatchObject({ type: 'sun', buyer: 1 });
    expect(must(t, 1, pass).contract).toMatchObject({ type: 'sun', buyer: 2 });
  });
  it('keeps an Ashkal when nobody claims priority', () => {
    const s = run(fresh(PUBLIC, opts), [
      [0, pass],
      [1, pass],
      [2, ashkal],
      [0, pass],
      [1, pass],
    ]);
    expect(s.contract).toMatchObject({ type: 'sun', buyer: 0, bidder: 2, ashkal: true });
  });
  it('a Sun by the first bidder ends the bidding at once', () => {
    const s = must(fresh(PUBLIC, opts), 0, sun);
    expect(s.contract).toMatchObject({ type: 'sun', buyer: 0 });
  });
  it('is off by default: the first Sun wins', () => {
    const s = run(fresh(), [
      [0, pass],
      [1, hokum()],
      [2, sun],
    ]);
    expect(s.contract).toMatchObject({ type: 'sun', buyer: 2 });
  });
});

describe('Kawesh', () => {
  const kaweshHands = [HANDS[0]!, HANDS[1]!, ['7S', '8S', '9D', '7D', '8C'], HANDS[3]!];
  const fix = () => {
    const used = new Set(kaweshHands.flat());
    const pub = DECK.find((c) => !used.has(c))!;
    return biddingState(kaweshHands, pub);
  };
  it('a first hand of only 7s, 8s and 9s may call a redeal, even out of turn, by the same dealer', () => {
    const s = fix();
    expect(view(s, 2).actions.kawesh).toBe(true);
    expect(view(s, 0).actions.kawesh).toBe(false);
    const r = apply(s, 2, { type: 'kawesh' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.dealer).toBe(3);
    expect(r.state.turn).toBe(0);
    expect(r.state.roundNo).toBe(s.roundNo);
    expect(r.events[0]!.type).toBe('kawesh');
  });
  it('is refused for other hands and after the bidding', () => {
    expect(refusal(fix(), 0, { type: 'kawesh' })).toBe('kawesh_not_allowed');
    const done = must(fix(), 0, sun);
    expect(refusal(done, 2, { type: 'kawesh' })).toBe('kawesh_not_allowed');
  });
});

describe('final deal', () => {
  it('the buyer takes the public card and 2 more, the others 3 more: 8 each', () => {
    const s = run(fresh(), [
      [0, pass],
      [1, sun],
    ]);
    expect(s.hands.map((h) => h.length)).toEqual([8, 8, 8, 8]);
    expect(s.hands[1]).toContain(PUBLIC);
    for (let seat = 0; seat < 4; seat++) for (const c of HANDS[seat]!) expect(s.hands[seat]).toContain(c);
    expect(new Set(s.hands.flat()).size).toBe(32);
    expect(s.stock).toEqual([]);
  });
});
