import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../cards/rng';
import { dhappaDeck } from './cards';
import { dhappa } from './index';
import { validateRun } from './melds';
import { applyMove } from './rules';
import { allCards, NAMES, randomLegalMove } from './testkit';
import type { DhappaMove, DhappaState } from './types';

const DECK = dhappaDeck().sort();
const DECK_TEXT = DECK.join();

/** Deep equality by JSON text (fast); vitest's diff only when they differ. */
function expectSame(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
}
const DRAFT_STEPS = new Set(['meld', 'add', 'merge', 'swap', 'batch']);

function boardCount(s: DhappaState): number {
  return s.boards.reduce((n, b) => n + b.reduce((m, r) => m + r.cards.length, 0), 0);
}

/** The termination measure: it falls with every finished turn of a deal. */
function measure(s: DhappaState): number {
  return s.pile.length + (162 - boardCount(s));
}

/** All 162 cards, each once, in the committed state; the draft only rearranges the mover's hand and team board. */
function expectConserved(s: DhappaState): void {
  const all = allCards(s).sort();
  if (all.join() !== DECK_TEXT) expect(all).toEqual(DECK);
  const check = (r: DhappaState['boards'][number][number]) => {
    const bad = validateRun(r);
    if (bad !== null) expect(bad, JSON.stringify(r)).toBeNull();
  };
  for (const b of s.boards) for (const r of b) check(r);
  if (s.draft) {
    const team = s.turn % 2;
    const cardsOf = (hand: string[], board: DhappaState['boards'][number]) => [...hand, ...board.flatMap((r) => r.cards.map((mc) => mc.card))].sort();
    expectSame(cardsOf(s.draft.ctx.hand, s.draft.ctx.board), cardsOf(s.hands[s.turn]!, s.boards[team]!));
    for (const r of s.draft.ctx.board) check(r);
  }
}

/** No view shows another hand, the draw pile or the RNG; nobody but the mover sees the draft. */
function expectNoLeaks(s: DhappaState): void {
  const rngWords = s.rng.s.map(String).filter((w) => w.length >= 6);
  const publicPicked = new Set(s.picked?.cards ?? []);
  for (let seat = -1; seat < s.names.length; seat++) {
    const viewer = seat < 0 ? null : seat;
    const view = dhappa.view(s, viewer);
    const text = JSON.stringify(view);
    const hidden = [...s.pile, ...s.hands.flatMap((h, i) => (i === viewer ? [] : h.filter((c) => !publicPicked.has(c))))];
    const shown = new Set([...text.matchAll(/"(X\d|[2-9TJQKA][SHDC]#\d)"/g)].map((m) => m[1]!));
    for (const c of hidden) if (shown.has(c)) expect(text).not.toContain(`"${c}"`);
    expect(text.includes('"rng"')).toBe(false);
    for (const w of rngWords) if (text.includes(w)) expect(text).not.toContain(w);
    if (viewer !== s.turn && s.draft) expectSame(view, dhappa.view({ ...s, draft: null }, viewer));
  }
}

interface Played {
  state: DhappaState;
  moves: number;
  turns: number;
}

type Chooser = (s: DhappaState, seat: number, rng: Rng) => DhappaMove;

/** Mostly bot moves, sometimes a random legal move or the timeout move. */
function mixed(wildness: number): Chooser {
  return (s, seat, rng) => {
    const roll = rng.float();
    if (roll < wildness * 0.66) return randomLegalMove(s, seat, rng);
    if (roll < wildness) return dhappa.timeoutMove(s, seat)!;
    return dhappa.botMove(s, seat, rng);
  };
}

const randomOnly: Chooser = (s, seat, rng) => randomLegalMove(s, seat, rng);

/** Plays a game to its end, checking the invariants as it goes. */
function playOut(players: number, seed: number, choose: Chooser, options = dhappa.defaultOptions, leakEvery = 9): Played {
  let s = dhappa.setup(
    NAMES.slice(0, players).map((name) => ({ name })),
    options,
    `prop-${seed}`,
  );
  const rng = new Rng(seed);
  let moves = 0;
  let turns = 0;
  let turnStart = { key: dhappa.turnKey!(s), measure: measure(s), deal: s.deal };
  while (dhappa.outcome(s) === null) {
    const seat = dhappa.activeSeats(s)[0]!;
    const move = choose(s, seat, rng);
    const before = moves % 7 === 0 ? JSON.stringify(s) : null;
    const r = dhappa.apply(s, seat, move);
    if (!r.ok) expect.fail(`${JSON.stringify(move)}: ${JSON.stringify(r.error)}`);
    if (before !== null && JSON.stringify(s) !== before) expect.fail('apply changed its input');
    // Events are data the browser words: no English sentence, nothing that is not JSON.
    for (const e of r.events)
      if ('text' in e || JSON.stringify(JSON.parse(JSON.stringify(e))) !== JSON.stringify(e)) expect.fail(`event is not plain data: ${JSON.stringify(e)}`);
    if (DRAFT_STEPS.has(move.type)) {
      // Undo takes back exactly what the step did.
      let back = r.state;
      const count = move.type === 'batch' ? move.steps.length : 1;
      for (let i = 0; i < count; i++) {
        const u = applyMove(back, seat, { type: 'undo' });
        if (!u.ok) expect.fail(JSON.stringify(u.error));
        back = u.state;
      }
      expectSame(back, s);
    }
    s = r.state;
    moves++;
    expectConserved(s);
    if (moves % leakEvery === 0) expectNoLeaks(s);
    const key = dhappa.turnKey!(s);
    if (key !== turnStart.key) {
      turns++;
      if (s.deal === turnStart.deal && measure(s) >= turnStart.measure) expect(measure(s)).toBeLessThan(turnStart.measure);
      turnStart = { key, measure: measure(s), deal: s.deal };
    }
    if (moves >= 20_000) expect.fail('a deal ran past 20 000 moves');
  }
  return { state: s, moves, turns };
}

