import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../cards/rng';
import type { Seat } from '../../engine/types';
import { FULL_MASK, cardIndex } from './cards';
import { activeSeats, apply, legalMoves, setup, teamOf } from './engine';
import { baloot } from './index';
import { hiddenFrom, leaksInEvents, leaksInView } from './leaks';
import { deepFreeze, NAMES } from './test-helpers';
import type { BalootMove, BalootState, RoundSummary } from './types';
import { view } from './view';

const players = NAMES.map((name) => ({ name }));

/** Cards are never created or lost: hands, stock, public card (bidding) and played cards make the deck. */
function cardsConserved(s: BalootState): boolean {
  let mask = 0;
  let count = 0;
  const add = (card: string) => {
    const i = cardIndex(card);
    if (i >= 0) mask |= 1 << i;
    count++;
  };
  for (const h of s.hands) for (const c of h) add(c);
  for (const p of s.trick) add(p.card);
  for (const t of s.tricks) for (const p of t.plays) add(p.card);
  if (s.phase === 'bidding') {
    for (const c of s.stock) add(c);
    add(s.publicCard);
  }
  return count === 32 && mask === FULL_MASK;
}

/** The round's award follows from its card points, projects, Baloot and multiplier. */
function roundAddsUp(r: RoundSummary, before: [number, number]): void {
  const sun = r.contract.type === 'sun';
  const full = sun ? 26 : 16;
  const b = teamOf(r.contract.buyer);
  expect(r.scores).toEqual([before[0] + r.awarded[0], before[1] + r.awarded[1]]);
  expect(r.tricks[0] + r.tricks[1]).toBeLessThanOrEqual(8);
  if (r.result === 'qayd') {
    const n = r.qayd === 0 ? 1 : 0;
    expect(r.awarded[r.qayd!]).toBe(0);
    expect(r.awarded[n]).toBe((full + r.projectPoints[n]) * r.multiplier + r.baloot[n]);
    return;
  }
  expect(r.cardPoints[0] + r.cardPoints[1]).toBe(sun ? 130 : 162);
  expect(r.cardGamePoints[0] + r.cardGamePoints[1]).toBe(full);
  expect(r.tricks[0] + r.tricks[1]).toBe(8);
  const pot = full + r.projectPoints[0] + r.projectPoints[1];
  for (const t of [0, 1] as const) {
    let expected: number;
    if (r.result === 'kaboot') expected = t === r.kaboot ? (sun ? 44 : 25) + r.projectPoints[t] : 0;
    else if (r.multiplier > 1) expected = t === r.winner ? pot * r.multiplier : 0;
    else if (r.result === 'khasara') expected = t === b ? 0 : pot;
    else expected = r.cardGamePoints[t] + r.projectPoints[t];
    expect(r.awarded[t]).toBe(expected + r.baloot[t]);
  }
  if (r.result === 'khasara') expect(r.winner).toBe(b === 0 ? 1 : 0);
}

/**
 * Plays one match with random legal moves and checks every invariant on the way.
 * `sawa`: whether random Sawa claims are allowed (they end most rounds in a Qayd).
 */
function randomMatch(seed: number, priority: boolean, sawa: boolean, viewEvery: number, freeze = false): BalootState {
  const rng = new Rng(seed);
  let s = setup(players, { priority, target: 152 }, `match-${seed}`);
  // Plain checks in the loop: expect() per move would dominate the run time.
  const check = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`seed ${seed}: ${what}`);
  };
  for (let step = 0; !s.outcome; step++) {
    check(step < 20_000, 'the match does not end');
    const active = activeSeats(s);
    check(active.length > 0, 'nobody to move');
    const seat: Seat = rng.pick(active);
    const moves = legalMoves(s, seat).filter((m) => sawa || m.type !== 'sawa');
    check(moves.length > 0, `seat ${seat} has no legal move`);
    const move: BalootMove = rng.pick(moves);
    if (freeze) deepFreeze(s);
    const before: [number, number] = [s.scores[0], s.scores[1]];
    const r = apply(s, seat, move);
    if (!r.ok) throw new Error(`legal move refused: ${JSON.stringify(move)} ${r.error.code}`);
    const next = r.state;
    check(cardsConserved(next), 'cards not conserved');
    // Events are public: nothing hidden from a spectator may appear in them.
    const leaked = leaksInEvents(r.events, hiddenFrom(next, null));
    check(leaked.length === 0, `events leak ${leaked.join(' ')}`);
    if (r.events.some((e) => e.type === 'round')) roundAddsUp(next.lastRound!, before);
    if (step % viewEvery === 0) {
      for (const who of [0, 1, 2, 3, null]) {
        const inView = leaksInView(view(next, who), hiddenFrom(next, who));
        check(inView.length === 0, `view of ${who} leaks ${inView.join(' ')}`);
      }
    }
    s = next;
  }
  return s;
}

