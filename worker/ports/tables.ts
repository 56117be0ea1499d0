/**
 * The tables port: a ranked table the queue formed (in D1) becomes its room when it is first
 * asked for (its first player's socket, or its info). Concurrent first arrivals wait on one
 * read; a code with no formed table leaves the room unmade.
 */
import { rankedTier } from '../../shared/games/catalog';
import type { RoomSettings } from '../../shared/room/types';
import type { PendingRankedTable, RankedTables } from '../d1/ports';
import { d1RankedTables } from '../d1/tables';

/** The settings of the room a formed table becomes, or null when `code` names none. */
export type FormedTable = (code: string) => Promise<RoomSettings | null>;

/** The room the port opens tables into: whether it exists (asked again after the read), and its creation. */
export interface TableRoom {
  exists(): boolean;
  create(settings: RoomSettings): void;
}

export class TablesPort {
  private opening: Promise<void> | null = null;

  constructor(
    private readonly formed: FormedTable,
    private readonly room: TableRoom,
  ) {}

  /** Make the room from the table `code` names, unless the room exists. */
  async open(code: string): Promise<void> {
    if (this.room.exists()) return;
    this.opening ??= (async () => {
      const settings = await this.formed(code);
      if (settings && !this.room.exists()) this.room.create(settings);
    })().finally(() => {
      this.opening = null;
    });
    await this.opening;
  }
}

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
    mode: 'ranked',
    ranked: { tier: table.tier, players: table.players, tickets: table.ticketHashes },
  };
}

/** The formed tables the queue left in `tables`, as rooms' settings. */
export function formedTables(tables: RankedTables): FormedTable {
  return async (code) => {
    const table = await tables.pending(code);
    return table && rankedRoomSettings(code, table);
  };
}

/** The port's D1 access, in one place (worker/d1/tables.ts). */
export const d1FormedTable = (db: D1Database): FormedTable => formedTables(d1RankedTables(db));
