import { describe, expect, it } from 'vitest';
import { CATALOG } from '../games/catalog';
import { gameById } from '../games/registry';
import { walkTutorial } from './walk';

/** The rules each room game's lesson must show (the reasons its hints give on the way). */
const SHOWS: Record<string, string[]> = {
  eights: ['colour', 'symbol', 'wild', 'draw', 'stack'],
  rummy: ['take_discard', 'meld', 'extend', 'swap', 'discard', 'close'],
};

describe('"How to play": every tutorial', () => {
  const lessons = CATALOG.filter((g) => g.where === 'room' && g.learn);

  it('is offered for the room games that have one, and only those', () => {
    for (const g of CATALOG.filter((e) => e.where === 'room')) {
      const game = gameById(g.id)!;
      expect(Boolean(g.learn), g.id).toBe(Boolean(game.tutorial && game.hint));
    }
    expect(lessons.map((g) => g.id)).toEqual(expect.arrayContaining(Object.keys(SHOWS)));
  });

  it.each(lessons.map((g) => [g.id]))('%s: followed hint by hint, the person wins the deal in a few turns, meeting its main rules', (id) => {
    const game = gameById(id)!;
    const walk = walkTutorial(game);
    expect(walk.outcome?.winners).toContain(game.tutorial!.seat);
    // A short lesson: under five minutes at a few seconds a turn, the bots' moves included.
    expect(walk.whys.length).toBeLessThanOrEqual(25);
    expect(walk.moves).toBeLessThanOrEqual(120);
    const codes = walk.whys.map((w) => w.code);
    expect(codes).toEqual(expect.arrayContaining(SHOWS[id] ?? []));
  });

  it("the walk is the room's: the same seed plays the same way twice", () => {
    const game = gameById('eights')!;
    expect(walkTutorial(game)).toEqual(walkTutorial(game));
  });
});
