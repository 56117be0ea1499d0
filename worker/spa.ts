import type { Context } from 'hono';
import { ROOM_CODE_PATTERN } from '../shared/protocol';
import { isSpaRoute, roomCodeOf } from '../shared/site/routes';
import type { Env } from './env';
import { preloadTags, roomPreloads } from './preloads';
import { knownRoomInfo } from './unknown-rooms';
import { GENERIC_PREVIEW, roomPreview, withPreview } from './preview';
import type { RoomInfo } from '../shared/protocol';
import { CATALOG } from '../shared/games/catalog';

/**
 * The home page's game artwork (web/public/art/<id>.svg, one per catalog entry), preloaded from
 * its HTML: the cards' images are its largest paint, and the page's script only asks for them
 * once it has run (issue 12: home page LCP within 1.5 s on a phone).
 */
const HOME_PRELOADS = CATALOG.map((g) => `<link rel="preload" as="image" type="image/svg+xml" href="/art/${g.id}.svg">`).join('');

/**
 * Everything that is not the API: a static file when one exists, the SPA for the router's
 * routes (shared/site/routes.ts), and the SPA's not-found page with status 404 for the rest.
 */
export async function serveSite(c: Context<{ Bindings: Env }>): Promise<Response> {
  const url = new URL(c.req.url);
  // The service worker's shell answers every page it opens offline, room pages included: it is
  // the page without the home page's artwork preloads (the assets would redirect it to `/`).
  if (isSpaRoute(url.pathname) || url.pathname === '/index.html') return spaPage(c, url, 200);
  const file = await c.env.ASSETS.fetch(c.req.raw);
  // A missing hashed file is a stale chunk: answer plainly, not with a page.
  if (file.status !== 404 || url.pathname.startsWith('/assets/')) return file;
  return spaPage(c, url, 404);
}

async function spaPage(c: Context<{ Bindings: Env }>, url: URL, status: 200 | 404): Promise<Response> {
  // The HTML is rewritten per page, so no conditional request is passed on and no ETag kept.
  const shell = await c.env.ASSETS.fetch(new URL('/', url));
  if (!shell.ok) return shell;
  const headers = new Headers(shell.headers);
  headers.delete('ETag');
  const res = new Response(shell.body, { status, headers });
  if (status === 404) return withPreview(res, url, GENERIC_PREVIEW, { noindex: true });
  const info = await roomInfoFor(c, url);
  const page = withPreview(res, url, info ? roomPreview(info) : GENERIC_PREVIEW);
  if (url.pathname === '/') return new HTMLRewriter().on('head', { element: (el) => void el.append(HOME_PRELOADS, { html: true }) }).transform(page);
  // A room page (an invite link, a saved offline game) preloads its chunks and its game's table.
  if (!/^\/(r|offline)\//.test(url.pathname)) return page;
  const tags = preloadTags(await roomPreloads(c.env, url.origin, info?.game ?? null, info?.status === 'lobby'));
  return tags ? new HTMLRewriter().on('head', { element: (el) => void el.append(tags, { html: true }) }).transform(page) : page;
}

async function roomInfoFor(c: Context<{ Bindings: Env }>, url: URL): Promise<RoomInfo | null> {
  const code = roomCodeOf(url.pathname);
  if (!code || !ROOM_CODE_PATTERN.test(code)) return null;
  return knownRoomInfo(c.env, code).catch(() => null);
}
