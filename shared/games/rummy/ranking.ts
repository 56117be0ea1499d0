import { placesBy } from '../../engine/places';
import type { RummyState } from './types';

/**
 * Ranked places at the end (the result screen words it as `rummy.rankedRule`): the winners first,
 * then the others by penalty points, fewer first (the deal's points in a one-deal game, the
 * match total otherwise); seats level share a place.
 */
export function ranking(state: RummyState): number[] {
  const winners = new Set(state.winners ?? []);
  return placesBy(state.totals.map((total, s) => [winners.has(s) ? 0 : 1, total]));
}
