import { CATALOG, catalogEntry } from '../shared/games/catalog';
import type { RoomInfo } from '../shared/protocol';

/**
 * Link previews (Open Graph and Twitter cards) for the SPA's HTML. web/index.html carries
 * generic tags; the Worker makes their URLs absolute and, for an invite link to an existing
 * room, names the game, the host and the free seats. Every value is escaped (host names are
 * user input): attributes by escapeAttribute, the title as text by setInnerContent.
 */
export interface Preview {
  title: string;
  description: string;
  /** Path of the 1200×630 image. */
  image: string;
  imageAlt: string;
}

/** Every game has its own preview image, web/public/og/<id>.png. */
export const PREVIEW_IMAGES = new Set(CATALOG.map((g) => g.id));

export const GENERIC_PREVIEW: Preview = {
  title: 'Cardroom — card games with friends',
  description: `Play ${CATALOG.map((g) => g.name).join(', ')} with friends or bots, in any browser. Pick a game, send the link, play.`,
  image: '/og/cardroom.png',
  imageAlt: 'Cardroom: playing cards on a green felt table',
};

const plain = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * HTMLRewriter's setAttribute escapes only the double quote; escape the rest too so that a
 * name like `&lt;` shows as typed rather than being decoded by the reader.
 */
export function escapeAttribute(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

export function roomPreview(info: RoomInfo): Preview {
  const game = catalogEntry(info.game)?.name ?? info.game;
  const hostName = info.hostSeat === null ? null : info.seats[info.hostSeat]?.name;
  const host = hostName ? plain(hostName) : null;
  const free = info.seats.filter((s) => s === null).length;
  const seats = `${free} free seat${free === 1 ? '' : 's'}`;
  const by = host ? ` with ${host}` : '';
  let title: string;
  let description: string;
  if (info.status === 'lobby' && free > 0) {
    title = `${game}${by} — ${seats}`;
    description = `${host ? `${host} invites you to play ${game}` : `A ${game} table is waiting`} on Cardroom: ${free} of ${info.seats.length} seats free. Open the link to take a seat.`;
  } else if (info.status === 'lobby') {
    title = `${game}${by} — table full`;
    description = `${host ? `${host}'s` : 'This'} ${game} table on Cardroom is full. Open the link to watch.`;
  } else if (info.status === 'playing') {
    title = `${game}${by} — game in progress`;
    description = `${host ? `${host}'s` : 'A'} ${game} game is under way on Cardroom. Open the link to watch.`;
  } else {
    title = `${game}${by} — game over`;
    description = `${host ? `${host}'s` : 'This'} ${game} game on Cardroom has finished. Open the link to see the result.`;
  }
  return {
    title,
    description,
    image: PREVIEW_IMAGES.has(info.game) ? `/og/${info.game}.png` : GENERIC_PREVIEW.image,
    imageAlt: `${game} on Cardroom`,
  };
}

/** The page's HTML with its title, description and preview tags filled in. */
export function withPreview(res: Response, url: URL, preview: Preview, opts: { noindex?: boolean } = {}): Response {
  const abs = (path: string) => new URL(path, url.origin).href;
  const content: Record<string, string> = {
    description: preview.description,
    'og:title': preview.title,
    'og:description': preview.description,
    'og:image': abs(preview.image),
    'og:image:alt': preview.imageAlt,
    'og:url': abs(url.pathname),
    'twitter:card': 'summary_large_image',
    'twitter:title': preview.title,
    'twitter:description': preview.description,
    'twitter:image': abs(preview.image),
  };
  const rewriter = new HTMLRewriter().on('title', { element: (el) => void el.setInnerContent(preview.title) }).on('meta', {
    element(el) {
      const key = el.getAttribute('property') ?? el.getAttribute('name');
      if (key && key in content) el.setAttribute('content', escapeAttribute(content[key]!));
    },
  });
  if (opts.noindex) rewriter.on('head', { element: (el) => void el.append('<meta name="robots" content="noindex">', { html: true }) });
  return rewriter.transform(res);
}
