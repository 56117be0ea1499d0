/**
 * The round summary as the table shows it: every figure from the view's last-round summary,
 * turned to the viewer's side (Lana first) and with the reason for the result spelled out.
 */
import type { DoubleLevel, Pair, RoundSummary, RoundSummaryView } from '../../../../shared/games/baloot/types';
import { teamOfSeat, usTeam, usThem, type TeamId } from './seats';

export interface SummaryLine {
  /** Message key under baloot.summary.rows. */
  key: 'tricks' | 'cardPoints' | 'cardGamePoints' | 'projects' | 'baloot' | 'awarded' | 'scores';
  us: number;
  them: number;
}

export interface SummaryProject {
  seat: number;
  kind: string;
  cards: string[];
  points: number;
  counted: boolean;
  ours: boolean;
}

export interface SummaryView {
  /** Headline message key under baloot.summary.result. */
  result: RoundSummary['result'];
  /** Side named in the headline (the winners; for Qayd the offenders); null when split. */
  side: 'us' | 'them' | null;
  /** The opponents accepted a Sawa claim, which ended the round early. */
  sawaAccepted: boolean;
  buyerSide: 'us' | 'them';
  lines: SummaryLine[];
  projects: SummaryProject[];
  /** The pot before and after the multiplier, when a doubled pot went to one side. */
  pot: { base: number; multiplier: number; total: number } | null;
  /** Which conversion turned card points into game points. */
  conversion: 'sun' | 'hokum';
}

export function sideOf(team: TeamId, viewer: number | null): 'us' | 'them' {
  return team === usTeam(viewer) ? 'us' : 'them';
}

export function summarize(r: RoundSummary, viewer: number | null): SummaryView {
  const pair = (p: readonly [number, number]) => usThem(p, viewer);
  const row = (key: SummaryLine['key'], p: readonly [number, number]): SummaryLine => {
    const [us, them] = pair(p);
    return { key, us, them };
  };
  const lines: SummaryLine[] = [row('tricks', r.tricks), row('cardPoints', r.cardPoints), row('cardGamePoints', r.cardGamePoints)];
  if (r.projects.length > 0) lines.push(row('projects', r.projectPoints));
  if (r.baloot[0] + r.baloot[1] > 0) lines.push(row('baloot', r.baloot));
  lines.push(row('awarded', r.awarded), row('scores', r.scores));

  const buyerSide = sideOf(teamOfSeat(r.contract.buyer), viewer);
  const winnerSide = r.winner === null ? null : sideOf(r.winner, viewer);

  // The pot goes whole to one side when the buyers failed or the round was doubled
  // (Baloot is added on top, never multiplied).
  const onePot = r.winner !== null && (r.result === 'khasara' || (r.multiplier > 1 && r.result === 'made'));
  const total = onePot ? r.awarded[r.winner!] - r.baloot[r.winner!] : 0;
  const pot = onePot ? { base: total / r.multiplier, multiplier: r.multiplier, total } : null;

  return {
    result: r.result,
    sawaAccepted: r.sawa?.accepted === true,
    side: r.result === 'qayd' ? sideOf(r.qayd!, viewer) : winnerSide,
    buyerSide,
    lines,
    projects: r.projects.map((p) => ({ ...p, ours: sideOf(teamOfSeat(p.seat), viewer) === 'us' })),
    pot,
    conversion: r.contract.type,
  };
}

/** Raise names by contract level (1 plain, 2 Double … 5 Gahwa), as the engine's LEVEL_NAMES. */
export const LEVEL_NAMES: readonly (DoubleLevel | null)[] = [null, null, 'double', 'triple', 'four', 'gahwa'];

/**
 * The full summary from the view's slim one: the raise's name and multiplier from its level
 * (Gahwa counts ×4), the match totals from the view's scores (they change only at a round's end).
 */
export function expandSummary(r: RoundSummaryView, scores: Pair): RoundSummary {
  const multiplier = Math.min(r.contract.level, 4);
  return { ...r, contract: { ...r.contract, levelName: LEVEL_NAMES[r.contract.level] ?? null, multiplier }, multiplier, scores: [scores[0], scores[1]] };
}
