/**
 * Fair deals in the room core: the commitment is published before the deal, only seated
 * people's nonces count, the secret stays in the room until the end, the reveal reaches
 * every socket, and the game's replay reproduces it.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../cards/rng';
import type { AnyGame } from '../engine/types';
import { eights } from '../games/eights';
import { gameById } from '../games/registry';
import { verifyReveal, type Reveal } from '../fair';
import { replay } from '../fair/replay';
import type { ServerMessage } from '../protocol';
import { MemoryRoomHost } from './memory-host';

const teamEights: AnyGame = { ...eights, id: 'team-eights', playerCounts: [4, 6], teams: (n: number) => Array.from({ length: n }, (_, i) => i % 2) };

function world(game = 'eights') {
  const time = { now: 2_000_000 };
  const rng = new Rng('fair-room');
  const host = new MemoryRoomHost({
    now: () => time.now,
    random: () => rng.float(),
    randomBytes: (n) => Uint8Array.from({ length: n }, () => rng.int(256)),
    games: (id) => (id === teamEights.id ? teamEights : gameById(id)),
  });
  host.create({ code: 'fairfairfair', game, options: {}, clock: null, pace: 'quick' });
  return { host, time };
}

type W = ReturnType<typeof world>;
const frames = (w: W, id: string) => w.host.inbox.get(id)!;
const msgs = (w: W, id: string) => frames(w, id).map((f) => JSON.parse(f) as ServerMessage);
function hello(w: W): string {
  const id = w.host.open();
  w.host.send(id, { t: 'hello', ping: false });
  return id;
}
function person(w: W, name: string, seat?: number): string {
  const id = hello(w);
  w.host.send(id, { t: 'join', name, seat });
  return id;
}
const nonceOf = (c: string) => c.padEnd(32, c).slice(0, 32);
const errorsOf = (w: W, id: string) => msgs(w, id).flatMap((m) => (m.t === 'error' ? [m.code] : []));
const revealOf = (w: W, id: string) => msgs(w, id).find((m): m is Extract<ServerMessage, { t: 'reveal' }> => m.t === 'reveal')?.reveal;
const lastRoom = (w: W, id: string) =>
  msgs(w, id)
    .flatMap((m) => (m.t === 'room' || m.t === 'full' ? [m.room] : []))
    .at(-1)!;

/** Play to the end: people move like a bot would, bots move on their alarms. */
function playOut(w: W, people: Map<number, string>): void {
  const rng = new Rng('moves');
  for (let guard = 0; guard < 3000 && w.host.core.room!.status === 'playing'; guard++) {
    const game = gameById(w.host.core.room!.game) ?? teamEights;
    const seat = game.activeSeats(w.host.core.state)[0]!;
    const id = people.get(seat);
    if (id && !w.host.core.room!.seats[seat]!.botPlaying) {
      w.host.send(id, { t: 'move', version: w.host.core.live.version, move: game.botMove(w.host.core.state, seat, rng) });
      w.time.now += 60;
    } else {
      w.time.now = Math.max(w.time.now + 1, w.host.armed ?? w.time.now);
      w.host.runDue();
    }
  }
  expect(w.host.core.room!.status).toBe('finished');
}

