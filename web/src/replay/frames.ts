/**
 * A replay, recomputed in the browser by the rules package, as frames the room store can
 * show with the game's own table: the room info, one seat's view (or a spectator's), the
 * events of the step and the log so far. Never names a game.
 */
import type { AnyGame, ChapterKind, GameEvent } from '../../../shared/engine/types';
import { verifyReveal, type VerifyResult } from '../../../shared/fair';
import { replay, type ReplayRecord, type ReplayResult } from '../../../shared/fair/replay';
import type { LogEntry, RoomInfo } from '../../../shared/protocol';

/** A "jump to" chapter: the game says which of its events start a deal or a trick (`Game.chapters`). */
export type Chapter = ChapterKind | 'turn';

export interface ReplayFrame {
  room: RoomInfo;
  view: unknown;
  seat: number | null;
  /** The seat the person watching played in this game, if any: the only seat a table may call "You". */
  viewer: number | null;
  /** Steps applied: 0 = the deal, n = after the n-th move. */
  version: number;
  events: LogEntry[];
  log: LogEntry[];
}

export interface Replay {
  record: ReplayRecord;
  result: ReplayResult;
  /** The reveal checked by itself (null: the seed was not committed to, e.g. an older game). */
  deal: VerifyResult | null;
  /** The last step that can be shown (moves applied before a divergence, if any). */
  steps: number;
  /** Steps at which each kind of chapter starts. */
  marks: Record<Chapter, number[]>;
  /**
   * `opening`: the step a replay opens on at a deal's start (openingStep): its events from the
   * deal on, so the table starts that deal rather than showing the summary of the one before it
   * (the same move ended that one).
   */
  frame(step: number, seat: number | null, opening?: boolean): ReplayFrame;
  /** Every seat's hand at a step, when the game's views show one as `hand` (for "all hands open"). */
  hands(step: number): { seat: number; name: string; cards: string[] }[];
}

function entries(events: GameEvent[]): LogEntry[] {
  return events.map((e) => ({ ...e }) as LogEntry);
}

/**
 * Where a replay opens: at the first deal, or at the start of the last deal when opened from
 * the game that just finished (its result card's link), so its end is a few steps away.
 */
export function openingStep(marks: Record<Chapter, number[]>, from: 'start' | 'end'): number {
  return from === 'end' ? (marks.deal[marks.deal.length - 1] ?? 0) : 0;
}

/**
 * Whether showing step `to` after step `from` carries the table on (the next step, as play
 * would): its animations may run. Any other change (back, a jump, the slider) starts a fresh
 * table, so nothing it was showing for another step stays on screen.
 */
export function continues(from: number, to: number): boolean {
  return to === from + 1;
}

export function buildReplay(game: AnyGame | undefined, record: ReplayRecord, viewer: number | null = null): Replay {
  const result = replay(game, record);
  const steps = Math.max(0, result.states.length - 1);
  const marks: Record<Chapter, number[]> = { deal: [0], trick: [], turn: [0] };
  const chapters = Object.entries(game?.chapters ?? {}) as [ChapterKind, readonly string[]][];
  const dealTypes: readonly string[] = game?.chapters?.deal ?? [];
  result.events.forEach((events, i) => {
    const step = i + 1;
    for (const [chapter, types] of chapters) {
      if (events.some((e) => types.includes(e.type))) marks[chapter].push(step);
    }
    if (i + 1 < record.moves.length && record.moves[i + 1]!.seat !== record.moves[i]!.seat) marks.turn.push(step);
  });
  const baseRoom = (step: number): RoomInfo => {
    const over = step === steps && result.outcome !== null;
    return {
      code: record.room ?? 'replay',
      game: record.game,
      status: over ? 'finished' : 'playing',
      options: record.options,
      clock: null,
      pace: 'relaxed',
      public: false,
      seats: record.players.map((p) => ({ name: p.name, kind: 'human' as const, connected: true, botPlaying: false })),
      teams: game?.teams?.(record.players.length) ?? null,
      hostSeat: null,
      spectators: 0,
      totals: [],
      gamesPlayed: 0,
      outcome: over ? result.outcome : null,
      commitment: null,
      ranked: null,
    };
  };
  return {
    record,
    result,
    deal: record.reveal ? verifyReveal(record.reveal) : null,
    steps,
    marks,
    frame(step, seat, opening = false) {
      const s = Math.max(0, Math.min(step, steps));
      const stepEvents = s > 0 ? result.events[s - 1]! : [];
      const dealAt = opening ? stepEvents.findLastIndex((e) => dealTypes.includes(e.type)) : -1;
      return {
        room: baseRoom(s),
        view: game && result.states[s] !== undefined ? game.view(result.states[s], seat) : null,
        seat,
        viewer: viewer !== null && viewer >= 0 && viewer < record.players.length ? viewer : null,
        version: s,
        events: entries(dealAt >= 0 ? stepEvents.slice(dealAt) : stepEvents),
        log: result.events.slice(Math.max(0, s - 200), s).flatMap(entries),
      };
    },
    hands(step) {
      const state = result.states[Math.max(0, Math.min(step, steps))];
      if (!game || state === undefined) return [];
      return record.players.flatMap((p, seat) => {
        const hand = (game.view(state, seat) as { hand?: unknown } | null)?.hand;
        return Array.isArray(hand) && hand.every((c) => typeof c === 'string') ? [{ seat, name: p.name, cards: hand as string[] }] : [];
      });
    },
  };
}

/** The step a "jump" lands on: the next (or previous) chapter start after (before) `from`. */
export function jump(marks: number[], from: number, direction: 1 | -1): number | null {
  if (direction > 0) return marks.find((m) => m > from) ?? null;
  return [...marks].reverse().find((m) => m < from) ?? null;
}

/** A file name for a downloaded replay. */
export function replayFileName(record: ReplayRecord): string {
  return `cardroom-${record.game}-${record.room ?? 'offline'}-game${record.gameNo}.json`;
}
