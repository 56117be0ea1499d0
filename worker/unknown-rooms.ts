/**
 * Room codes this Worker isolate recently found to name no room. Asking a room whether it
 * exists wakes its Durable Object and costs a D1 read (a ranked table the queue formed becomes
 * its room on first arrival), so a flood of made-up codes would turn into D1 load; a code asked
 * for again within a short while is answered from here.
 *
 * A code is only ever handed out once its room exists: `POST /api/rooms` answers after the room
 * is made (and forgets the code here, for this isolate), and the ranked queue tells its players
 * the code only after the table's rows are written. So a code cached here can only come to exist
 * afterwards if someone guessed a random 12-character code before it was minted; the short
 * lifetime bounds even that.
 */
import type { RoomInfo } from '../shared/protocol';
import type { Env } from './env';

/** How long a miss is remembered. */
export const UNKNOWN_ROOM_TTL_MS = 30_000;
/** At most this many codes are remembered (oldest forgotten first): memory stays bounded under a flood. */
export const UNKNOWN_ROOM_LIMIT = 10_000;

/** A bounded set of keys that each expire `ttlMs` after they were added. */
export class ExpiringSet {
  /** Key → when it expires; a Map keeps insertion order, so the first entry is the oldest. */
  private readonly until = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly ttlMs: number,
  ) {}

  has(key: string, now: number): boolean {
    const until = this.until.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.until.delete(key);
    return false;
  }

  add(key: string, now: number): void {
    // Re-added keys move to the end, so eviction order stays oldest first.
    this.until.delete(key);
    while (this.until.size >= this.limit) this.until.delete(this.until.keys().next().value!);
    this.until.set(key, now + this.ttlMs);
  }

  delete(key: string): void {
    this.until.delete(key);
  }

  get size(): number {
    return this.until.size;
  }
}

/** This isolate's recently unknown room codes. */
export const unknownRooms = new ExpiringSet(UNKNOWN_ROOM_LIMIT, UNKNOWN_ROOM_TTL_MS);

/** The room's public info, or null when no room has that code (a recent miss is not asked again). */
export async function knownRoomInfo(env: Pick<Env, 'ROOMS'>, code: string): Promise<RoomInfo | null> {
  if (unknownRooms.has(code, Date.now())) return null;
  const info = await env.ROOMS.get(env.ROOMS.idFromName(code)).info(code);
  if (!info) unknownRooms.add(code, Date.now());
  return info;
}
