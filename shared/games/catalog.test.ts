import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CATALOG } from './catalog';
import { gameById, roomGameIds } from './registry';

describe('the game catalog agrees with the games it describes', () => {
  const roomEntries = CATALOG.filter((e) => e.where === 'room');

  it('lists every room game once, and only room games the registry has', () => {
    expect(roomEntries.map((e) => e.id).sort()).toEqual([...roomGameIds()].sort());
  });

  it.each(roomEntries.map((e) => [e.id, e] as const))('%s: seat counts, option keys and defaults are the game\'s own', (id, entry) => {
    const game = gameById(id)!;
    expect(entry.playerCounts).toEqual([...game.playerCounts]);
    const defaults = game.defaultOptions as Record<string, unknown>;
    for (const field of entry.options) expect(defaults[field.key], `${id}.${field.key}`).toEqual(field.default);
    const formDefaults = Object.fromEntries(entry.options.map((f) => [f.key, f.default]));
    expect(v.safeParse(game.optionsSchema, { ...defaults, ...formDefaults }).success).toBe(true);
  });

  it('offers pass-and-play only for room games that seat two or more (the offline room hosts it)', () => {
    const pass = CATALOG.filter((e) => e.passAndPlay);
    expect(pass.map((e) => e.id).sort()).toEqual(['baloot', 'dhappa', 'eights', 'rummy']);
    for (const e of pass) expect(e.where === 'room' && Math.max(...e.playerCounts) >= 2, e.id).toBe(true);
  });
});
