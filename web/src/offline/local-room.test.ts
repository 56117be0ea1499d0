import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Rng } from '../../../shared/cards/rng';
import { chooseBotMove } from '../../../shared/games/eights/bot';
import type { EightsView } from '../../../shared/games/eights/types';
import { CATALOG } from '../../../shared/games/catalog';
import { gameById } from '../../../shared/games/registry';
import { CHAT_TAIL, LOG_TAIL, SNAPSHOT_EVERY } from '../../../shared/room/types';
import { LocalRoom, type SavedRoomData } from './local-room';

type Frame = { t: string; [k: string]: unknown };

function make(seed = 1) {
  let x = seed;
  const frames: Frame[] = [];
  const saves: SavedRoomData[] = [];
  const passes: (string | null)[] = [];
  const room = new LocalRoom({
    randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
    // Deterministic bot choices and pacing.
    random: () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31,
    onFrame: (text) => frames.push(JSON.parse(text) as Frame),
    onSave: (data) => saves.push(structuredClone(data)),
    onPass: (to) => passes.push(to),
  });
  return { room, frames, saves, passes };
}

const eights = (clock: number | null, people = ['You'], players = 4) => ({
  settings: {
    code: 'local',
    game: 'eights',
    options: { stacking: true, skipTwo: false, endless: false, scoring: 'hand', target: 500 },
    clock,
    pace: 'quick' as const,
  },
  people,
  players,
});

const latest = (frames: Frame[], t: string): unknown => frames.filter((f) => f.t === t).at(-1);
const status = (room: LocalRoom) => room.host.info()!.status;

/** The view on the page now: a sync's full frame. */
function viewNow(room: LocalRoom, frames: Frame[]): EightsView {
  room.receive(JSON.stringify({ t: 'sync' }));
  return (latest(frames, 'full') as { view: EightsView }).view;
}

/** The person on screen plays a move from their own view, as the page would. */
function playFromView(room: LocalRoom, frames: Frame[], rng: Rng): EightsView {
  // At a person's pace (the room refuses more than 20 frames a second).
  vi.advanceTimersByTime(150);
  const view = viewNow(room, frames);
  const version = (latest(frames, 'full') as { version: number }).version;
  room.receive(JSON.stringify({ t: 'move', version, move: chooseBotMove(view, rng) }));
  return view;
}

