import { describe, expect, it } from 'vitest';
import { walkTutorial } from '../../learn/walk';
import { dhappa } from './index';
import { LESSONS } from './tutorial';

describe('Dhappa Baaji "How to play" deal', () => {
  it('following the hints opens, lays wilds, takes the lock, makes an N-pick and goes out, in two turns', () => {
    const walk = walkTutorial(dhappa, undefined, 200);
    expect(walk.outcome!.winners).toContain(dhappa.tutorial!.seat);
    const codes = walk.whys.map((w) => w.code);
    for (const [lesson, shown] of Object.entries(LESSONS))
      expect(
        codes.some((c) => shown.includes(c as never)),
        lesson,
      ).toBe(true);
    // In this order: the opening comes first, the N-pick on the second turn, going out last.
    const at = (code: string) => codes.indexOf(code);
    expect(at('open')).toBeLessThan(at('lock'));
    expect(at('lock')).toBeLessThan(at('pick'));
    expect(codes[codes.length - 1]).toBe('go_out');
    // The N-pick takes more than the top card: its deepest card is the one owed to the table.
    expect(walk.whys.find((w) => w.code === 'pick')).toMatchObject({ count: 2 });
    expect(codes.filter((c) => c === 'draw' || c === 'pick')).toHaveLength(2);
    expect(walk.moves).toBeLessThanOrEqual(50);
  });
});
