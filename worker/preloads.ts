import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../shared/site/preloads';
import type { Env } from './env';

/**
 * A room page's chunks named in its HTML (`<link rel="modulepreload">` and style preloads),
 * so a phone fetches the room page and the game's table together with the entry script rather
 * than one round trip after another. The build lists them in dist/route-preloads.json
 * (scripts/route-preloads.ts); the game comes from the room itself, so no game is named here.
 */
let cached: Promise<RoutePreloads | null> | null = null;

function routePreloads(env: Env, origin: string): Promise<RoutePreloads | null> {
  cached ??= env.ASSETS.fetch(new URL(`/${ROUTE_PRELOADS_FILE}`, origin))
    .then((r) => (r.ok ? (r.json() as Promise<RoutePreloads>) : null))
    .catch(() => null);
  return cached;
}

/**
 * The files to preload for a room page of `game` (null: game not known yet, room page only);
 * a room still in its lobby (`lobby`) paints the lobby first, then its table after Start.
 */
export async function roomPreloads(env: Env, origin: string, game: string | null, lobby = false): Promise<string[]> {
  const p = await routePreloads(env, origin);
  if (!p) return [];
  return [...new Set([...p.room, ...(lobby ? (p.lobby ?? []) : []), ...((game && p.tables[game]) || [])])];
}

/** `<link>` tags for `files`: scripts as module preloads, style sheets as style preloads (same CORS mode as Vite's loader). */
export function preloadTags(files: string[]): string {
  return files
    .filter((f) => /^\/assets\/[\w.-]+\.(js|css)$/.test(f))
    .map((f) => (f.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="${f}">` : `<link rel="modulepreload" crossorigin href="${f}">`))
    .join('');
}
