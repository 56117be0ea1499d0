/**
 * The ranked tiers and seat counts of a game, from the catalog (`ranked` on a room game's
 * entry). Tier words: the known ids (rocket, rabbit, turtle) have names in both languages,
 * any other tier is named by its clock.
 */
import type { CatalogEntry } from '../../../shared/games/catalog';

export interface RankedSpec {
  tiers: { id: string; seconds: number }[];
  seats: number[];
}

/** Until a game's catalog entry names its own: the three speeds of the Baloot spec, at every seat count. */
const FALLBACK_TIERS = [
  { id: 'rocket', seconds: 5 },
  { id: 'rabbit', seconds: 10 },
  { id: 'turtle', seconds: 30 },
];

export function rankedSpec(entry: CatalogEntry): RankedSpec | null {
  if (entry.where !== 'room') return null;
  const own = (entry as CatalogEntry & { ranked?: RankedSpec }).ranked;
  return own ?? { tiers: FALLBACK_TIERS, seats: entry.playerCounts };
}

export const NAMED_TIERS = ['rocket', 'rabbit', 'turtle'] as const;
export const isNamedTier = (id: string): id is (typeof NAMED_TIERS)[number] => (NAMED_TIERS as readonly string[]).includes(id);

/** The tier the picker starts on: Rabbit when the game has it ("the most popular mode for ranked play"), else the first. */
export function defaultTier(spec: RankedSpec): string {
  return spec.tiers.find((t) => t.id === 'rabbit')?.id ?? spec.tiers[0]!.id;
}
