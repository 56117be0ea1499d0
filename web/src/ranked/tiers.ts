/**
 * The ranked tiers and seat counts of a game, from the catalog (`ranked` on a room game's
 * entry). Tier words: the catalog's ids (rocket, rabbit, turtle, blitz, rapid, classic) have names in both languages,
 * any other tier is named by its clock.
 */
import type { CatalogEntry, RankedSpec } from '../../../shared/games/catalog';

export type { RankedSpec };

/** A room game's ranked tiers and seat counts (null for a game without ranked play). */
export function rankedSpec(entry: CatalogEntry): RankedSpec | null {
  return entry.where === 'room' ? (entry.ranked ?? null) : null;
}

export const NAMED_TIERS = ['rocket', 'rabbit', 'turtle', 'blitz', 'rapid', 'classic'] as const;
export const isNamedTier = (id: string): id is (typeof NAMED_TIERS)[number] => (NAMED_TIERS as readonly string[]).includes(id);

/** The tier the picker starts on: Rabbit when the game has it ("the most popular mode for ranked play"), else the first. */
export function defaultTier(spec: RankedSpec): string {
  return spec.tiers.find((t) => t.id === 'rabbit')?.id ?? spec.tiers[0]!.id;
}
