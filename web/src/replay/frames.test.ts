import { describe, expect, it } from 'vitest';
import { Rng } from '../../../shared/cards/rng';
import { deriveSeed } from '../../../shared/fair';
import { REPLAY_FORMAT, REPLAY_VERSION, type ReplayRecord } from '../../../shared/fair/replay';
import { gameById } from '../../../shared/games/registry';
import { buildReplay, jump, replayFileName } from './frames';

/** A two-seat Eights game played by bots, as a replay record. */
function record(): ReplayRecord {
  const game = gameById('eights')!;
  const seed = deriveSeed('ab'.repeat(32), [{ seat: 0, nonce: 'cd'.repeat(16) }]);
  const players = [{ name: 'Ana' }, { name: 'Bot' }];
  let state = game.setup(players, game.defaultOptions, seed);
  const rng = new Rng('frames');
  const moves: { seat: number; move: unknown }[] = [];
  while (!game.outcome(state)) {
    const seat = game.activeSeats(state)[0]!;
    const move = game.botMove(state, seat, rng);
    const r = game.apply(state, seat, move);
    if (!r.ok) throw new Error(r.error.code);
    moves.push({ seat, move });
    state = r.state;
  }
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    game: 'eights',
    room: 'abcdefghjkmn',
    gameNo: 2,
    players,
    options: game.defaultOptions,
    seed,
    reveal: null,
    moves,
    outcome: game.outcome(state),
  };
}

describe('replay frames', () => {
  const rec = record();
  const r = buildReplay(gameById('eights'), rec);

  it('has one step per move, reproduces the game and ends on the finished table', () => {
    expect(r.steps).toBe(rec.moves.length);
    expect(r.result.reproduced).toBe(true);
    const last = r.frame(r.steps, 0);
    expect(last.room.status).toBe('finished');
    expect(last.room.outcome).toEqual(rec.outcome);
    expect(r.frame(0, 0).room.status).toBe('playing');
    expect(r.frame(0, 0).events).toEqual([]);
  });

  it('shows one seat’s view, or a spectator’s without any hand', () => {
    const seat1 = r.frame(0, 1).view as { seat: number; hand: string[] | null };
    expect(seat1.seat).toBe(1);
    expect(seat1.hand).toHaveLength(7);
    expect((r.frame(0, null).view as { hand: string[] | null }).hand).toBeNull();
  });

  it('opens every hand at once from each seat’s own view', () => {
    const hands = r.hands(0);
    expect(hands.map((h) => h.name)).toEqual(['Ana', 'Bot']);
    expect(hands.every((h) => h.cards.length === 7)).toBe(true);
  });

  it('clamps steps and jumps between turns', () => {
    expect(r.frame(-5, 0).version).toBe(0);
    expect(r.frame(r.steps + 10, 0).version).toBe(r.steps);
    const turns = r.marks.turn;
    expect(turns[0]).toBe(0);
    expect(jump(turns, 0, 1)).toBe(turns[1]);
    expect(jump(turns, turns[1]!, -1)).toBe(0);
    expect(jump([0], 0, 1)).toBeNull();
  });

  it("marks chapters at the events the game names, and only the game's (frames.ts names none)", () => {
    const eights = gameById('eights')!;
    const steps = (type: string) => r.result.events.flatMap((events, i) => (events.some((e) => e.type === type) ? [i + 1] : []));
    // Eights names its new hands: a one-hand game has none after the deal.
    expect(r.marks.deal).toEqual([0, ...steps('newHand')]);
    expect(r.marks.trick).toEqual([]);
    const named = buildReplay({ ...eights, chapters: { deal: ['draw'], trick: ['play'] } }, rec);
    expect(steps('play').length).toBeGreaterThan(0);
    expect(named.marks.trick).toEqual(steps('play'));
    expect(named.marks.deal).toEqual([0, ...steps('draw')]);
    const none = buildReplay({ ...eights, chapters: undefined }, rec);
    expect(none.marks.deal).toEqual([0]);
    expect(none.marks.trick).toEqual([]);
    expect(none.marks.turn).toEqual(r.marks.turn);
  });

  it('names a downloaded file after the game, room and game number', () => {
    expect(replayFileName(rec)).toBe('cardroom-eights-abcdefghjkmn-game2.json');
  });
});
