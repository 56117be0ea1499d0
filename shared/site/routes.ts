/**
 * The paths the SPA's router (web/src/router.ts) has a page for. The Worker answers these with
 * the SPA and status 200; any other path that is not a file is the SPA's not-found page with
 * status 404. routes.test.ts checks every route in the router is listed here.
 */
export const SPA_ROUTES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'home', pattern: /^\/$/ },
  // A finished game's replay (before the invite link pattern, which also covers it).
  { name: 'replay', pattern: /^\/r\/[^/]+\/replay\/\d+\/?$/ },
  // Invite links, and anything under them (the room page shows its own "no such room").
  { name: 'room', pattern: /^\/r\/[^/]+(?:\/.*)?$/ },
  // A replay opened from a downloaded file.
  { name: 'replay-file', pattern: /^\/replay\/?$/ },
  // Saved offline games against bots (their id is a local one; the page says when it is unknown).
  { name: 'offline', pattern: /^\/offline\/[^/]+\/?$/ },
  // Ranked play: the queue of a game, tier and seat count (the page says when there is no such queue); a game's leaderboard; a player's profile.
  { name: 'queue', pattern: /^\/play\/[^/]+\/[^/]+\/[^/]+\/?$/ },
  { name: 'leaderboard', pattern: /^\/leaderboard\/[^/]+\/?$/ },
  { name: 'profile', pattern: /^\/players\/[^/]+\/?$/ },
  { name: 'mahjong', pattern: /^\/mahjong\/?$/ },
  // A room game's "How to play" (the page says when the game has none).
  { name: 'learn', pattern: /^\/learn\/[^/]+\/?$/ },
  // This browser's player profile (name, avatar, passkeys).
  { name: 'me', pattern: /^\/me\/?$/ },
  { name: 'rummy-hotseat', pattern: /^\/rummy\/hotseat\/?$/ },
];

export function isSpaRoute(pathname: string): boolean {
  return SPA_ROUTES.some((r) => r.pattern.test(pathname));
}

/** The room code of an invite link path (`/r/<code>` or a path under it), not yet validated. */
export function roomCodeOf(pathname: string): string | null {
  return /^\/r\/([^/]+)/.exec(pathname)?.[1] ?? null;
}
