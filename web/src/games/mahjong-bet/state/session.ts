/**
 * One player's Mahjong session: screens, the running game, the reveal timeline of a bet,
 * the leaderboard and the remembered name. Framework-light (Vue refs only, no DOM), so it
 * runs under Node in tests with an injected storage, clock and seed source.
 */
import { computed, ref, shallowRef } from 'vue';
import {
  MAHJONG_TUTORIAL,
  currentHand,
  mahjongHint,
  newGame,
  pileCounts,
  placeBet,
  type Bet,
  type HandSnapshot,
  type MahjongState,
  type PileCounts,
  type RoundRecord,
} from '../../../../../shared/games/mahjong-bet';
import { clearLeaderboard, loadLeaderboard, recordScore, type LeaderboardEntry } from './leaderboard';
import { loadLastName, saveLastName, validatePlayerName, type NameCheck } from './playerName';
import type { KeyValueStorage } from './storage';

export type Screen = 'landing' | 'game';
/**
 * A bet runs ready → locked (the choice glows) → revealing (the next hand is dealt and its
 * total counts up) → applied (outcome, honour values move, history grows) → ready or over.
 */
export type Stage = 'ready' | 'locked' | 'revealing' | 'applied' | 'over';

/** Milliseconds spent in each stage of a bet; all short under reduced motion. */
export interface Timings {
  lock: number;
  reveal: number;
  settle: number;
}

export const FULL_MOTION: Timings = { lock: 260, reveal: 760, settle: 420 };
export const REDUCED_MOTION: Timings = { lock: 20, reveal: 20, settle: 20 };

export interface SessionDeps {
  storage: KeyValueStorage;
  now: () => number;
  newSeed: () => string;
  /** Read at every bet, so a change of the motion setting applies from the next bet. */
  timings: () => Timings;
}

export interface SavedScore {
  entry: LeaderboardEntry;
  rank: number | null;
}

