import { describe, expect, it } from 'vitest';
import { Rng } from '../../../shared/cards/rng';
import { deriveSeed } from '../../../shared/fair';
import { REPLAY_FORMAT, REPLAY_VERSION, type ReplayRecord } from '../../../shared/fair/replay';
import { gameById } from '../../../shared/games/registry';
import { buildReplay, continues, jump, openingStep, replayFileName } from './frames';

/** A game played by bots (two-seat Eights unless told), as a replay record. */
function record(id = 'eights', names = ['Ana', 'Bot'], options: Record<string, unknown> = {}): ReplayRecord {
  const game = gameById(id)!;
  const seed = deriveSeed('ab'.repeat(32), [{ seat: 0, nonce: 'cd'.repeat(16) }]);
  const players = names.map((name) => ({ name }));
  const opts = { ...game.defaultOptions, ...options };
  let state = game.setup(players, opts, seed);
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
    game: id,
    room: 'abcdefghjkmn',
    gameNo: 2,
    players,
    options: opts,
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

  it('names no seat "You" unless the viewer played it: a stranger has none, a player their own seat', () => {
    expect(r.frame(3, 0).viewer).toBeNull();
    const mine = buildReplay(gameById('eights'), rec, 1);
    expect(mine.frame(3, 0).viewer).toBe(1);
    expect(mine.frame(3, null).viewer).toBe(1);
    expect(buildReplay(gameById('eights'), rec, 7).frame(0, 0).viewer).toBeNull();
  });

  it('a new table for any step that does not follow the one shown', () => {
    expect(continues(4, 5)).toBe(true);
    expect(continues(5, 4)).toBe(false);
    expect(continues(4, 9)).toBe(false);
    expect(continues(4, 4)).toBe(false);
  });

  it('names a downloaded file after the game, room and game number', () => {
    expect(replayFileName(rec)).toBe('cardroom-eights-abcdefghjkmn-game2.json');
  });
});

describe('a replay of several deals (a Baloot match to 152)', () => {
  const rec = record('baloot', ['Ana', 'Ben', 'Cai', 'Dia'], { target: 152 });
  const r = buildReplay(gameById('baloot'), rec);
  const roundEnds = r.result.events.flatMap((events, i) => (events.some((e) => e.type === 'round') ? [i + 1] : []));

  it('opens at the first deal, or at the start of the last deal when opened from the finished game', () => {
    expect(r.marks.deal.length).toBeGreaterThan(2);
    expect(openingStep(r.marks, 'start')).toBe(0);
    const last = openingStep(r.marks, 'end');
    expect(last).toBe(r.marks.deal[r.marks.deal.length - 1]);
    expect(last).toBeGreaterThan(0);
    expect(last).toBeLessThan(r.steps);
    // From there on no new deal starts: the rest is the last deal.
    expect(r.marks.deal.filter((m) => m > last)).toEqual([]);
    expect(openingStep({ deal: [0], trick: [], turn: [0] }, 'end')).toBe(0);
  });

  it("each step carries only its own events: a round's summary only at the step that ended it, the result only at the last", () => {
    expect(roundEnds.length).toBeGreaterThan(1);
    for (let step = 0; step <= r.steps; step++) {
      const frame = r.frame(step, 0);
      expect(frame.events.some((e) => e.type === 'round')).toBe(roundEnds.includes(step));
      expect(frame.room.status).toBe(step === r.steps ? 'finished' : 'playing');
      expect(frame.room.outcome).toEqual(step === r.steps ? rec.outcome : null);
    }
    // Stepping back across deals: the step before a new deal still has no summary.
    for (const mark of r.marks.deal.slice(1)) expect(r.frame(mark - 1, 0).events.some((e) => e.type === 'round')).toBe(false);
  });

  it("opened at a deal's start from the result card, the step is that deal's, not the summary of the deal before", () => {
    const baloot = r;
    const at = openingStep(baloot.marks, 'end');
    expect(at).toBeGreaterThan(0);
    const types = (opening: boolean) => baloot.frame(at, 0, opening).events.map((e) => e.type);
    // The move that ended the round before also dealt this one: as a step of its own it shows both.
    expect(types(false)).toContain('round');
    expect(types(true)[0]).toBe('deal');
    expect(types(true)).not.toContain('round');
    expect(baloot.frame(at, 0, true).view).toEqual(baloot.frame(at, 0).view);
  });
});
