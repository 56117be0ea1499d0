import { describe, expect, it } from 'vitest';
import { eights } from '../games/eights';
import type { EightsState, EightsView } from '../games/eights/types';
import { simpleMove, step } from '../games/eights/room-play';
import { Client, started, stateOf, world } from './testkit';
import { SNAPSHOT_EVERY } from './types';

const state = (w: ReturnType<typeof world>) => stateOf<EightsState>(w);

/** The room core's updates: versions, patches, the mover first, owed updates, storage per move, snapshots and reload. */
describe('room core: moves, versions and the wire', () => {
  it('every client view rebuilt from updates equals the game view, over a whole game', () => {
    const w = world('eights');
    const clients = started(w, 3);
    const watcher = Client.hello(w.host);
    for (let i = 0; i < 2000 && w.host.core.room!.status === 'playing'; i++) {
      step(w, clients);
      watcher.pull();
      for (const c of [...clients, watcher]) expect(c.view).toEqual(eights.view(state(w), c.seat));
    }
    expect(w.host.core.room!.status).toBe('finished');
  });

  it("the other seats' updates owed (as the Durable Object runs it): the mover's goes alone, the rest next turn or ahead of the next input, written as sent, and every view still matches", () => {
    const w = world('eights', null, {}, 'manual');
    const clients = started(w, 3);
    const watcher = Client.hello(w.host);
    let owed = 0;
    for (let i = 0; i < 2000 && w.host.core.room!.status === 'playing'; i++) {
      const mover = clients.find((x) => x.seat === state(w).turn)!;
      const others = [...clients.filter((x) => x !== mover), watcher];
      const out = w.host.send(mover.id, { t: 'move', version: mover.version, move: simpleMove(mover.view as EightsView) });
      const version = w.host.core.live.version;
      expect(mover.pull().some((m) => m.t === 'update' && m.version === version)).toBe(true);
      if (out.later) {
        owed++;
        for (const o of others) expect(o.pull().filter((m) => m.t === 'update')).toEqual([]);
        const row = out.writes.find((wr) => wr.t === 'move');
        const sent = JSON.parse(row && row.t === 'move' ? row.live! : '{}').sent as Record<string, number>;
        for (const o of others) expect(sent[o.seat === null ? 's' : String(o.seat)]).toBe(version);
        if (i % 2 === 0) w.host.flushOwed();
        else {
          // Any input pays what is owed before its own frames.
          watcher.send({ t: 'history' });
          expect(
            watcher
              .all()
              .slice(-2)
              .map((m) => m.t),
          ).toEqual(['update', 'history']);
        }
      }
      for (const c of [...clients, watcher]) {
        c.pull();
        expect(c.version).toBe(version);
        expect(c.view).toEqual(eights.view(state(w), c.seat));
      }
      w.advance(60);
    }
    expect(w.host.core.room!.status).toBe('finished');
    expect(owed).toBeGreaterThan(20);
  });

  it('refuses a stale move with a fresh view, and a double send applies once', () => {
    const w = world('eights');
    const [a] = started(w, 2);
    const v = a!.version;
    a!.send({ t: 'move', version: v, move: { type: 'draw' } });
    const before = w.host.core.live.version;
    const replies = a!.send({ t: 'move', version: v, move: { type: 'draw' } });
    expect(replies.map((m) => m.t)).toEqual(['error', 'full']);
    expect(w.host.core.live.version).toBe(before);
    a!.send({ t: 'move', version: 999, move: { type: 'draw' } });
    expect(a!.errors().at(-1)).toBe('stale_move');
  });

  it('refuses out-of-turn moves, malformed moves and spectators, changing nothing', () => {
    const w = world('eights');
    const [a, b] = started(w, 2);
    const before = JSON.stringify(w.host.core.state);
    const mover = state(w).turn === 0 ? a! : b!;
    const other = mover === a ? b! : a!;
    other.move({ type: 'draw' });
    expect(other.errors().at(-1)).toBe('not_your_turn');
    mover.move({ type: 'fly' });
    expect(mover.errors().at(-1)).toBe('bad_move');
    const watcher = Client.hello(w.host);
    watcher.move({ type: 'draw' });
    expect(watcher.errors()).toEqual(['not_seated']);
    expect(JSON.stringify(w.host.core.state)).toBe(before);
  });

  it('an update sends only what changed: no whole view, and nothing to a view key with no change and no events', () => {
    const w = world('eights');
    const clients = started(w, 4);
    const spectators = [Client.hello(w.host), Client.hello(w.host)];
    const turn = state(w).turn!;
    const mover = clients.find((c) => c.seat === turn)!;
    const moverGot = mover.move(simpleMove(mover.view as EightsView));
    for (const c of [...clients, ...spectators]) {
      const update = (c === mover ? moverGot : c.pull()).find((m) => m.t === 'update');
      expect(update && update.t === 'update' && update.view).toBeUndefined();
      expect(update && update.t === 'update' && update.patch?.length).toBeGreaterThan(0);
    }
  });

  it("the mover's own update is the first frame out, whichever seat moves: their round trip waits for it alone", () => {
    const w = world('eights', null, {}, 'manual');
    const clients = started(w, 4);
    Client.hello(w.host);
    for (let i = 0; i < 8 && state(w).winner === null; i++) {
      for (const c of clients) c.pull();
      const mover = clients.find((c) => c.seat === state(w).turn)!;
      const out = w.host.send(mover.id, { t: 'move', version: mover.version, move: simpleMove(mover.view as EightsView) });
      // The move's own frames, then the other seats' owed ones, in the order the host sends them.
      const updates = [...out.frames, ...w.host.flushOwed().frames].filter(([, text]) => text.startsWith('{"t":"update"'));
      expect(updates.length, 'every seat and the spectator get an update').toBe(5);
      expect(updates[0]![0], `seat ${mover.seat} moved`).toBe(mover.id);
    }
  });

  it('exactly one storage transaction per accepted input, with the move and the small live row only', () => {
    const w = world('eights');
    const clients = started(w, 2);
    const before = w.host.transactions;
    step(w, clients);
    expect(w.host.transactions).toBe(before + 1);
    const last = w.host.store.moves.at(-1)!;
    expect(last.version).toBe(w.host.core.live.version);
    // Refused input writes nothing.
    const t = w.host.transactions;
    clients[0]!.send({ t: 'move', version: 0, move: { type: 'fly' } });
    clients[0]!.send('{bad json');
    expect(w.host.transactions).toBe(t);
  });

  it('snapshots the state at the start and every few moves; a reload from snapshot + tail equals the live room', () => {
    const w = world('eights', null, { scoring: 'match', target: 2000 });
    const clients = started(w, 3);
    for (let i = 0; i < SNAPSHOT_EVERY + 7 && w.host.core.room!.status === 'playing'; i++) step(w, clients);
    const live = structuredClone(w.host.core.state);
    const snap = JSON.parse(w.host.store.record.snapshot!) as { version: number };
    expect(snap.version % SNAPSHOT_EVERY).toBe(0);
    w.host.reload();
    expect(w.host.core.state).toEqual(live);
    expect(w.host.core.live.version).toBe(w.host.store.moves.at(-1)!.version);
  });

  it('the live record (version, clock, bot timing) rides on the last move row and survives a reload at a snapshot boundary', () => {
    const w = world('eights', 30, { scoring: 'match', target: 2000 });
    const clients = started(w, 2);
    while (w.host.core.live.version < SNAPSHOT_EVERY) step(w, clients);
    while (w.host.core.live.version % SNAPSHOT_EVERY !== 0) step(w, clients);
    const live = structuredClone(w.host.core.live);
    expect(JSON.parse(w.host.store.record.live!).version).toBeLessThan(live.version);
    w.host.reload();
    expect(w.host.core.live).toEqual(live);
  });

  it('history is fetched on demand: the recent events with times, and the chat', () => {
    const w = world('eights');
    const clients = started(w, 2);
    step(w, clients);
    clients[0]!.send({ t: 'chat', text: 'hi' });
    const [history] = clients[1]!.send({ t: 'history' }).filter((m) => m.t === 'history');
    expect(history && history.t === 'history' && history.chat.map((c) => c.text)).toEqual(['hi']);
    expect(history && history.t === 'history' && history.log.length).toBeGreaterThan(0);
    expect(history && history.t === 'history' && history.log.every((e) => typeof e.at === 'number')).toBe(true);
  });

  it('play again keeps the room, seats and running totals', () => {
    const w = world('eights');
    const clients = started(w, 2);
    for (let i = 0; i < 3000 && w.host.core.room!.status === 'playing'; i++) step(w, clients);
    const room = w.host.core.room!;
    expect(room.status).toBe('finished');
    expect(room.totals.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const totals = [...room.totals];
    clients[0]!.send({ t: 'again' });
    expect(w.host.core.room).toMatchObject({ status: 'playing', gameNo: 2, totals });
    expect(w.host.core.live.version).toBe(0);
  });
});