describe('Sawa on every turn from the second trick (RULINGS: Sawa from the second trick on, property)', () => {
  it("the view offers Sawa on each of the player's play turns from trick 2, mid-trick too, and never in trick 1", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rng = new Rng(seed);
        let s = setup(players, { priority: false, target: 152 }, `sawa-${seed}`);
        let offered = 0;
        for (let step = 0; step < 600 && !s.outcome; step++) {
          if (s.phase === 'playing') {
            for (const seat of [0, 1, 2, 3] as Seat[]) {
              const mine = seat === s.turn;
              // Offered exactly on the seat's own turn once a trick is complete, whether it leads or follows.
              expect(view(s, seat).actions.sawa, `seed ${seed} seat ${seat} trick ${s.tricks.length + 1} play ${s.trick.length + 1}`).toBe(
                mine && s.tricks.length > 0,
              );
              if (mine && s.tricks.length > 0) offered++;
            }
          }
          const seat = rng.pick(activeSeats(s));
          const moves = legalMoves(s, seat).filter((m) => m.type !== 'sawa');
          s = (apply(s, seat, rng.pick(moves)) as { state: BalootState }).state;
        }
        expect(offered).toBeGreaterThan(0);
      }),
      { numRuns: 30 },
    );
  });
});

describe('random matches (property)', () => {
  // About 15 s of CPU; the long timeout only covers a machine shared with other work.
  it('2,000 random full matches end, every round adds up, and no view or event leaks a hidden card', { timeout: 240_000 }, () => {
    fc.assert(
      fc.property(fc.integer(), fc.boolean(), fc.integer({ min: 0, max: 7 }), (seed, priority, flavour) => {
        const s = randomMatch(seed, priority, flavour === 0, 37);
        expect(s.phase).toBe('over');
        const o = baloot.outcome(s)!;
        const winner = o.winners[0]!;
        expect(o.winners).toEqual([winner, winner + 2]);
        expect(o.scores).toEqual([s.scores[0], s.scores[1], s.scores[0], s.scores[1]]);
        const gahwa = s.lastRound!.contract.level === 5;
        if (!gahwa) expect(s.scores[winner]).toBeGreaterThanOrEqual(152);
        if (!gahwa) expect(s.scores[winner]).toBeGreaterThan(s.scores[1 - winner]!);
      }),
      { numRuns: 2000 },
    );
  });
  it('apply never mutates its input (frozen states throughout 60 matches)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        randomMatch(seed, seed % 2 === 0, seed % 3 === 0, 1000, true);
      }),
      { numRuns: 60 },
    );
  });
  it('timeoutMove is always a legal move for every active seat', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rng = new Rng(seed);
        let s = setup(players, { priority: false, target: 152 }, `t-${seed}`);
        for (let i = 0; i < 200 && !s.outcome; i++) {
          for (const seat of activeSeats(s)) {
            const t = baloot.timeoutMove(s, seat);
            expect(t).not.toBeNull();
            expect(apply(s, seat, t!).ok).toBe(true);
          }
          const seat = rng.pick(activeSeats(s));
          s = (apply(s, seat, rng.pick(legalMoves(s, seat))) as { state: BalootState }).state;
        }
      }),
      { numRuns: 100 },
    );
  });
});
