/**
 * Mahjong hand betting's hint and its "How to play" (a browser-only game: its page runs both,
 * no room). The hint bets on what the player can know: every tile dealt so far was seen, so the
 * tiles still to come are known as a set (never their order); a hand of them totals, on average,
 * four times their mean value. Bet Higher when the hand on the table is below that, else Lower.
 */
import type { Hint, RefusalsFrom } from '../../engine/types';
import { HAND_SIZE, currentHand, newGame, placeBet, tileValue, type Bet, type MahjongState } from './engine';

/** `total`: the hand on the table; `average`: what a hand of the tiles to come totals on average (rounded). */
export type MahjongHintWhy = RefusalsFrom<{
  higher: { total: number; average: number };
  lower: { total: number; average: number };
}>;

export function mahjongHint(state: MahjongState): Hint<Bet, MahjongHintWhy> | null {
  if (state.over) return null;
  // The tiles to come as the player can count them; with too few left the reshuffle brings the discards back.
  const coming = state.draw.length >= HAND_SIZE ? state.draw : [...state.draw, ...state.discard];
  const mean = coming.reduce((sum, id) => sum + tileValue(state, id), 0) / Math.max(1, coming.length);
  const average = Math.round(mean * HAND_SIZE);
  const total = currentHand(state).total;
  const bet: Bet = total < mean * HAND_SIZE ? 'higher' : 'lower';
  return { move: bet, why: { code: bet, total, average } };
}

/** The lesson: a game from this seed, coached for this many bets, then "Play now". */
export const MAHJONG_TUTORIAL = { seed: 'learn-mahjong-2', bets: 5 } as const;

/** The lesson's bets played as the coach suggests: each round's record, for choosing the seed and testing it. */
export function walkMahjongLesson(seed: string = MAHJONG_TUTORIAL.seed, bets: number = MAHJONG_TUTORIAL.bets) {
  let state = newGame(seed);
  const rounds = [];
  for (let i = 0; i < bets && !state.over; i++) {
    const hint = mahjongHint(state)!;
    const result = placeBet(state, hint.move);
    if (!result.ok) throw new Error(result.error.code);
    state = result.state;
    rounds.push(result.round);
  }
  return rounds;
}
