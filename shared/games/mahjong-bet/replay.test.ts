import { describe, expect, it } from 'vitest';
import { newGame, placeBet, type Bet, type MahjongState } from './engine';
import { replayMahjong } from './replay';

function play(seed: string, bets: number): MahjongState {
  let state = newGame(seed);
  for (let i = 0; i < bets && !state.over; i++) {
    const result = placeBet(state, (i % 3 === 0 ? 'lower' : 'higher') satisfies Bet);
    if (!result.ok) throw new Error(result.error.code);
    state = result.state;
  }
  return state;
}

describe('Mahjong replay from the local seed', () => {
  it('recomputes every recorded round of 200 games exactly', () => {
    for (let g = 0; g < 200; g++) {
      const game = play(`seed-${g}`, 60);
      const replay = replayMahjong(`seed-${g}`, game.history);
      expect(replay.reproduced, `game ${g}`).toBe(true);
      expect(replay.states).toHaveLength(game.history.length + 1);
      expect(replay.states.at(-1)!.score).toBe(game.score);
    }
  });

  it('a different seed or an altered bet is caught at the round where it happens', () => {
    const game = play('original', 20);
    expect(replayMahjong('other', game.history)).toMatchObject({ reproduced: false, divergedAt: 0 });
    const history = [...game.history];
    history[5] = { ...history[5]!, bet: history[5]!.bet === 'higher' ? 'lower' : 'higher' };
    expect(replayMahjong('original', history)).toMatchObject({ reproduced: false, divergedAt: 5 });
  });
});
