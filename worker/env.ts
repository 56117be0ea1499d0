import type { Room } from './room';

export interface Env {
  ROOMS: DurableObjectNamespace<Room>;
  ASSETS: Fetcher;
  /** Players, passkeys and ranked results (migrations/*.sql). */
  DB: D1Database;
  /** Rooms one client may create a minute (see worker/limits.ts). */
  ROOM_CREATION_LIMIT: RateLimit;
  /** "off" lifts the room-creation limit, for load benchmarks only. */
  ROOM_LIMIT?: string;
  /** Room sockets one client may open in 10 s (see worker/limits.ts). */
  SOCKET_OPEN_LIMIT: RateLimit;
  /** "off" lifts the socket-opening limit, for load benchmarks only. */
  SOCKET_LIMIT?: string;
}
