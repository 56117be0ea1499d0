/**
 * The public-tables port: a room's `listing` effects go to its Lobby shard (worker/lobby.ts),
 * in order (a remove never overtakes the put before it), each retried once: a lost call would
 * leave the list stale until the next change or the Lobby's own expiry. Nothing is acknowledged
 * to the core: the Lobby keeps no state the room waits for.
 */
import { lobbyName, lobbyShard, type PublicListing } from '../../shared/lobby/listing';
import type { Effect } from '../../shared/room/types';
import type { Lobby } from '../lobby';

/** Put (or, for null, remove) one room's entry in its shard. */
export type ListingCall = (code: string, game: string, entry: PublicListing | null) => Promise<void>;

export class LobbyPort {
  private calls: Promise<void> = Promise.resolve();

  constructor(
    private readonly call: ListingCall,
    /** Keeps the object alive until the calls are made (the Durable Object's `waitUntil`). */
    private readonly waitUntil: (work: Promise<unknown>) => void,
  ) {}

  handle(effects: readonly Effect[]): void {
    for (const e of effects) if (e.t === 'listing') this.tell(e.code, e.game, e.entry);
  }

  /** Every call handed over so far has been made (or given up). */
  idle(): Promise<void> {
    return this.calls;
  }

  private tell(code: string, game: string, entry: PublicListing | null): void {
    this.calls = this.calls.then(async () => {
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          return await this.call(code, game, entry);
        } catch (e) {
          if (attempt === 1) console.error(`lobby ${entry ? 'put' : 'remove'} for ${code} failed:`, e);
        }
      }
    });
    this.waitUntil(this.calls);
  }
}

/** The shard's RPC: the port's one reach into the Lobby objects. */
export function lobbyCall(lobbies: DurableObjectNamespace<Lobby>): ListingCall {
  return async (code, game, entry) => {
    const lobby = lobbies.get(lobbies.idFromName(lobbyName(game, lobbyShard(code))));
    if (entry) await lobby.put(entry);
    else await lobby.remove(code);
  };
}
