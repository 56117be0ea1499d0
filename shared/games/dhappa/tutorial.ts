import type { Tutorial } from '../../engine/types';
import type { DhappaHintWhy } from './hint';
import type { DhappaOptions } from './types';

/**
 * "How to play": one deal from the first player's seat, where following the hints opens with a
 * pure run, lays wilds, takes the lock, makes an N-pick whose deepest card goes on the table, and
 * goes out on the second turn. The seed is chosen by scripts/learn-seeds.ts.
 */
export const tutorial: Tutorial<DhappaOptions> = { players: 4, options: { length: 'single' }, seed: 'learn-7', seat: 1 };

/** What the coached deal must show (all four are Dhappa's own rules, then going out), by the reasons of the hints that show it. */
export const LESSONS: Record<'opening' | 'wilds' | 'lock' | 'npick' | 'out', readonly DhappaHintWhy['code'][]> = {
  opening: ['open'],
  wilds: ['wild'],
  lock: ['lock'],
  npick: ['pick'],
  out: ['go_out'],
};