describe('room core: fair deals', () => {
  it('publishes the commitment in the lobby, uses only seated people’s nonces, and reveals to every socket at the end', () => {
    const w = world('eights');
    const a = person(w, 'Ana');
    const b = person(w, 'Bo');
    const commitment = lastRoom(w, a).commitment!;
    expect(commitment).toMatchObject({ game: 1, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const spectator = hello(w);
    const refused = hello(w);
    w.host.send(refused, { t: 'join', name: 'Late', seat: 0 });
    expect(errorsOf(w, refused)).toEqual(['seat_taken']);
    w.host.send(a, { t: 'nonce', game: 1, nonce: nonceOf('a') });
    w.host.send(b, { t: 'nonce', game: 1, nonce: nonceOf('b') });
    w.host.send(spectator, { t: 'nonce', game: 1, nonce: nonceOf('5') });
    w.host.send(refused, { t: 'nonce', game: 1, nonce: nonceOf('f') });
    expect(errorsOf(w, spectator)).toEqual(['not_seated']);
    expect(errorsOf(w, refused)).toEqual(['seat_taken', 'not_seated']);
    w.host.send(a, { t: 'addBot' });
    w.host.send(a, { t: 'start' });
    // Mid-game nonces change nothing.
    w.host.send(b, { t: 'nonce', game: 1, nonce: nonceOf('c') });
    expect(errorsOf(w, b)).toEqual(['nonce_late']);
    const secret = w.host.core.room!.fair!.current!.secret;
    playOut(
      w,
      new Map([
        [0, a],
        [1, b],
      ]),
    );
    for (const id of [a, b, spectator, refused]) {
      const reveal = revealOf(w, id)!;
      expect(reveal, `socket ${id} got the reveal`).toBeDefined();
      expect(reveal.nonces).toEqual([
        { seat: 0, nonce: nonceOf('a') },
        { seat: 1, nonce: nonceOf('b') },
      ]);
      expect(verifyReveal(reveal, commitment, nonceOf('a'))).toEqual({ ok: true, problems: [] });
      // The secret is in no frame before the reveal.
      const at = frames(w, id).findIndex((f) => f.startsWith('{"t":"reveal"'));
      expect(
        frames(w, id)
          .slice(0, at)
          .some((f) => f.includes(secret)),
      ).toBe(false);
    }
    // The next game is committed to at once, with a new secret.
    const next = lastRoom(w, a).commitment!;
    expect(next.game).toBe(2);
    expect(next.hash).not.toBe(commitment.hash);
  });

  it('a table of bots and one person gets that person’s nonce and no other', () => {
    const w = world('eights');
    const a = person(w, 'Solo');
    w.host.send(a, { t: 'nonce', game: 1, nonce: nonceOf('1') });
    w.host.send(a, { t: 'addBot' });
    w.host.send(a, { t: 'addBot' });
    w.host.send(a, { t: 'start' });
    playOut(w, new Map([[0, a]]));
    expect(revealOf(w, a)!.nonces).toEqual([{ seat: 0, nonce: nonceOf('1') }]);
  });

  it('a nonce follows its person when the lobby renumbers seats, and leaves with them', () => {
    const w = world('team-eights');
    // Team A is seats 0, 2, 4; team B seats 1, 3, 5. People in 0, 2 (A) and 1, 5 (B) are dealt as 0, 2 and 1, 3.
    const ids = [0, 2, 1, 5].map((seat, i) => person(w, `P${i}`, seat));
    ids.forEach((id, i) => w.host.send(id, { t: 'nonce', game: 1, nonce: nonceOf(String(i + 1)) }));
    const leaver = person(w, 'Leaver', 3);
    w.host.send(leaver, { t: 'nonce', game: 1, nonce: nonceOf('9') });
    w.host.send(leaver, { t: 'leave' });
    w.host.send(ids[0]!, { t: 'start' });
    expect(w.host.core.room!.fair!.current!.nonces).toEqual([
      { seat: 0, nonce: nonceOf('1') },
      { seat: 1, nonce: nonceOf('3') },
      { seat: 2, nonce: nonceOf('2') },
      { seat: 3, nonce: nonceOf('4') },
    ]);
  });

  it('refuses a nonce for another game than the next one', () => {
    const w = world('eights');
    const a = person(w, 'Ana');
    w.host.send(a, { t: 'nonce', game: 2, nonce: nonceOf('a') });
    w.host.send(a, { t: 'nonce', game: 1, nonce: 'XYZ' });
    expect(errorsOf(w, a)).toEqual(['nonce_late', 'bad_message']);
    expect(w.host.core.room!.fair!.next!.nonces).toEqual({});
  });

  it('keeps the secret through a reload, and the replay of the game reproduces its outcome', () => {
    const w = world('eights');
    const a = person(w, 'Ana');
    w.host.send(a, { t: 'nonce', game: 1, nonce: nonceOf('a') });
    w.host.send(a, { t: 'addBot' });
    w.host.send(a, { t: 'start' });
    expect(w.host.core.replay(1)).toMatchObject({ ok: false, code: 'no_replay' });
    const before = w.host.core.room!.fair!.current as Reveal;
    w.host.reload();
    expect(w.host.core.room!.fair!.current).toEqual(before);
    // Back in the seat with a new socket (the old one was lost with the reload).
    const token = msgs(w, a).find((m): m is Extract<ServerMessage, { t: 'welcome' }> => m.t === 'welcome' && m.token !== undefined)!.token!;
    const back = w.host.open();
    w.host.send(back, { t: 'hello', token });
    playOut(w, new Map([[0, back]]));
    const reveal = revealOf(w, back)!;
    expect(reveal).toEqual(before);
    const result = w.host.core.replay(1);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.record.seed).toBe(before.seed);
    expect(result.record.outcome).toEqual(w.host.core.room!.outcome);
    expect(replay(gameById('eights'), result.record)).toMatchObject({ reproduced: true, divergence: null });
    expect(w.host.core.replay(2)).toMatchObject({ ok: false, code: 'no_replay' });
  });

  it('a full view of a finished game carries its reveal; a playing one does not', () => {
    const w = world('eights');
    const a = person(w, 'Ana');
    w.host.send(a, { t: 'addBot' });
    w.host.send(a, { t: 'start' });
    const mid = hello(w);
    expect(msgs(w, mid).find((m) => m.t === 'full')).not.toHaveProperty('reveal');
    playOut(w, new Map([[0, a]]));
    const late = hello(w);
    const full = msgs(w, late).find((m): m is Extract<ServerMessage, { t: 'full' }> => m.t === 'full')!;
    expect(full.reveal).toEqual(revealOf(w, a));
    expect(full.reveal!.nonces).toEqual([]);
  });
});
