/**
 * Test helpers: a Dhappa state with chosen hands, boards and piles (the rest of the 162
 * cards in the draw pile), and a player that picks uniformly among legal moves.
 */
import * as v from 'valibot';
import type { Rng } from '../../cards/rng';
import type { Seat } from '../../engine/types';
import { dhappaDeck, isWild } from './cards';
import { applyStep, legalDiscards } from './draft';
import { layoutNew, type Run } from './melds';
import { applyMove, legalPicks, setupState, stepEnv, timeoutMove, workingCtx } from './rules';
import { naturalMelds, openingMelds, wildMelds } from './search';
import type { DhappaRefusal } from './refusals';
import { optionsSchema, type DhappaMove, type DhappaOptions, type DhappaState, type DraftStep } from './types';

export interface Position {
  hands: string[][];
  /** Discard pile, bottom first. Defaults to one card from the rest. */
  discard?: string[];
  /** Boards by team: each meld as its cards plus optional stand-ins. */
  boards?: [string[], Record<string, string>?][][];
  opened?: boolean[];
  turn?: Seat;
  /** Cards put on top of the draw pile, the last one drawn first. */
  pileTop?: string[];
  /** Leave the draw pile empty (the unused cards are removed from the game instead). */
  emptyPile?: boolean;
  options?: Partial<DhappaOptions>;
}

export const NAMES = ['Ana', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay'];

export function position(p: Position): DhappaState {
  const n = p.hands.length;
  const s = setupState(
    NAMES.slice(0, n).map((name) => ({ name })),
    v.parse(optionsSchema, p.options ?? {}),
    'testkit',
  );
  const deck = dhappaDeck();
  const used = new Set<string>();
  const claim = (c: string) => {
    if (used.has(c)) throw new Error(`card ${c} used twice in a test position`);
    if (!deck.includes(c)) throw new Error(`unknown card ${c}`);
    used.add(c);
  };
  p.hands.flat().forEach(claim);
  (p.discard ?? []).forEach(claim);
  (p.pileTop ?? []).forEach(claim);
  const boards: Run[][] = [[], []];
  let id = 1;
  (p.boards ?? []).forEach((melds, team) => {
    for (const [cards, as] of melds) {
      cards.forEach(claim);
      const laid = layoutNew(cards, as ?? {});
      if (!laid.ok) throw new Error(`bad test meld ${cards.join(' ')}: ${JSON.stringify(laid.error)}`);
      boards[team]!.push({ id: `r${id++}`, kind: laid.layout.kind, cards: laid.layout.cards });
    }
  });
  const rest = deck.filter((c) => !used.has(c));
  const discard = p.discard ?? [rest.filter((c) => !isWild(c)).pop()!];
  for (const c of discard) if (rest.includes(c)) rest.splice(rest.indexOf(c), 1);
  s.hands = p.hands.map((h) => [...h]);
  s.discard = [...discard];
  s.pile = p.emptyPile ? [] : [...rest, ...(p.pileTop ?? [])];
  s.removed = p.emptyPile ? [...rest, ...(p.pileTop ?? [])] : [];
  s.boards = boards;
  s.nextRunId = id;
  s.opened = p.opened ?? Array.from({ length: n }, () => false);
  s.turn = p.turn ?? 0;
  s.dealer = (s.turn + n - 1) % n;
  s.phase = 'pick';
  return s;
}

/** Applies moves in order and fails loudly on the first refusal. */
export function play(s: DhappaState, seat: Seat, ...moves: DhappaMove[]): DhappaState {
  let state = s;
  for (const m of moves) {
    const r = applyMove(state, seat, m);
    if (!r.ok) throw new Error(`${JSON.stringify(m)} refused: ${JSON.stringify(r.error)}`);
    state = r.state;
  }
  return state;
}

/** The refusal of a move (fails if the move is accepted). */
export function refusal(s: DhappaState, seat: Seat, move: DhappaMove): DhappaRefusal {
  const r = applyMove(s, seat, move);
  if (r.ok) throw new Error(`${JSON.stringify(move)} was accepted`);
  return r.error;
}

/** Every card id in the committed state: hands, boards, discard, draw pile and removed cards. */
export function allCards(s: DhappaState): string[] {
  return [...s.hands.flat(), ...s.boards.flat().flatMap((r) => r.cards.map((mc) => mc.card)), ...s.discard, ...s.pile, ...s.removed];
}

/** Short notation: "5H 6H X1 7H#2" → first-deck ids unless a copy is given; jokers as written. */
export function cards(text: string): string[] {
  return text
    .split(' ')
    .filter((c) => c.length > 0)
    .map((c) => (c.startsWith('X') || c.includes('#') ? c : `${c}#1`));
}

/** Draft steps a random player might try now (legal or not: the engine decides). */
function candidateSteps(s: DhappaState): DraftStep[] {
  const ctx = workingCtx(s);
  const out: DraftStep[] = [...openingMelds(ctx.hand, null)];
  for (const c of ctx.hand) {
    if (isWild(c)) out.push(...wildMelds(ctx.hand, c, 3));
    else out.push(...naturalMelds(ctx.hand, c, ctx.opened).slice(0, 2));
    for (const run of ctx.board) out.push({ type: 'add', run: run.id, cards: [c] }, { type: 'swap', run: run.id, card: c });
  }
  for (const a of ctx.board) for (const b of ctx.board) if (a.id < b.id) out.push({ type: 'merge', a: a.id, b: b.id });
  return out;
}

/** A legal move chosen at random: any legal pick or draw; then random legal steps, undos and a random legal discard. */
export function randomLegalMove(s: DhappaState, seat: Seat, rng: Rng): DhappaMove {
  if (s.phase === 'pick') {
    const options: DhappaMove[] = s.pile.length > 0 ? [{ type: 'draw' }] : [];
    for (const count of legalPicks(s)) options.push({ type: 'pick', count });
    return options.length > 0 ? rng.pick(options) : timeoutMove(s, seat)!;
  }
  const ctx = workingCtx(s);
  const env = stepEnv(s);
  const discards = legalDiscards(ctx, env);
  const roll = rng.float();
  if (discards.length > 0 && roll < 0.4) return { type: 'discard', card: rng.pick(discards) };
  if (s.draft && roll < 0.5) return { type: 'undo' };
  if (roll < 0.95) {
    // The first legal step of a shuffled list is a uniform pick among the legal ones.
    const step = rng.shuffle(candidateSteps(s)).find((c) => applyStep(ctx, c, env).ok);
    if (step) return step;
  }
  if (discards.length > 0) return { type: 'discard', card: rng.pick(discards) };
  return timeoutMove(s, seat)!;
}
