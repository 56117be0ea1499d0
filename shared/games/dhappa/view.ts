/**
 * What one seat sees. Other hands become counts and the draw pile a count; the mover's draft
 * (including anything laid and undone) stays in the mover's own view until the discard
 * commits it. The discard pile and the cards taken by an N-pick are public.
 */
import type { Seat } from '../../engine/types';
import { sumPoints } from './cards';
import { blockers, legalDiscards } from './draft';
import { isPure, lockOf, runCards, wildsIn, type Run } from './melds';
import { legalPicks, stepEnv, teamOf, teamScores, teamSeats, workingCtx } from './rules';
import type { DhappaMoveType, DhappaState, DhappaView, DraftView, RunView, TeamView, YouView } from './types';

function runView(run: Run, draft: boolean): RunView {
  const out: RunView = {
    id: run.id,
    kind: run.kind,
    cards: run.cards.map((mc) => ({ ...mc })),
    wilds: wildsIn(run),
    pure: isPure(run),
    points: sumPoints(runCards(run)),
  };
  if (draft) out.draft = true;
  return out;
}

function sameRun(a: Run | undefined, b: Run): boolean {
  return a !== undefined && JSON.stringify(a.cards) === JSON.stringify(b.cards);
}

/** Runs the draft laid or changed, compared with the committed board. */
function draftRunIds(committed: readonly Run[], working: readonly Run[]): { added: string[]; changed: string[] } {
  const added: string[] = [];
  const changed: string[] = [];
  for (const r of working) {
    const before = committed.find((c) => c.id === r.id);
    if (!before) added.push(r.id);
    else if (!sameRun(before, r)) changed.push(r.id);
  }
  return { added, changed };
}

function draftView(s: DhappaState): DraftView {
  const ctx = workingCtx(s);
  const env = stepEnv(s);
  const ids = draftRunIds(s.boards[teamOf(s.turn)]!, ctx.board);
  const deepest = s.picked?.deepest ?? null;
  return {
    steps: s.draft?.steps.length ?? 0,
    opened: ctx.opened,
    deepest,
    deepestPlaced: deepest !== null && ctx.board.some((r) => r.cards.some((mc) => mc.card === deepest)),
    unplacedJokers: ctx.freed.filter((j) => !ctx.board.some((r) => r.cards.some((mc) => mc.card === j))),
    newRunIds: ids.added,
    changedRunIds: ids.changed,
    blockers: blockers(ctx, env),
  };
}

function youView(s: DhappaState, seat: Seat): YouView {
  const isTurn = s.phase !== 'over' && s.turn === seat;
  const ctx = workingCtx(s, seat);
  const you: YouView = {
    isTurn,
    team: teamOf(seat),
    opened: ctx.opened,
    actions: [],
    canDraw: false,
    picks: [],
    discardable: [],
    canGoOut: false,
  };
  if (!isTurn) return you;
  if (s.phase === 'pick') {
    you.canDraw = s.pile.length > 0;
    you.picks = legalPicks(s);
    const actions: DhappaMoveType[] = [];
    if (you.canDraw) actions.push('draw');
    if (you.picks.length > 0) actions.push('pick');
    you.actions = actions;
    return you;
  }
  const actions: DhappaMoveType[] = ['meld', 'add', 'merge', 'swap', 'batch'];
  if (s.draft) actions.push('undo', 'undoAll');
  you.discardable = legalDiscards(ctx, stepEnv(s));
  if (you.discardable.length > 0) actions.push('discard');
  you.canGoOut = ctx.hand.length === 1 && you.discardable.length === 1;
  you.actions = actions;
  return you;
}

export function viewFor(s: DhappaState, seat: Seat | null): DhappaView {
  const mover = seat !== null && seat === s.turn && s.phase === 'play';
  const working = mover ? workingCtx(s) : null;
  const moverTeam = teamOf(s.turn);
  const teams: TeamView[] = [0, 1].map((team) => {
    const committed = s.boards[team]!;
    const board = working && team === moverTeam ? working.board : committed;
    const ids = working && team === moverTeam ? draftRunIds(committed, board) : { added: [], changed: [] };
    const marked = new Set([...ids.added, ...ids.changed]);
    return {
      team,
      seats: teamSeats(s, team),
      runs: board.map((r) => runView(r, marked.has(r.id))),
      lock: lockOf(board),
      total: s.totals[team]!,
    };
  });
  return {
    game: 'dhappa',
    seat,
    options: { ...s.options },
    deal: s.deal,
    dealer: s.dealer,
    turn: s.turn,
    phase: s.phase,
    players: s.names.map((name, i) => ({ seat: i, name, team: teamOf(i), cards: s.hands[i]!.length, opened: s.opened[i]! })),
    hand: seat === null ? null : [...workingCtx(s, seat).hand],
    teams,
    discard: [...s.discard],
    pileCount: s.pile.length,
    removedCount: s.removed.length,
    picked: s.picked && s.phase === 'play' ? { seat: s.turn, cards: [...s.picked.cards], deepest: s.picked.deepest } : null,
    draft: mover ? draftView(s) : null,
    you: seat === null ? null : youView(s, seat),
    lastDeal: s.lastDeal ? structuredClone(s.lastDeal) : null,
    result: s.phase === 'over' && s.winners ? { winners: [...s.winners], scores: teamScores(s) } : null,
  };
}
