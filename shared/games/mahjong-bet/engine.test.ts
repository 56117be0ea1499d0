import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HAND_SIZE, currentHand, gameOverCheck, newGame, placeBet, tilesInPlay, type Bet, type MahjongState, type RoundRecord } from './engine';
import { DECK_SIZE, freshDeck, isHonourTile, type TileId } from './tiles';

/** A real game with its piles and values rearranged, to set up one exact situation. */
function arranged(parts: { hand: TileId[]; draw: TileId[]; discard?: TileId[]; values?: Record<TileId, number>; exhaustions?: number }): MahjongState {
  const base = newGame('arranged');
  return {
    ...base,
    hand: parts.hand,
    draw: parts.draw,
    discard: parts.discard ?? [],
    honours: { ...base.honours, ...parts.values },
    exhaustions: parts.exhaustions ?? 0,
  };
}

function bet(state: MahjongState, choice: Bet): { state: MahjongState; round: RoundRecord } {
  const result = placeBet(state, choice);
  if (!result.ok) throw new Error(result.error.code);
  return result;
}

/** Deck-1 instances of a kind, e.g. ids('east', 2) → the first two East winds. */
function ids(kind: string, count = 1, deck = 1): TileId[] {
  return Array.from({ length: count }, (_, copy) => `${kind}.${deck}.${copy}`);
}

const LOW_HAND = ['man1.1.0', 'pin1.1.0', 'sou1.1.0', 'man2.1.0']; // total 5
const HIGH_HAND = ['man9.1.0', 'pin9.1.0', 'sou9.1.0', 'man8.1.0']; // total 35

describe('mahjong-bet: start of a game', () => {
  it('deals hand 1 at the start from one shuffled 136-tile deck', () => {
    const state = newGame(1);
    expect(state.hand).toHaveLength(HAND_SIZE);
    expect(state.draw).toHaveLength(DECK_SIZE - HAND_SIZE);
    expect(state.discard).toHaveLength(0);
    expect([...state.hand, ...state.draw].sort()).toEqual(freshDeck(1).sort());
    expect(state.draw).not.toEqual(freshDeck(1).slice(HAND_SIZE)); // shuffled
    expect(state).toMatchObject({ decks: 1, exhaustions: 0, score: 0, history: [], over: null });
  });

  it('every honour tile instance starts at value 5', () => {
    const state = newGame(2);
    const honourIds = freshDeck(1).filter(isHonourTile);
    expect(Object.keys(state.honours).sort()).toEqual(honourIds.sort());
    expect(new Set(Object.values(state.honours))).toEqual(new Set([5]));
  });

  it('the same seed and bets replay the same game', () => {
    const play = (seed: string) => {
      let state = newGame(seed);
      for (const choice of ['higher', 'lower', 'lower', 'higher'] as const) state = bet(state, choice).state;
      return state;
    };
    expect(play('same')).toEqual(play('same'));
    expect(play('same').hand).not.toEqual(play('other').hand);
  });
});

describe('mahjong-bet: hand totals', () => {
  it('a hand total is the numbers on numbered tiles plus the current values of honour tiles', () => {
    const state = arranged({
      hand: ['man3.1.0', 'pin7.1.0', 'east.1.0', 'red.1.2'],
      draw: HIGH_HAND,
      values: { 'east.1.0': 5, 'red.1.2': 8 },
    });
    const hand = currentHand(state);
    expect(hand.tiles.map((tile) => tile.value)).toEqual([3, 7, 5, 8]);
    expect(hand.total).toBe(23);
  });

  it('bamboo and dots count their number like characters', () => {
    const state = arranged({ hand: ['sou4.1.0', 'pin6.1.1', 'man9.1.3', 'sou1.1.2'], draw: HIGH_HAND });
    expect(currentHand(state).total).toBe(20);
  });
});

