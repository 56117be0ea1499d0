/**
 * Round scoring: card points (abnat) to game points with integer arithmetic only,
 * khasara and its tie rules, doubled pots, Kaboot and Qayd. Pure numbers in, numbers out,
 * so the engine and the bot's playouts score rounds the same way.
 */
export type Team = 0 | 1;
export type Pair = [number, number];
export type RoundResult = 'made' | 'split' | 'khasara' | 'kaboot' | 'qayd';

/** Card points in a round, last-trick bonus included. */
export const SUN_RAW_TOTAL = 130;
export const HOKUM_RAW_TOTAL = 162;
/** Game points of all the cards of a round. */
export const SUN_GAME_TOTAL = 26;
export const HOKUM_GAME_TOTAL = 16;
export const KABOOT_SUN = 44;
export const KABOOT_HOKUM = 25;
export const LAST_TRICK_BONUS = 10;
export const BALOOT_POINTS = 2;

/** Sun: twice the raw points over ten, rounded so that the two teams always make 26. */
export function sunGamePoints(raw: number): number {
  const q = Math.floor(raw / 5);
  const r = raw % 5;
  return q + (q % 2 === 1 && r > 0 ? 1 : 0);
}

/** Hokum: raw over ten, 6 and up rounds up; when both end in 6 the larger rounds down (sum 16). */
export function hokumGamePoints(raw: readonly [number, number]): Pair {
  const gp: Pair = [0, 0];
  for (let t = 0; t < 2; t++) gp[t] = Math.floor(raw[t]! / 10) + (raw[t]! % 10 > 5 ? 1 : 0);
  if (raw[0] % 10 === 6 && raw[1] % 10 === 6 && raw[0] !== raw[1]) gp[raw[0] > raw[1] ? 0 : 1] -= 1;
  return gp;
}

export function cardGamePoints(sun: boolean, raw: readonly [number, number]): Pair {
  return sun ? [sunGamePoints(raw[0]), sunGamePoints(raw[1])] : hokumGamePoints(raw);
}

export interface RoundScoreInput {
  sun: boolean;
  buyerTeam: Team;
  /** 1 plain, 2 Double, 3 Triple, 4 Four (Gahwa also counts 4; it decides the match besides). */
  multiplier: number;
  /** Team that made the last raise (loses a tied doubled round); null when not doubled. */
  raiserTeam: Team | null;
  /** Card points per team including the last-trick bonus (sum 130 / 162 unless Qayd). */
  raw: readonly [number, number];
  tricks: readonly [number, number];
  /** Game points and raw points of each team's declared projects. */
  projectPoints: readonly [number, number];
  projectRaw: readonly [number, number];
  /** Team holding the best project (only its projects count), or null when nobody declared. */
  projectTeam: Team | null;
  /** Baloot game points per team (already 0 when Gahwa cancelled it). */
  baloot: readonly [number, number];
  /** Team that committed a foul (failed Sawa), or null. */
  qaydOffender: Team | null;
}

export interface RoundScore {
  cardGamePoints: Pair;
  /** Project game points that count (before any multiplier). */
  countedProjects: Pair;
  result: RoundResult;
  /** Team that won the round; null when the points were split. */
  winner: Team | null;
  /** Game points added to each team's match total. */
  awarded: Pair;
}

export function scoreRound(input: RoundScoreInput): RoundScore {
  const { sun, buyerTeam: b, multiplier: mult, raw, baloot } = input;
  const d: Team = b === 0 ? 1 : 0;
  const fullGame = sun ? SUN_GAME_TOTAL : HOKUM_GAME_TOTAL;

  if (input.qaydOffender !== null) {
    const o = input.qaydOffender;
    const n: Team = o === 0 ? 1 : 0;
    const awarded: Pair = [0, 0];
    awarded[n] = (fullGame + input.projectPoints[n]) * mult + baloot[n];
    const cardGp: Pair = [0, 0];
    cardGp[n] = fullGame;
    const counted: Pair = [0, 0];
    counted[n] = input.projectPoints[n];
    return { cardGamePoints: cardGp, countedProjects: counted, result: 'qayd', winner: n, awarded };
  }

  const cardGp = cardGamePoints(sun, raw);
  for (const k of [0, 1] as const) {
    if (input.tricks[k] === 8) {
      const awarded: Pair = [baloot[0], baloot[1]];
      awarded[k] += (sun ? KABOOT_SUN : KABOOT_HOKUM) + input.projectPoints[k];
      const counted: Pair = [0, 0];
      counted[k] = input.projectPoints[k];
      return { cardGamePoints: cardGp, countedProjects: counted, result: 'kaboot', winner: k, awarded };
    }
  }

  const counted: Pair = [0, 0];
  const countedRaw: Pair = [0, 0];
  if (input.projectTeam !== null) {
    counted[input.projectTeam] = input.projectPoints[input.projectTeam];
    countedRaw[input.projectTeam] = input.projectRaw[input.projectTeam];
  }
  const total: Pair = [cardGp[0] + counted[0], cardGp[1] + counted[1]];
  const rawTotal: Pair = [raw[0] + countedRaw[0], raw[1] + countedRaw[1]];

  let winner: Team | null;
  if (total[b] !== total[d]) winner = total[b] > total[d] ? b : d;
  else if (mult > 1) winner = input.raiserTeam === b ? d : b;
  else if (sun) winner = rawTotal[b] < rawTotal[d] ? d : null;
  else winner = rawTotal[b] > rawTotal[d] ? b : d;

  const pot = total[0] + total[1];
  let awarded: Pair;
  if (winner === null) awarded = [total[0], total[1]];
  else if (mult > 1 || winner === d) {
    awarded = [0, 0];
    awarded[winner] = pot * mult;
  } else awarded = [total[0], total[1]];
  awarded[0] += baloot[0];
  awarded[1] += baloot[1];
  const result: RoundResult = winner === null ? 'split' : winner === b ? 'made' : 'khasara';
  return { cardGamePoints: cardGp, countedProjects: counted, result, winner, awarded };
}
