import { describe, expect, it } from 'vitest';
import { numberOption } from '../games/catalog';
import { gameById, roomGameIds } from '../games/registry';
import { RoomRefusal } from './core';
import { MemoryRoomHost } from './memory-host';

/** A room's options are parsed once, by the room when it is created (the Worker passes them through). */
const host = () => new MemoryRoomHost({ now: () => 1_000_000, randomBytes: (n) => new Uint8Array(n).fill(7) });
const settings = (game: string, options: Record<string, unknown>) => ({ code: 'abcdefghjkmn', game, options, clock: null, pace: 'quick' as const });

function refusal(game: string, options: Record<string, unknown>): RoomRefusal | null {
  try {
    host().create(settings(game, options));
    return null;
  } catch (e) {
    if (e instanceof RoomRefusal) return e;
    throw e;
  }
}

describe("a room's options, parsed when it is created", () => {
  it.each(roomGameIds())("%s: options left out get the game's defaults, so its setup gets them whole", (id) => {
    const h = host();
    h.create(settings(id, {}));
    expect(h.core.room!.options).toEqual(gameById(id)!.defaultOptions);
  });

  it("refuses an option outside the catalog's bounds with bad_options naming the option, and creates nothing", () => {
    const target = numberOption('baloot', 'target');
    const refused = refusal('baloot', { target: target.min - 1 });
    expect(refused?.refusal).toEqual({ code: 'bad_options', field: 'target' });
    expect(refused?.message).toMatch(/^target: /);
    expect(refusal('baloot', { target: target.max })).toBeNull();
    expect(refusal('rummy', { deals: 'forever' })?.refusal.code).toBe('bad_options');
    const h = host();
    expect(() => h.create(settings('eights', { target: 'lots' }))).toThrow(RoomRefusal);
    expect(h.core.room).toBeNull();
  });
});
