import { describe, expect, it, vi } from 'vitest';
import type { RoomSettings } from '../../shared/room/types';
import { TablesPort } from './tables';

const settings: RoomSettings = {
  code: 'rankedroomxy',
  game: 'eights',
  options: {},
  clock: 10,
  pace: 'relaxed',
  mode: 'ranked',
  ranked: { tier: 'rapid', players: ['p-ana', 'p-bo'], tickets: ['a', 'b'] },
};

function setup(formed: RoomSettings | null) {
  const made: RoomSettings[] = [];
  const read = vi.fn(async (code: string) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return formed && formed.code === code ? formed : null;
  });
  const port = new TablesPort(read, { exists: () => made.length > 0, create: (s) => void made.push(s) });
  return { made, read, port };
}

describe('the formed-tables port', () => {
  it('makes the room from its formed table once, however many first arrivals wait on it', async () => {
    const { made, read, port } = setup(settings);
    await Promise.all([port.open('rankedroomxy'), port.open('rankedroomxy'), port.open('rankedroomxy')]);
    expect(made).toEqual([settings]);
    expect(read).toHaveBeenCalledTimes(1);
    await port.open('rankedroomxy');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('leaves the room unmade for a code with no formed table, and reads again on the next arrival', async () => {
    const { made, read, port } = setup(settings);
    await port.open('nosuchroomxy');
    await port.open('nosuchroomxy');
    expect(made).toEqual([]);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
