import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJoker, rummyDeck } from './cards';
import { DECLARATION_MINIMUM, findDeclaration, findPlay, type Plan } from './finder';
import { isPureRun, layoutMeld, meldPoints, type Layout, type Meld } from './melds';
import { cards, play, position } from './testkit';

function layoutOf(m: { cards: string[]; as: Record<string, string> }): Layout {
  const r = layoutMeld(m.cards, m.as);
  if (!r.ok) throw new Error(`illegal meld ${m.cards.join(' ')}: ${JSON.stringify(r.error)}`);
  return r.layout;
}

/** Every rule a declaration plan must keep, checked with the meld rules, not the finder. */
function expectLegalDeclaration(hand: string[], plan: Plan): void {
  const used = plan.melds.flatMap((m) => m.cards);
  expect(new Set(used).size).toBe(used.length);
  expect(used.every((c) => hand.includes(c))).toBe(true);
  expect([...used, ...plan.left].sort()).toEqual([...hand].sort());
  expect(plan.left.length).toBeGreaterThanOrEqual(1);
  const layouts = plan.melds.map(layoutOf);
  expect(layouts.some(isPureRun)).toBe(true);
  const points = layouts.reduce((sum, l) => sum + meldPoints(l), 0);
  expect(points).toBe(plan.points);
  expect(points).toBeGreaterThanOrEqual(DECLARATION_MINIMUM);
}

describe('findDeclaration: known hands', () => {
  it('finds the pure run and the set of kings (60 points)', () => {
    const hand = cards('TS JS QS KH KD KC 2C 3D 4S 9H 5C 7D 8S');
    const plan = findDeclaration(hand)!;
    expectLegalDeclaration(hand, plan);
    expect(plan.points).toBe(60);
    expect(plan.left.sort()).toEqual(cards('2C 3D 4S 9H 5C 7D 8S').sort());
  });

  it('counts the low ace as 1: A-2-3 with kings and threes makes only 45, so no declaration', () => {
    expect(findDeclaration(cards('AH 2H 3H KS KD KC 3C 3D 3S 9D'))).toBeNull();
  });

  it('needs a pure sequence: sets alone are not enough', () => {
    expect(findDeclaration(cards('KH KD KC QS QD QC 9S 9H 9C 2S 5D'))).toBeNull();
  });

  it('uses a joker when it is the only way to 48, counting it as its card', () => {
    const hand = cards('2S 3S 4S 5H 5D 5C 8D X1 TD JC');
    const plan = findDeclaration(hand)!;
    expectLegalDeclaration(hand, plan);
    expect(plan.points).toBe(9 + 15 + 27);
    expect(findDeclaration(hand.filter((c) => c !== 'X1'))).toBeNull();
  });

  it('prefers the most points, then the fewest jokers', () => {
    const hand = cards('9S TS JS QS KH KD KC X1 2D');
    const plan = findDeclaration(hand)!;
    expectLegalDeclaration(hand, plan);
    // 9-10-J-Q (39) + K-K-K (30) + the joker as K♠ at the top of the run or the 4th king: 79.
    expect(plan.points).toBe(79);
    const lean = findDeclaration(hand, { jokerBudget: 0 })!;
    expect(lean.points).toBe(69);
    expect(lean.left).toContain('X1');
  });

  it('splits two copies of a card between a run and a set', () => {
    const hand = cards('7H 7H#2 8H 9H TH 7S 7D JC 2C');
    const plan = findDeclaration(hand)!;
    expectLegalDeclaration(hand, plan);
    expect(plan.points).toBe(34 + 21);
    expect(plan.left.sort()).toEqual(cards('2C JC'));
  });

  it('includes a card it must use (the taken discard) even when the best declaration would not', () => {
    const hand = cards('TS JS QS KS KH KD KC 2C 3D');
    const best = findDeclaration(hand)!;
    expect(best.points).toBe(70);
    const forced = findDeclaration([...hand, 'AS#2'], { mustUse: 'AS#2' })!;
    expectLegalDeclaration([...hand, 'AS#2'], forced);
    expect(forced.melds.flatMap((m) => m.cards)).toContain('AS#2');
  });

  it('returns null when the taken card cannot be part of any declaration', () => {
    expect(findDeclaration(cards('TS JS QS KH KD KC 5D'), { mustUse: '5D#1' })).toBeNull();
  });

  it('always leaves a card to discard', () => {
    expect(findDeclaration(cards('TS JS QS KH KD KC'))).toBeNull();
    const hand = cards('TS JS QS KS KH KD KC');
    const plan = findDeclaration(hand)!;
    expect(plan.left).toHaveLength(1);
    expect(plan.points).toBe(60);
    expectLegalDeclaration(hand, plan);
  });
});

