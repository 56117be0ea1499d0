/**
 * Dhappa Baaji's hint: the Normal bot's next move for the seat (it plans from what the seat may
 * know), and why, as a reason code with parameters that the browser words. The reason names the
 * rule the move teaches: the opening, the N-pick's obligation, a wild, the lock, the Dhappa.
 */
import type { Hint, NoParams, RefusalsFrom, Seat } from '../../engine/types';
import { chooseBotMove } from './bot';
import { isJoker, isTwo, isWild } from './cards';
import { applyStep, onBoard } from './draft';
import { faceShown, lockOf } from './melds';
import { applyMove, legalPicks, stepEnv, teamOf, timeoutMove, workingCtx } from './rules';
import type { DhappaMove, DhappaState, DraftStep } from './types';

/**
 * Why a hinted move (web/src/games/dhappa/hints.ts words each in English and Arabic). Cards are
 * ids; `face` and `as` are faces ("9D").
 */
export type DhappaHintWhy = RefusalsFrom<{
  /** Draw: `card` (the top discard) fits nothing of yours, or no pick is worth it. */
  draw: { card: string | null; fits: boolean };
  /** An N-pick: the deepest of the `count` cards, `card`, must go on the table this turn, and can. */
  pick: { count: number; card: string };
  /** The picked `card` still owes the table: this step puts it there. */
  place_pick: { card: string; cards: string[] };
  /** The opening: a pure meld (no wilds), after which wilds and adding to the team's melds are allowed. */
  open: { cards: string[] };
  /** A wild (`card`, standing for `as`) completes or lengthens a meld. */
  wild: { card: string; as: string; cards: string[] };
  /** After this step the team holds the lock: three runs with at most 2 wilds each and 4 in all. */
  lock: { cards: string[]; wilds: number };
  /** A new pure meld. */
  meld: { cards: string[] };
  /** Natural cards onto a team meld. */
  add: { cards: string[] };
  /** The natural `card` takes the joker's place; the joker comes back to the hand and must be laid again this turn. */
  swap: { card: string; joker: string };
  merge: NoParams;
  /** The steps so far lead nowhere this turn: take them back. */
  undo: NoParams;
  /** The lock holds and `card` is the last one: discard it to go out. */
  go_out: { card: string };
  /** A Dhappa: discarding the 2 takes the whole discard pile (`count` cards) out of the game. */
  dhappa: { card: string; count: number };
  /** End the turn with the card least useful to you and to the other team. */
  discard: { card: string };
}>;

type DhappaHint = Hint<DhappaMove> & { why: DhappaHintWhy };

function stepWhy(s: DhappaState, seat: Seat, step: DraftStep): DhappaHintWhy | null {
  const env = stepEnv(s, seat);
  const before = workingCtx(s, seat);
  const r = applyStep(before, step, env);
  if (!r.ok) return null;
  const after = r.ctx;
  if (step.type === 'swap') {
    const joker = after.hand.find((c) => isJoker(c) && !before.hand.includes(c)) ?? '';
    return { code: 'swap', card: step.card, joker };
  }
  if (step.type === 'merge') return { code: 'merge' };
  const cards = step.cards;
  const deepest = env.deepest;
  if (deepest !== null && !onBoard(before.board, deepest) && onBoard(after.board, deepest)) return { code: 'place_pick', card: deepest, cards };
  if (!before.opened && after.opened) return { code: 'open', cards };
  const lock = lockOf(after.board);
  if (lock.holds && !lockOf(before.board).holds) return { code: 'lock', cards, wilds: lock.wilds };
  const wild = cards.find(isWild);
  if (wild) {
    const mc = after.board.flatMap((run) => run.cards).find((m) => m.card === wild);
    return { code: 'wild', card: wild, as: mc ? faceShown(mc) : '', cards };
  }
  return step.type === 'meld' ? { code: 'meld', cards } : { code: 'add', cards };
}

/** Why `move` (legal for `seat`) would be a hint now; null for a batch of no steps. */
export function hintWhy(s: DhappaState, seat: Seat, move: DhappaMove): DhappaHintWhy | null {
  switch (move.type) {
    case 'draw': {
      const top = s.discard[s.discard.length - 1] ?? null;
      return { code: 'draw', card: top, fits: legalPicks(s).length > 0 };
    }
    case 'pick':
      return { code: 'pick', count: move.count, card: s.discard[s.discard.length - move.count]! };
    case 'undo':
    case 'undoAll':
      return { code: 'undo' };
    case 'batch':
      return move.steps.length > 0 ? stepWhy(s, seat, move.steps[0]!) : null;
    case 'discard': {
      const ctx = workingCtx(s, seat);
      if (ctx.hand.length === 1) return { code: 'go_out', card: move.card };
      if (isTwo(move.card)) return { code: 'dhappa', card: move.card, count: s.discard.length + 1 };
      return { code: 'discard', card: move.card };
    }
    default:
      return stepWhy(s, seat, move);
  }
}

/** Whether `move` would be accepted now. */
function accepted(s: DhappaState, seat: Seat, move: DhappaMove): boolean {
  return applyMove(s, seat, move).ok;
}

/**
 * The position as if the draft so far were committed, so that a player who strayed from the
 * bot's plan is helped on from where they are rather than told to undo. Null while a freed
 * joker is owed to the table (the bot plans only from a committed position).
 */
function fromDraft(s: DhappaState, seat: Seat): DhappaState | null {
  const ctx = s.draft?.ctx;
  if (!ctx || ctx.freed.some((j) => !onBoard(ctx.board, j))) return null;
  const team = teamOf(seat);
  const placed = !s.picked || onBoard(ctx.board, s.picked.deepest);
  return {
    ...s,
    hands: s.hands.map((h, i) => (i === seat ? ctx.hand : h)),
    boards: s.boards.map((b, t) => (t === team ? ctx.board : b)),
    opened: s.opened.map((o, i) => (i === seat ? ctx.opened : o)),
    nextRunId: ctx.nextRunId,
    picked: placed ? null : s.picked,
    draft: null,
  };
}

/** A legal, sensible move for `seat` and why; null when it is not the seat's turn. */
export function hint(s: DhappaState, seat: Seat): DhappaHint | null {
  if (s.phase === 'over' || seat !== s.turn) return null;
  const planned = chooseBotMove(s, seat);
  const candidates: DhappaMove[] = [];
  const strayed = planned.type === 'undoAll' || planned.type === 'undo' ? fromDraft(s, seat) : null;
  if (strayed) candidates.push(chooseBotMove(strayed, seat));
  candidates.push(planned);
  const fallback = timeoutMove(s, seat);
  if (fallback) candidates.push(fallback);
  for (const move of candidates) {
    if (!accepted(s, seat, move)) continue;
    const reason = hintWhy(s, seat, move);
    if (reason) return { move, why: reason };
  }
  return null;
}
