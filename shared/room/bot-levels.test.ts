import { describe, expect, it } from 'vitest';
import type { AnyGame, BotLevel } from '../engine/types';
import { gameById } from '../games/registry';
import { Client, seated, started, withVariant, world } from './testkit';
import { TAKEOVER_MS } from './types';

/** Eights whose bot notes the level the room asks of it at each seat. */
const asked: { seat: number; level: BotLevel | undefined }[] = [];
const eights = gameById('eights')!;
const noting: AnyGame = {
  ...eights,
  id: 'noting-eights',
  botMove: (s, seat, rng, level) => {
    asked.push({ seat, level });
    return eights.botMove(s, seat, rng, level);
  },
};
const game = withVariant(noting);

/**
 * Plays on for a while, the person at seat 0 drawing (and keeping) on each of their turns, and
 * returns the levels the bots were asked for, by seat.
 */
function playOn(w: ReturnType<typeof world>, person: Client, turns = 20): Map<number, Set<BotLevel | undefined>> {
  asked.length = 0;
  const state = () => w.host.core.state as { turn: number; drawn: string | null };
  for (let i = 0; i < turns && w.host.core.room!.status === 'playing'; i++) {
    w.advance(2_000);
    person.pull();
    if (state().turn === 0) person.move({ type: 'draw' });
    if (state().turn === 0 && state().drawn !== null) person.move({ type: 'keep' });
  }
  const bySeat = new Map<number, Set<BotLevel | undefined>>();
  for (const a of asked) bySeat.set(a.seat, (bySeat.get(a.seat) ?? new Set()).add(a.level));
  return bySeat;
}

describe('room: bot levels', () => {
  it('a bot seat is Normal unless the host picks its level, and the lobby shows it', () => {
    const w = world(game);
    const [host] = seated(w, 1, 1);
    host!.send({ t: 'addBot', level: 'easy' });
    expect(host!.room!.seats.slice(0, 4).map((s) => s?.level)).toEqual([undefined, 'normal', 'easy', undefined]);
    host!.send({ t: 'botLevel', seat: 1, level: 'strong' });
    expect(host!.room!.seats[1]).toMatchObject({ kind: 'bot', level: 'strong' });
    expect(host!.errors()).toEqual([]);
  });

  it('only the host sets a level, only of a bot, only in the lobby', () => {
    const w = world(game);
    const [host, guest] = seated(w, 2, 1);
    guest!.send({ t: 'botLevel', seat: 2, level: 'easy' });
    expect(guest!.errors()).toEqual(['not_host']);
    host!.send({ t: 'botLevel', seat: 1, level: 'easy' });
    host!.send({ t: 'botLevel', seat: 3, level: 'easy' });
    expect(host!.errors()).toEqual(['not_a_bot', 'not_a_bot']);
    host!.send({ t: 'start' });
    host!.send({ t: 'botLevel', seat: 2, level: 'easy' });
    expect(host!.errors().at(-1)).toBe('game_started');
    expect(w.host.core.room!.seats[2]!.level).toBe('normal');
  });

  it('each bot plays at its seat level', () => {
    const w = world(game);
    const [host] = seated(w, 1);
    host!.send({ t: 'addBot', level: 'easy' });
    host!.send({ t: 'addBot', level: 'strong' });
    host!.send({ t: 'start' });
    const levels = playOn(w, host!);
    expect(levels.get(1)).toEqual(new Set(['easy']));
    expect(levels.get(2)).toEqual(new Set(['strong']));
  });

  it('a person dropped mid-game is played at Strong, and so is a seat left to a bot', () => {
    const w = world(game);
    const [a, b, c] = started(w, 3);
    w.host.close(b!.id);
    w.host.close(c!.id);
    w.advance(TAKEOVER_MS + 1);
    expect(w.host.core.room!.seats[1]!.botPlaying).toBe(true);
    const levels = playOn(w, a!);
    expect(levels.get(1)).toEqual(new Set(['strong']));
    expect(levels.get(2)).toEqual(new Set(['strong']));
    // Leaving for good: the seat becomes a bot's, at Strong.
    const back = Client.hello(w.host, c!.token);
    back.send({ t: 'leave' });
    expect(w.host.core.room!.seats[2]).toMatchObject({ kind: 'bot', level: 'strong' });
    expect(back.room!.seats[2]).toMatchObject({ kind: 'bot', level: 'strong' });
  });

  it('a room stored before levels loads its bots as Normal', () => {
    const w = world(game);
    const [host] = seated(w, 1, 2);
    host!.send({ t: 'start' });
    const stored = JSON.parse(w.host.store.record.room!) as { seats: ({ kind: string; level?: string } | null)[] };
    expect(stored.seats[1]!.level).toBe('normal');
    for (const s of stored.seats) if (s) delete s.level;
    w.host.store = { ...w.host.store, record: { ...w.host.store.record, room: JSON.stringify(stored) } };
    w.host.reload();
    const again = Client.hello(w.host, host!.token);
    expect(again.room!.seats.slice(0, 3).map((s) => s?.level)).toEqual([undefined, 'normal', 'normal']);
    expect(playOn(w, again).get(1)).toEqual(new Set(['normal']));
  });
});
