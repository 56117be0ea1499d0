/**
 * A player (issue 21): an identity from the first visit, without signing up. The browser keeps
 * `<id>.<secret>` in an HttpOnly cookie; the name is cleaned like room names; the avatar is
 * drawn from the name (initials) and the id (colour), so it needs no stored picture.
 */
import * as v from 'valibot';

export interface Avatar {
  initials: string;
  /** A CSS colour (#rrggbb) that white initials read on (contrast ≥ 4.5:1). */
  colour: string;
}

export interface Player {
  id: string;
  name: string;
  avatar: Avatar;
}

/** A player id: 16 random bytes, base64url (22 characters). */
export const PLAYER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A player's secret: 32 random bytes, base64url (43 characters). */
export const PLAYER_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const PLAYER_COOKIE = 'cr_player';
/** The header the Worker forwards a verified player's id to a room in (a client-sent one is dropped). */
export const PLAYER_HEADER = 'X-Player-Id';

/** Names are at most this long, as room names (MAX_NAME_CHARS; name.test.ts holds them equal). Not imported from the protocol: the profile page would then load the room's chunk. */
export const MAX_PLAYER_NAME_CHARS = 24;

/** Avatar colours: distinct hues, each dark enough for white initials (WCAG AA). */
export const AVATAR_COLOURS = ['#1f6f5c', '#7a3e9d', '#b03a2e', '#1d5fa8', '#8a5a00', '#2e7d32', '#ad1457', '#455a64', '#6d4c41', '#00695c'] as const;

/** The colour of a player's avatar, fixed by the id (FNV-1a over its characters). */
export function avatarColour(id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return AVATAR_COLOURS[h % AVATAR_COLOURS.length]!;
}

/** Up to two initials: the first letter of the first two words, upper-cased where the script has case. */
export function initialsOf(name: string): string {
  const words = name.split(' ').filter((w) => w.length > 0);
  const firsts = words.slice(0, 2).map((w) => firstGrapheme(w));
  const initials = firsts.join('').toLocaleUpperCase();
  return initials || '?';
}

function firstGrapheme(word: string): string {
  const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of seg.segment(word)) return segment;
  return '';
}

export function avatarOf(id: string, name: string): Avatar {
  return { initials: initialsOf(name), colour: avatarColour(id) };
}

export function playerOf(id: string, name: string): Player {
  return { id, name, avatar: avatarOf(id, name) };
}

/** The suits a default name starts with: one of four, so two numbers alike still differ at a glance. */
const NAME_SUITS = ['♠', '♥', '♦', '♣'] as const;

/**
 * The name a new player gets when they gave none: a suit and a number from the id, "♠ 4827".
 * Stored like a chosen name, because others read it too (tables, leaderboards), so it is in no
 * reader's language: an English word read in Arabic (or the other way) was a name nobody chose
 * twice over. The person is asked for a name before their first game, and renames it on /me.
 */
export function defaultName(id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return `${NAME_SUITS[Math.floor(h / 9000) % NAME_SUITS.length]} ${1000 + (h % 9000)}`;
}

/** `<id>.<secret>` as the cookie holds it, or null when it is not well formed. */
export function parsePlayerCookie(value: string | undefined): { id: string; secret: string } | null {
  if (value === undefined) return null;
  const dot = value.indexOf('.');
  if (dot < 0) return null;
  const id = value.slice(0, dot);
  const secret = value.slice(dot + 1);
  return PLAYER_ID_PATTERN.test(id) && PLAYER_SECRET_PATTERN.test(secret) ? { id, secret } : null;
}

/** What `GET /api/players/me` (and `POST /api/players`) answer. */
export const PlayerSchema = v.object({
  id: v.pipe(v.string(), v.regex(PLAYER_ID_PATTERN)),
  name: v.string(),
  avatar: v.object({ initials: v.string(), colour: v.string() }),
});
export const MeResponse = v.object({
  player: PlayerSchema,
  /** How many passkeys keep this profile. */
  passkeys: v.number(),
  /** A matchmaking ban in force (leaving ranked games while behind): its end, ms since the epoch. */
  ban: v.nullable(v.object({ until: v.number() })),
});
export type MeResponse = v.InferOutput<typeof MeResponse>;