describe('mahjong-bet: bets', () => {
  it('Bet Higher wins only when the next total is strictly higher', () => {
    expect(bet(arranged({ hand: LOW_HAND, draw: HIGH_HAND }), 'higher').round.outcome).toBe('win');
    expect(bet(arranged({ hand: HIGH_HAND, draw: LOW_HAND }), 'higher').round.outcome).toBe('loss');
  });

  it('Bet Lower wins only when the next total is strictly lower', () => {
    expect(bet(arranged({ hand: HIGH_HAND, draw: LOW_HAND }), 'lower').round.outcome).toBe('win');
    expect(bet(arranged({ hand: LOW_HAND, draw: HIGH_HAND }), 'lower').round.outcome).toBe('loss');
  });

  it('a tie loses, whichever way the bet went', () => {
    const twin = ['man1.1.1', 'pin1.1.1', 'sou1.1.1', 'man2.1.1']; // also 5
    for (const choice of ['higher', 'lower'] as const) {
      const { round, state } = bet(arranged({ hand: LOW_HAND, draw: twin }), choice);
      expect(round.revealed.total).toBe(round.hand.total);
      expect(round.outcome).toBe('loss');
      expect(state.score).toBe(0);
    }
  });

  it('a correct bet scores +1 and a wrong bet +0', () => {
    const won = bet(arranged({ hand: LOW_HAND, draw: [...HIGH_HAND, ...LOW_HAND] }), 'higher');
    expect(won.state.score).toBe(1);
    const lost = bet(won.state, 'higher');
    expect(lost.state.score).toBe(1);
    expect(lost.round.score).toBe(1);
  });

  it('the used hand goes to the discard pile and the next four tiles become the current hand', () => {
    const rest = ['pin5.1.0', 'pin5.1.1'];
    const { state } = bet(arranged({ hand: LOW_HAND, draw: [...HIGH_HAND, ...rest], discard: ['sou2.1.0'] }), 'higher');
    expect(state.hand).toEqual(HIGH_HAND);
    expect(state.draw).toEqual(rest);
    expect(state.discard).toEqual(['sou2.1.0', ...LOW_HAND]);
  });

  it('refuses anything but higher or lower without changing the game', () => {
    const state = newGame(3);
    const result = placeBet(state, 'sideways');
    expect(result).toEqual({ ok: false, error: { code: 'bad_bet' } });
    expect(placeBet(state, 'higher').ok).toBe(true);
  });
});

describe('mahjong-bet: honour value updates', () => {
  const windsAndDragons = ['east.1.0', 'north.1.1', 'red.1.0', 'white.1.3'];

  it('on a win every wind and dragon of the newly revealed hand goes up by 1', () => {
    const { state, round } = bet(arranged({ hand: LOW_HAND, draw: windsAndDragons }), 'higher');
    expect(round.outcome).toBe('win');
    expect(windsAndDragons.map((id) => state.honours[id])).toEqual([6, 6, 6, 6]);
    expect(round.changes).toEqual(windsAndDragons.map((id) => ({ id, from: 5, to: 6 })));
    expect(currentHand(state).total).toBe(24);
  });

  it('on a loss every wind and dragon of the newly revealed hand goes down by 1', () => {
    const { state, round } = bet(arranged({ hand: LOW_HAND, draw: windsAndDragons }), 'lower');
    expect(round.outcome).toBe('loss');
    expect(windsAndDragons.map((id) => state.honours[id])).toEqual([4, 4, 4, 4]);
    expect(round.revealed.total).toBe(20); // judged on the values as revealed
    expect(currentHand(state).total).toBe(16); // the next bet is judged on the moved values
  });

  it('numbered tiles never change value', () => {
    const mixed = ['man7.1.0', 'sou3.1.0', 'pin9.1.0', 'green.1.0'];
    const { state, round } = bet(arranged({ hand: LOW_HAND, draw: mixed }), 'higher');
    expect(round.changes.map((change) => change.id)).toEqual(['green.1.0']);
    expect(currentHand(state).tiles.map((tile) => tile.value)).toEqual([7, 3, 9, 6]);
  });

  it('honour tiles of the hand that was bet on keep their values; only the revealed hand moves', () => {
    const betOn = ['south.1.0', 'man1.1.0', 'pin1.1.0', 'sou1.1.0'];
    const { state } = bet(arranged({ hand: betOn, draw: HIGH_HAND }), 'higher');
    expect(state.honours['south.1.0']).toBe(5);
  });

  it('values belong to tile instances: two East winds move independently', () => {
    const [eastA, eastB] = ids('east', 2) as [TileId, TileId];
    const start = arranged({ hand: LOW_HAND, draw: [eastA, 'man9.1.1', 'man9.1.2', 'man9.1.3'] });
    const { state } = bet(start, 'higher');
    expect(state.honours[eastA]).toBe(6);
    expect(state.honours[eastB]).toBe(5);
  });

  it('values are not clamped: the value that ends the game is kept as it is', () => {
    const { state } = bet(arranged({ hand: HIGH_HAND, draw: ['west.1.0', ...LOW_HAND.slice(1)], values: { 'west.1.0': 1 } }), 'higher');
    expect(state.honours['west.1.0']).toBe(0);
  });
});

