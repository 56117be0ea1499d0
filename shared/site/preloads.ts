/**
 * dist/route-preloads.json, written by the build (scripts/route-preloads.ts) and read by the
 * Worker (worker/preloads.ts): the files a room page loads beyond the first screen.
 */
export interface RoutePreloads {
  /** The room page: scripts and style sheets. */
  room: string[];
  /** The lobby (a room not started yet), beyond the room page's own files. */
  lobby: string[];
  /** Per game id, its table's scripts and style sheets that the room page does not already load. */
  tables: Record<string, string[]>;
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