describe('LocalRoom: a room in the browser', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('seats the player as host with three bots, starts, and saves with the seat token (which the page is not sent)', () => {
    const { room, frames, saves } = make();
    room.start(eights(null));
    const welcome = frames.filter((f) => f.t === 'welcome').at(-1);
    expect(welcome).toEqual({ t: 'welcome', seat: 0, host: true });
    expect(frames.map((f) => f.t)).toContain('full');
    vi.advanceTimersByTime(300);
    const full = latest(frames, 'room') as { room: { status: string; seats: { kind: string }[] } };
    expect(full.room.status).toBe('playing');
    expect(full.room.seats.map((s) => s.kind)).toEqual(['human', 'bot', 'bot', 'bot']);
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.at(-1)!.tokens).toEqual([expect.stringMatching(/.{20,}/)]);
    expect(saves.at(-1)!.status).toBe('playing');
    room.stop();
  });

  it('keeps one timer for the alarm: bots move when it fires, not before', () => {
    const { room, frames } = make(7);
    room.start(eights(5));
    const armed = room.host.armed!;
    expect(armed).toBeGreaterThan(Date.now());
    const before = room.host.info();
    // Nothing moves until the alarm is due.
    vi.advanceTimersByTime(armed - Date.now() - 1);
    expect(room.host.info()).toEqual(before);
    // With a 5 s clock and the player never moving, timeout moves play the game out (the only person is never replaced by a bot).
    for (let i = 0; i < 4000 && status(room) === 'playing'; i++) vi.advanceTimersByTime(1000);
    expect(status(room)).toBe('finished');
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
    expect(status(live.room)).toBe('playing');
    const saved = structuredClone(live.saves.at(-1)!);
    live.room.receive(JSON.stringify({ t: 'sync' }));
    const liveFull = latest(live.frames, 'full') as { view: unknown; version: number; room: unknown; clock: { deadline: number } | null; now: number };
    live.room.stop();

    // A day later, in a new worker.
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    const again = make(3);
    again.room.resume(saved);
    expect(again.frames.find((f) => f.t === 'welcome')).toEqual({ t: 'welcome', seat: 0, host: true });
    const full = latest(again.frames, 'full') as typeof liveFull;
    expect(full.version).toBe(liveFull.version);
    expect(full.view).toEqual(liveFull.view);
    expect(full.room).toEqual(liveFull.room);
    // Room time resumed where the save stopped it: the turn clock has as long to run as it had then
    // (the save is the last write; the live frame came later, once the clock had run on a little).
    if (liveFull.clock) expect(full.clock!.deadline - full.now).toBe(liveFull.clock.deadline - saved.now);
    again.room.stop();
  });

  it('a save from before pass-and-play (one token) still resumes', () => {
    const live = make(4);
    live.room.start(eights(30));
    vi.advanceTimersByTime(3000);
    const { tokens, ...rest } = structuredClone(live.saves.at(-1)!);
    live.room.stop();
    const again = make(4);
    again.room.resume({ ...rest, token: tokens![0] });
    expect(again.frames.find((f) => f.t === 'welcome')).toMatchObject({ seat: 0 });
    expect(again.frames.some((f) => f.t === 'error')).toBe(false);
    again.room.stop();
  });

  it('memory stays bounded: after 20 games only the current game’s tail is stored', () => {
    const { room, frames } = make(11);
    room.start(eights(5));
    let games = 0;
    let played = 0;
    for (let i = 0; i < 200_000 && games < 20; i++) {
      vi.advanceTimersByTime(1000);
      if (status(room) === 'finished') {
        room.receive(JSON.stringify({ t: 'sync' }));
        played += (latest(frames, 'full') as { version: number }).version;
        games++;
        room.receive(JSON.stringify({ t: 'again' }));
      }
      for (let c = 0; c < 3; c++) room.receive(JSON.stringify({ t: 'chat', text: `hi ${i} ${c}` }));
      vi.advanceTimersByTime(10_000);
    }
    expect(games).toBe(20);
    const { moves, chat } = room.host.store;
    // Far fewer rows than moves were played, and all of the game under way.
    expect(played).toBeGreaterThan(20 * 20);
    expect(moves.length).toBeLessThanOrEqual(LOG_TAIL + SNAPSHOT_EVERY + 8);
    expect(new Set(moves.map((m) => m.game)).size).toBeLessThanOrEqual(1);
    expect(chat.length).toBeLessThanOrEqual(CHAT_TAIL);
    room.stop();
  });
});

