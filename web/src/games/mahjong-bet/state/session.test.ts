import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAHJONG_TUTORIAL, walkMahjongLesson } from '../../../../../shared/games/mahjong-bet';
import { createMahjongSession, type SessionDeps, type Timings } from './session';
import { STORAGE_KEYS, memoryStorage, type KeyValueStorage } from './storage';

const TIMINGS: Timings = { lock: 100, reveal: 300, settle: 200 };
const ROUND_MS = TIMINGS.lock + TIMINGS.reveal + TIMINGS.settle;

function makeSession(storage: KeyValueStorage = memoryStorage(), overrides: Partial<SessionDeps> = {}) {
  let seeds = 0;
  return createMahjongSession({
    storage,
    now: () => 1_000 + seeds,
    newSeed: () => `test-seed-${seeds++}`,
    timings: () => TIMINGS,
    ...overrides,
  });
}

/** Bets until the game ends, always guessing from the total like a cautious player. */
function playToTheEnd(session: ReturnType<typeof makeSession>): number {
  let rounds = 0;
  while (session.stage.value !== 'over') {
    const total = session.displayHand.value!.total;
    expect(session.bet(total < 20 ? 'higher' : 'lower')).toBe(true);
    vi.advanceTimersByTime(ROUND_MS);
    rounds += 1;
    if (rounds > 500) throw new Error('the game did not end');
  }
  return rounds;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('mahjong session: starting', () => {
  it('starts on the landing screen with the last name prefilled and the saved leaderboard', () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.lastName]: 'Mei',
      [STORAGE_KEYS.leaderboard]: JSON.stringify([{ name: 'Bo', score: 9, ts: 5 }]),
    });
    const session = makeSession(storage);
    expect(session.screen.value).toBe('landing');
    expect(session.playerName.value).toBe('Mei');
    expect(session.leaderboard.value).toEqual([{ name: 'Bo', score: 9, ts: 5 }]);
    expect(session.canResume.value).toBe(false);
  });

  it('New Game with a valid name deals hand 1, opens the game screen and remembers the name', () => {
    const storage = memoryStorage();
    const session = makeSession(storage);
    expect(session.startGame('  Ana  ')).toEqual({ ok: true, name: 'Ana' });
    expect(session.screen.value).toBe('game');
    expect(session.stage.value).toBe('ready');
    expect(session.displayHand.value?.tiles).toHaveLength(4);
    expect(session.displayPiles.value).toEqual({ draw: 132, discard: 0 });
    expect(storage.getItem(STORAGE_KEYS.lastName)).toBe('Ana');
    expect(makeSession(storage).playerName.value).toBe('Ana');
  });

  it('New Game with an invalid name stays on the landing screen and explains why', () => {
    const session = makeSession();
    expect(session.startGame('x')).toEqual({ ok: false, code: 'short', message: 'Use at least 2 characters.' });
    expect(session.screen.value).toBe('landing');
    expect(session.game.value).toBeNull();
  });
});

describe('mahjong session: round lifecycle', () => {
  it('a bet goes locked → revealing → applied → ready, showing the right hand at each step', () => {
    const session = makeSession();
    session.startGame('Ana');
    const first = session.displayHand.value!;
    expect(session.bet('higher')).toBe(true);

    expect(session.stage.value).toBe('locked');
    expect(session.lockedBet.value).toBe('higher');
    expect(session.displayHand.value).toEqual(first);
    expect(session.game.value!.history).toHaveLength(0);

    vi.advanceTimersByTime(TIMINGS.lock);
    expect(session.stage.value).toBe('revealing');
    const revealed = session.displayHand.value!;
    expect(revealed.tiles.map((tile) => tile.id)).not.toEqual(first.tiles.map((tile) => tile.id));
    expect(session.displayPiles.value).toEqual({ draw: 128, discard: 4 });
    expect(session.game.value!.history).toHaveLength(0);

    vi.advanceTimersByTime(TIMINGS.reveal);
    expect(session.stage.value).toBe('applied');
    const round = session.lastRound.value!;
    expect(round.round).toBe(1);
    expect(round.hand).toEqual(first);
    expect(round.revealed).toEqual(revealed);
    expect(session.game.value!.history).toEqual([round]);
    expect(session.game.value!.score).toBe(round.outcome === 'win' ? 1 : 0);

    vi.advanceTimersByTime(TIMINGS.settle);
    expect(session.stage.value).toBe('ready');
    expect(session.lockedBet.value).toBeNull();
    expect(session.canBet.value).toBe(true);
  });

  it('input is locked while a bet resolves', () => {
    const session = makeSession();
    session.startGame('Ana');
    session.bet('lower');
    for (const step of [0, TIMINGS.lock, TIMINGS.reveal]) {
      vi.advanceTimersByTime(step);
      expect(session.canBet.value).toBe(false);
      expect(session.resolving.value).toBe(true);
      expect(session.bet('higher')).toBe(false);
    }
    vi.advanceTimersByTime(TIMINGS.settle);
    expect(session.game.value!.history).toHaveLength(1);
    expect(session.lastRound.value!.bet).toBe('lower');
    expect(session.canBet.value).toBe(true);
  });

  it('leaving mid-reveal finishes the round at once, and the game can be resumed', () => {
    const session = makeSession();
    session.startGame('Ana');
    session.bet('higher');
    session.backToLanding();
    expect(session.screen.value).toBe('landing');
    expect(session.stage.value).toBe('ready');
    expect(session.game.value!.history).toHaveLength(1);
    expect(session.canResume.value).toBe(true);
    session.resumeGame();
    expect(session.screen.value).toBe('game');
    expect(session.canBet.value).toBe(true);
  });

  it('reads the motion timings at each bet', () => {
    let timings = TIMINGS;
    const session = makeSession(memoryStorage(), { timings: () => timings });
    session.startGame('Ana');
    timings = { lock: 1, reveal: 1, settle: 1 };
    session.bet('higher');
    vi.advanceTimersByTime(3);
    expect(session.stage.value).toBe('ready');
  });
});

