/**
 * The D1 ports kept in memory, with the rules the D1 modules keep (one ranked game per player at
 * a time, a stale mark ignored after ACTIVE_STALE_MS, a result written once per room and game):
 * the queue, ranked-room and result logic is tested under Node with these. Tests in workerd
 * check the D1 modules against the same rules.
 */
import { changeOf, checkedResult, rateResult, type RatedSeatRow } from '../../shared/ranked/result';
import { newRating, type PlayerRating } from '../../shared/ranked/rating';
import { ACTIVE_STALE_MS } from './tables';
import type { FormedRankedTable, OpenedTables, PendingRankedTable, RankedResults, RankedTables, RecordedResult } from './ports';

export class MemoryRankedTables implements RankedTables {
  readonly tables = new Map<string, PendingRankedTable>();
  readonly active = new Map<string, { room: string; since: number }>();
  /** The next `open` fails (a D1 error), for tests of the queue's retry and refusal paths. */
  failNext = false;

  async open(game: string, tier: string, tables: readonly FormedRankedTable[], now: number, prune = false): Promise<OpenedTables> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('memory D1: write failed');
    }
    const before = now - ACTIVE_STALE_MS;
    if (prune) for (const [room, t] of this.tables) if (t.formedAt < before) this.tables.delete(room);
    const activeNow = (p: string) => {
      const a = this.active.get(p);
      return a !== undefined && a.since > before ? a.room : null;
    };
    const result: OpenedTables = { opened: [], refused: [] };
    // Checked all before any is written, as the D1 batch checks every table before it marks anyone.
    const free = tables.map((t) => t.players.every((p) => activeNow(p) === null));
    tables.forEach((t, i) => {
      if (!free[i]) {
        result.refused.push({ room: t.room, busy: t.players.filter((p) => activeNow(p) !== null) });
        return;
      }
      this.tables.set(t.room, { game, tier, formedAt: now, players: [...t.players], ticketHashes: [...t.ticketHashes] });
      for (const p of t.players) this.active.set(p, { room: t.room, since: now });
      result.opened.push(t.room);
    });
    return result;
  }

  async pending(room: string): Promise<PendingRankedTable | null> {
    const t = this.tables.get(room);
    return t ? { ...t, players: [...t.players], ticketHashes: [...t.ticketHashes] } : null;
  }

  async clear(room: string): Promise<void> {
    this.tables.delete(room);
    for (const [p, a] of this.active) if (a.room === room) this.active.delete(p);
  }

  async activeRoom(player: string, now: number): Promise<string | null> {
    const a = this.active.get(player);
    return a !== undefined && a.since > now - ACTIVE_STALE_MS ? a.room : null;
  }
}

export class MemoryRankedResults implements RankedResults {
  /** Stored seats by `room#gameNo`, and ratings by `player:game`. */
  readonly games = new Map<string, RatedSeatRow[]>();
  readonly ratings = new Map<string, PlayerRating>();

  async record(input: Parameters<RankedResults['record']>[0]): Promise<RecordedResult> {
    const result = checkedResult(input);
    const key = `${result.room}#${result.gameNo}`;
    const stored = this.games.get(key);
    if (stored) return { changes: stored.map(changeOf) };
    const before = result.seats.map((s) => this.ratings.get(`${s.player}:${result.game}`) ?? newRating());
    const rated = rateResult(result, before);
    this.games.set(key, rated);
    for (const r of rated) this.ratings.set(`${r.player}:${result.game}`, { mu: r.mu, sigma: r.sigma, games: r.games });
    return { changes: rated.map(changeOf) };
  }
}
