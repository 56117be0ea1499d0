import { describe, expect, it } from 'vitest';
import { CATALOG, rankedFormat } from './catalog';
import { gameById } from './registry';

/**
 * Ranked play rates by places. A game without its own `ranking` is rated winners first and every
 * other seat second: that is its whole finishing order only when a table has at most two sides.
 */
describe('every ranked format is rated by a full finishing order', () => {
  const formats = CATALOG.flatMap((e) => (e.ranked ? e.ranked.seats.map((n) => rankedFormat(e.id, e.ranked!.tiers[0]!.id, n)!) : []));

  it.each(formats.map((f) => [`${f.game} ${f.seats} seats`, f] as const))('%s: has a ranking rule or at most two sides', (_, f) => {
    const game = gameById(f.game)!;
    const sides = f.teams ? new Set(f.teams).size : f.seats;
    expect(game.ranking !== undefined || sides <= 2, `${f.game} needs a ranking.ts beside behind.ts`).toBe(true);
  });
});