describe('mahjong session: game over', () => {
  it('input is locked after game over', () => {
    const session = makeSession();
    session.startGame('Ana');
    playToTheEnd(session);
    expect(session.game.value!.over).not.toBeNull();
    expect(session.canBet.value).toBe(false);
    expect(session.canResume.value).toBe(false);
    const history = session.game.value!.history.length;
    expect(session.bet('higher')).toBe(false);
    vi.advanceTimersByTime(ROUND_MS);
    expect(session.game.value!.history).toHaveLength(history);
    expect(session.stage.value).toBe('over');
  });

  it('the score is saved to the leaderboard once, as soon as the game is over', () => {
    const storage = memoryStorage();
    const session = makeSession(storage);
    session.startGame('Ana');
    // Play to the last round, then watch the save happen when its result is applied.
    let rounds = 0;
    while (!session.game.value!.over) {
      session.bet('higher');
      vi.advanceTimersByTime(TIMINGS.lock + TIMINGS.reveal);
      rounds += 1;
      if (!session.game.value!.over) vi.advanceTimersByTime(TIMINGS.settle);
    }
    expect(rounds).toBe(204);
    expect(session.stage.value).toBe('applied');
    const score = session.game.value!.score;
    const saved = [{ name: 'Ana', score, ts: 1_001 }];
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.leaderboard)!)).toEqual(saved);
    expect(session.leaderboard.value).toEqual(saved);
    expect(session.savedScore.value).toEqual({ entry: saved[0], rank: 1 });
    vi.advanceTimersByTime(TIMINGS.settle);
    expect(session.stage.value).toBe('over');
    session.backToLanding();
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.leaderboard)!)).toHaveLength(1);
  });

  it('New Game after game over starts a fresh game for the same player', () => {
    const session = makeSession();
    session.startGame('Ana');
    playToTheEnd(session);
    session.startGame(session.playerName.value);
    expect(session.stage.value).toBe('ready');
    expect(session.game.value!.history).toHaveLength(0);
    expect(session.game.value!.score).toBe(0);
    expect(session.savedScore.value).toBeNull();
    expect(session.leaderboard.value).toHaveLength(1);
  });
});

describe('mahjong session: leaderboard', () => {
  it('Clear leaderboard empties the board and its storage at once', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.leaderboard]: JSON.stringify([{ name: 'Bo', score: 9, ts: 5 }]) });
    const session = makeSession(storage);
    session.clearScores();
    expect(session.leaderboard.value).toEqual([]);
    expect(storage.getItem(STORAGE_KEYS.leaderboard)).toBeNull();
  });
});

describe('mahjong session: the hint and "How to play"', () => {
  it('shows a hint only when asked for, for the bet on the table, and it is a bet the game takes', () => {
    const session = makeSession();
    session.startGame('Ana');
    expect(session.hint.value).toBeNull();
    session.askHint();
    const hint = session.hint.value!;
    expect(['higher', 'lower']).toContain(hint.move);
    expect(hint.why).toMatchObject({ code: hint.move, total: session.displayHand.value!.total });
    expect(session.bet(hint.move)).toBe(true);
    vi.advanceTimersByTime(ROUND_MS);
    // A new hand: the old advice is gone until asked again.
    expect(session.hint.value).toBeNull();
  });

  it("a lesson deals the tutorial's game, hints every bet, stops after its bets and is never resumed", () => {
    const session = makeSession();
    session.startLesson('Ana');
    const moves: string[] = [];
    while (session.canBet.value) {
      const hint = session.hint.value!;
      moves.push(hint.move);
      expect(session.bet(hint.move)).toBe(true);
      vi.advanceTimersByTime(ROUND_MS);
    }
    expect(moves).toEqual(walkMahjongLesson().map((r) => r.bet));
    expect(session.lessonOver.value).toBe(true);
    expect(session.game.value!.history).toHaveLength(MAHJONG_TUTORIAL.bets);
    expect(session.canResume.value).toBe(false);
    // Play now: a real game, no lesson, no hint unless asked.
    session.startGame('Ana');
    expect(session.lesson.value).toBeNull();
    expect(session.canBet.value).toBe(true);
    expect(session.hint.value).toBeNull();
  });
});