describe('LocalRoom: pass-and-play', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('each person gets a seat; nothing reaches the page until the person passed to taps, then only their own view', () => {
    const { room, frames, passes } = make(2);
    room.start(eights(null, ['Ana', 'Bob'], 3));
    const seats = room.host.info()!.seats;
    expect(seats.map((s) => [s!.name, s!.kind])).toEqual([
      ['Ana', 'human'],
      ['Bob', 'human'],
      [expect.any(String), 'bot'],
    ]);
    // The first pass screen: to whoever plays first among the people, before any frame shows a hand.
    const to = passes.at(-1)!;
    expect(['Ana', 'Bob']).toContain(to);
    expect(frames).toEqual([]);
    room.reveal();
    expect(passes.at(-1)).toBeNull();
    const seat = to === 'Ana' ? 0 : 1;
    // Everyone at a shared device may use the host's controls.
    expect(frames[0]).toEqual({ t: 'welcome', seat, host: true });
    const view = (latest(frames, 'full') as { view: EightsView }).view;
    expect(view.seat).toBe(seat);
    expect(view.hand).not.toBeNull();
    room.stop();
  });

  it('people sit where they chose (partners at a team game), and a summary read at the device is read for all of them', () => {
    const { room } = make(3);
    const baloot = { ...eights(null, ['Ana', 'Bob'], 4), seats: [0, 2] };
    baloot.settings = { ...baloot.settings, game: 'baloot', options: { ...gameById('baloot')!.defaultOptions } };
    room.start(baloot);
    const seats = room.host.info()!.seats;
    expect([seats[0]!.name, seats[2]!.name]).toEqual(['Ana', 'Bob']);
    expect([seats[1]!.kind, seats[3]!.kind]).toEqual(['bot', 'bot']);
    const sent = vi.spyOn(room.host, 'message');
    // Behind the pass screen too: nobody at the table is left to wait the pause out.
    room.receive(JSON.stringify({ t: 'read', version: 5 }));
    const reads = sent.mock.calls.filter(([, text]) => JSON.parse(text).t === 'read').map(([socket]) => socket);
    expect(new Set(reads).size).toBe(2);
    room.stop();
  });

  it('the device goes round: a move passes it to the next person, frames stop until they tap, and play goes on to the end', () => {
    const { room, frames, passes } = make(5);
    room.start(eights(null, ['Ana', 'Bob'], 2));
    const rng = new Rng('pass-test');
    let screens = 0;
    for (let i = 0; i < 2000 && status(room) === 'playing'; i++) {
      if (passes.at(-1)) {
        screens++;
        const before = frames.length;
        vi.advanceTimersByTime(500);
        // Behind the pass screen the page is sent nothing.
        expect(frames.length).toBe(before);
        room.reveal();
      }
      const shown = latest(frames, 'welcome') as { seat: number };
      const view = playFromView(room, frames, rng);
      expect(view.seat).toBe(shown.seat);
      // Two people and no bots: after a turn that passes play on, the other person's pass screen is up.
      if (status(room) === 'playing' && view.turn !== null && passes.at(-1)) {
        expect(passes.at(-1)).toBe(shown.seat === 0 ? 'Bob' : 'Ana');
      }
    }
    expect(screens).toBeGreaterThan(4);
    expect(status(room)).toBe('finished');
    room.stop();
  });

  it('a host-only control from whoever holds the device (Play again) acts for the table, and the new game starts behind a pass screen', () => {
    const { room, frames, passes } = make(9);
    room.start(eights(null, ['Ana', 'Bob'], 2));
    const rng = new Rng('again');
    for (let i = 0; i < 2000 && status(room) === 'playing'; i++) {
      if (passes.at(-1)) room.reveal();
      playFromView(room, frames, rng);
    }
    expect(status(room)).toBe('finished');
    room.receive(JSON.stringify({ t: 'again' }));
    expect(status(room)).toBe('playing');
    expect(passes.at(-1)).toEqual(expect.any(String));
    room.stop();
  });

  it('saved and resumed: everyone back in their seat, behind a pass screen for the person to play', () => {
    const live = make(6);
    live.room.start(eights(null, ['Ana', 'Bob', 'Cy'], 4));
    const rng = new Rng('resume');
    for (let i = 0; i < 6; i++) {
      if (live.passes.at(-1)) live.room.reveal();
      playFromView(live.room, live.frames, rng);
      vi.advanceTimersByTime(1000);
    }
    const saved = structuredClone(live.saves.at(-1)!);
    expect(saved.tokens).toHaveLength(3);
    const wanted = live.passes.at(-1);
    live.room.stop();

    const again = make(6);
    again.room.resume(saved);
    expect(again.frames).toEqual([]);
    const to = again.passes.at(-1)!;
    expect(['Ana', 'Bob', 'Cy']).toContain(to);
    if (wanted) expect(to).toBe(wanted);
    again.room.reveal();
    const welcome = latest(again.frames, 'welcome') as { seat: number };
    expect(again.room.host.info()!.seats[welcome.seat]!.name).toBe(to);
    expect(again.frames.some((f) => f.t === 'error')).toBe(false);
    again.room.stop();
  });
});

describe('LocalRoom: pass-and-play in every game that offers it', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  // Every seat a person who lets the clock run out: the device must always go to a person the game waits for.
  it.each(CATALOG.filter((g) => g.passAndPlay).map((g) => [g.id, g] as const))(
    '%s: the device always goes to a person whose move the game waits for',
    (id, entry) => {
      const { room, frames, passes } = make(3);
      const players = Math.min(...entry.playerCounts.filter((n) => n >= 2));
      const people = Array.from({ length: players }, (_, i) => `P${i + 1}`);
      const options = gameById(id)!.defaultOptions as Record<string, unknown>;
      room.start({ settings: { code: 'local', game: id, options, clock: 5, pace: 'quick' }, people, players });
      let screens = 0;
      for (let i = 0; i < 300 && screens < 6 && status(room) === 'playing'; i++) {
        if (passes.at(-1)) {
          const name = passes.at(-1)!;
          room.reveal();
          screens++;
          const welcome = latest(frames, 'welcome') as { seat: number };
          expect(room.host.info()!.seats[welcome.seat]!.name).toBe(name);
          expect(room.host.activeSeats()).toContain(welcome.seat);
          expect((latest(frames, 'full') as { view: unknown }).view).not.toBeNull();
        }
        vi.advanceTimersByTime(1000);
      }
      expect(screens).toBeGreaterThanOrEqual(2);
      expect(frames.filter((f) => f.t === 'error')).toEqual([]);
      room.stop();
    },
  );
});
