import { describe, expect, it } from 'vitest';
import { followHints, lessonsReached } from '../../engine/follow-hints';
import { dhappa } from './index';
import { LESSONS } from './tutorial';

describe('Dhappa Baaji "How to play" deal', () => {
  it('following the hints opens, lays wilds, takes the lock, makes an N-pick and goes out, in two turns', () => {
    const walk = followHints(dhappa, { maxMoves: 200 });
    expect(walk.ended).toBe(true);
    expect(lessonsReached(walk, LESSONS)).toEqual(['opening', 'lock', 'wilds', 'npick', 'out']);
    const seat = dhappa.tutorial!.seat;
    const mine = walk.steps.filter((s) => s.seat === seat);
    // The N-pick takes more than the top card: its deepest card is the one owed to the table.
    const pick = mine.find((s) => s.why?.code === 'pick')!;
    expect(pick.why).toMatchObject({ count: 2 });
    expect(mine.filter((s) => s.why?.code === 'discard' || s.why?.code === 'go_out')).toHaveLength(2);
    expect(dhappa.outcome(walk.state as never)!.winners).toContain(seat);
    expect(walk.steps.length).toBeLessThanOrEqual(50);
  });
});
