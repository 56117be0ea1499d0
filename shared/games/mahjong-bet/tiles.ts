/**
 * Mahjong tiles for the betting game: 34 kinds, four copies of each in a 136-tile deck.
 * A tile instance is a string id `<kind>.<deck>.<copy>`, e.g. `east.2.0`, so instances
 * from every fresh deck stay distinct and the kind is readable from the id alone.
 */

export const SUITS = ['man', 'sou', 'pin'] as const;
export type Suit = (typeof SUITS)[number];
export const RANKS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type Rank = (typeof RANKS)[number];
export const WINDS = ['east', 'south', 'west', 'north'] as const;
export type Wind = (typeof WINDS)[number];
export const DRAGONS = ['red', 'green', 'white'] as const;
export type Dragon = (typeof DRAGONS)[number];

export type SuitKind = `${Suit}${Rank}`;
export type HonourKind = Wind | Dragon;
export type TileKind = SuitKind | HonourKind;
export type TileId = string;

export const COPIES_PER_KIND = 4;
export const HONOUR_START_VALUE = 5;

const SUIT_NAMES: Record<Suit, string> = { man: 'Characters', sou: 'Bamboo', pin: 'Dots' };

/** All 34 kinds in the usual order: characters, bamboo, dots, winds, dragons. */
export const TILE_KINDS: readonly TileKind[] = [...SUITS.flatMap((suit) => RANKS.map((rank): SuitKind => `${suit}${rank}`)), ...WINDS, ...DRAGONS];

export const DECK_SIZE = TILE_KINDS.length * COPIES_PER_KIND;

export type KindInfo = { category: 'suit'; suit: Suit; rank: Rank } | { category: 'wind'; wind: Wind } | { category: 'dragon'; dragon: Dragon };

export function kindInfo(kind: TileKind): KindInfo {
  if ((WINDS as readonly string[]).includes(kind)) return { category: 'wind', wind: kind as Wind };
  if ((DRAGONS as readonly string[]).includes(kind)) return { category: 'dragon', dragon: kind as Dragon };
  return { category: 'suit', suit: kind.slice(0, 3) as Suit, rank: Number(kind.slice(3)) as Rank };
}

export function isHonourKind(kind: TileKind): kind is HonourKind {
  return kindInfo(kind).category !== 'suit';
}

/** Player-facing name, e.g. "5 of Characters", "East Wind", "White Dragon". */
export function kindName(kind: TileKind): string {
  const info = kindInfo(kind);
  if (info.category === 'suit') return `${info.rank} of ${SUIT_NAMES[info.suit]}`;
  const word = info.category === 'wind' ? info.wind : info.dragon;
  return `${word[0]!.toUpperCase()}${word.slice(1)} ${info.category === 'wind' ? 'Wind' : 'Dragon'}`;
}

export function tileKind(id: TileId): TileKind {
  return id.slice(0, id.indexOf('.')) as TileKind;
}

export function isHonourTile(id: TileId): boolean {
  return isHonourKind(tileKind(id));
}

/** A fresh deck of 136 new instances, numbered `deck` so its ids never clash with older decks. */
export function freshDeck(deck: number): TileId[] {
  return TILE_KINDS.flatMap((kind) => Array.from({ length: COPIES_PER_KIND }, (_, copy) => `${kind}.${deck}.${copy}`));
}