describe('findPlay: after declaring', () => {
  const table = (...melds: [string[], Record<string, string>?][]): Meld[] =>
    melds.map(([c, as], i) => ({ id: `m${i + 1}`, owner: 1, ...layoutOf({ cards: c, as: as ?? {} }) }));

  it('extends table melds at both ends and lays new melds', () => {
    const t = table([cards('5D 6D 7D')], [cards('QC QD QH')]);
    const plan = findPlay(cards('4D 8D 9D QS 2S 3S 4S 9C'), t)!;
    expect(plan.left).toEqual(cards('9C'));
    expect(plan.value).toBe(4 + 8 + 9 + 10 + 2 + 3 + 4);
  });

  it('swaps a table joker for its card and melds the freed joker', () => {
    const t = table([cards('8D X1 TD')]);
    const plan = findPlay(cards('9D 5S 6S 2C'), t)!;
    expect(plan.swaps).toEqual([{ meldId: 'm1', card: '9D#1', joker: 'X1' }]);
    expect(plan.melds.flatMap((m) => m.cards)).toContain('X1');
    expect(plan.left).toEqual(cards('2C'));
  });

  it('with the cards objective it leaves a single card when closing is possible', () => {
    const t = table([cards('5D 6D 7D')]);
    const plan = findPlay(cards('8D KS KH KC 2C'), t, { objective: 'cards' })!;
    expect(plan.left).toHaveLength(1);
  });

  it('places a lone joker on a table meld when that is all it can do', () => {
    const t = table([cards('5D 6D 7D')]);
    const plan = findPlay(['X2', ...cards('KC')], t)!;
    expect(plan.extensions).toEqual([{ meldId: 'm1', cards: ['X2'], as: { X2: '4D' } }]);
  });

  it('returns null when the taken card has no place', () => {
    expect(findPlay(cards('KC 2D'), table([cards('5D 6D 7D')]), { mustUse: 'KC#1' })).toBeNull();
  });
});

// ---------------------------------------------------------------- properties

const NATURALS = rummyDeck().filter((c) => !isJoker(c));
const JOKER_IDS = ['X1', 'X2', 'X3', 'X4'];

const handArb = (maxNaturals: number, pool: string[] = NATURALS) =>
  fc
    .tuple(fc.shuffledSubarray(pool, { minLength: 3, maxLength: maxNaturals }), fc.integer({ min: 0, max: 4 }))
    .map(([naturals, jokers]) => [...naturals, ...JOKER_IDS.slice(0, jokers)]);

/** Best declaration points by brute force over every set of disjoint legal melds. */
function bruteForceBest(hand: string[]): number | null {
  const melds: { mask: number; points: number; pure: boolean }[] = [];
  const n = hand.length;
  for (let mask = 1; mask < 1 << n; mask++) {
    const chosen = hand.filter((_, i) => mask & (1 << i));
    if (chosen.length < 3) continue;
    const r = layoutMeld(chosen);
    if (r.ok) melds.push({ mask, points: meldPoints(r.layout), pure: isPureRun(r.layout) });
  }
  const full = (1 << n) - 1;
  let best: number | null = null;
  const walk = (from: number, used: number, points: number, pure: boolean) => {
    if (pure && used !== full && points >= DECLARATION_MINIMUM && (best === null || points > best)) best = points;
    for (let i = from; i < melds.length; i++) {
      const m = melds[i]!;
      if (m.mask & used) continue;
      walk(i + 1, used | m.mask, points + m.points, pure || m.pure);
    }
  };
  walk(0, 0, 0, false);
  return best;
}

describe('finder properties', () => {
  it('never returns an illegal declaration (random hands of up to 21 cards with up to 4 jokers)', () => {
    fc.assert(
      fc.property(handArb(17), (hand) => {
        const plan = findDeclaration(hand);
        if (plan) expectLegalDeclaration(hand, plan);
      }),
      { numRuns: 150 },
    );
  });

  it('finds the same best total as a brute-force search on small high-card hands', () => {
    const high = NATURALS.filter((c) => '89TJQKA'.includes(c[0]!));
    fc.assert(
      fc.property(
        handArb(9, high).filter((h) => h.length <= 11),
        (hand) => {
          const plan = findDeclaration(hand);
          expect(plan?.points ?? null).toBe(bruteForceBest(hand));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a play plan is accepted move by move by the engine, and the turn can then end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (seed) => {
        // A declared Ana against a table of Bob's melds found in a random hand.
        const deck = [...NATURALS, ...JOKER_IDS];
        const rnd = fc.sample(fc.shuffledSubarray(deck, { minLength: 40, maxLength: 40 }), { seed, numRuns: 1 })[0]!;
        const bobPlan = findDeclaration(rnd.slice(0, 25));
        const tableMelds = (bobPlan?.melds ?? []).map((m) => [1, m.cards, m.as] as [number, string[], Record<string, string>]);
        const onTable = new Set(tableMelds.flatMap((m) => m[1]));
        const hand = rnd
          .slice(25)
          .filter((c) => !onTable.has(c))
          .slice(0, 14);
        if (hand.length < 2) return;
        const s = position({ hands: [hand, []], table: tableMelds, declared: [true, true], phase: 'play' });
        for (const objective of ['value', 'cards'] as const) {
          const plan = findPlay(hand, s.table, { objective });
          if (!plan) continue;
          const moves = [
            ...plan.swaps.map((sw) => ({ type: 'swapJoker' as const, meldId: sw.meldId, card: sw.card })),
            ...plan.melds.map((m) => ({ type: 'meld' as const, cards: m.cards, as: m.as })),
            ...plan.extensions.map((e) => ({ type: 'extend' as const, meldId: e.meldId, cards: e.cards, as: e.as })),
          ];
          const after = play(s, 0, ...moves);
          const left = after.draft ? after.draft.hand : after.hands[0]!;
          expect([...left].sort()).toEqual([...plan.left].sort());
          const end = left.length === 1 ? { type: 'close' as const, card: left[0]! } : { type: 'discard' as const, card: left[0]! };
          play(after, 0, end);
        }
      }),
      { numRuns: 60 },
    );
  });
});
