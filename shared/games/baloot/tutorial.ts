import type { Tutorial } from '../../engine/types';
import type { BalootHintWhy } from './hint';
import { defaultOptions } from './schema';
import type { BalootOptions } from './types';

/**
 * "How to play": the first bidder's seat (the dealer's right) in a deal where following the hints
 * buys Hokum, declares a project, follows suit and trumps, up to the round's summary. The seed is
 * chosen by scripts/learn-seeds.ts; the lesson ends with the first round, the match would go on.
 */
export const tutorial: Tutorial<BalootOptions> = { players: 4, options: defaultOptions, seed: 'learn-236', seat: 0, endsAfter: ['round'] };

/** What the coached deal must show, by the reasons of the hints that show it (the round's score is its end). */
export const LESSONS: Record<'bidding' | 'project' | 'follow' | 'trumps', readonly BalootHintWhy['code'][]> = {
  bidding: ['bid_hokum', 'bid_sun', 'bid_ashkal'],
  project: ['declare'],
  follow: ['follow_win', 'follow_low', 'follow_points'],
  trumps: ['must_trump', 'overtrump', 'ruff', 'lead_trump'],
};