export function createMahjongSession(deps: SessionDeps) {
  const screen = ref<Screen>('landing');
  const playerName = ref(loadLastName(deps.storage));
  const leaderboard = shallowRef<LeaderboardEntry[]>(loadLeaderboard(deps.storage));
  /** The game as settled so far; a bet in flight is applied to it at the end of its reveal. */
  const game = shallowRef<MahjongState | null>(null);
  /** The running game's seed, kept so the game can be replayed from it. */
  const seed = ref<string | null>(null);
  const stage = ref<Stage>('ready');
  const lockedBet = ref<Bet | null>(null);
  const pending = shallowRef<{ state: MahjongState; round: RoundRecord } | null>(null);
  /** The latest applied round, for the outcome line and the +1 / −1 popovers. */
  const lastRound = shallowRef<RoundRecord | null>(null);
  const savedScore = shallowRef<SavedScore | null>(null);
  let timer: ReturnType<typeof setTimeout> | null = null;

  /** "How to play": the bets the lesson coaches (null in a real game). */
  const lesson = ref<number | null>(null);
  const lessonOver = computed(() => lesson.value !== null && (game.value?.history.length ?? 0) >= lesson.value);
  const canBet = computed(() => screen.value === 'game' && stage.value === 'ready' && !!game.value && !game.value.over && !lessonOver.value);
  /** The bet the Hint button asked for (the round it was asked on); a lesson shows every hint. */
  const hintAskedAt = ref(-1);
  const hint = computed(() => {
    if (!canBet.value || !game.value) return null;
    if (lesson.value === null && hintAskedAt.value !== game.value.history.length) return null;
    return mahjongHint(game.value);
  });
  const resolving = computed(() => stage.value === 'locked' || stage.value === 'revealing' || stage.value === 'applied');
  // A lesson is not resumed from the landing screen: "How to play" starts it afresh.
  const canResume = computed(() => !!game.value && !game.value.over && lesson.value === null);

  /** The hand on the table: the revealed hand (values as dealt) while it is being revealed. */
  const displayHand = computed<HandSnapshot | null>(() => {
    if (stage.value === 'revealing' && pending.value) return pending.value.round.revealed;
    return game.value ? currentHand(game.value) : null;
  });
  const displayPiles = computed<PileCounts>(() => {
    if (stage.value === 'revealing' && pending.value) return pending.value.round.piles;
    return game.value ? pileCounts(game.value) : { draw: 0, discard: 0 };
  });
  const displayExhaustions = computed(() => (stage.value === 'revealing' && pending.value ? pending.value.round.exhaustions : (game.value?.exhaustions ?? 0)));

  function schedule(ms: number, next: () => void): void {
    timer = setTimeout(() => {
      timer = null;
      next();
    }, ms);
  }

  function cancelTimer(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function saveFinishedGame(state: MahjongState): void {
    const entry: LeaderboardEntry = { name: playerName.value, score: state.score, ts: deps.now() };
    const { board, rank } = recordScore(deps.storage, entry);
    leaderboard.value = board;
    savedScore.value = { entry, rank };
  }

  /** End of the reveal: the round becomes part of the game; a finished game is saved at once. */
  function applyPending(): void {
    const resolved = pending.value;
    if (!resolved) return;
    pending.value = null;
    game.value = resolved.state;
    lastRound.value = resolved.round;
    stage.value = 'applied';
    if (resolved.state.over) saveFinishedGame(resolved.state);
  }

  function settle(): void {
    lockedBet.value = null;
    stage.value = game.value?.over ? 'over' : 'ready';
  }

  /** Runs what is left of a bet's timeline at once (leaving the screen mid-reveal). */
  function finishResolving(): void {
    cancelTimer();
    if (pending.value) applyPending();
    if (resolving.value) settle();
  }

  function startGame(rawName: string): NameCheck {
    const check = validatePlayerName(rawName);
    if (!check.ok) return check;
    finishResolving();
    playerName.value = check.name;
    saveLastName(deps.storage, check.name);
    seed.value = deps.newSeed();
    game.value = newGame(seed.value);
    lesson.value = null;
    stage.value = 'ready';
    lockedBet.value = null;
    lastRound.value = null;
    savedScore.value = null;
    screen.value = 'game';
    return check;
  }

  /** "How to play": the lesson's game, from its chosen seed, coached for its first bets. */
  function startLesson(name: string): void {
    finishResolving();
    playerName.value = name;
    seed.value = MAHJONG_TUTORIAL.seed;
    game.value = newGame(seed.value);
    lesson.value = MAHJONG_TUTORIAL.bets;
    stage.value = 'ready';
    lockedBet.value = null;
    lastRound.value = null;
    savedScore.value = null;
    screen.value = 'game';
  }

  /** Places a bet; refused (false) unless the game is waiting for one. */
  function bet(choice: Bet): boolean {
    if (!canBet.value || !game.value) return false;
    const result = placeBet(game.value, choice);
    if (!result.ok) return false;
    const timings = deps.timings();
    pending.value = { state: result.state, round: result.round };
    lockedBet.value = choice;
    stage.value = 'locked';
    schedule(timings.lock, () => {
      stage.value = 'revealing';
      schedule(timings.reveal, () => {
        applyPending();
        schedule(timings.settle, settle);
      });
    });
    return true;
  }

  function askHint(): void {
    hintAskedAt.value = game.value?.history.length ?? -1;
  }

  function resumeGame(): void {
    if (canResume.value) screen.value = 'game';
  }

  function backToLanding(): void {
    finishResolving();
    screen.value = 'landing';
  }

  function clearScores(): void {
    leaderboard.value = clearLeaderboard(deps.storage);
  }

  return {
    screen,
    playerName,
    leaderboard,
    game,
    seed,
    stage,
    lockedBet,
    lastRound,
    savedScore,
    canBet,
    lesson,
    lessonOver,
    hint,
    askHint,
    startLesson,
    resolving,
    canResume,
    displayHand,
    displayPiles,
    displayExhaustions,
    startGame,
    bet,
    resumeGame,
    backToLanding,
    clearScores,
    dispose: cancelTimer,
  };
}

export type MahjongSession = ReturnType<typeof createMahjongSession>;
