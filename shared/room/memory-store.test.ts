import { describe, expect, it } from 'vitest';
import { MemoryStore } from './memory-store';
import type { LiveRecord, Write } from './types';

const live = (version: number): LiveRecord => ({ version, turn: null, turnKey: null, botDue: null, lastActivity: 0, sent: {} });
const move = (game: number, version: number, extra: Partial<Extract<Write, { t: 'move' }>> = {}): Write => ({
  t: 'move',
  game,
  version,
  seat: 0,
  move: '{}',
  events: '[]',
  at: version,
  ...extra,
});

describe('memory store', () => {
  it('has no room until one is written, then loads its records, its snapshot and the moves from the snapshot on', () => {
    const store = new MemoryStore();
    expect(store.load()).toBeNull();
    store.apply([
      { t: 'room', value: '{"code":"x","gameNo":2}' },
      { t: 'live', value: JSON.stringify(live(0)) },
      move(1, 1),
      { t: 'snapshot', game: 2, version: 1, state: '{"n":1}' },
      move(2, 1),
      move(2, 2),
      move(2, 3),
    ]);
    const loaded = store.load()!;
    expect(loaded.room).toMatchObject({ code: 'x', gameNo: 2 });
    expect(loaded.snapshot).toEqual({ game: 2, version: 1, state: { n: 1 } });
    expect(loaded.tail.map((m) => [m.game, m.version])).toEqual([
      [2, 1],
      [2, 2],
      [2, 3],
    ]);
    expect(store.transactions).toBe(1);
  });

  it('a move written again replaces its row; the move tail and a game log read one game in order', () => {
    const store = new MemoryStore();
    store.apply([move(1, 1), move(1, 2), move(2, 1)]);
    store.apply([move(1, 2, { seat: 3, live: 'L' })]);
    store.apply([{ t: 'game', game: 1, seed: 's', setup: '{}', fair: null, outcome: null }]);
    expect(store.moveTail(1, 5).map((m) => [m.version, m.seat])).toEqual([
      [1, 0],
      [2, 3],
    ]);
    expect(store.moveTail(1, 1).map((m) => m.version)).toEqual([2]);
    expect(store.gameLog(1)).toMatchObject({ seed: 's', moves: [{ version: 1 }, { version: 2, seat: 3, live: 'L' }] });
    expect(store.gameLog(2)).toBeNull();
  });

  it('keeps chat in order and forgets everything on deleteAll', () => {
    const store = new MemoryStore();
    store.apply([
      { t: 'chat', entry: '{"text":"a"}' },
      { t: 'chat', entry: '{"text":"b"}' },
      { t: 'room', value: '{}' },
    ]);
    expect(store.chatTail(1)).toEqual([{ text: 'b' }]);
    store.apply([{ t: 'deleteAll' }]);
    expect(store.data).toEqual({ record: {}, moves: [], chat: [], seeds: [] });
    store.apply([]); // an input that wrote nothing is no transaction
    expect(store.transactions).toBe(2);
  });
});