describe('mahjong-bet: game over by honour value', () => {
  it('the game ends when a wind or dragon reaches 0', () => {
    for (const tile of ['north.1.2', 'white.1.1']) {
      const start = arranged({ hand: HIGH_HAND, draw: [tile, ...LOW_HAND.slice(1)], values: { [tile]: 1 } });
      const { state, round } = bet(start, 'higher');
      expect(round.outcome).toBe('loss');
      expect(state.over).toEqual({ reasons: ['honour-limit'], tiles: [tile] });
    }
  });

  it('the game ends when a wind or dragon reaches 10', () => {
    for (const tile of ['south.1.3', 'red.1.1']) {
      const start = arranged({ hand: LOW_HAND, draw: [tile, ...HIGH_HAND.slice(1)], values: { [tile]: 9 } });
      const { state, round } = bet(start, 'higher');
      expect(round.outcome).toBe('win');
      expect(state.over).toEqual({ reasons: ['honour-limit'], tiles: [tile] });
    }
  });

  it('values 1 and 9 do not end the game', () => {
    const start = arranged({ hand: LOW_HAND, draw: ['east.1.0', ...HIGH_HAND.slice(1)], values: { 'east.1.0': 8, 'red.1.0': 1 } });
    const { state } = bet(start, 'higher');
    expect(state.honours['east.1.0']).toBe(9);
    expect(state.over).toBeNull();
  });

  it('no bet is taken once the game is over', () => {
    const start = arranged({ hand: HIGH_HAND, draw: ['north.1.2', ...LOW_HAND.slice(1)], values: { 'north.1.2': 1 } });
    const over = bet(start, 'higher').state;
    const snapshot = structuredClone(over);
    expect(placeBet(over, 'lower')).toEqual({ ok: false, error: { code: 'game_over' } });
    expect(over).toEqual(snapshot);
  });

  it('the check covers both conditions at once', () => {
    expect(gameOverCheck({ exhaustions: 3, honours: { 'east.1.0': 10 } })).toEqual({
      reasons: ['exhaustion', 'honour-limit'],
      tiles: ['east.1.0'],
    });
    expect(gameOverCheck({ exhaustions: 2, honours: { 'east.1.0': 9, 'red.1.0': 1 } })).toBeNull();
  });
});

describe('mahjong-bet: exhaustion and reshuffle', () => {
  it('an empty draw pile is not yet an exhaustion; the next deal that finds it short is', () => {
    const start = arranged({ hand: LOW_HAND, draw: HIGH_HAND });
    const { state } = bet(start, 'higher');
    expect(state.draw).toHaveLength(0);
    expect(state.exhaustions).toBe(0);
    const after = bet(state, 'lower');
    expect(after.round.reshuffled).toBe(true);
    expect(after.state.exhaustions).toBe(1);
  });

  it('a short pile deals what is left, adds a fresh deck to the discards, shuffles, counts it and finishes the deal', () => {
    const discards = freshDeck(1).filter((id) => ![...LOW_HAND, 'pin9.1.3', 'sou9.1.3'].includes(id));
    const start = arranged({
      hand: LOW_HAND,
      draw: ['pin9.1.3', 'sou9.1.3'],
      discard: discards,
      values: { 'east.1.0': 8, 'red.1.3': 2 },
    });
    const { state, round } = bet(start, 'higher');

    // The two tiles left were dealt first; two more came from the new pile.
    expect(state.hand.slice(0, 2)).toEqual(['pin9.1.3', 'sou9.1.3']);
    expect(round.reshuffled).toBe(true);
    expect(state.exhaustions).toBe(1);
    expect(state.decks).toBe(2);
    expect(state.discard).toEqual([]);
    // New pile = old discards (including the hand just used) + 136 new instances, shuffled.
    const pool = [...state.draw, ...state.hand.slice(2)].sort();
    expect(pool).toEqual([...discards, ...LOW_HAND, ...freshDeck(2)].sort());
    expect(state.draw.slice(0, 10)).not.toEqual([...discards, ...LOW_HAND].slice(0, 10));
    expect(tilesInPlay(state)).toBe(2 * DECK_SIZE);
    // New instances start at 5; old instances keep their values across the reshuffle.
    expect(state.honours['east.2.0']).toBe(5);
    expect(state.honours['east.1.0']).toBe(8);
    expect(state.honours['red.1.3']).toBe(2);
    expect(Object.keys(state.honours)).toHaveLength(56);
  });

  it('the exhaustion counter goes up once per exhaustion', () => {
    let state = arranged({ hand: LOW_HAND, draw: [], discard: freshDeck(1).filter((id) => !LOW_HAND.includes(id)) });
    const counts: number[] = [];
    while (state.exhaustions < 2) {
      state = bet(state, 'higher').state;
      counts.push(state.exhaustions);
    }
    // Exhausted at once, then after the 272-tile pile gives 68 hands.
    expect(counts.indexOf(1)).toBe(0);
    expect(counts.indexOf(2)).toBe(68);
  });

  it('the third exhaustion ends the game after its deal and bet are finished', () => {
    const start = arranged({ hand: LOW_HAND, draw: ['man9.1.3'], exhaustions: 2 });
    const { state, round } = bet(start, 'higher');
    expect(state.exhaustions).toBe(3);
    expect(state.over).toEqual({ reasons: ['exhaustion'], tiles: [] });
    expect(state.hand).toHaveLength(HAND_SIZE);
    expect(state.hand[0]).toBe('man9.1.3');
    expect(round.reshuffled).toBe(true);
    expect(state.score).toBe(round.outcome === 'win' ? 1 : 0);
  });

  it('the second exhaustion does not end the game', () => {
    const { state } = bet(arranged({ hand: LOW_HAND, draw: [], exhaustions: 1 }), 'higher');
    expect(state.exhaustions).toBe(2);
    expect(state.over).toBeNull();
  });
});

