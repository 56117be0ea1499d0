/**
 * The ranked results port: a ranked room's owed `escapes` and `result` effects are written to
 * D1, one writer at a time, and acknowledged to the core (`RoomCore.settled`), which then stops
 * owing them and sends the rating changes. Until then they stay in the room record, so an
 * eviction or a restart only delays them; a D1 error is retried with a doubling delay (the
 * host keeps its alarm no later than `retryAt`). The result write is keyed by room and game
 * number, so a retried one is never counted twice; a result D1 refuses as malformed is not
 * retried (it would fail forever) and is acknowledged with no changes.
 */
import { BadRankedResult, type RankedResult } from '../../shared/ranked/result';
import type { Effect, RankedEscape, Settled } from '../../shared/room/types';
import { recordEscape } from '../d1/penalties';
import type { RankedChange, RankedResults, RankedTables } from '../d1/ports';
import { d1RankedResults } from '../d1/ratings';
import { d1RankedTables } from '../d1/tables';

/** First retry of a failed write, doubling up to the most. */
export const RANKED_RETRY_MS = 1_000;
export const RANKED_RETRY_MAX_MS = 60_000;

/** The D1 writes the port makes. */
export interface ResultWrites {
  escape(room: string, e: RankedEscape): Promise<void>;
  /** The result's rating changes; throws `BadRankedResult` for a result that can never be written. */
  result(result: RankedResult): Promise<RankedChange[]>;
  /** The room's players may queue again. */
  release(room: string): Promise<void>;
}

export class ResultsPort {
  private busy = false;
  private failures = 0;
  /** When to try again after a failure (null: nothing to retry). */
  retryAt: number | null = null;

  constructor(
    private readonly writes: ResultWrites,
    /** Hands an acknowledgement to the core (and carries out what it answers). */
    private readonly settle: (ack: Settled) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Start writing what the effects say is owed, unless a write is under way (then the next input brings them again). */
  handle(effects: readonly Effect[]): Promise<void> | null {
    if (this.busy) return null;
    const escapes = effects.flatMap((e) => (e.t === 'escapes' ? e.escapes.map((x) => ({ room: e.room, escape: x })) : []));
    const result = effects.flatMap((e) => (e.t === 'result' ? [e.result] : []))[0] ?? null;
    if (!result && escapes.length === 0) return null;
    this.busy = true;
    this.retryAt = null;
    return this.write(escapes, result).finally(() => {
      this.busy = false;
    });
  }

  private async write(escapes: { room: string; escape: RankedEscape }[], result: RankedResult | null): Promise<void> {
    const room = result?.room ?? escapes[0]!.room;
    try {
      for (const e of escapes) await this.writes.escape(e.room, e.escape);
      if (escapes.length > 0) this.settle({ t: 'escapes', written: escapes.map((e) => e.escape) });
      if (result) {
        let changes: RankedChange[] = [];
        try {
          changes = await this.writes.result(result);
        } catch (e) {
          if (!(e instanceof BadRankedResult)) throw e;
          console.error(`room ${room}: ranked result refused`, e);
        }
        await this.writes.release(room);
        this.settle({ t: 'result', frame: { t: 'rated', game: result.gameNo, changes } });
      }
      this.failures = 0;
    } catch (e) {
      console.error(`room ${room}: writing ranked rows failed, retrying`, e);
      this.failures++;
      this.retryAt = this.now() + Math.min(RANKED_RETRY_MAX_MS, RANKED_RETRY_MS * 2 ** Math.min(this.failures - 1, 6));
    }
  }
}

/** The writes over ranked play's ports: the result once per game, then the table's players freed. */
export function rankedWrites(ports: { results: RankedResults; tables: RankedTables; escape: ResultWrites['escape'] }): ResultWrites {
  return {
    escape: ports.escape,
    result: async (result) => (await ports.results.record(result)).changes,
    release: (room) => ports.tables.clear(room),
  };
}

/** The port's D1 access, in one place (worker/d1/). */
export function d1ResultWrites(db: D1Database): ResultWrites {
  return rankedWrites({
    results: d1RankedResults(db),
    tables: d1RankedTables(db),
    escape: async (room, e) => void (await recordEscape(db, { player: e.player, room, game: e.game, at: e.at })),
  });
}
