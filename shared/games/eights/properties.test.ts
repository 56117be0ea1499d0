import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../cards/rng';
import type { GameEvent, Seat } from '../../engine/types';
import { parseCard } from './cards';
import { eights } from './index';
import type { EightsMove, EightsOptions, EightsState } from './types';
import { allCards, NAMES } from './testing';

const CARD_ID = /(?:[rgby][0-9SRD]|W[84X])#\d+/g;

const gameArb = fc.record({
  players: fc.integer({ min: 2, max: 8 }),
  seed: fc.string({ maxLength: 12 }),
  options: fc.record({
    endless: fc.boolean(),
    skipTwo: fc.boolean(),
    stacking: fc.boolean(),
    scoring: fc.constantFrom('hand' as const, 'hand' as const, 'match' as const),
    target: fc.constantFrom(100, 200),
  }),
});

type Chooser = (s: EightsState, rng: Rng) => { seat: Seat; move: EightsMove };

/** Card ids in any JSON text. */
function cardIds(json: string): string[] {
  return [...json.matchAll(CARD_ID)].map((m) => m[0]);
}

// The checks below run after every move, so they throw directly: vitest's expect is too slow there.
function fail(message: string): never {
  throw new Error(message);
}

/** No view shows a card the seat may not see, the draw pile, or the RNG state. */
function checkViews(s: EightsState): void {
  const top = s.discard[s.discard.length - 1]!;
  const seats: (Seat | null)[] = [null, ...s.names.map((_, i) => i)];
  for (const seat of seats) {
    const json = JSON.stringify(eights.view(s, seat));
    const allowed = new Set([top, ...(seat === null ? [] : s.hands[seat]!)]);
    for (const id of cardIds(json)) if (!allowed.has(id)) fail(`view of seat ${seat} shows ${id}`);
    if (/drawPile"|rng"|hands"/.test(json)) fail(`view of seat ${seat} holds hidden state`);
    for (const word of s.rng.s) if (word > 1e6 && json.includes(String(word))) fail('view shows the RNG state');
  }
}

/** Events carry no card but the one played by this move. */
function checkEvents(events: GameEvent[], move: EightsMove): void {
  for (const id of cardIds(JSON.stringify(events))) {
    if (move.type !== 'play' || id !== move.card) fail(`event shows ${id}`);
  }
}

function checkState(s: EightsState): void {
  if (!s.options.endless) {
    const cards = allCards(s);
    if (cards.length !== 106 || new Set(cards).size !== 106) fail(`${cards.length} cards, ${new Set(cards).size} distinct`);
  }
  if (s.reverses > 4) fail(`${s.reverses} reverses in a row`);
  if (s.pendingDraw < 0) fail('negative pending draws');
  if (s.drawn !== null && !s.hands[s.turn]!.includes(s.drawn)) fail('drawn card not in hand');
  if (s.turn < 0 || s.turn >= s.names.length) fail(`turn ${s.turn}`);
}

/** Plays a game to its end, checking invariants after every move; returns the number of moves. */
function playOut(players: number, options: EightsOptions, seed: string, choose: Chooser, checkViewsEvery: number, maxMoves: number): number {
  let s = eights.setup(
    NAMES.slice(0, players).map((name) => ({ name })),
    options,
    seed,
  );
  const rng = new Rng(`moves-${seed}`);
  let handPoints = 0;
  let moves = 0;
  checkState(s);
  checkViews(s);
  while (eights.outcome(s) === null) {
    if (moves >= maxMoves) fail(`no winner after ${maxMoves} moves`);
    const { seat, move } = choose(s, rng);
    const r = eights.apply(s, seat, move);
    if (!r.ok) fail(`${JSON.stringify(move)} by ${seat} refused: ${JSON.stringify(r.error)}`);
    s = r.state;
    moves += 1;
    for (const e of r.events) if (e.type === 'handWon') handPoints += e.points as number;
    checkEvents(r.events, move);
    checkState(s);
    if (moves % checkViewsEvery === 0) checkViews(s);
  }
  checkViews(s);
  const out = eights.outcome(s)!;
  expect(out.scores.reduce((a, b) => a + b, 0)).toBe(handPoints);
  if (options.scoring === 'match') expect(out.scores[out.winners[0]!]).toBeGreaterThanOrEqual(options.target);
  expect(eights.activeSeats(s)).toEqual([]);
  return moves;
}

const botChooser: Chooser = (s, rng) => {
  const seat = eights.activeSeats(s)[0]!;
  const move = eights.botMove(s, seat, rng);
  const key = JSON.stringify(move);
  if (!eights.legalMoves(s, seat).some((m) => JSON.stringify(m) === key)) fail(`bot move ${key} is not in legalMoves`);
  return { seat, move };
};

/**
 * Random legal moves (biased towards playing; sometimes forgetting the last-card call or catching),
 * every other move a bot's: purely random play can wander for ever with a finite deck all in hand.
 */
const randomChooser: Chooser = (s, rng) => {
  if (rng.float() < 0.5) return botChooser(s, rng);
  if (s.catchable !== null && rng.float() < 0.5) {
    const catchers = s.names.map((_, i) => i).filter((i) => i !== s.catchable);
    return { seat: rng.pick(catchers), move: { type: 'catch', target: s.catchable } };
  }
  const seat = s.turn;
  const legal = eights.legalMoves(s, seat).filter((m) => m.type !== 'catch');
  const plays = legal.filter((m) => m.type === 'play');
  let move = plays.length > 0 && rng.float() < 0.85 ? rng.pick(plays) : rng.pick(legal);
  if (move.type === 'play' && move.lastCard && rng.float() < 0.5) move = { ...move, lastCard: false };
  return { seat, move };
};

describe('whole games (property)', () => {
  it('bot-vs-bot games end, conserve every card, keep scores consistent and never leak hidden cards', () => {
    let runs = 0;
    fc.assert(
      fc.property(gameArb, ({ players, seed, options }) => {
        const opts = { ...eights.defaultOptions, ...options };
        playOut(players, opts, seed, botChooser, runs++ % 4 === 0 ? 1 : 7, 20_000);
      }),
      { numRuns: 500 },
    );
  });

  it('games mixing random legal moves with bot moves (mixed options, 2–8 players) end and keep every invariant', () => {
    fc.assert(
      fc.property(gameArb, ({ players, seed, options }) => {
        playOut(players, { ...eights.defaultOptions, ...options }, seed, randomChooser, 1, 20_000);
      }),
      { numRuns: 120 },
    );
  });

  it('legal moves are exactly what apply accepts: every one is accepted, every other card is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.string({ maxLength: 8 }), fc.boolean(), (players, seed, stacking) => {
        const options = { ...eights.defaultOptions, stacking };
        let s = eights.setup(
          NAMES.slice(0, players).map((name) => ({ name })),
          options,
          seed,
        );
        const rng = new Rng(seed);
        for (let i = 0; i < 60 && eights.outcome(s) === null; i++) {
          for (let seat = 0; seat < players; seat++) {
            const legal = eights.legalMoves(s, seat);
            for (const m of legal) if (!eights.apply(s, seat, m).ok) fail(`legal ${JSON.stringify(m)} refused`);
            if (seat !== s.turn && legal.some((m) => m.type !== 'catch')) fail(`seat ${seat} may move out of turn`);
            const legalCards = new Set(legal.flatMap((m) => (m.type === 'play' ? [m.card] : [])));
            const playable = eights.view(s, seat).playable;
            if (playable.length !== legalCards.size || !playable.every((c) => legalCards.has(c))) fail('playable differs from legalMoves');
            for (const card of s.hands[seat]!) {
              if (legalCards.has(card)) continue;
              const move: EightsMove = { type: 'play', card, ...(parseCard(card).wild ? { color: 'r' as const } : {}) };
              if (eights.apply(s, seat, move).ok) fail(`${card} not in legalMoves but accepted`);
            }
          }
          const { seat, move } = randomChooser(s, rng);
          const r = eights.apply(s, seat, move);
          if (!r.ok) fail(JSON.stringify(r.error));
          s = r.state;
        }
      }),
      { numRuns: 100 },
    );
  });
});