function expectFinished(state: DhappaState, players: number): void {
  const outcome = dhappa.outcome(state)!;
  expect(outcome.winners.length).toBeGreaterThan(0);
  expect(outcome.scores).toHaveLength(players);
  for (let i = 2; i < players; i++) expect(outcome.scores[i]).toBe(outcome.scores[i - 2]);
  expect(dhappa.activeSeats(state)).toEqual([]);
  expectNoLeaks(state);
}

describe('whole deals (fast-check)', () => {
  for (const players of [4, 6]) {
    it(`300 bot deals at ${players} players end, conserve all 162 cards, never leak, and every undo restores the exact state`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.constantFrom(0, 0.1, 0.25), (seed, wildness) => {
          const { state } = playOut(players, seed, mixed(wildness));
          expectFinished(state, players);
        }),
        { numRuns: 300 },
      );
    }, 180_000);
  }

  it('random-legal play ends too, at 4 and 6 players', () => {
    fc.assert(
      fc.property(fc.constantFrom(4, 6), fc.integer({ min: 0, max: 1_000_000_000 }), (players, seed) => {
        const { state } = playOut(players, seed, randomOnly, dhappa.defaultOptions, 25);
        expectFinished(state, players);
      }),
      { numRuns: 40 },
    );
  });

  it('a match runs deals until a team reaches 500, and the totals add up', () => {
    fc.assert(
      fc.property(fc.constantFrom(4, 6), fc.integer({ min: 0, max: 1_000_000_000 }), (players, seed) => {
        const { state } = playOut(players, seed, mixed(0), { length: 'match' }, 50);
        expect(Math.max(...state.totals)).toBeGreaterThanOrEqual(500);
        expect(state.lastDeal!.totals).toEqual(state.totals);
        const outcome = dhappa.outcome(state)!;
        const team = outcome.winners[0]! % 2;
        expect(state.totals[team]).toBeGreaterThan(state.totals[1 - team]!);
      }),
      { numRuns: 6 },
    );
  });

  it('the bot decides from what its seat may know: shuffling hidden cards does not change its move', () => {
    fc.assert(
      fc.property(fc.constantFrom(4, 6), fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 120 }), (players, seed, steps) => {
        let s = dhappa.setup(
          NAMES.slice(0, players).map((name) => ({ name })),
          dhappa.defaultOptions,
          `peek-${seed}`,
        );
        const rng = new Rng(seed);
        for (let i = 0; i < steps && dhappa.outcome(s) === null; i++) {
          const r = dhappa.apply(s, s.turn, dhappa.botMove(s, s.turn, rng));
          if (!r.ok) throw new Error(JSON.stringify(r.error));
          s = r.state;
        }
        if (dhappa.outcome(s) !== null) return;
        const seat = s.turn;
        const others = s.hands.flatMap((h, i) => (i === seat ? [] : h));
        const pool = new Rng(seed + 1).shuffle([...others, ...s.pile]);
        let k = 0;
        const shuffled: DhappaState = {
          ...structuredClone(s),
          hands: s.hands.map((h, i) => (i === seat ? [...h] : h.map(() => pool[k++]!))),
          pile: s.pile.map(() => pool[k++]!),
          rng: { s: [1, 2, 3, 4] },
        };
        expect(dhappa.botMove(shuffled, seat, new Rng(1))).toEqual(dhappa.botMove(s, seat, new Rng(2)));
      }),
      { numRuns: 40 },
    );
  });

  it('the timeout move is never null for the seat to play, and finishes a turn in at most 3 moves', () => {
    fc.assert(
      fc.property(fc.constantFrom(4, 6), fc.integer({ min: 0, max: 1_000_000_000 }), (players, seed) => {
        let s = dhappa.setup(
          NAMES.slice(0, players).map((name) => ({ name })),
          dhappa.defaultOptions,
          `timeout-${seed}`,
        );
        const rng = new Rng(seed);
        let guard = 0;
        while (dhappa.outcome(s) === null && guard++ < 400) {
          // Some random steps into the turn, then the clock runs out.
          for (let i = rng.int(4); i > 0 && s.phase !== 'over'; i--) {
            const m = randomLegalMove(s, s.turn, rng);
            if (m.type === 'discard') break;
            const r = dhappa.apply(s, s.turn, m);
            if (r.ok) s = r.state;
          }
          const seat = s.turn;
          const key = dhappa.turnKey!(s);
          let n = 0;
          while (dhappa.outcome(s) === null && dhappa.turnKey!(s) === key) {
            const m = dhappa.timeoutMove(s, seat);
            expect(m).not.toBeNull();
            const r = dhappa.apply(s, seat, m!);
            expect(r.ok, r.ok ? '' : JSON.stringify(r.error)).toBe(true);
            if (!r.ok) return;
            s = r.state;
            n++;
          }
          expect(n).toBeLessThanOrEqual(3);
        }
      }),
      { numRuns: 25 },
    );
  });
});
