import { describe, expect, it } from 'vitest';
import { followHints, lessonsReached } from '../../engine/follow-hints';
import { baloot } from './index';
import { LESSONS } from './tutorial';

describe('Baloot "How to play" deal', () => {
  // The bots choose at random: the deal must teach the same lessons whatever they choose.
  it.each(['a', 'b', 'c', 'd'])('following the hints bids, declares a project, follows suit, trumps and reaches the round’s score (bots %s)', (salt) => {
    const walk = followHints(baloot, { until: baloot.tutorial!.endsAfter, salt, maxMoves: 200 });
    expect(walk.ended).toBe(true);
    expect(lessonsReached(walk, LESSONS)).toEqual(['bidding', 'project', 'follow', 'trumps', 'score']);
    const mine = walk.steps.filter((s) => s.seat === baloot.tutorial!.seat);
    expect(mine[0]!.why).toMatchObject({ code: 'bid_hokum' });
    // Short enough for five minutes: a dozen moves of the person's, a round of bot plays.
    expect(mine.length).toBeLessThanOrEqual(14);
    expect(walk.steps.length).toBeLessThanOrEqual(44);
  });
});
