import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../cards/rng';
import { rummyDeck } from './cards';
import { rummy } from './index';
import { validateMeld } from './melds';
import { allCards, NAMES } from './testkit';
import type { RummyMove, RummyState } from './types';

const DECK = rummyDeck().sort();

function tableCards(melds: RummyState['table']): string[] {
  return melds.flatMap((m) => m.cards.map((mc) => mc.card));
}

/** All 108 cards, each once, in the committed state; the draft only rearranges the mover's cards. */
function expectConserved(s: RummyState): void {
  expect(allCards(s).sort()).toEqual(DECK);
  for (const m of s.table) expect(validateMeld(m)).toBeNull();
  if (s.draft) {
    const before = [...s.hands[s.turn]!, ...tableCards(s.table)].sort();
    const after = [...s.draft.hand, ...tableCards(s.draft.table)].sort();
    expect(after).toEqual(before);
  }
}

/** No view shows a card from another hand, the draw pile, the face-down card or the RNG state. */
function expectNoLeaks(s: RummyState): void {
  const rngWords = s.rng.s.map(String).filter((w) => w.length >= 6);
  for (let seat = -1; seat < s.names.length; seat++) {
    const viewer = seat < 0 ? null : seat;
    const text = JSON.stringify(rummy.view(s, viewer));
    const hidden = [...s.pile, ...s.hands.flatMap((h, i) => (i === viewer ? [] : h)), ...(s.faceDown === null ? [] : [s.faceDown])];
    // A card may show legitimately only where it is public: on the table or the discard top.
    const open = new Set([...tableCards(s.table), s.discard.at(-1)]);
    for (const c of hidden) if (!open.has(c)) expect(text).not.toContain(`"${c}"`);
    for (const w of rngWords) expect(text).not.toContain(w);
    expect(text).not.toContain('"rng"');
    if (viewer !== s.turn && s.draft) {
      for (const id of s.draft.newMeldIds) expect(text).not.toContain(`"${id}"`);
    }
  }
}

/** Plays a game to its end: mostly bot moves, sometimes a random offered move or a timeout. */
function playOut(players: number, seed: number, wildness: number, deals: 'single' | 'match'): { state: RummyState; moves: number } {
  let s = rummy.setup(
    NAMES.slice(0, players).map((name) => ({ name })),
    { deals, limit: 150 },
    `prop-${seed}`,
  );
  const rng = new Rng(seed);
  let moves = 0;
  while (rummy.outcome(s) === null) {
    const seat = rummy.activeSeats(s)[0]!;
    let move: RummyMove = rummy.botMove(s, seat, rng);
    const roll = rng.float();
    if (roll < wildness / 2) move = rng.pick(rummy.legalMoves(s, seat));
    else if (roll < wildness) move = rummy.timeoutMove(s, seat)!;
    const r = rummy.apply(s, seat, move);
    expect(r.ok, `${JSON.stringify(move)}: ${r.ok ? '' : JSON.stringify(r.error)}`).toBe(true);
    if (!r.ok) break;
    // Events are data the browser words: no English sentence, nothing that is not JSON.
    for (const e of r.events) {
      expect(JSON.parse(JSON.stringify(e))).toEqual(e);
      expect(e).not.toHaveProperty('text');
    }
    s = r.state;
    moves++;
    expectConserved(s);
    if (moves % 3 === 0) expectNoLeaks(s);
    expect(moves).toBeLessThan(5000);
  }
  return { state: s, moves };
}

describe('whole games (fast-check)', () => {
  it('random bot games with 2 to 6 players end, conserve all 108 cards at every step and leak nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(0, 0.15), (players, seed, wildness) => {
        const { state } = playOut(players, seed, wildness, 'single');
        const outcome = rummy.outcome(state)!;
        expect(outcome.winners.length).toBeGreaterThan(0);
        expect(outcome.scores).toHaveLength(players);
        expect(rummy.activeSeats(state)).toEqual([]);
        expectNoLeaks(state);
      }),
      { numRuns: 10 },
    );
  });

  it('deals have no round limit, yet bot deals end by a close within a few dozen rounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 0, max: 1_000_000 }), (players, seed) => {
        const { state } = playOut(players, seed, 0, 'single');
        expect(state.lastDeal!.closer).not.toBeNull();
        expect(state.turnsTaken / players).toBeLessThan(60);
      }),
      { numRuns: 20 },
    );
  });

  it('a match runs several deals until the limit and the totals add up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 0, max: 1_000_000 }), (players, seed) => {
        const { state } = playOut(players, seed, 0, 'match');
        expect(state.totals.some((t) => t >= 150)).toBe(true);
        const outcome = rummy.outcome(state)!;
        expect(outcome.scores).toEqual(state.totals);
        expect(outcome.winners.every((w) => state.totals[w] === Math.min(...state.totals))).toBe(true);
      }),
      { numRuns: 3 },
    );
  });

  it('the bot decides from what its seat may know: shuffling hidden cards does not change its move', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 80 }), (players, seed, steps) => {
        let s = rummy.setup(
          NAMES.slice(0, players).map((name) => ({ name })),
          rummy.defaultOptions,
          `peek-${seed}`,
        );
        const rng = new Rng(seed);
        for (let i = 0; i < steps && rummy.outcome(s) === null; i++) {
          const seat = s.turn;
          const r = rummy.apply(s, seat, rummy.botMove(s, seat, rng));
          if (!r.ok) throw new Error(JSON.stringify(r.error));
          s = r.state;
        }
        if (rummy.outcome(s) !== null) return;
        // Swap the hidden cards around: other hands and the pile trade cards, sizes unchanged.
        const seat = s.turn;
        const others = s.hands.flatMap((h, i) => (i === seat ? [] : h));
        const pool = new Rng(seed + 1).shuffle([...others, ...s.pile]);
        const shuffled = structuredClone(s);
        let k = 0;
        shuffled.hands = s.hands.map((h, i) => (i === seat ? [...h] : h.map(() => pool[k++]!)));
        shuffled.pile = s.pile.map(() => pool[k++]!);
        shuffled.rng = { s: [1, 2, 3, 4] };
        expect(rummy.botMove(shuffled, seat, new Rng(1))).toEqual(rummy.botMove(s, seat, new Rng(2)));
      }),
      { numRuns: 15 },
    );
  });
});
