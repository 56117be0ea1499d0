import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CLOCK_CHOICES } from '../protocol';
import { CATALOG, rankedFormat, rankedTier } from './catalog';
import { gameById, roomGameIds } from './registry';

describe('the game catalog agrees with the games it describes', () => {
  const roomEntries = CATALOG.filter((e) => e.where === 'room');

  it('lists every room game once, and only room games the registry has', () => {
    expect(roomEntries.map((e) => e.id).sort()).toEqual([...roomGameIds()].sort());
  });

  it.each(roomEntries.map((e) => [e.id, e] as const))("%s: seat counts, option keys and defaults are the game's own", (id, entry) => {
    const game = gameById(id)!;
    expect(entry.playerCounts).toEqual([...game.playerCounts]);
    const defaults = game.defaultOptions as Record<string, unknown>;
    for (const field of entry.options) expect(defaults[field.key], `${id}.${field.key}`).toEqual(field.default);
    const formDefaults = Object.fromEntries(entry.options.map((f) => [f.key, f.default]));
    expect(v.safeParse(game.optionsSchema, { ...defaults, ...formDefaults }).success).toBe(true);
  });

  it.each(roomEntries.map((e) => [e.id, e] as const))("%s: its teams (for pass-and-play's partners or opponents) are the game's own", (id, entry) => {
    const game = gameById(id)!;
    expect(entry.teams !== undefined, `${id} is a team game`).toBe(game.teams !== undefined);
    for (const n of game.playerCounts) if (game.teams) expect(entry.teams!(n)).toEqual([...game.teams(n)]);
  });

  it.each(roomEntries.map((e) => [e.id, e] as const))(
    '%s: ranked tiers have a real clock the room accepts, and seat counts the game starts with',
    (id, entry) => {
      const game = gameById(id)!;
      expect(entry.ranked, `${id} has ranked play`).toBeDefined();
      const { tiers, seats } = entry.ranked!;
      expect(tiers.length).toBeGreaterThan(0);
      expect(new Set(tiers.map((t) => t.id)).size).toBe(tiers.length);
      // Never unlimited; and one of the clocks a room takes.
      for (const t of tiers) expect(CLOCK_CHOICES, `${id}.${t.id}`).toContain(t.seconds);
      for (const n of seats) expect(game.playerCounts, `${id}: ${n} seats`).toContain(n);
      // The queue seats teams from the catalog: its layout must be the game's own.
      for (const n of seats) expect(rankedFormat(id, tiers[0]!.id, n)!.teams, `${id}: teams of ${n}`).toEqual(game.teams?.(n) ?? null);
      expect(rankedTier(id, tiers[0]!.id)).toEqual(tiers[0]);
      expect(rankedTier(id, 'no-such-tier')).toBeUndefined();
    },
  );

  it('offers ranked formats only for the seat counts the catalog lists (Eights: 2 and 4, not 3)', () => {
    expect(rankedFormat('eights', 'rapid', 2)).toEqual({ game: 'eights', tier: { id: 'rapid', seconds: 10 }, seats: 2, teams: null });
    expect(rankedFormat('eights', 'rapid', 3)).toBeUndefined();
    expect(rankedFormat('eights', 'rapid', 8)).toBeUndefined();
    expect(rankedFormat('eights', 'rocket', 2)).toBeUndefined();
    expect(rankedFormat('mahjong-bet', 'rapid', 1)).toBeUndefined();
    expect(rankedFormat('dhappa', 'classic', 6)!.teams).toEqual([0, 1, 0, 1, 0, 1]);
  });

  it("gives Baloot the spec's tiers: Rocket 5 s, Rabbit 10 s, Turtle 30 s", () => {
    expect(CATALOG.find((e) => e.id === 'baloot')!.ranked!.tiers).toEqual([
      { id: 'rocket', seconds: 5 },
      { id: 'rabbit', seconds: 10 },
      { id: 'turtle', seconds: 30 },
    ]);
  });

  it('offers pass-and-play only for room games that seat two or more (the offline room hosts it)', () => {
    const pass = CATALOG.filter((e) => e.passAndPlay);
    expect(pass.map((e) => e.id).sort()).toEqual(['baloot', 'dhappa', 'eights', 'rummy']);
    for (const e of pass) expect(e.where === 'room' && Math.max(...e.playerCounts) >= 2, e.id).toBe(true);
  });

  /** The schema of one option: the object entry with `optional` (its default) taken off. */
  const entrySchema = (schema: unknown, key: string): { type: string; options?: readonly unknown[] } | undefined => {
    let entry = (schema as { entries?: Record<string, { type: string; wrapped?: unknown }> }).entries?.[key];
    while (entry?.type === 'optional') entry = entry.wrapped as typeof entry;
    return entry as { type: string; options?: readonly unknown[] } | undefined;
  };

  it.each(roomEntries.map((e) => [e.id, e] as const))(
    "%s: the form's options are exactly the ones the room accepts, with the same bounds and choices",
    (id, entry) => {
      const game = gameById(id)!;
      const ok = (options: Record<string, unknown>) => v.safeParse(game.optionsSchema, options).success;
      const schemaKeys = Object.keys((game.optionsSchema as unknown as { entries: Record<string, unknown> }).entries);
      expect(entry.options.map((f) => f.key).sort(), `${id}: option keys`).toEqual(schemaKeys.sort());
      for (const field of entry.options) {
        const where = `${id}.${field.key}`;
        if (field.kind === 'number') {
          expect(ok({ [field.key]: field.min }), `${where} = min ${field.min}`).toBe(true);
          expect(ok({ [field.key]: field.max }), `${where} = max ${field.max}`).toBe(true);
          expect(ok({ [field.key]: field.min - 1 }), `${where} below min`).toBe(false);
          expect(ok({ [field.key]: field.max + 1 }), `${where} above max`).toBe(false);
          expect(field.default, `${where}: default within bounds`).toBeGreaterThanOrEqual(field.min);
          expect(field.default, `${where}: default within bounds`).toBeLessThanOrEqual(field.max);
          // The form's arrows step from the minimum: the default is one of their values.
          expect((field.default - field.min) % (field.step ?? 1), `${where}: default on the form's steps`).toBe(0);
        } else if (field.kind === 'choice') {
          for (const c of field.choices) expect(ok({ [field.key]: c.value }), `${where} = ${c.value}`).toBe(true);
          expect(ok({ [field.key]: 'no-such-choice' }), `${where}: a value the form does not offer`).toBe(false);
          const picklist = entrySchema(game.optionsSchema, field.key);
          if (picklist?.type === 'picklist') expect([...picklist.options!].sort(), `${where}: choices`).toEqual(field.choices.map((c) => c.value).sort());
        } else {
          expect(ok({ [field.key]: !field.default }), `${where} = ${!field.default}`).toBe(true);
          expect(ok({ [field.key]: 'yes' }), `${where}: not a boolean`).toBe(false);
        }
      }
    },
  );
});
