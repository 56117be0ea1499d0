import { describe, expect, it } from 'vitest';
import type { AnyGame, Hint } from '../engine/types';
import type { EightsMove, EightsState } from '../games/eights/types';
import { gameById } from '../games/registry';
import { MemoryRoomHost } from './memory-host';
import { Client, started, stateOf, withVariant, world } from './testkit';

const eights = gameById('eights')!;
/** Eights without a hint of its own: the room falls back to the Strong bot's move. */
const plain = withVariant({ ...eights, id: 'hintless-eights', hint: undefined } as AnyGame);
/** Eights whose hint says which seat it was asked for, so a test sees the game's own answer. */
const asked: number[] = [];
const own = withVariant({
  ...eights,
  id: 'hinting-eights',
  hint: (s: EightsState, seat: number): Hint<EightsMove> => {
    asked.push(seat);
    return { move: { type: 'draw' }, why: { code: 'test_reason', seat } };
  },
} as AnyGame);

const hints = (c: Client) => c.all().filter((m) => m.t === 'hint');
const errors = (c: Client) => c.all().filter((m) => m.t === 'error');

/** One person against bots, on their turn (bots play first where the deal makes them). */
function soloOnTurn(game: string) {
  const w = world(game);
  const [ana] = started(w, 1, 2);
  for (let i = 0; i < 50 && stateOf<{ turn: number }>(w).turn !== ana!.seat; i++) w.advance(1000);
  ana!.pull();
  return { w, ana: ana! };
}

describe('room core: hints in solo play', () => {
  it("answers the asking socket alone with a legal move the room accepts and the Strong bot's generic reason", () => {
    const { w, ana } = soloOnTurn(plain);
    const watcher = Client.hello(w.host);
    watcher.pull();
    ana.send({ t: 'hint', version: ana.version });
    const [hint] = hints(ana);
    expect(hint).toMatchObject({ t: 'hint', version: ana.version, why: { code: 'bot_pick' } });
    const legal = eights.legalMoves(w.host.core.state, ana.seat!);
    expect(legal).toContainEqual((hint as { move: unknown }).move);
    expect(hints(watcher)).toEqual([]);
    // Nothing moved: a hint changes no state and costs no version.
    const version = w.host.core.live.version;
    ana.move((hint as { move: unknown }).move);
    expect(errors(ana)).toEqual([]);
    expect(w.host.core.live.version).toBeGreaterThan(version);
  });

  it("uses the game's own hint, asked for the person's seat", () => {
    asked.length = 0;
    const { ana } = soloOnTurn(own);
    ana.send({ t: 'hint', version: ana.version });
    expect(hints(ana)).toEqual([{ t: 'hint', version: ana.version, move: { type: 'draw' }, why: { code: 'test_reason', seat: ana.seat } }]);
    expect(asked).toEqual([ana.seat]);
  });

  it('refuses while another person is seated, when the game waits for no move of the seat, and to a spectator', () => {
    const two = world(plain);
    const [a, b] = started(two, 2);
    a!.send({ t: 'hint', version: a!.version });
    expect(errors(a!)).toContainEqual({ t: 'error', code: 'no_hint', why: 'not_solo' });
    expect(hints(b!)).toEqual([]);

    const { w, ana } = soloOnTurn(plain);
    // The bots move; between their moves the game waits for a bot, not for Ana.
    ana.move({ type: 'draw' } satisfies EightsMove);
    const s = stateOf<EightsState>(w);
    if (s.turn === ana.seat) ana.move(s.drawn ? { type: 'keep' } : { type: 'draw' });
    expect(stateOf<EightsState>(w).turn).not.toBe(ana.seat);
    ana.send({ t: 'hint', version: ana.version });
    expect(errors(ana)).toContainEqual({ t: 'error', code: 'no_hint', why: 'not_your_turn' });

    const watcher = Client.hello(w.host);
    watcher.send({ t: 'hint', version: 0 });
    expect(errors(watcher)).toContainEqual({ t: 'error', code: 'not_seated' });
  });

  it('refuses in the lobby', () => {
    const w = world(plain);
    const ana = Client.hello(w.host);
    ana.send({ t: 'join', name: 'Ana' });
    ana.send({ t: 'hint', version: 0 });
    expect(errors(ana)).toContainEqual({ t: 'error', code: 'not_playing', status: 'lobby' });
  });
});

describe('room core: a scripted deal (a tutorial)', () => {
  /** A solo Eights game dealt from `deal` on a host whose randomness is `random`: its first hands and the pile after each second. */
  function play(deal: string | undefined, random: number) {
    const time = { now: 1_000_000 };
    const host = new MemoryRoomHost({ now: () => time.now, random: () => random, randomBytes: (n) => new Uint8Array(n).fill(Math.floor(random * 256)) });
    // A room as the browser's offline host makes a tutorial: created with its deal.
    host.create({ code: 'learnroom123', game: 'eights', options: {}, clock: null, pace: 'quick', ...(deal === undefined ? {} : { deal }) });
    const ana = Client.hello(host);
    ana.send({ t: 'join', name: 'Ana' });
    ana.send({ t: 'addBot' });
    ana.send({ t: 'start' });
    const state = () => host.core.state as EightsState;
    const start = structuredClone(state().hands);
    const piles: string[][] = [];
    for (let i = 0; i < 12; i++) {
      ana.pull();
      if (state().turn === 0) ana.move(state().drawn ? { type: 'keep' } : { type: 'draw' });
      time.now += 1000;
      host.runDue();
      piles.push([...state().discard]);
    }
    return { start, piles, room: host.core.room! };
  }

  it('deals from the deal given, and its bots choose the same way whatever the randomness of the host', () => {
    const a = play('tutorial-seed', 0.1);
    const b = play('tutorial-seed', 0.9);
    expect(a.start).toEqual(b.start);
    expect(a.piles).toEqual(b.piles);
    // The bots played: the pile grew beyond the first card.
    expect(a.piles.at(-1)!.length).toBeGreaterThan(1);
    expect(a.start).toEqual(eights.setup([{ name: 'Ana' }, { name: 'Bot' }], eights.defaultOptions, 'tutorial-seed').hands);
    // No fair deal is claimed for it: nothing to reveal.
    expect(a.room.fair?.current).toBeNull();
    expect(play(undefined, 0.1).start).not.toEqual(a.start);
  });
});
