/**
 * Test helpers: build a Rummy state with chosen hands and table, the rest of the 108 cards
 * in the draw pile, so every rule can be tried from an exact position.
 */
import * as v from 'valibot';
import type { Seat } from '../../engine/types';
import { rummyDeck } from './cards';
import { layoutMeld, type Meld } from './melds';
import { applyMove, setupState } from './rules';
import type { RummyRefusal } from './refusals';
import { optionsSchema, type RummyMove, type RummyOptions, type RummyState } from './types';

export interface Position {
  hands: string[][];
  /** Discard pile, bottom first. Defaults to one card from the rest. */
  discard?: string[];
  /** Melds on the table: [owner, cards, stand-ins]. */
  table?: [Seat, string[], Record<string, string>?][];
  declared?: boolean[];
  round?: number;
  turn?: Seat;
  /** Cards put on top of the draw pile, the last one drawn first. */
  pileTop?: string[];
  options?: Partial<RummyOptions>;
  phase?: 'draw' | 'play';
}

export const NAMES = ['Ana', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay'];

export function position(p: Position): RummyState {
  const n = p.hands.length;
  const s = setupState(
    NAMES.slice(0, n).map((name) => ({ name })),
    v.parse(optionsSchema, p.options ?? {}),
    'testkit',
  );
  const used = new Set<string>();
  const claim = (c: string) => {
    if (used.has(c)) throw new Error(`card ${c} used twice in a test position`);
    if (!rummyDeck().includes(c)) throw new Error(`unknown card ${c}`);
    used.add(c);
  };
  p.hands.flat().forEach(claim);
  (p.discard ?? []).forEach(claim);
  (p.pileTop ?? []).forEach(claim);
  const table: Meld[] = [];
  for (const [owner, cards, as] of p.table ?? []) {
    cards.forEach(claim);
    const laid = layoutMeld(cards, as ?? {});
    if (!laid.ok) throw new Error(`bad test meld ${cards.join(' ')}: ${JSON.stringify(laid.error)}`);
    table.push({ id: `m${table.length + 1}`, owner, kind: laid.layout.kind, cards: laid.layout.cards });
  }
  const rest = rummyDeck().filter((c) => !used.has(c));
  const discard = p.discard ?? [rest.pop()!];
  s.hands = p.hands.map((h) => [...h]);
  s.discard = [...discard];
  s.pile = [...rest, ...(p.pileTop ?? [])];
  s.table = table;
  s.nextMeldId = table.length + 1;
  s.declared = p.declared ?? Array.from({ length: n }, () => false);
  s.turn = p.turn ?? 0;
  s.starter = 0;
  s.turnsTaken = ((p.round ?? 4) - 1) * n + s.turn;
  s.phase = p.phase ?? 'draw';
  return s;
}

/** Applies moves in order and fails loudly on the first refusal. */
export function play(s: RummyState, seat: Seat, ...moves: RummyMove[]): RummyState {
  let state = s;
  for (const m of moves) {
    const r = applyMove(state, seat, m);
    if (!r.ok) throw new Error(`${JSON.stringify(m)} refused: ${JSON.stringify(r.error)}`);
    state = r.state;
  }
  return state;
}

/** The refusal of a move, as data (fails if the move is accepted). */
export function refusal(s: RummyState, seat: Seat, move: RummyMove): RummyRefusal {
  const r = applyMove(s, seat, move);
  if (r.ok) throw new Error(`${JSON.stringify(move)} was accepted`);
  return r.error;
}

/** Every card id in the state's stored piles, hands, table and face-down card. */
export function allCards(s: RummyState): string[] {
  return [...s.hands.flat(), ...s.pile, ...s.discard, ...s.table.flatMap((m) => m.cards.map((mc) => mc.card)), ...(s.faceDown === null ? [] : [s.faceDown])];
}

/** Short notation: "5H 6H X1 7H#2" → first-deck ids unless a copy is given; jokers as written. */
export function cards(text: string): string[] {
  return text
    .split(' ')
    .filter((c) => c.length > 0)
    .map((c) => (c.startsWith('X') || c.includes('#') ? c : `${c}#1`));
}
