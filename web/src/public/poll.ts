/**
 * The home page's public tables, kept current while the page is visible: every room game's
 * list is fetched now and every few seconds, and not at all while the page is hidden (a
 * background tab costs the Lobby shards nothing). Plain functions over injected fetch, timers
 * and visibility, so the schedule is tested under Node with fake time.
 */
import type { ListedRoom } from '../../../shared/lobby/listing';

export const POLL_MS = 3_000;

export interface PollDeps {
  fetch: (url: string) => Promise<Response>;
  visible: () => boolean;
  /** Subscribe to visibility changes; returns the unsubscribe. */
  onVisibility: (listener: () => void) => () => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** What one poll found: each game's rooms (a game whose request failed keeps its last list). */
export type Lists = Record<string, ListedRoom[]>;

function isListed(x: unknown): x is ListedRoom {
  if (!x || typeof x !== 'object') return false;
  const r = x as Record<string, unknown>;
  return (
    typeof r.code === 'string' &&
    typeof r.host === 'string' &&
    typeof r.seats === 'number' &&
    typeof r.free === 'number' &&
    (r.clock === null || typeof r.clock === 'number') &&
    (r.language === 'en' || r.language === 'ar')
  );
}

/** One game's list, or null when the request or its answer failed. */
export async function fetchList(fetcher: PollDeps['fetch'], game: string): Promise<ListedRoom[] | null> {
  try {
    const res = await fetcher(`/api/public/${encodeURIComponent(game)}`);
    if (!res.ok) return null;
    const body = (await res.json()) as { rooms?: unknown };
    return Array.isArray(body.rooms) ? body.rooms.filter(isListed) : null;
  } catch {
    return null;
  }
}

/**
 * Poll `games` while visible; `onLists` gets the lists after every round. Returns stop().
 * Rounds never overlap: the next one is scheduled when the last one ends.
 */
export function pollPublicRooms(games: string[], onLists: (lists: Lists) => void, deps: PollDeps, every = POLL_MS): () => void {
  const lists: Lists = Object.fromEntries(games.map((g) => [g, []]));
  let timer: unknown = null;
  let running = false;
  let stopped = false;

  const schedule = () => {
    if (stopped || timer !== null || running || !deps.visible()) return;
    timer = deps.setTimeout(() => {
      timer = null;
      void round();
    }, every);
  };
  const round = async () => {
    if (stopped || running || !deps.visible()) return;
    running = true;
    const found = await Promise.all(games.map((g) => fetchList(deps.fetch, g)));
    running = false;
    if (stopped) return;
    found.forEach((rooms, i) => {
      if (rooms) lists[games[i]!] = rooms;
    });
    onLists({ ...lists });
    schedule();
  };
  const unsubscribe = deps.onVisibility(() => {
    if (deps.visible()) {
      // Back in view: fresh lists at once, then the usual rhythm.
      if (timer !== null) deps.clearTimeout(timer);
      timer = null;
      void round();
    } else if (timer !== null) {
      deps.clearTimeout(timer);
      timer = null;
    }
  });
  void round();
  return () => {
    stopped = true;
    unsubscribe();
    if (timer !== null) deps.clearTimeout(timer);
    timer = null;
  };
}

/** The browser's own fetch, timers and visibility. */
export function browserDeps(): PollDeps {
  return {
    fetch: (url) => fetch(url, { headers: { accept: 'application/json' } }),
    visible: () => document.visibilityState === 'visible',
    onVisibility: (listener) => {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  };
}
