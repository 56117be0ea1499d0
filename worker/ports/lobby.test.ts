import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicListing } from '../../shared/lobby/listing';
import type { Effect } from '../../shared/room/types';
import { LobbyPort } from './lobby';

const entry = (free: number): PublicListing => ({ code: 'abcdefghjkmn', game: 'eights', host: 'Rana', seats: 4, free, clock: null, language: 'en' });
const listing = (e: PublicListing | null): Effect => ({ t: 'listing', code: 'abcdefghjkmn', game: 'eights', entry: e });

/** A Lobby shard that records what it was told, failing the calls the test asks it to. */
function fakeLobby(failures = 0) {
  const told: (number | null)[] = [];
  let failing = failures;
  const call = vi.fn(async (_code: string, _game: string, e: PublicListing | null) => {
    // Calls take a turn each, so a later one could overtake an earlier one if the port let it.
    await new Promise((resolve) => setTimeout(resolve, e ? 5 : 0));
    if (failing-- > 0) throw new Error('lobby unavailable');
    told.push(e ? e.free : null);
  });
  const kept: Promise<unknown>[] = [];
  return { told, call, port: new LobbyPort(call, (work) => kept.push(work)), kept };
}

describe('the Lobby port', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells the shard each listing in order (a remove never overtakes the put before it), and keeps the object alive for them', async () => {
    const { told, port, kept } = fakeLobby();
    port.handle([listing(entry(3)), { t: 'escapes', room: 'abcdefghjkmn', escapes: [] }]);
    port.handle([listing(entry(2))]);
    port.handle([listing(null)]);
    await port.idle();
    expect(told).toEqual([3, 2, null]);
    expect(kept).toHaveLength(3);
  });

  it('retries a failed call once; a call that fails twice is logged and the next ones still go', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const once = fakeLobby(1);
    once.port.handle([listing(entry(3))]);
    await once.port.idle();
    expect(once.told).toEqual([3]);
    expect(once.call).toHaveBeenCalledTimes(2);
    expect(error).not.toHaveBeenCalled();

    const twice = fakeLobby(2);
    twice.port.handle([listing(entry(3))]);
    twice.port.handle([listing(null)]);
    await twice.port.idle();
    expect(twice.told).toEqual([null]);
    expect(error).toHaveBeenCalledTimes(1);
  });
});
