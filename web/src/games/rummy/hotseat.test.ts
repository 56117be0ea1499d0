import { describe, expect, it } from 'vitest';
import { rummy } from '../../../../shared/games/rummy/index';
import type { RummyMove } from '../../../../shared/games/rummy/types';
import { cleanNames, continueAfterScores, currentView, hide, newGame, play, randomSeed, restore, reveal, serialise, setOrder, unseenFor, type HotSeatGame } from './hotseat';
import { words as rummyWords } from './words';

function start(names = ['Ana', 'Bob'], options = {}): HotSeatGame {
  const r = newGame(names, options, 'hotseat-test');
  if (!r.ok) throw new Error(r.message);
  return r.game;
}

function must(r: ReturnType<typeof play>): HotSeatGame {
  if (!r.ok) throw new Error(r.message);
  return r.game;
}

/** Plays the bot's move for whoever is on turn (the hand is shown first). */
function botStep(g: HotSeatGame): HotSeatGame {
  const shown = g.screen === 'pass' ? reveal(g) : g;
  const move: RummyMove = rummy.botMove(shown.state, shown.state.turn, undefined as never);
  return must(play(shown, move));
}

describe('hot-seat setup', () => {
  it('names are trimmed, blanks get a default and repeats a number', () => {
    expect(cleanNames([' Ana ', '', 'Ana'])).toEqual(['Ana', 'Player 2', 'Ana 2']);
  });

  it('2 to 6 players', () => {
    expect(newGame(['A'], {}, 's')).toMatchObject({ ok: false, message: 'Rummy needs 2 to 6 players.' });
    expect(newGame(['A', 'B', 'C', 'D', 'E', 'F', 'G'], {}, 's').ok).toBe(false);
    for (const n of [2, 6]) expect(newGame(Array.from({ length: n }, (_, i) => `P${i}`), {}, 's').ok).toBe(true);
  });

  it('options go through the game options schema', () => {
    expect(start(['A', 'B'], { deals: 'match', limit: 300 }).state.options).toEqual({ deals: 'match', limit: 300 });
    expect(newGame(['A', 'B'], { limit: 3 }, 's').ok).toBe(false);
  });

  it('the seed comes from the random source, 128 bits as hex', () => {
    const seed = randomSeed((a) => a.fill(0xabc));
    expect(seed).toBe('00000abc'.repeat(4));
  });
});

describe('hands stay hidden between turns', () => {
  it('a new game starts behind the pass screen, which shows no hand', () => {
    const g = start();
    expect(g.screen).toBe('pass');
    expect(currentView(g).hand).toBeNull();
    expect(currentView(reveal(g)).hand).toHaveLength(13);
  });

  it('moves are refused while the hand is hidden', () => {
    expect(play(start(), { type: 'draw', from: 'pile' })).toEqual({ ok: false, message: 'Show the hand first.' });
  });

  it('a refused move gives the rules message and changes nothing', () => {
    const g = reveal(start());
    const r = play(g, { type: 'discard', card: g.state.hands[g.state.turn]![0]! });
    expect(r).toEqual({ ok: false, code: 'draw_first', message: 'Draw a card first: from the pile, or the top discard.' });
  });

  it('the turn ends with a discard and the pass screen comes back for the next player, who sees what happened', () => {
    let g = reveal(start());
    const first = g.state.turn;
    g = must(play(g, { type: 'draw', from: 'pile' }));
    expect(g.screen).toBe('play');
    g = must(play(g, { type: 'discard', card: g.state.hands[first]![0]! }));
    expect(g.screen).toBe('pass');
    expect(g.state.turn).not.toBe(first);
    const news = unseenFor(g, g.state.turn);
    expect(news.some((e) => e.type === 'discard' && e.seat === first)).toBe(true);
    // Worded in the reader's language when shown.
    const names = g.state.names;
    expect(news.map((e) => rummyWords.line(e, { names, options: {} })).join(' ')).toContain(`${names[first]}\u2069 discards`);
    // The player who just played has seen all of it.
    expect(unseenFor(g, first)).toEqual([]);
  });

  it('hiding mid-turn keeps the draft', () => {
    let g = reveal(start());
    g = must(play(g, { type: 'draw', from: 'pile' }));
    const hidden = hide(g);
    expect(hidden.screen).toBe('pass');
    expect(hidden.state).toBe(g.state);
  });
});

describe('saving', () => {
  it('a reload restores the game behind the pass screen, with the hand orders', () => {
    let g = reveal(start(['Ana', 'Bob', 'Cy']));
    g = must(play(g, { type: 'draw', from: 'pile' }));
    g = setOrder(g, g.state.turn, [...g.state.hands[g.state.turn]!].reverse());
    const back = restore(serialise(g))!;
    expect(back.screen).toBe('pass');
    expect(back.state).toEqual(g.state);
    expect(back.orders).toEqual(g.orders);
  });

  it('anything else is not a saved game', () => {
    expect(restore(null)).toBeNull();
    expect(restore('not json')).toBeNull();
    expect(restore('{"v":1}')).toBeNull();
    expect(restore(JSON.stringify({ ...start(), v: 99 }))).toBeNull();
  });
});

describe('end of a deal', () => {
  it('a whole deal played through the hot-seat ends on the score table; a match goes on to the next deal', () => {
    let g = start(['Ana', 'Bob'], { deals: 'match', limit: 10_000 });
    for (let i = 0; i < 3000 && g.screen !== 'scores'; i++) g = botStep(g);
    expect(g.screen).toBe('scores');
    expect(g.state.lastDeal?.deal).toBe(1);
    expect(g.state.deal).toBe(2);
    const next = continueAfterScores(g);
    expect(next.screen).toBe('pass');
    expect(currentView(next).hand).toBeNull();
  });

  it('a single deal ends the game; the score table stays', () => {
    let g = start(['Ana', 'Bob', 'Cy']);
    for (let i = 0; i < 3000 && g.screen !== 'scores'; i++) g = botStep(g);
    expect(g.state.phase).toBe('over');
    expect(continueAfterScores(g)).toBe(g);
    expect(currentView(g).result).not.toBeNull();
  });
});
