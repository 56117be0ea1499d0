import { runInDurableObject, SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyReveal } from '../../shared/fair';
import { replay, type ReplayRecord } from '../../shared/fair/replay';
import type { EightsState, EightsView } from '../../shared/games/eights/types';
import { gameById } from '../../shared/games/registry';
import type { ServerMessage } from '../../shared/protocol';
import { inspectRoom } from '../room';
import { createRoom, ORIGIN, simpleEightsMove, TestClient } from './client';

const open: TestClient[] = [];
async function connect(code: string) {
  const c = await TestClient.connect(code);
  open.push(c);
  return c;
}
afterEach(() => {
  for (const c of open.splice(0)) if (!c.closed) c.close();
});

const stubOf = (code: string) => env.ROOMS.get(env.ROOMS.idFromName(code));
const roomState = (code: string) => runInDurableObject(stubOf(code), (instance) => structuredClone(inspectRoom(instance).state as EightsState));
const storedSeed = (code: string) =>
  runInDurableObject(stubOf(code), (_instance, state) => {
    return state.storage.sql.exec<{ seed: string; fair: string }>(`SELECT seed, fair FROM game_seed WHERE game = 1`).toArray()[0]!;
  });
const nonce = (c: string) => c.repeat(32);

describe('fair deals over the wire', () => {
  it('commits before the first deal, ignores spectators’ and refused joiners’ nonces, keeps the secret until the end, and reveals to every socket', async () => {
    const code = await createRoom('eights');
    const a = await connect(code);
    await a.join('Ana');
    const b = await connect(code);
    await b.join('Bo');
    const spectator = await connect(code);
    const refused = await connect(code);
    refused.send({ t: 'join', name: 'Late', seat: 0 });
    await refused.waitFor('error', (m) => m.code === 'seat_taken');

    // The commitment of game 1 is in the very first full view, before anything is dealt.
    const published = (a.received.find((m) => m.t === 'full') as Extract<ServerMessage, { t: 'full' }>).room.commitment!;
    expect(published).toMatchObject({ game: 1, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await (await SELF.fetch(`${ORIGIN}/api/rooms/${code}`)).json()).toMatchObject({ commitment: published });

    a.send({ t: 'nonce', game: 1, nonce: nonce('a') });
    b.send({ t: 'nonce', game: 1, nonce: nonce('b') });
    spectator.send({ t: 'nonce', game: 1, nonce: nonce('5') });
    refused.send({ t: 'nonce', game: 1, nonce: nonce('6') });
    await spectator.waitFor('error', (m) => m.code === 'not_seated');
    await refused.waitFor('error', (m) => m.code === 'not_seated');

    const everyone = [a, b, spectator, refused];
    const started = Promise.all(everyone.map((c) => c.waitFor('update', (m) => m.events.some((e) => e.type === 'start'))));
    a.send({ t: 'start' });
    await started;
    // Its replay (whose moves name hidden cards) is refused while the game is played.
    const early = await SELF.fetch(`${ORIGIN}/api/rooms/${code}/replay/1`);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'no_replay' });

    const { seed, fair } = await storedSeed(code);
    const secret = (JSON.parse(fair) as { secret: string }).secret;
    // Registered before the last move (it brings the reveal); generous for a loaded machine.
    const reveals = everyone.map((c) => c.waitFor('reveal', () => true, 120_000));
    const players = [a, b];
    for (let step = 0; step < 600; step++) {
      const state = await roomState(code);
      if (state.winner !== null) break;
      const mover = players.find((c) => c.seat === state.turn)!;
      await mover.move(simpleEightsMove(mover.view as EightsView));
      // Within the 20-messages-a-second rate.
      await new Promise((r) => setTimeout(r, 55));
    }
    for (const [i, got] of (await Promise.all(reveals)).entries()) {
      const c = everyone[i]!;
      const { reveal } = got;
      expect(reveal.seed).toBe(seed);
      expect(reveal.nonces).toEqual([
        { seat: 0, nonce: nonce('a') },
        { seat: 1, nonce: nonce('b') },
      ]);
      expect(verifyReveal(reveal, published).ok).toBe(true);
      const before = c.raw.slice(
        0,
        c.raw.findIndex((f) => f.startsWith('{"t":"reveal"')),
      );
      expect(before.length).toBeGreaterThan(0);
      expect(
        before.some((f) => f.includes(secret)),
        `the secret reached socket ${i} before the end`,
      ).toBe(false);
    }

    const res = await SELF.fetch(`${ORIGIN}/api/rooms/${code}/replay/1`);
    expect(res.status).toBe(200);
    const record = (await res.json()) as ReplayRecord;
    expect(replay(gameById('eights'), record)).toMatchObject({ reproduced: true, divergence: null });
    expect((await SELF.fetch(`${ORIGIN}/api/rooms/${code}/replay/2`)).status).toBe(409);
    expect((await SELF.fetch(`${ORIGIN}/api/rooms/${code}/replay/x`)).status).toBe(400);
  }, 150_000);
});
