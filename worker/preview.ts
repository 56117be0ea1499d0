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
  /** The words' language (the room host's): the page says so to readers that look (og:locale). */
  language?: 'en' | 'ar';
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

/** The words of an invite's preview, in the host's language (rooms store it from their creation). */
const WORDS = {
  en: {
    by: (host: string) => ` with ${host}`,
    seats: (n: number) => `${n} free seat${n === 1 ? '' : 's'}`,
    open: (game: string, host: string | null, seats: string, free: number, total: number) =>
      `${host ? `${host} invites you to play ${game}` : `A ${game} table is waiting`} on Cardroom: ${free} of ${total} seats free. Open the link to take a seat.`,
    full: (game: string, host: string | null) => `${host ? `${host}'s` : 'This'} ${game} table on Cardroom is full. Open the link to watch.`,
    playing: (game: string, host: string | null) => `${host ? `${host}'s` : 'A'} ${game} game is under way on Cardroom. Open the link to watch.`,
    finished: (game: string, host: string | null) => `${host ? `${host}'s` : 'This'} ${game} game on Cardroom has finished. Open the link to see the result.`,
    status: { full: 'table full', playing: 'game in progress', finished: 'game over' },
    alt: (game: string) => `${game} on Cardroom`,
  },
  ar: {
    by: (host: string) => ` مع ${host}`,
    seats: arabicSeats,
    open: (game: string, host: string | null, seats: string, _free: number, total: number) =>
      `${host ? `دعوة من ${host} للعب ${game}` : `طاولة ${game} بانتظارك`} على كاردروم: ${seats} من أصل ${total}. افتح الرابط لتأخذ مقعداً.`,
    full: (game: string, host: string | null) => `طاولة ${game}${host ? ` عند ${host}` : ''} على كاردروم مكتملة. افتح الرابط لتشاهد اللعب.`,
    playing: (game: string, host: string | null) => `لعبة ${game}${host ? ` عند ${host}` : ''} جارية الآن على كاردروم. افتح الرابط لتشاهدها.`,
    finished: (game: string, host: string | null) => `انتهت لعبة ${game}${host ? ` عند ${host}` : ''} على كاردروم. افتح الرابط لترى النتيجة.`,
    status: { full: 'الطاولة مكتملة', playing: 'اللعب جارٍ', finished: 'انتهت اللعبة' },
    alt: (game: string) => `${game} على كاردروم`,
  },
};

/** Arabic counts a noun by number: one, two, three to ten (plural), eleven on (singular accusative). */
function arabicSeats(n: number): string {
  if (n === 1) return 'مقعد واحد شاغر';
  if (n === 2) return 'مقعدان شاغران';
  if (n >= 3 && n <= 10) return `${n} مقاعد شاغرة`;
  return `${n} مقعداً شاغراً`;
}

export function roomPreview(info: RoomInfo): Preview {
  const language = info.language === 'ar' ? 'ar' : 'en';
  const w = WORDS[language];
  const entry = catalogEntry(info.game);
  const game = (language === 'ar' ? entry?.nameAr : entry?.name) ?? info.game;
  const hostName = info.hostSeat === null ? null : info.seats[info.hostSeat]?.name;
  const host = hostName ? plain(hostName) : null;
  const free = info.seats.filter((s) => s === null).length;
  const by = host ? w.by(host) : '';
  let title: string;
  let description: string;
  if (info.status === 'lobby' && free > 0) {
    const seats = w.seats(free);
    title = `${game}${by} — ${seats}`;
    description = w.open(game, host, seats, free, info.seats.length);
  } else if (info.status === 'lobby') {
    title = `${game}${by} — ${w.status.full}`;
    description = w.full(game, host);
  } else if (info.status === 'playing') {
    title = `${game}${by} — ${w.status.playing}`;
    description = w.playing(game, host);
  } else {
    title = `${game}${by} — ${w.status.finished}`;
    description = w.finished(game, host);
  }
  return {
    title,
    description,
    image: PREVIEW_IMAGES.has(info.game) ? `/og/${info.game}.png` : GENERIC_PREVIEW.image,
    imageAlt: w.alt(game),
    language,
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
    'og:locale': preview.language === 'ar' ? 'ar_SA' : 'en_US',
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
