import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessage, RoomInfo, ServerMessage } from '../../../shared/protocol';
import { diff } from '../../../shared/room/patch';
import { createMoveLock, MOVE_TIMEOUT_MS } from './move-lock';
import { createTable, type TableDeps } from './table';

afterEach(() => vi.useRealTimers());

const ROOM: RoomInfo = {
  code: 'ABCD',
  game: 'eights',
  status: 'playing',
  options: {},
  clock: 30,
  pace: 'relaxed',
  public: false,
  seats: [
    { name: 'Ana', kind: 'human', connected: true, botPlaying: false },
    { name: 'Bot', kind: 'bot', connected: true, botPlaying: false },
  ],
  teams: null,
  hostSeat: 0,
  spectators: 0,
  totals: [0, 0],
  gamesPlayed: 0,
  outcome: null,
  commitment: null,
  ranked: null,
};

function setup(extra: Partial<TableDeps> = {}) {
  const sent: ClientMessage[] = [];
  let online = true;
  const table = createTable({ send: (m) => (online ? (sent.push(m), true) : false), ...extra });
  const frame = (m: ServerMessage) => table.receive(JSON.stringify(m));
  return { table, sent, frame, offline: () => (online = false) };
}

const full = (version: number, view: unknown): ServerMessage => ({ t: 'full', now: Date.now(), room: ROOM, version, view, clock: null });

describe('the table: frames, patches and resyncs', () => {
  it('applies a patched update to the view it was built on, and asks for history once per first full view', () => {
    const { table, sent, frame } = setup();
    const before = { hand: ['2H', '3S'], turn: 0 };
    const after = { hand: ['3S'], turn: 1, pile: ['2H'] };
    frame(full(4, before));
    expect(sent).toEqual([{ t: 'history' }]);
    frame({ t: 'update', version: 5, patch: diff(before, after), events: [{ type: 'play', seat: 0, card: '2H' }] });
    expect(table.view.value).toEqual(after);
    expect(table.version.value).toBe(5);
    expect(table.lastEvents.value.map((e) => e.type)).toEqual(['play']);
    expect(table.log.value).toHaveLength(1);
    frame(full(5, after));
    expect(sent).toEqual([{ t: 'history' }]);
  });

  it('does not ask for history itself when its connection asked with the hello (a room socket), and takes the history it gets', () => {
    const { table, sent, frame } = setup({ historyAsked: () => true });
    frame(full(4, { turn: 0 }));
    expect(sent).toEqual([]);
    frame({ t: 'history', log: [{ type: 'play', seat: 1, card: '2H', at: 1 }], chat: [] } as ServerMessage);
    expect(table.log.value).toHaveLength(1);
  });

  it('asks for a full view when an update does not build on the version held, and keeps the view it has', () => {
    const { table, sent, frame } = setup();
    frame(full(4, { turn: 0 }));
    sent.length = 0;
    frame({ t: 'update', version: 7, patch: [[['turn'], 3]], events: [] });
    expect(sent).toEqual([{ t: 'sync' }]);
    expect(table.view.value).toEqual({ turn: 0 });
    expect(table.version.value).toBe(4);
    // An update that says which version it builds on is applied when that is the one held.
    frame({ t: 'update', version: 7, base: 4, patch: [[['turn'], 3]], events: [] });
    expect(table.view.value).toEqual({ turn: 3 });
  });

  it('shows a frame it cannot read and asks for the whole table again, rather than dropping it', () => {
    const { table, sent, frame } = setup();
    frame(full(2, { turn: 0 }));
    sent.length = 0;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const shown = () => table.lastError.value?.refusal.code ?? null;
    table.receive('{"t":"update","version":"three"}');
    expect(shown()).toBe('unreadable_frame');
    expect(sent).toEqual([{ t: 'sync' }]);
    table.lastError.value = null;
    expect(shown()).toBeNull();
    table.receive('not json at all');
    expect(shown()).toBe('unreadable_frame');
    expect(sent).toEqual([{ t: 'sync' }, { t: 'sync' }]);
    // What it held is still shown until the full view comes.
    expect(table.view.value).toEqual({ turn: 0 });
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('hands the seat token, room changes and reveals to their owners', () => {
    const token = vi.fn();
    const roomChanged = vi.fn();
    const nonceLate = vi.fn();
    const { frame } = setup({ token, roomChanged, nonceLate });
    frame({ t: 'welcome', seat: 0, token: 'tok', host: true });
    expect(token).toHaveBeenCalledWith('tok');
    frame({ t: 'room', room: { ...ROOM, commitment: { game: 3, hash: 'a'.repeat(64) } } });
    expect(roomChanged).toHaveBeenCalledWith(expect.objectContaining({ code: 'ABCD' }), 0);
    frame({ t: 'error', code: 'nonce_late' });
    expect(nonceLate).toHaveBeenCalledWith(3);
    frame({ t: 'error', code: 'bad_token' });
    expect(token).toHaveBeenLastCalledWith(null);
  });
});

describe('ranked rating changes', () => {
  it('keeps the rated frame for the result card, and forgets it with the room', () => {
    const { table, frame } = setup();
    frame(full(1, {}));
    expect(table.rated.value).toBeNull();
    const changes = [{ seat: 0, player: 'p1', rating: 24.5, change: 14, games: 3, provisional: true, penalized: false }];
    frame({ t: 'rated', game: 1, changes });
    expect(table.rated.value).toEqual({ t: 'rated', game: 1, changes });
    table.reset();
    expect(table.rated.value).toBeNull();
  });
});

describe('the move lock', () => {
  it('lets one move out at a time, freed by the answer', () => {
    const { table, sent, frame } = setup();
    frame(full(1, {}));
    sent.length = 0;
    expect(table.move({ play: 'x' })).toBe(true);
    expect(table.pending.value).toBe(true);
    expect(table.move({ play: 'y' })).toBe(false);
    expect(sent).toEqual([{ t: 'move', version: 1, move: { play: 'x' } }]);
    frame({ t: 'update', version: 2, events: [] });
    expect(table.pending.value).toBe(false);
    expect(table.move({ play: 'y' })).toBe(true);
    expect(sent.at(-1)).toEqual({ t: 'move', version: 2, move: { play: 'y' } });
  });

  it('is freed by a refusal (shown) and by a resync', () => {
    const { table, frame } = setup();
    frame(full(1, {}));
    table.move('a');
    frame({ t: 'error', code: 'not_your_turn', seat: 1 });
    expect(table.pending.value).toBe(false);
    expect(table.lastError.value).toMatchObject({ refusal: { code: 'not_your_turn', seat: 1 } });
    table.move('b');
    frame(full(3, {}));
    expect(table.pending.value).toBe(false);
  });

  it('is not taken when the move could not go', () => {
    const { table, offline } = setup();
    offline();
    expect(table.move('a')).toBe(false);
    expect(table.pending.value).toBe(false);
  });

  it('frees itself when no answer comes in time', () => {
    vi.useFakeTimers();
    const lock = createMoveLock();
    lock.hold();
    vi.advanceTimersByTime(MOVE_TIMEOUT_MS - 1);
    expect(lock.held.value).toBe(true);
    vi.advanceTimersByTime(1);
    expect(lock.held.value).toBe(false);
    // A freed lock's timer does not fire into the next hold.
    lock.hold();
    vi.advanceTimersByTime(MOVE_TIMEOUT_MS / 2);
    lock.free();
    lock.hold();
    vi.advanceTimersByTime(MOVE_TIMEOUT_MS / 2 + 1);
    expect(lock.held.value).toBe(true);
  });
});