describe('mahjong-bet: history', () => {
  it('records each round: the hand bet on, the bet, the revealed hand, outcome, changes, piles and score', () => {
    const { round } = bet(arranged({ hand: LOW_HAND, draw: ['east.1.0', ...HIGH_HAND.slice(1), 'pin2.1.0'] }), 'higher');
    expect(round).toMatchObject({
      round: 1,
      bet: 'higher',
      hand: { total: 5 },
      revealed: { total: 31 },
      outcome: 'win',
      changes: [{ id: 'east.1.0', from: 5, to: 6 }],
      reshuffled: false,
      exhaustions: 0,
      piles: { draw: 1, discard: 4 },
      score: 1,
    });
    expect(round.hand.tiles.map((tile) => tile.id)).toEqual(LOW_HAND);
  });

  it('history snapshots are immutable: frozen, and later value changes do not rewrite them', () => {
    const east = 'east.1.0';
    // Round 1 bets on a hand holding the East wind at 5; round 2 reveals it again and moves it.
    let state = arranged({ hand: [east, ...LOW_HAND.slice(1)], draw: HIGH_HAND });
    state = bet(state, 'higher').state;
    state = { ...state, draw: [east, 'pin1.1.1', 'sou1.1.1', 'man2.1.1'] };
    const first = state.history[0]!;
    state = bet(state, 'lower').state;
    expect(state.honours[east]).toBe(6);
    expect(first.hand.tiles[0]).toEqual({ id: east, kind: 'east', honour: true, value: 5 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.hand.tiles[0])).toBe(true);
    expect(Object.isFrozen(first.changes)).toBe(true);
    expect(() => {
      (first.hand.tiles[0] as { value: number }).value = 99;
    }).toThrow(TypeError);
    expect(state.history[0]).toBe(first);
  });

  it('placing a bet never changes the state it was given', () => {
    const state = newGame('pure');
    const before = structuredClone(state);
    bet(state, 'higher');
    bet(state, 'lower');
    expect(state).toEqual(before);
  });
});

describe('mahjong-bet: whole games (property)', () => {
  const playWhole = (seed: number, bets: Bet[]) => {
    let state = newGame(seed);
    let wins = 0;
    while (!state.over) {
      const result = bet(state, bets[state.history.length % bets.length]!);
      if (result.round.outcome === 'win') wins += 1;
      state = result.state;
      const all = [...state.draw, ...state.discard, ...state.hand];
      expect(tilesInPlay(state)).toBe(DECK_SIZE * state.decks);
      expect(new Set(all).size).toBe(all.length);
      expect(Object.keys(state.honours)).toHaveLength(28 * state.decks);
    }
    return { state, wins };
  };

  it('tiles are conserved, scores add up, and every game ends at the third exhaustion after 204 bets', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.constantFrom<Bet>('higher', 'lower'), { minLength: 1, maxLength: 8 }), (seed, bets) => {
        const { state, wins } = playWhole(seed, bets);
        expect(state.score).toBe(wins);
        expect(state.history).toHaveLength(204);
        expect(state.exhaustions).toBe(3);
        expect(state.over?.reasons).toContain('exhaustion');
        // Each instance is dealt at most once per pass through a pile, so no honour can
        // drift more than four steps from 5 before the third exhaustion.
        for (const value of Object.values(state.honours)) expect(value).toBeGreaterThanOrEqual(1);
        for (const value of Object.values(state.honours)) expect(value).toBeLessThanOrEqual(9);
      }),
      { numRuns: 40 },
    );
  });
});
