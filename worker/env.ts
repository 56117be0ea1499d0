import type { Lobby } from './lobby';
import type { Queue } from './queue';
import type { Room } from './room';

export interface Env {
  ROOMS: DurableObjectNamespace<Room>;
  /** Public tables, sharded by game and a hash of the room code (shared/lobby/listing.ts). */
  LOBBIES: DurableObjectNamespace<Lobby>;
  /** Ranked queues, one per game, tier and seat count (worker/queue.ts). */
  QUEUES: DurableObjectNamespace<Queue>;
  ASSETS: Fetcher;
  /** Players, passkeys and ranked results (migrations/*.sql). */
  DB: D1Database;
  /** Rooms one client may create a minute (see worker/limits.ts). */
  ROOM_CREATION_LIMIT: RateLimit;
  /** "off" lifts the room-creation limit, for load benchmarks only. */
  ROOM_LIMIT?: string;
  /** New players one client may make a minute (see worker/limits.ts). */
  PLAYER_CREATION_LIMIT: RateLimit;
  /** "off" lifts the player-creation limit, for end-to-end tests and benchmarks only. */
  PLAYER_LIMIT?: string;
  /** Room sockets one client may open in 10 s (see worker/limits.ts). */
  SOCKET_OPEN_LIMIT: RateLimit;
  /** "off" lifts the socket-opening limit, for load benchmarks only. */
  SOCKET_LIMIT?: string;
  /** Ranked queue joins one player may make in 10 s (worker/queue-routes.ts). */
  QUEUE_JOIN_LIMIT: RateLimit;
  /** "off" lifts the queue-join limit, for the queue benchmark only. */
  QUEUE_LIMIT?: string;
  /** "on" opens the queue benchmark's feed of synthetic arrivals (`/api/queue/…/feed`); never set in production. */
  QUEUE_BENCH?: string;
}
