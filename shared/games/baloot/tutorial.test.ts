import { describe, expect, it } from 'vitest';
import { walkTutorial } from '../../learn/walk';
import { baloot } from './index';
import { LESSONS } from './tutorial';

const lessonsIn = (codes: string[]) => Object.entries(LESSONS).flatMap(([lesson, shown]) => (codes.some((c) => shown.includes(c as never)) ? [lesson] : []));

describe('Baloot "How to play" deal', () => {
  // The room's bots ('') and others: the deal must teach the same whatever the bots choose.
  it.each(['', 'a:', 'b:', 'c:'])('following the hints bids, declares a project, follows suit, trumps and ends on the round’s score (bots "%s")', (bots) => {
    const walk = walkTutorial(baloot, undefined, 200, bots);
    expect(walk.ended).toBe(true);
    expect(walk.outcome).toBeNull();
    const codes = walk.whys.map((w) => w.code);
    expect(lessonsIn(codes)).toEqual(['bidding', 'project', 'follow', 'trumps']);
    expect(codes[0]).toBe('bid_hokum');
    // Short enough for five minutes: a dozen moves of the person's, a round of bot plays.
    expect(codes.length).toBeLessThanOrEqual(14);
    expect(walk.moves).toBeLessThanOrEqual(44);
  });
});
