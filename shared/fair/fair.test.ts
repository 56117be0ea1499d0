import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Rng } from '../cards/rng';
import type { AnyGame } from '../engine/types';
import { gameById, roomGameIds } from '../games/registry';
import { commitmentOf, deriveSeed, newCommitment, newNonce, nonceMessage, verifyReveal, type Reveal, type SeatNonce } from './index';
import { parseReplay, replay, REPLAY_FORMAT, REPLAY_VERSION, type ReplayRecord } from './replay';

let counter = 0;
/** Deterministic "CSPRNG" for tests: distinct bytes on every call. */
function bytes(n: number): Uint8Array {
  const rng = new Rng(`bytes-${counter++}`);
  return Uint8Array.from({ length: n }, () => rng.int(256));
}

function makeReveal(nonces: SeatNonce[], game = 1): Reveal {
  const c = newCommitment(bytes);
  return { game, commitment: c.hash, salt: c.salt, secret: c.secret, nonces, seed: deriveSeed(c.secret, nonces) };
}

describe('seed derivation', () => {
  const secret = 'a'.repeat(64);
  const nonces = [
    { seat: 2, nonce: '2'.repeat(32) },
    { seat: 0, nonce: '0'.repeat(32) },
  ];

  it('is deterministic and independent of the order nonces are listed in', () => {
    expect(deriveSeed(secret, nonces)).toBe(deriveSeed(secret, [...nonces].reverse()));
    expect(deriveSeed(secret, nonces)).toMatch(/^[0-9a-f]{64}$/);
    expect(nonceMessage(nonces)).toBe(`0:${'0'.repeat(32)},2:${'2'.repeat(32)}`);
  });

  it('is the documented HMAC-SHA-256 and SHA-256, checkable with node:crypto in a few lines (README)', () => {
    const salt = 'b'.repeat(32);
    expect(commitmentOf(salt, secret)).toBe(createHash('sha256').update(`${salt}:${secret}`).digest('hex'));
    const message = nonces
      .sort((a, b) => a.seat - b.seat)
      .map((n) => `${n.seat}:${n.nonce}`)
      .join(',');
    expect(deriveSeed(secret, nonces)).toBe(createHmac('sha256', Buffer.from(secret, 'hex')).update(message).digest('hex'));
  });

  it('changes with the secret and with any one nonce', () => {
    const base = deriveSeed(secret, nonces);
    expect(deriveSeed('b'.repeat(64), nonces)).not.toBe(base);
    expect(deriveSeed(secret, [nonces[0]!, { seat: 0, nonce: '1'.repeat(32) }])).not.toBe(base);
    expect(deriveSeed(secret, [nonces[0]!])).not.toBe(base);
  });

  it('a table of bots and one person still gets that person’s nonce; no nonce at all still gives a seed', () => {
    expect(deriveSeed(secret, [{ seat: 1, nonce: 'c'.repeat(32) }])).not.toBe(deriveSeed(secret, []));
    expect(deriveSeed(secret, [])).toMatch(/^[0-9a-f]{64}$/);
  });

  it('fresh commitments and nonces are hex of the documented sizes and never repeat', () => {
    const a = newCommitment(bytes);
    const b = newCommitment(bytes);
    expect(a.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(a.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(a.hash).toBe(commitmentOf(a.salt, a.secret));
    expect(a.secret).not.toBe(b.secret);
    expect(newNonce(bytes)).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('verifying a reveal', () => {
  const mine = 'd'.repeat(32);
  const reveal = makeReveal([
    { seat: 0, nonce: 'e'.repeat(32) },
    { seat: 1, nonce: mine },
  ]);

  it('an honest reveal verifies against the commitment seen before the deal and this browser’s nonce', () => {
    expect(verifyReveal(reveal, { hash: reveal.commitment }, mine)).toEqual({ ok: true, problems: [] });
  });

  it('a tampered secret fails', () => {
    const secret = (reveal.secret[0] === '0' ? '1' : '0') + reveal.secret.slice(1);
    expect(verifyReveal({ ...reveal, secret }).problems).toContain('commitment_mismatch');
  });

  it('a tampered nonce fails', () => {
    const nonces = [reveal.nonces[0]!, { seat: 1, nonce: 'f'.repeat(32) }];
    const result = verifyReveal({ ...reveal, nonces }, null, mine);
    expect(result.problems).toEqual(['seed_mismatch', 'nonce_missing']);
  });

  it('a dropped nonce fails, even with a seed recomputed to match, for the browser that sent it', () => {
    const nonces = [reveal.nonces[0]!];
    expect(verifyReveal({ ...reveal, nonces, seed: deriveSeed(reveal.secret, nonces) }, null, mine).problems).toEqual(['nonce_missing']);
  });

  it('a commitment swapped after the deal fails', () => {
    const other = makeReveal(reveal.nonces);
    expect(verifyReveal(other, { hash: reveal.commitment }).problems).toEqual(['commitment_changed']);
  });

  it('a seed that is not derived from the inputs fails', () => {
    expect(verifyReveal({ ...reveal, seed: 'a'.repeat(64) }).problems).toEqual(['seed_mismatch']);
  });

  it('two nonces for one seat fail', () => {
    const nonces = [
      { seat: 1, nonce: mine },
      { seat: 1, nonce: '9'.repeat(32) },
    ];
    expect(verifyReveal({ ...reveal, nonces, seed: deriveSeed(reveal.secret, nonces) }).problems).toContain('duplicate_seat');
  });
});

/**
 * Every room game of the registry, at its fewest seats and default options: short games, so
 * that 200 per game run in seconds. What a game needs beyond that is said here.
 */
const SPECIAL: Record<string, { options?: Record<string, unknown>; random?: number }> = {
  // Baloot's bots search; half its moves are random legal ones, which also varies the bids. The
  // lowest match target the room accepts (shared/games/catalog.ts).
  baloot: { options: { target: 52 }, random: 0.5 },
};
const GAMES = roomGameIds().map((id) => ({
  id,
  players: Math.min(...gameById(id)!.playerCounts),
  options: SPECIAL[id]?.options ?? {},
  random: SPECIAL[id]?.random ?? 0,
}));

/** A whole game played by random bots from a fair seed, recorded as the room records it. */
function botGame(game: AnyGame, players: number, options: Record<string, unknown>, n: number, random = 0): ReplayRecord {
  const reveal = makeReveal(Array.from({ length: players }, (_, seat) => ({ seat, nonce: newNonce(bytes) })));
  const names = Array.from({ length: players }, (_, i) => ({ name: `P${i}` }));
  let state = game.setup(names, { ...game.defaultOptions, ...options }, reveal.seed);
  const rng = new Rng(`bots-${n}`);
  const moves: { seat: number; move: unknown }[] = [];
  for (let guard = 0; !game.outcome(state); guard++) {
    if (guard > 5000) throw new Error(`${game.id} game ${n} did not end`);
    const seat = game.activeSeats(state)[0]!;
    // A share `random` of the moves are random legal ones, the rest the bots' own.
    const legal = rng.float() < random ? game.legalMoves(state, seat) : [];
    const move = legal.length > 0 ? rng.pick(legal) : game.botMove(state, seat, rng);
    const result = game.apply(state, seat, move);
    if (!result.ok) throw new Error(`${game.id} bot move refused: ${result.error.code}`);
    // Through JSON, as the log stores it.
    moves.push({ seat, move: JSON.parse(JSON.stringify(move)) });
    state = result.state;
  }
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    game: game.id,
    room: 'testroomcode',
    gameNo: 1,
    players: names,
    options: { ...game.defaultOptions, ...options },
    seed: reveal.seed,
    reveal,
    moves,
    outcome: JSON.parse(JSON.stringify(game.outcome(state))),
  };
}

describe('replays reproduce recorded games', () => {
  for (const { id, players, options, random } of GAMES) {
    it(`200 random bot games of ${id} replay to exactly their recorded outcomes`, () => {
      const game = gameById(id)!;
      for (let n = 0; n < 200; n++) {
        const record = botGame(game, players, options, n, random);
        const result = replay(game, record);
        expect(result.divergence, `${id} game ${n}`).toBeNull();
        expect(result.reproduced).toBe(true);
        expect(result.states).toHaveLength(record.moves.length + 1);
      }
    }, 120_000);
  }

  const game = gameById('eights')!;
  const record = botGame(game, 3, {}, 999);

  it('a tampered move log fails at the move that no longer fits', () => {
    // Swap two moves of different seats: the second one is then out of turn.
    const i = record.moves.findIndex((m, k) => k > 0 && m.seat !== record.moves[k - 1]!.seat);
    const moves = [...record.moves];
    [moves[i - 1], moves[i]] = [moves[i]!, moves[i - 1]!];
    const result = replay(game, { ...record, moves });
    expect(result.reproduced).toBe(false);
    expect(result.divergence).toMatchObject({ kind: 'refused', index: i - 1 });
  });

  it('a truncated move log does not reach the recorded outcome', () => {
    const result = replay(game, { ...record, moves: record.moves.slice(0, -1) });
    expect(result.divergence).toMatchObject({ kind: 'outcome_differs', index: record.moves.length - 1 });
  });

  it('a recorded outcome that differs from the replay is reported', () => {
    const winners = [(record.outcome!.winners[0]! + 1) % 3];
    expect(replay(game, { ...record, outcome: { ...record.outcome!, winners } }).divergence).toMatchObject({ kind: 'outcome_differs' });
  });

  it('a seed that does not derive from the reveal fails before any move', () => {
    const other = deriveSeed(record.reveal!.secret, []);
    expect(replay(game, { ...record, seed: other, reveal: { ...record.reveal!, seed: other } }).divergence).toEqual({
      kind: 'seed',
      problems: ['seed_mismatch'],
    });
  });

  it('moves past the end are reported', () => {
    expect(replay(game, { ...record, moves: [...record.moves, record.moves.at(-1)!] }).divergence).toMatchObject({
      kind: 'moves_after_end',
      index: record.moves.length,
    });
  });

  it('the wrong game is reported', () => {
    expect(replay(gameById('rummy'), record).divergence).toEqual({ kind: 'unknown_game' });
  });
});

describe('replay files', () => {
  const record = botGame(gameById('eights')!, 2, {}, 7);

  it('a downloaded replay opens again unchanged', () => {
    const parsed = parseReplay(JSON.stringify(record));
    expect(parsed).toEqual({ ok: true, record });
  });

  it('a file that is not JSON says so', () => {
    expect(parseReplay('{"format":')).toEqual({ ok: false, message: 'The file is not JSON.' });
  });

  it('another JSON file is named as not a replay', () => {
    expect(parseReplay('{"name":"package"}')).toMatchObject({ ok: false, message: expect.stringContaining('Not a Cardroom replay') });
  });

  it('a missing field is named', () => {
    const { seed: _, ...rest } = record;
    expect(parseReplay(JSON.stringify(rest))).toEqual({ ok: false, message: 'seed is missing.' });
  });

  it('a broken field is named by its path', () => {
    const bad = { ...record, reveal: { ...record.reveal!, secret: 'xyz' } };
    expect(parseReplay(JSON.stringify(bad))).toEqual({ ok: false, message: 'reveal.secret: The secret must be 64 lowercase hex characters.' });
    expect(parseReplay(JSON.stringify({ ...record, moves: [{ seat: -1, move: {} }] }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^moves\.0\.seat: /),
    });
  });
});
