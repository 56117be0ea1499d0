/**
 * Room core microbench: plays N moves of every room game from the registry (four people, a
 * spectator, no bots, each game's default options) through the in-memory host and reports µs of
 * core time per move — wall clock, and the process's CPU time, which a busy shared machine
 * disturbs far less — then replays the per-seat view pairs the room diffed and reports µs per
 * `diff`. Run with `npx tsx shared/room/core.bench.ts [moves]` (BENCH_GAME=<id> for one game);
 * figures are for comparing versions of the room on one machine, not absolute.
 */
import type { AnyGame } from '../engine/types';
import { gameById, roomGameIds } from '../games/registry';
import type { ServerMessage } from '../protocol';
import { MemoryRoomHost } from './memory-host';
import { diff } from './patch';

const MOVES = Number(process.argv[2] ?? 4000);

function play(id: string, options: Record<string, unknown>) {
  const time = { now: 1_000_000 };
  let r = 7;
  const random = () => (r = (Math.imul(r, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const host = new MemoryRoomHost({ now: () => time.now, random, randomBytes: (n) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256)) });
  const game = gameById(id) as AnyGame;
  host.create({ code: 'benchbenchbe', game: id, options, clock: null, pace: 'quick' });
  const socks = Array.from({ length: 4 }, (_, i) => {
    const s = host.open();
    host.send(s, { t: 'hello' });
    host.send(s, { t: 'join', name: `P${i}` });
    return s;
  });
  host.send(host.open(), { t: 'hello' }); // a spectator
  const seatOf = new Map<number, string>();
  for (const s of socks) {
    for (const f of host.inbox.get(s)!) {
      const m = JSON.parse(f) as ServerMessage;
      if (m.t === 'welcome' && m.seat !== null) seatOf.set(m.seat, s);
    }
  }
  host.send(socks[0]!, { t: 'start' });
  const pairs: [unknown, unknown][] = [];
  let views: unknown[] = [];
  const snap = () => [0, 1, 2, 3, null].map((seat) => (host.core.state === null ? null : game.view(host.core.state, seat)));
  const playing = () => host.core.room?.status === 'playing';
  let moveTime = 0;
  let moveCpu = 0;
  let moves = 0;
  let games = 0;
  views = snap();
  while (moves < MOVES) {
    if (!playing()) {
      host.send(socks[0]!, { t: 'again' });
      games++;
      views = snap();
      if (!playing()) throw new Error(`could not start game ${games}`);
      continue;
    }
    const state = host.core.state;
    const seat = game.activeSeats(state)[0]!;
    const legal = game.legalMoves(state, seat);
    const move = legal[Math.floor(random() * legal.length)];
    time.now += 1000; // one move a second per room: well inside the rate limit
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    host.send(seatOf.get(seat)!, { t: 'move', version: host.core.live!.version, move });
    const c1 = process.cpuUsage(c0);
    moveTime += performance.now() - t0;
    moveCpu += (c1.user + c1.system) / 1000;
    moves++;
    const next = snap();
    for (let i = 0; i < next.length; i++) pairs.push([views[i], next[i]]);
    views = next;
  }
  // The diffs alone, on the same view pairs the room diffed.
  let diffs = 0;
  const t0 = performance.now();
  for (let round = 0; round < 5; round++) for (const [a, b] of pairs) diffs += diff(a, b).length;
  const diffTime = (performance.now() - t0) / 5;
  return {
    id,
    moves,
    games,
    perMove: (moveTime * 1000) / moves,
    cpuPerMove: (moveCpu * 1000) / moves,
    perDiff: (diffTime * 1000) / pairs.length,
    ops: diffs / 5 / pairs.length,
  };
}

for (let i = 0; i < 2; i++) {
  // The first round warms the JIT; the second is reported.
  const rows = roomGameIds()
    .filter((id) => !process.env.BENCH_GAME || id === process.env.BENCH_GAME)
    .map((id) => play(id, {}));
  if (i === 1)
    for (const r of rows)
      console.log(
        `${r.id}: ${r.moves} moves in ${r.games + 1} games, ${r.perMove.toFixed(1)} µs per move (core; ${r.cpuPerMove.toFixed(1)} µs of CPU), ${r.perDiff.toFixed(2)} µs per diff (${r.ops.toFixed(2)} ops)`,
      );
}
