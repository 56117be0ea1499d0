import { Rng } from '../shared/cards/rng';
import { commitmentOf, deriveSeed } from '../shared/fair';
import { REPLAY_FORMAT, REPLAY_VERSION } from '../shared/fair/replay';
import { gameById } from '../shared/games/registry';

/** A whole game played by the bots in Node, recorded as a replay file (as a room would serve it). */
export function botReplay(id: string, players: number, options: Record<string, unknown>): string {
  const game = gameById(id)!;
  const reveal = { salt: '1'.repeat(32), secret: '2'.repeat(64), nonces: [{ seat: 0, nonce: '3'.repeat(32) }] };
  const seed = deriveSeed(reveal.secret, reveal.nonces);
  const names = Array.from({ length: players }, (_, i) => ({ name: `Bot ${i + 1}` }));
  const opts = { ...game.defaultOptions, ...options };
  let state = game.setup(names, opts, seed);
  const rng = new Rng(`e2e-${id}`);
  const moves: { seat: number; move: unknown }[] = [];
  while (!game.outcome(state)) {
    const seat = game.activeSeats(state)[0]!;
    const move = game.botMove(state, seat, rng);
    const r = game.apply(state, seat, move);
    if (!r.ok) throw new Error(`${id}: ${r.error.code}`);
    moves.push({ seat, move });
    state = r.state;
  }
  const full = { game: 1, commitment: commitmentOf(reveal.salt, reveal.secret), ...reveal, seed };
  return JSON.stringify({
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    game: id,
    room: null,
    gameNo: 1,
    players: names,
    options: opts,
    seed,
    reveal: full,
    moves,
    outcome: game.outcome(state),
  });
}
