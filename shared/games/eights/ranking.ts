import { placesBy } from '../../engine/places';
import type { EightsState } from './types';

/**
 * Ranked places at the end (the result screen words it as `eights.rankedRule`): the winner first,
 * then the others by match score, more first (a one-hand game's others all have 0), then by
 * cards left, fewer first; seats level on both share a place.
 */
export function ranking(state: EightsState): number[] {
  return placesBy(state.hands.map((hand, s) => [s === state.winner ? 0 : 1, -state.scores[s]!, hand.length]));
}
