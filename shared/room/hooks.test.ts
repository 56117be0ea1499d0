import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../engine/types';
import type { EightsView } from '../games/eights/types';
import { gameById } from '../games/registry';
import { simpleMove } from '../games/eights/room-play';
import { Client, started, stateOf, withVariant, world } from './testkit';
import { TAKEOVER_MS } from './types';

/** The room follows the optional hooks a game gives it, whatever the game (Baloot uses both). */
describe("room core: a game's hooks", () => {
  it('a returning person gets the seat back from the bot only where the game allows it (canHandBack: Baloot, at the end of a trick)', () => {
    const gate = { open: false };
    const id = withVariant({ ...gameById('eights')!, id: 'gated-eights', canHandBack: () => gate.open } as AnyGame);
    const w = world(id);
    const [a, b] = started(w, 2);
    w.host.close(b!.id);
    w.advance(TAKEOVER_MS + 10);
    expect(w.host.core.room!.seats[1]!.botPlaying).toBe(true);
    // Back while the game does not allow it: the bot keeps the seat, the wish is noted.
    const back = Client.hello(w.host, b!.token);
    expect(back.seat).toBe(1);
    expect(w.host.core.room!.seats[1]).toMatchObject({ botPlaying: true, wantsBack: true });
    back.send({ t: 'back' });
    expect(back.errors()).toContain('handback_pending');
    // Everyone's room info says the seat is on its way back, so the page can say when.
    expect(a!.pull() && a!.room!.seats[1]).toMatchObject({ botPlaying: true, returning: true });
    w.advance(5000);
    expect(w.host.core.room!.seats[1]!.botPlaying).toBe(true);
    // The game reaches a point where it allows it: the next move hands the seat back.
    gate.open = true;
    for (let i = 0; i < 20 && w.host.core.room!.seats[1]!.botPlaying; i++) {
      a!.pull();
      if ((a!.view as EightsView).turn === a!.seat) a!.move(simpleMove(a!.view as EightsView));
      else w.advance(1500);
    }
    expect(w.host.core.room!.seats[1]).toMatchObject({ botPlaying: false, wantsBack: false });
    a!.pull();
    expect(a!.room!.seats[1]!.returning).toBeUndefined();
  });

  it("a game's own turn length overrides the room clock where it has one (turnSeconds: Baloot's 15 s Sawa answer)", () => {
    const id = withVariant({ ...gameById('eights')!, id: 'fixed-clock-eights', turnSeconds: () => 15 } as AnyGame);
    const w = world(id, 5);
    started(w, 2);
    const turn = w.host.core.live.turn!;
    expect(turn.seconds).toBe(15);
    expect(turn.deadline).toBe(w.time.now + 15_000);
    // The same game without the hook runs on the room's clock.
    const plain = world('eights', 5);
    started(plain, 2);
    expect(plain.host.core.live.turn!.seconds).toBe(5);
  });

  describe("a reading pause (readingPause: the round summary over Baloot's next deal)", () => {
    const paused = () => withVariant({ ...gameById('eights')!, id: 'reading-eights', readingPause: { events: ['play', 'draw'], seconds: 8 } } as AnyGame);
    /** The person whose turn it is moves; the pause starts with that move. */
    function moveOnce(w: ReturnType<typeof world>, clients: Client[]): Client {
      const turn = stateOf<{ turn: number }>(w).turn;
      const mover = clients.find((c) => c.seat === turn)!;
      mover.move(simpleMove(mover.view as EightsView));
      for (const c of clients) c.pull();
      return mover;
    }

    it("holds the next turn's clock until every person at the table has read, then starts it in full", () => {
      const w = world(paused(), 5);
      const people = started(w, 2);
      moveOnce(w, people);
      const version = w.host.core.live.version;
      expect(w.host.core.live.pause).toMatchObject({ version, waiting: [0, 1] });
      expect(w.host.core.live.turn).toBeNull();
      // The clients are told the clock stopped.
      expect(people.every((c) => c.all().some((m) => m.t === 'update' && m.version === version && m.clock === null))).toBe(true);
      // Reading as long as they like (below the game's limit) costs no time and no timeout move.
      w.advance(7000);
      expect(w.host.core.live.version).toBe(version);
      // A read from an older table does not count; spectators are not waited for.
      people[0]!.send({ t: 'read', version: version - 1 });
      Client.hello(w.host).send({ t: 'read', version });
      expect(w.host.core.live.pause!.waiting).toEqual([0, 1]);
      people[0]!.send({ t: 'read', version });
      expect(w.host.core.live.turn).toBeNull();
      people[1]!.send({ t: 'read', version });
      expect(w.host.core.live.pause).toBeNull();
      expect(w.host.core.live.turn).toMatchObject({ seconds: 5, deadline: w.time.now + 5000 });
      // Every table gets the running clock although nothing moved.
      for (const c of people) expect(c.all().some((m) => m.t === 'update' && m.clock?.deadline === w.time.now + 5000)).toBe(true);
    });

    it("ends by itself after the game's seconds, and holds the bots too", () => {
      const w = world(paused(), 5);
      const [person] = started(w, 1, 1);
      // Let the bot move first if it leads: its move pauses for the person to read.
      if (stateOf<{ turn: number }>(w).turn !== person!.seat) w.advance(300);
      if (!w.host.core.live.pause) moveOnce(w, [person!]);
      const started8 = w.host.core.live.pause!.until;
      const version = w.host.core.live.version;
      w.advance(started8 - w.time.now - 1);
      // Nobody moved while the person read: neither the bot nor a timeout.
      expect(w.host.core.live.version).toBe(version);
      w.advance(1);
      expect(w.host.core.live.pause).toBeNull();
      expect(w.host.core.live.turn !== null || w.host.core.live.botDue !== null).toBe(true);
    });

    it("Baloot's round summary: the next deal's first bid waits until the person closed it, 8 s at most", () => {
      const baloot = gameById('baloot')!;
      for (const closes of [true, false]) {
        const w = world('baloot', 10);
        const [me] = started(w, 1, 3);
        const seat = me!.seat!;
        // The person makes a plain legal move whenever asked (never a double, which could end the
        // match in one round, nor a Sawa claim); the bots play at their pace.
        for (let guard = 0; !w.host.core.live.pause && guard < 3000; guard++) {
          const st = w.host.core.state;
          me!.pull();
          if (!baloot.activeSeats(st).includes(seat)) {
            w.advance(300);
            continue;
          }
          const moves = baloot.legalMoves(st, seat) as { type: string }[];
          me!.move(moves.find((m) => m.type !== 'double' && m.type !== 'sawa') ?? moves[0]);
        }
        const version = w.host.core.live.version;
        // Started by the move that ended the round (a bot's, maybe, a moment ago).
        const until = w.host.core.live.pause!.until;
        expect(w.host.core.live.pause).toMatchObject({ version, waiting: [seat] });
        expect(until - 8000).toBeGreaterThan(w.time.now - 300);
        expect(until - 8000).toBeLessThanOrEqual(w.time.now);
        expect(stateOf<{ phase: string; lastRound: unknown }>(w)).toMatchObject({ phase: 'bidding', lastRound: expect.anything() });
        expect(w.host.core.live).toMatchObject({ turn: null, botDue: null });
        w.advance(until - 1 - w.time.now);
        expect(w.host.core.live.version).toBe(version);
        if (closes) me!.send({ t: 'read', version });
        else w.advance(1);
        expect(w.host.core.live.pause).toBeNull();
        // The first bidder's clock (the person's) or a bot's paced bid starts only now.
        const live = w.host.core.live;
        expect(live.turn ? live.turn.deadline - w.time.now : live.botDue! - w.time.now).toBeGreaterThan(0);
        if (live.turn) expect(live.turn.deadline).toBe(w.time.now + 10_000);
      }
    });

    it('a person who moves is done reading; a game without the hook never pauses', () => {
      const w = world(paused(), 5);
      const people = started(w, 2);
      const first = moveOnce(w, people);
      const other = people.find((c) => c !== first)!;
      const version = w.host.core.live.version;
      first.send({ t: 'read', version });
      expect(w.host.core.live.pause!.waiting).toEqual([other.seat]);
      // The other person (whose turn it is) moves instead of closing the summary: they had read it,
      // so that pause is over (their move, reported as the variant's pause event, starts the next one).
      other.move(simpleMove(other.view as EightsView));
      expect(w.host.core.live.version).toBe(version + 1);
      expect(w.host.core.live.pause).toMatchObject({ version: version + 1, waiting: [0, 1] });
      const plain = world('eights', 5);
      const two = started(plain, 2);
      moveOnce(plain, two);
      expect(plain.host.core.live.pause ?? null).toBeNull();
      expect(plain.host.core.live.turn).not.toBeNull();
    });
  });
});
