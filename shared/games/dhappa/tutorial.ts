import type { Lesson } from '../../engine/follow-hints';
import type { Tutorial } from '../../engine/types';
import type { DhappaHintWhy } from './hint';
import type { DhappaOptions } from './types';

/**
 * "How to play": one deal from the first player's seat, where following the hints opens with a
 * pure run, lays wilds, takes the lock, makes an N-pick whose deepest card goes on the table, and
 * goes out on the second turn. The seed is chosen by scripts/learn-seeds.ts.
 */
export const tutorial: Tutorial<DhappaOptions> = { players: 4, options: { length: 'single' }, seed: 'learn-7', seat: 1 };

type Code = DhappaHintWhy['code'];

/** What the coached deal must show (all four are Dhappa's own rules), by the hint reasons and events that show it. */
export const LESSONS: Record<'opening' | 'wilds' | 'lock' | 'npick' | 'out', Lesson & { hints?: readonly Code[] }> = {
  opening: { hints: ['open'] },
  wilds: { hints: ['wild'] },
  lock: { hints: ['lock'] },
  npick: { hints: ['pick'] },
  out: { hints: ['go_out'] },
};
