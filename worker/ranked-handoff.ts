/**
 * The ranked room's side of the D1 hand-off, without the runtime: the settings a room is made
 * with from the table the queue formed, and what the end of its game owes (the result written
 * once, then the players freed and the table's rows gone). worker/room.ts's `fromFormedTable`
 * and `settleRanked` are to call these through the ports (`RankedTables`, `RankedResults`).
 */
import { rankedTier } from '../shared/games/catalog';
import type { RatedFrame } from '../shared/protocol';
import { BadRankedResult, type RankedResult } from '../shared/ranked/result';
import type { RoomSettings } from '../shared/room/types';
import type { PendingRankedTable, RankedResults, RankedTables } from './d1/ports';

/** The room a formed table becomes: standard options, the tier's clock; null for a tier the catalog no longer has. */
export function rankedRoomSettings(code: string, table: PendingRankedTable): RoomSettings | null {
  const tier = rankedTier(table.game, table.tier);
  if (!tier) return null;
  return {
    code,
    game: table.game,
    options: {},
    clock: tier.seconds,
    pace: 'relaxed',
    ranked: { tier: table.tier, players: table.players, tickets: table.ticketHashes },
  };
}

/**
 * Writes a finished ranked game's result (once, however often it is called), then frees its
 * players and drops the formed table's rows; the frame the room then sends. A result that can
 * never be written is logged and rated as no change (retrying it would fail forever); any other
 * error is thrown, for the caller to retry.
 */
export async function settleResult(ports: { results: RankedResults; tables: RankedTables }, result: RankedResult): Promise<RatedFrame> {
  let changes: RatedFrame['changes'] = [];
  try {
    changes = (await ports.results.record(result)).changes;
  } catch (e) {
    if (!(e instanceof BadRankedResult)) throw e;
    console.error(`room ${result.room}: ranked result refused`, e);
  }
  await ports.tables.clear(result.room);
  return { t: 'rated', game: result.gameNo, changes };
}
