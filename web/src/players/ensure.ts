/**
 * Every browser is a player from its first visit (issue 21): the entry script asks the Worker
 * for one (`POST /api/players`, which answers the existing player and renews its cookie) when
 * it has not done so lately. The cookie is HttpOnly: this script never sees the secret. A chunk
 * of its own, loaded by the entry script at once, so the home page's first script stays small.
 */
/** The name the person last sat at a table with (NAME_KEY in ../offline/saved.ts; not imported, to keep this chunk alone). */
const NAME_KEY = 'cardroom:name';

/** When this browser last asked (ms). Read by the entry script and ./api.ts too, which do not import this module: it loads alone. */
const PLAYER_CHECKED_KEY = 'cardroom:player';
/** Asked again after a week: a cookie cleared or expired since is replaced by a new player. */
const RECHECK_MS = 7 * 24 * 3600_000;

let pending: Promise<void> | null = null;

/**
 * Resolves once this browser has a player cookie (or the attempt failed: nothing waits forever).
 * One request per page load, however many callers: two at once would make two players.
 */
export default function ensurePlayer(): Promise<void> {
  pending ??= ask();
  return pending;
}

/**
 * Whether this browser has a player the server knows, once the first visit's request is done:
 * a question about the player (its ban) waits for this rather than asking for one that is not
 * made yet (a 401 in every first visit's console).
 */
export async function playerKnown(): Promise<boolean> {
  await ensurePlayer();
  return localStorage.getItem(PLAYER_CHECKED_KEY) !== null;
}

/** A new player without a name gets a default one in no language (shared/players/player.ts). */
function ask(): Promise<void> {
  const checked = Number(localStorage.getItem(PLAYER_CHECKED_KEY));
  if (checked > Date.now() - RECHECK_MS || navigator.onLine === false) return Promise.resolve();
  const name = localStorage.getItem(NAME_KEY)?.trim();
  return fetch('/api/players', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(name ? { name } : {}) })
    .then(async (res) => {
      // Read to its end: an unread answer keeps its request (and its connection) open.
      await res.arrayBuffer();
      if (res.ok) localStorage.setItem(PLAYER_CHECKED_KEY, String(Date.now()));
    })
    .catch(() => undefined);
}
