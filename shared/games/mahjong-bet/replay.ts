/**
 * A Mahjong game's replay from its own local seed: the same seed and the same bets deal
 * the same hands, so the recorded history can be recomputed and compared round by round.
 */
import { newGame, placeBet, type Bet, type MahjongState, type RoundRecord } from './engine';

export interface MahjongReplay {
  /** The game before any bet, then after each bet. */
  states: MahjongState[];
  /** True when every recomputed round equals the recorded one. */
  reproduced: boolean;
  /** Index of the first round that differs (null when none). */
  divergedAt: number | null;
}

export function replayMahjong(seed: string, recorded: readonly RoundRecord[]): MahjongReplay {
  let state = newGame(seed);
  const states = [state];
  for (let i = 0; i < recorded.length; i++) {
    const round = recorded[i]!;
    const result = placeBet(state, round.bet as Bet);
    if (!result.ok || JSON.stringify(result.round) !== JSON.stringify(round)) return { states, reproduced: false, divergedAt: i };
    state = result.state;
    states.push(state);
  }
  return { states, reproduced: true, divergedAt: null };
}
