/**
 * The Dhappa Baaji table's pure logic, from the view and card ids alone (no DOM), so it runs
 * under Node in tests: hand order, what a selection and a click on a run become as a move,
 * the lock line, the discard fan and the events the table shows.
 */
import { faceOf, isJoker, rankOf, suitOf, type Suit } from '../../../../shared/cards/playing-cards';
import { layoutAdd, layoutNew, mergeRuns } from '../../../../shared/games/dhappa/melds';
import type { DealResult, DhappaMove, DhappaView, HandPenalty, PlayerView, RunView, TeamView } from '../../../../shared/games/dhappa/types';
import { sortByKey } from '../../cards/sort';

export type SortMode = 'suit' | 'rank';

/** Suits alternate colours so neighbouring suits are easy to tell apart. */
const SUIT_ORDER: Suit[] = ['S', 'H', 'C', 'D'];
/** Natural ranks run 3 … A (the ace high only); the 2s are wild and go last. */
const RANK_ORDER = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];

export function isWildCard(id: string): boolean {
  return isJoker(id) || id[0] === '2';
}

function sortKey(id: string, mode: SortMode): [number, number, number] {
  if (isJoker(id)) return [2, 0, 0];
  const suit = SUIT_ORDER.indexOf(suitOf(id));
  if (rankOf(id) === '2') return [1, suit, 0];
  const rank = RANK_ORDER.indexOf(rankOf(id));
  return mode === 'suit' ? [0, suit, rank] : [0, rank, suit];
}

/** The hand by suit (3 up to the ace) or by rank; the 2s then the jokers last; copies side by side. */
export function sortHand(cards: readonly string[], mode: SortMode): string[] {
  return sortByKey(cards, (id) => sortKey(id, mode));
}

/** Toggle a card in the selection, keeping the selection in hand order. */
export function toggleCard(selected: readonly string[], card: string, order: readonly string[]): string[] {
  if (selected.includes(card)) return selected.filter((c) => c !== card);
  return order.filter((c) => c === card || selected.includes(c));
}

/** Keep only the selected cards still in hand. */
export function keepHeld(selected: readonly string[], hand: readonly string[]): string[] {
  const held = new Set(hand);
  return selected.filter((c) => held.has(c));
}

export type Plan =
  | { kind: 'move'; move: DhappaMove }
  /** Both ends are open for the 2 this addition moves: ask low or high. */
  | { kind: 'shift'; run: string; cards: string[] }
  | { kind: 'none'; reason: 'select' | 'notYours' };

/** A joker in the run that the single selected card stands in for (a swap), or null. */
export function swapTarget(run: RunView, selected: readonly string[]): string | null {
  if (selected.length !== 1) return null;
  const card = selected[0]!;
  if (isWildCard(card)) return null;
  const face = faceOf(card);
  const hit = run.cards.find((mc) => isJoker(mc.card) && mc.as === face);
  return hit ? hit.card : null;
}

/**
 * What clicking (or dropping on) a team run with these cards does: a joker swap when the one
 * card is what a joker there stands for, else an addition; when the addition would move a 2
 * that may go to either end, the table asks which end first.
 */
export function planForRun(run: RunView, cards: readonly string[], shift?: 'low' | 'high'): Plan {
  if (cards.length === 0) return { kind: 'none', reason: 'select' };
  if (swapTarget(run, cards)) return { kind: 'move', move: { type: 'swap', run: run.id, card: cards[0]! } };
  if (!shift) {
    const trial = layoutAdd(run, cards);
    if (!trial.ok && trial.error.code === 'choose_shift') return { kind: 'shift', run: run.id, cards: [...cards] };
  }
  return { kind: 'move', move: { type: 'add', run: run.id, cards: [...cards], ...(shift ? { shift } : {}) } };
}

/** A new run from the selected cards. */
export function planNewRun(cards: readonly string[]): Plan {
  if (cards.length === 0) return { kind: 'none', reason: 'select' };
  return { kind: 'move', move: { type: 'meld', cards: [...cards] } };
}

/** Whether the selection would lay as a new run (a hint for the button, not the judge). */
export function looksLikeRun(cards: readonly string[]): boolean {
  return cards.length >= 3 && layoutNew(cards).ok;
}

/** Whether two runs would merge (a hint; the server still judges). */
export function canMerge(a: RunView, b: RunView): boolean {
  return mergeRuns(a, b).ok || mergeRuns(b, a).ok;
}

/** Merge two selected runs, lower one first when that is the order that meets. */
export function mergeMove(a: RunView, b: RunView): DhappaMove {
  return mergeRuns(a, b).ok || !mergeRuns(b, a).ok ? { type: 'merge', a: a.id, b: b.id } : { type: 'merge', a: b.id, b: a.id };
}

/** The lock line of a team: which runs count (their index on the board, 1-based) and wilds of 4. */
export interface LockLine {
  holds: boolean;
  runs: number;
  wilds: number;
  /** 1-based positions of the counting runs on the board. */
  positions: number[];
}

export function lockLine(team: TeamView): LockLine {
  const positions = team.lock.runs.map((id) => team.runs.findIndex((r) => r.id === id) + 1).filter((n) => n > 0);
  return { holds: team.lock.holds, runs: team.lock.runs.length, wilds: team.lock.wilds, positions };
}

/** The N-pick fan: the top cards of the discard pile, top first, each with its depth and whether it may be picked. */
export interface FanCard {
  card: string;
  depth: number;
  legal: boolean;
}

export function pickFan(view: DhappaView, max = 12): FanCard[] {
  const legal = new Set(view.you?.picks ?? []);
  const out: FanCard[] = [];
  for (let depth = 1; depth <= Math.min(max, view.discard.length); depth++) {
    out.push({ card: view.discard[view.discard.length - depth]!, depth, legal: legal.has(depth) });
  }
  return out;
}

/** The deepest legal pick shown by the fan, else the shallowest: a sensible default depth. */
export function defaultDepth(view: DhappaView): number | null {
  const picks = view.you?.picks ?? [];
  return picks.length ? Math.min(...picks) : null;
}

export interface TeamBreakdown {
  team: number;
  bonus: number;
  table: number;
  hands: number;
  points: number;
  before: number;
  total: number;
}

/**
 * A deal's result as the breakdown shows it: the teams (the viewer's first) with the running
 * total before and after, and each hand's cost (the viewer's team first, then by seat). Every
 * figure is the engine's; only the total before the deal is worked out (after − the deal).
 */
export function dealBreakdown(deal: DealResult, players: readonly PlayerView[], yourTeam: number | null): { teams: TeamBreakdown[]; hands: HandPenalty[] } {
  const first = (team: number) => (team === yourTeam ? 0 : 1);
  const teams = deal.rows
    .map((r) => ({
      team: r.team,
      bonus: r.bonus,
      table: r.table,
      hands: r.hands,
      points: r.points,
      total: deal.totals[r.team] ?? 0,
      before: (deal.totals[r.team] ?? 0) - r.points,
    }))
    .sort((a, b) => first(a.team) - first(b.team) || a.team - b.team);
  const order = new Map(teams.map((c, i) => [c.team, i]));
  const hands = (deal.penalties ?? [])
    .filter((h) => players[h.seat] !== undefined)
    .sort((a, b) => (order.get(a.team) ?? 0) - (order.get(b.team) ?? 0) || a.seat - b.seat);
  return { teams, hands };
}
