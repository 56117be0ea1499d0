import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNAPSHOT_EVERY } from '../../../shared/room/types';
import { compactStore, LocalRoom, type SavedRoomData } from './local-room';

type Frame = { t: string; [k: string]: unknown };

function make(seed = 1) {
  let x = seed;
  const frames: Frame[] = [];
  const saves: SavedRoomData[] = [];
  const room = new LocalRoom({
    randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
    // Deterministic bot choices and pacing.
    random: () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31),
    onFrame: (text) => frames.push(JSON.parse(text) as Frame),
    onSave: (data) => saves.push(structuredClone(data)),
  });
  return { room, frames, saves };
}

const eights = (clock: number | null) => ({
  settings: { code: 'local', game: 'eights', options: { stacking: true, skipTwo: false, endless: false, scoring: 'hand', target: 500 }, clock, pace: 'quick' as const },
  name: 'You',
  players: 4,
});

const latest = (frames: Frame[], t: string): unknown => frames.filter((f) => f.t === t).at(-1);

describe('LocalRoom: a room in the browser', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('seats the player as host with three bots, starts, and saves with the seat token', () => {
    const { room, frames, saves } = make();
    room.start(eights(null));
    const welcome = frames.find((f) => f.t === 'welcome' && typeof f.token === 'string');
    expect(welcome).toMatchObject({ seat: 0, host: true });
    expect(frames.map((f) => f.t)).toContain('full');
    vi.advanceTimersByTime(300);
    const full = latest(frames, 'room') as { room: { status: string; seats: { kind: string }[] } };
    expect(full.room.status).toBe('playing');
    expect(full.room.seats.map((s) => s.kind)).toEqual(['human', 'bot', 'bot', 'bot']);
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.at(-1)!.token).toBe(welcome!.token);
    expect(saves.at(-1)!.status).toBe('playing');
    room.stop();
  });

  it('keeps one timer for the alarm: bots move when it fires, not before', () => {
    const { room, frames } = make(7);
    room.start(eights(5));
    const armed = room.host.armed!;
    expect(armed).toBeGreaterThan(Date.now());
    const before = room.host.core.info()!;
    // Nothing moves until the alarm is due.
    vi.advanceTimersByTime(armed - Date.now() - 1);
    expect(room.host.core.info()).toEqual(before);
    // With a 5 s clock and the player never moving, the clock, then a bot for the away player, plays the game out.
    for (let i = 0; i < 4000 && room.host.core.info()!.status === 'playing'; i++) vi.advanceTimersByTime(1000);
    expect(room.host.core.info()!.status).toBe('finished');
    expect(latest(frames, 'room')).toBeDefined();
    expect(vi.getTimerCount()).toBeLessThanOrEqual(1);
    room.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a saved game resumes exactly where it was: same view, version and clock, after a long pause', () => {
    const live = make(3);
    live.room.start(eights(30));
    // Let bots and timeouts play a while, so the save is a snapshot and a tail of moves.
    for (let i = 0; i < 400 && live.room.host.store.moves.length < 12; i++) vi.advanceTimersByTime(500);
    expect(live.saves.at(-1)!.store.moves.length).toBeGreaterThanOrEqual(12);
    expect(live.room.host.core.info()!.status).toBe('playing');
    const saved = structuredClone(live.saves.at(-1)!);
    expect(saved.store.moves.length).toBeLessThanOrEqual(SNAPSHOT_EVERY + 40);
    live.room.receive(JSON.stringify({ t: 'sync' }));
    const liveFull = latest(live.frames, 'full') as { view: unknown; version: number; room: unknown; clock: { deadline: number } | null; now: number };
    live.room.stop();

    // A day later, in a new worker.
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    const again = make(3);
    again.room.resume(saved);
    const welcome = again.frames.find((f) => f.t === 'welcome');
    expect(welcome).toMatchObject({ seat: 0, host: true });
    const full = latest(again.frames, 'full') as typeof liveFull;
    expect(full.version).toBe(liveFull.version);
    expect(full.view).toEqual(liveFull.view);
    expect(full.room).toEqual(liveFull.room);
    // Room time resumed where it stopped: the turn clock has as long to run as before.
    if (liveFull.clock) expect(full.clock!.deadline - full.now).toBe(liveFull.clock.deadline - liveFull.now);
    expect(again.room.snapshot().store).toEqual(compactStore(saved.store));
    again.room.stop();
  });

  it('compacting keeps what a reload replays', () => {
    const { room } = make(5);
    room.start(eights(5));
    for (let i = 0; i < 300 && room.host.core.info()!.status === 'playing'; i++) vi.advanceTimersByTime(1000);
    const compact = compactStore(room.host.store);
    const snap = compact.record.snapshot ? (JSON.parse(compact.record.snapshot) as { game: number; version: number }) : null;
    const tail = room.host.store.moves.filter((m) => snap && m.game === snap.game && m.version > snap.version);
    for (const m of tail) expect(compact.moves).toContainEqual(m);
    room.stop();
  });
});
