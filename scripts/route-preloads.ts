/**
 * Vite plugin: dist/route-preloads.json, the files a room page needs beyond the first screen —
 * the room page's chunks, and each game table's — so the Worker can name them in the HTML of
 * `/r/<code>` (`<link rel="modulepreload">`, worker/spa.ts). The browser then fetches them
 * alongside the entry script instead of one after another (issue 12: a table's largest
 * contentful paint within 2 s on a phone).
 *
 * A table is the chunk of `web/src/games/<game id>/Table.vue` (web/src/games/tables.ts).
 */
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../shared/site/preloads.ts';

const ROOM_PAGE = /\/web\/src\/pages\/RoomPage\.vue$/;
const LOBBY = /\/web\/src\/components\/LobbyView\.vue$/;
const TABLE = /\/web\/src\/games\/([^/]+)\/Table\.vue$/;

export function routePreloads(): Plugin {
  return {
    name: 'cardroom:route-preloads',
    apply: 'build',
    generateBundle(_, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      /** A chunk and everything it imports statically, with their style sheets. */
      const closure = (chunk: OutputChunk, seen = new Set<string>()): Set<string> => {
        if (seen.has(chunk.fileName)) return seen;
        seen.add(chunk.fileName);
        for (const css of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) seen.add(css);
        for (const imp of chunk.imports) {
          const next = byName.get(imp);
          if (next) closure(next, seen);
        }
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('/web/index.html'));
      const room = chunks.find((c) => c.facadeModuleId && ROOM_PAGE.test(c.facadeModuleId));
      const lobby = chunks.find((c) => c.facadeModuleId && LOBBY.test(c.facadeModuleId));
      if (!entry || !room || !lobby) throw new Error('route-preloads: the entry, the room page or the lobby chunk is missing from the build');
      const first = closure(entry);
      const roomFiles = [...closure(room)].filter((f) => !first.has(f));
      const lobbyFiles = [...closure(lobby)].filter((f) => !first.has(f) && !roomFiles.includes(f));
      const tables: Record<string, string[]> = {};
      for (const c of chunks) {
        // The chunk holding a game's table module (grouped with the game's other files: scripts/chunks.ts).
        const game = c.moduleIds.map((id) => id.match(TABLE)?.[1]).find(Boolean);
        if (game) tables[game] = [...closure(c)].filter((f) => !first.has(f) && !roomFiles.includes(f));
      }
      // The grouping must never put a room or game file on the home page's first screen.
      const grouped = [...first].filter((f) => /^assets\/(?:room|table-kit|game-[^/]+)-[\w-]+\.js$/.test(f));
      if (grouped.length)
        throw new Error(`route-preloads: the entry loads grouped chunks ${grouped.join(', ')}: keep the entry's modules out of scripts/chunks.ts's groups`);
      const preloads: RoutePreloads = {
        room: roomFiles.map((f) => `/${f}`),
        lobby: lobbyFiles.map((f) => `/${f}`),
        tables: Object.fromEntries(Object.entries(tables).map(([g, fs]) => [g, fs.map((f) => `/${f}`)])),
      };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
