import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../engine/types';
import { DEFAULT_REACTIONS } from '../engine/reactions';
import { gameById } from '../games/registry';
import { teamEights } from '../games/eights/room-play';
import { Client, seated, started, withVariant, world } from './testkit';
import { REACTION_BURST, REACTION_WINDOW_MS } from './types';

const reactions = (c: Client) => c.pull().filter((m) => m.t === 'reaction');

describe('room core: quick reactions', () => {
  it("a seated person's reaction goes to every socket as a code on their seat, and nothing is stored", () => {
    const w = world('eights');
    const [a, b] = started(w, 2);
    const watcher = Client.hello(w.host);
    watcher.pull();
    const before = JSON.stringify(w.host.store);
    a!.send({ t: 'react', code: 'well_played' });
    for (const c of [b!, watcher]) expect(reactions(c)).toEqual([{ t: 'reaction', seat: 0, code: 'well_played' }]);
    expect(a!.all().filter((m) => m.t === 'reaction')).toEqual([{ t: 'reaction', seat: 0, code: 'well_played' }]);
    // Not chat, not a move: the log, the replay and the chat tail never see it.
    expect(JSON.stringify(w.host.store)).toBe(before);
    expect(a!.errors()).toEqual([]);
  });

  it("refuses a code outside the room's game's set, and a spectator; the first welcome lists the set", () => {
    const w = world('eights');
    const [a, b] = seated(w, 2);
    expect(a!.all().find((m) => m.t === 'welcome')).toMatchObject({ reactions: [...DEFAULT_REACTIONS] });
    // A known code the game does not offer (the default set has no partner), and no code at all.
    for (const code of ['sorry_partner', 'hello world', '']) a!.send({ t: 'react', code });
    expect(a!.errors()).toEqual(['unknown_reaction', 'unknown_reaction', 'unknown_reaction']);
    expect(a!.all().find((m) => m.t === 'error')).toMatchObject({ code: 'unknown_reaction', reaction: 'sorry_partner' });
    const watcher = Client.hello(w.host);
    watcher.send({ t: 'react', code: 'clap' });
    expect(watcher.errors()).toEqual(['not_seated']);
    expect(reactions(b!)).toEqual([]);
  });

  it("a game's own set replaces the default one", () => {
    const id = withVariant({ ...gameById('eights')!, id: 'partner-eights', reactions: ['sorry_partner', 'hurry'] } as AnyGame);
    const w = world(id);
    const [a, b] = seated(w, 2);
    a!.send({ t: 'react', code: 'sorry_partner' });
    a!.send({ t: 'react', code: 'well_played' });
    expect(reactions(b!).map((m) => m.t === 'reaction' && m.code)).toEqual(['sorry_partner']);
    expect(a!.errors()).toEqual(['unknown_reaction']);
    expect(b!.all().find((m) => m.t === 'welcome')).toMatchObject({ reactions: ['sorry_partner', 'hurry'] });
  });

  it(`takes at most ${REACTION_BURST} per socket in ${REACTION_WINDOW_MS / 1000} s, refused with the limit as data, and never strikes`, () => {
    const w = world('eights');
    const [a, b] = started(w, 2);
    for (let i = 0; i < REACTION_BURST + 2; i++) a!.send({ t: 'react', code: 'clap' });
    expect(reactions(b!)).toHaveLength(REACTION_BURST);
    expect(a!.all().filter((m) => m.t === 'error')).toEqual([
      { t: 'error', code: 'reaction_rate_limited', count: REACTION_BURST, seconds: REACTION_WINDOW_MS / 1000 },
      { t: 'error', code: 'reaction_rate_limited', count: REACTION_BURST, seconds: REACTION_WINDOW_MS / 1000 },
    ]);
    // Another socket has its own allowance; the first gets its back after the window.
    b!.send({ t: 'react', code: 'wow' });
    expect(reactions(a!)).toEqual([{ t: 'reaction', seat: 1, code: 'wow' }]);
    w.advance(REACTION_WINDOW_MS);
    a!.send({ t: 'react', code: 'laugh' });
    expect(reactions(b!)).toEqual([{ t: 'reaction', seat: 0, code: 'laugh' }]);
  });
});

describe('room core: choosing a seat in the lobby', () => {
  it('a seated person moves to an empty seat with their token and host mark; everyone sees it', () => {
    const w = world('eights');
    const [host, guest] = seated(w, 2);
    guest!.send({ t: 'sit', seat: 4 });
    expect(guest!.seat).toBe(4);
    expect(host!.pull() && host!.room!.seats.map((s) => s?.name ?? null).slice(0, 5)).toEqual(['P0', null, null, null, 'P1']);
    // The token names the new seat: a reload comes back to it.
    w.host.close(guest!.id);
    expect(Client.hello(w.host, guest!.token).seat).toBe(4);
    host!.send({ t: 'sit', seat: 2 });
    expect(host!.seat).toBe(2);
    expect(host!.room!.hostSeat).toBe(2);
    expect(
      host!
        .all()
        .filter((m) => m.t === 'welcome')
        .at(-1),
    ).toMatchObject({ seat: 2, host: true });
  });

  it('refuses a taken or missing seat, a spectator, and any move after the start', () => {
    const w = world('eights');
    const [a, b] = seated(w, 2);
    a!.send({ t: 'sit', seat: 1 });
    a!.send({ t: 'sit', seat: 15 });
    expect(a!.errors()).toEqual(['seat_taken', 'seat_taken']);
    expect(a!.seat).toBe(0);
    const watcher = Client.hello(w.host);
    watcher.send({ t: 'sit', seat: 3 });
    expect(watcher.errors()).toEqual(['not_seated']);
    a!.send({ t: 'start' });
    b!.send({ t: 'sit', seat: 3 });
    expect(b!.errors()).toEqual(['game_started']);
    expect(b!.seat).toBe(1);
  });

  it('in a team game, moving seat chooses the partner the game deals', () => {
    const w = world(withVariant(teamEights));
    const [a, b, c, d] = seated(w, 4);
    // Seats 0 and 2 are a team: Ana (0) sits with C (2). B moves next to Ana's team by swapping via an empty seat.
    expect(a!.room!.teams!.slice(0, 4)).toEqual([0, 1, 0, 1]);
    b!.send({ t: 'sit', seat: 4 });
    c!.send({ t: 'sit', seat: 1 });
    b!.send({ t: 'sit', seat: 2 });
    d!.pull();
    const teams = d!.room!.teams!;
    const teamOf = (name: string) => teams[d!.room!.seats.findIndex((s) => s?.name === name)];
    expect(teamOf('P1')).toBe(teamOf('P0'));
    expect(teamOf('P2')).toBe(teamOf('P3'));
  });
});
