import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../engine/types';
import type { EightsView } from '../games/eights/types';
import { gameById } from '../games/registry';
import { Client, simpleMove, started, withVariant, world } from './testkit';
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
});
