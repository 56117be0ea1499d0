/**
 * Projects (mashrou'): detection of the best declarable set in a hand, their ranking,
 * and their value. Works on card masks (cards.ts).
 */
import { RANK_A, RANK_T, indicesOf } from './cards';

export type ProjectKind = 'sira' | 'fifty' | 'hundred' | 'fourHundred';

/** Raw (card-point) value of each project; game points are raw / 5 in Sun and raw / 10 in Hokum. */
export const PROJECT_RAW: Record<ProjectKind, number> = { sira: 20, fifty: 50, hundred: 100, fourHundred: 200 };

export const PROJECT_LABEL: Record<ProjectKind, string> = {
  sira: 'Sira',
  fifty: 'Fifty',
  hundred: 'Hundred',
  fourHundred: 'Four Hundred',
};

export function projectGamePoints(kind: ProjectKind, sun: boolean): number {
  return sun ? PROJECT_RAW[kind] / 5 : PROJECT_RAW[kind] / 10;
}

// Type ranks, best first: Four Hundred > Hundred run > Hundred of a kind > Fifty > Sira.
const TYPE_FOUR_HUNDRED = 5;
const TYPE_HUNDRED_RUN = 4;
const TYPE_HUNDRED_KIND = 3;
const TYPE_FIFTY = 2;
const TYPE_SIRA = 1;

export interface FoundProject {
  kind: ProjectKind;
  mask: number;
  /**
   * Comparison key: type rank * 8 + rank of the top card in sequence order (A high).
   * Higher is better; equal keys are settled by seating (earlier in play order wins).
   */
  rank: number;
  /** For runs: suit and lowest/highest rank, to keep two runs of a suit from touching. */
  suit: number;
  lo: number;
  hi: number;
}

function candidates(hand: number, sun: boolean): FoundProject[] {
  const out: FoundProject[] = [];
  for (let s = 0; s < 4; s++) {
    const bits = (hand >>> (s * 8)) & 0xff;
    for (let lo = 0; lo < 8; lo++) {
      if ((bits & (1 << lo)) === 0) continue;
      let segment = 1 << lo;
      for (let hi = lo + 1; hi < 8 && (bits & (1 << hi)) !== 0; hi++) {
        segment |= 1 << hi;
        const len = hi - lo + 1;
        if (len < 3) continue;
        const kind: ProjectKind = len === 3 ? 'sira' : len === 4 ? 'fifty' : 'hundred';
        const type = len === 3 ? TYPE_SIRA : len === 4 ? TYPE_FIFTY : TYPE_HUNDRED_RUN;
        out.push({ kind, mask: segment << (s * 8), rank: type * 8 + hi, suit: s, lo, hi });
      }
    }
  }
  for (let r = RANK_T; r <= RANK_A; r++) {
    const four = (1 << r) | (1 << (r + 8)) | (1 << (r + 16)) | (1 << (r + 24));
    if ((hand & four) !== four) continue;
    const fourAces = r === RANK_A && sun;
    out.push({
      kind: fourAces ? 'fourHundred' : 'hundred',
      mask: four,
      rank: (fourAces ? TYPE_FOUR_HUNDRED : TYPE_HUNDRED_KIND) * 8 + r,
      suit: -1,
      lo: r,
      hi: r,
    });
  }
  return out;
}

/** Fast test used before the full search: any run of three, or four of a rank from 10 up. */
function mayHoldProject(hand: number): boolean {
  for (let s = 0; s < 4; s++) {
    const bits = (hand >>> (s * 8)) & 0xff;
    if ((bits & (bits >>> 1) & (bits >>> 2)) !== 0) return true;
  }
  const kinds = hand & (hand >>> 8) & (hand >>> 16) & (hand >>> 24) & 0xff;
  return (kinds & ~((1 << RANK_T) - 1)) !== 0;
}

function compatible(a: FoundProject, b: FoundProject): boolean {
  if ((a.mask & b.mask) !== 0) return false;
  // One run may not be cut into two projects: runs of a suit must leave a gap between them.
  if (a.suit >= 0 && a.suit === b.suit) return a.hi + 1 < b.lo || b.hi + 1 < a.lo;
  return true;
}

function setKey(set: FoundProject[]): number[] {
  const sorted = [...set].sort((x, y) => y.rank - x.rank);
  return [set.reduce((sum, p) => sum + PROJECT_RAW[p.kind], 0), sorted[0]?.rank ?? 0, sorted[1]?.rank ?? 0];
}
function keyGreater(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

/**
 * The best declarable set of a hand: at most two projects, no card in two projects,
 * most raw points first, then the strongest project. Sorted best first; [] if none.
 */
export function bestProjects(hand: number, sun: boolean): FoundProject[] {
  if (!mayHoldProject(hand)) return [];
  const list = candidates(hand, sun);
  let best: FoundProject[] = [];
  let bestKey = [0, 0, 0];
  for (let i = 0; i < list.length; i++) {
    const a = list[i]!;
    const single = [a];
    const k1 = setKey(single);
    if (keyGreater(k1, bestKey)) {
      best = single;
      bestKey = k1;
    }
    for (let j = i + 1; j < list.length; j++) {
      const b = list[j]!;
      if (!compatible(a, b)) continue;
      const pair = [a, b];
      const k2 = setKey(pair);
      if (keyGreater(k2, bestKey)) {
        best = pair;
        bestKey = k2;
      }
    }
  }
  return [...best].sort((x, y) => y.rank - x.rank);
}

/** Cards of a project in display order (high to low). */
export function projectCardIndices(mask: number): number[] {
  return indicesOf(mask).reverse();
}
