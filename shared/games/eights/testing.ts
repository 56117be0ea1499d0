/** Helpers for the Eights tests: build exact positions instead of hoping a seed deals them. */
import { expect } from 'vitest';
import { seedRng } from '../../cards/rng';
import type { GameEvent, Seat } from '../../engine/types';
import { fullDeck, parseCard, type Colour } from './cards';
import { eights } from './index';
import type { EightsMove, EightsOptions, EightsState } from './types';

export const NAMES = ['Ana', 'Ben', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];

export interface Position {
  hands: string[][];
  top: string;
  /** Colour in force; defaults to the top card's colour. */
  colour?: Colour;
  /** Discards under the top card, bottom first. */
  under?: string[];
  /** Draw pile, last element on top; defaults to every other card of the pack in pack order. */
  drawPile?: string[];
  options?: Partial<EightsOptions>;
  /** Any other state fields (turn, direction, pendingDraw, reverses, ...). */
  set?: Partial<EightsState>;
}

/** A finite-deck state with exactly the given cards where asked; the rest go to the draw pile. */
export function makeState(p: Position): EightsState {
  const n = p.hands.length;
  const discard = [...(p.under ?? []), p.top];
  const used = new Set([...p.hands.flat(), ...discard]);
  const drawPile =
    p.drawPile ??
    fullDeck()
      .filter((c) => !used.has(c))
      .reverse();
  return {
    options: { ...eights.defaultOptions, ...p.options },
    names: NAMES.slice(0, n),
    rng: seedRng('test'),
    hands: p.hands.map((h) => h.slice()),
    drawPile,
    discard,
    buried: 0,
    serial: 1,
    colour: p.colour ?? parseCard(p.top).colour ?? 'r',
    direction: 1,
    turn: 0,
    turnNumber: 1,
    pendingDraw: 0,
    reverses: 0,
    drawn: null,
    announced: Array<boolean>(n).fill(false),
    catchable: null,
    handNumber: 1,
    scores: Array<number>(n).fill(0),
    lastHand: null,
    winner: null,
    ...p.set,
  };
}

/** Applies a move that must be accepted. */
export function play(s: EightsState, seat: Seat, move: EightsMove): { state: EightsState; events: GameEvent[] } {
  const r = eights.apply(s, seat, move);
  if (!r.ok) throw new Error(`move refused: ${JSON.stringify(r.error)}`);
  return { state: r.state, events: r.events };
}

/** Applies a move that must be refused, and returns the error code. */
export function refuse(s: EightsState, seat: Seat, move: EightsMove): string {
  const r = eights.apply(s, seat, move);
  expect(r.ok, `expected ${JSON.stringify(move)} to be refused`).toBe(false);
  return r.ok ? '' : r.error.code;
}

/** Every card id of a finite-deck state, wherever it is. */
export function allCards(s: EightsState): string[] {
  return [...s.hands.flat(), ...s.drawPile, ...s.discard];
}
