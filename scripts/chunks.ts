/**
 * How the build groups modules into files (rolldown's `codeSplitting.groups`), for a phone's
 * first visit to a table (issue 12: a table's largest contentful paint within 2 s).
 *
 * Left to itself the bundler makes one chunk per distinct set of importers, so a table page
 * fetched 30-odd files of a few hundred bytes each; on HTTP/1.1 (six connections) with a
 * 150 ms round trip every extra file is latency. Grouped instead:
 *
 * - `room`: what every room page paints with — the room page, its store and socket, the wire
 *   protocol, the shared table composables, sound and motion, the tables registry.
 * - `table-kit`: the French card face, card helpers and small table parts drawn by several
 *   games, in a room (online, offline or pass-and-play).
 * - `game-<id>`: each game's own browser folder (`web/src/games/<id>/`): its table, words,
 *   messages and card face (not its home-page words). Its rules package stays apart (the replay
 *   page loads every game's), and so do the parts the game loads on demand and those its own
 *   pages (Mahjong's) use.
 *
 * Pages (`*Page.vue`), dynamically imported panels, libraries shared with other pages (Vue,
 * vue-i18n, valibot, pinia) and the home page's modules keep the automatic chunking, so the
 * home page's first screen is unchanged. Names come from folders: no game is named here.
 */
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

const PAGE = /Page\.vue$/;
const ROOM = [
  /\/web\/src\/pages\/RoomPage\.vue$/,
  // Not early-socket.ts: the entry script opens the first socket with it.
  /\/web\/src\/stores\/(?:room|connection|table|fair-deal|move-lock)\.ts$/,
  /\/web\/src\/games\/tables\.ts$/,
  /\/web\/src\/composables\/(?:useEventWords|useGameTable)\.ts$/,
  /\/web\/src\/feel\//,
  /\/web\/src\/components\/(?:ConnectionBadge|LiveAnnouncer|MuteToggle)\.vue$/,
  /\/web\/src\/offline\/(?:handover\.ts|PassScreen\.vue)$/,
  /\/shared\/protocol\/(?:index|text)\.ts$/,
  /\/shared\/room\/patch\.ts$/,
  /\/shared\/fair\/schema\.ts$/,
  /\/node_modules\/partysocket\//,
];
/** What card tables draw with; Mahjong's tiles need none of it. */
const TABLE_KIT = [
  /\/web\/src\/cards\//,
  /\/shared\/cards\/(?:playing-cards|melds)\.ts$/,
  /\/web\/src\/games\/(?:words|refusals)\.ts$/,
  /\/web\/src\/i18n\/room\//,
  // Not useMediaQuery.ts: the home page reads reduced motion with it, so it rides in the entry.
  /\/web\/src\/composables\/(?:useFocusRescue|useElementWidth)\.ts$/,
  /\/web\/src\/components\/(?:ClockRing\.vue|ring\.ts)$/,
];
const GAME = /\/web\/src\/games\/([^/]+)\//;
/** A game's home-page words (its Arabic name and option labels) load with the app's Arabic words, not its table. */
const HOME_WORDS = /\/home\.messages\.ts$/;

const path = (id: string) => id.split('?')[0]!.replaceAll('\\', '/');

/**
 * Modules a page of a game reaches by static imports (Mahjong's page):
 * they stay in chunks of their own, shared by that page and the table, so the page does not
 * load the room's code with the table's chunk.
 */
function onAGamePage(id: string, ctx: ChunkingContext, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const info = ctx.getModuleInfo(id);
  return (info?.importers ?? []).some((by) => (GAME.test(path(by)) && PAGE.test(path(by))) || onAGamePage(by, ctx, seen));
}

/** A module its own game loads only on demand (Rummy's hint finder…): kept out of the table's chunk. */
function lazyPartOfItsGame(id: string, game: string, ctx: ChunkingContext): boolean {
  const info = ctx.getModuleInfo(id);
  if (!info || info.importers.length > 0 || info.dynamicImporters.length === 0) return false;
  return info.dynamicImporters.every((by) => GAME.exec(path(by))?.[1] === game);
}

export const chunkGroups: CodeSplittingGroup[] = [
  { name: 'room', test: (id) => ROOM.some((r) => r.test(path(id))), priority: 3 },
  { name: 'table-kit', test: (id) => TABLE_KIT.some((r) => r.test(path(id))), priority: 2 },
  {
    name: (id, ctx) => {
      const p = path(id);
      const game = GAME.exec(p)?.[1];
      return game && !PAGE.test(p) && !HOME_WORDS.test(p) && !lazyPartOfItsGame(id, game, ctx) && !onAGamePage(id, ctx) ? `game-${game}` : null;
    },
    priority: 1,
  },
];
