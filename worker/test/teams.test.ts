import { afterEach, describe, expect, it } from 'vitest';
import type { DhappaView } from '../../shared/games/dhappa/types';
import { createRoom, TestClient } from './client';

const open: TestClient[] = [];
afterEach(() => {
  for (const c of open.splice(0)) if (!c.closed) c.close();
});

describe('team games in a room', () => {
  it('a 6-seat Dhappa Baaji lobby with 4 people in non-adjacent seats deals the teams the lobby showed', async () => {
    const code = await createRoom('dhappa', {}, null);
    // Lobby seats 0, 2 (team A) and 3, 5 (team B): closing the gaps naively would deal A, A, B, B.
    const wanted = [
      ['Ana', 0],
      ['Ada', 2],
      ['Ben', 3],
      ['Bo', 5],
    ] as const;
    const people: TestClient[] = [];
    for (const [name, seat] of wanted) {
      const c = await TestClient.connect(code);
      open.push(c);
      const welcome = c.waitFor('welcome', (m) => m.seat !== null);
      c.send({ t: 'join', name, seat });
      await welcome;
      people.push(c);
    }
    const lobby = await people[0]!.waitFor('room', (m) => m.room.seats.filter(Boolean).length === 4);
    expect(lobby.room.teams).toEqual([0, 1, 0, 1, 0, 1]);
    const shownTeam = new Map(wanted.map(([name, seat]) => [name, lobby.room.teams![seat]!]));

    const started = people.map((c) => c.waitFor('update'));
    people[0]!.send({ t: 'start' });
    await Promise.all(started);
    await people[0]!.settle(20);
    const last = people[0]!.received.filter((m) => m.t === 'room').at(-1);
    if (!last || last.t !== 'room') throw new Error('no room message');
    const info = last.room;
    expect(info.status).toBe('playing');
    expect(info.teams).toEqual([0, 1, 0, 1]);
    for (const c of people) {
      const view = c.view as DhappaView;
      const name = info.seats[c.seat!]!.name;
      // The game deals each person into the team the lobby showed them in.
      expect(view.players[c.seat!]!.team).toBe(shownTeam.get(name as 'Ana'));
      expect(info.teams![c.seat!]).toBe(shownTeam.get(name as 'Ana'));
    }
    expect(info.totals).toEqual([0, 0]);
  });
});
