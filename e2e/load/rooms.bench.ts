/**
 * Room load benchmark: move round trips through `wrangler dev`.
 * Opens R rooms of 4 sockets playing Eights, one move per second per room, and measures the
 * time from sending a move to receiving its update on the mover's socket. Steps R up and
 * reports where p99 first passes 50 ms. Also the bytes each socket receives per move and the
 * size of a full resync. Run: npx tsx e2e/load/rooms.bench.ts [maxRooms]
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { counts, makeRoom, moveOnce, pct, type OnLost, type Sock } from './eights-room';

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const BASE = `localhost:${PORT}`;
const MAX_ROOMS = Number(process.argv[2] ?? 100);
const STEPS = [10, 25, 50, 100, 150, 200, 300, 400, 600].filter((n) => n <= MAX_ROOMS);
if (!STEPS.includes(MAX_ROOMS)) STEPS.push(MAX_ROOMS);
const SECONDS_PER_STEP = 12;
let closing = false;

const lost: OnLost = () => {
  // A dropped socket means the server restarted (wrangler dev reloads when files change):
  // figures after that would be wrong, so stop.
  if (!closing) {
    console.error('a socket closed under load: the server restarted or failed; stopping');
    process.exit(2);
  }
};
const newRoom = async () => (await makeRoom(BASE, 4, lost)).socks;

async function run() {
  // Hundreds of rooms from one address: the room-creation limit is lifted for this server only.
  const server = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--port',
      String(PORT),
      '--persist-to',
      '.wrangler/bench-state',
      '--log-level',
      'error',
      '--var',
      'ROOM_LIMIT:off',
      '--var',
      'SOCKET_LIMIT:off',
    ],
    { stdio: 'ignore', detached: true },
  );
  try {
    for (let i = 0; i < 120; i++) {
      try {
        if ((await fetch(`http://${BASE}/api/health`)).ok) break;
      } catch {
        await sleep(500);
      }
    }
    const rooms: Sock[][] = [];
    let crossed: number | null = null;
    console.log(`rooms  moves   p50 ms  p99 ms`);
    for (const target of STEPS) {
      while (rooms.length < target) rooms.push(await newRoom());
      const rtts: number[] = [];
      const stepEnd = Date.now() + SECONDS_PER_STEP * 1000;
      // Each room moves once a second, spread evenly over the second.
      await Promise.all(
        rooms.map(async (room, i) => {
          await sleep((i / rooms.length) * 1000);
          while (Date.now() < stepEnd) {
            const started = Date.now();
            const rtt = await moveOnce(room);
            if (rtt === null) {
              rooms[i] = room = await newRoom();
              continue;
            }
            if (!Number.isNaN(rtt)) rtts.push(rtt);
            await sleep(Math.max(0, 1000 - (Date.now() - started)));
          }
        }),
      );
      const p99 = pct(rtts, 99);
      console.log(`${String(target).padStart(5)}  ${String(rtts.length).padStart(5)}  ${pct(rtts, 50).toFixed(1).padStart(7)}  ${p99.toFixed(1).padStart(7)}`);
      if (crossed === null && p99 > 50) crossed = target;
    }
    const all = rooms.flat();
    // A full resync mid-game: every socket asks for one.
    for (const s of all) s.fullBytes = [];
    for (const s of all) s.ws.send(JSON.stringify({ t: 'sync' }));
    await sleep(2000);
    const upd = all.flatMap((s) => s.updateBytes);
    const full = all.flatMap((s) => s.fullBytes);
    console.log(`bytes per move per socket: mean ${(upd.reduce((a, b) => a + b, 0) / upd.length).toFixed(0)}, p99 ${pct(upd, 99)}`);
    console.log(`bytes of a full resync: mean ${(full.reduce((a, b) => a + b, 0) / full.length).toFixed(0)}, max ${Math.max(...full)}`);
    console.log(`moves refused or lost: ${counts.refused}`);
    console.log(crossed === null ? `p99 stayed at or under 50 ms up to ${STEPS.at(-1)} rooms` : `p99 passed 50 ms at ${crossed} rooms`);
    closing = true;
    for (const s of all) s.ws.close();
  } finally {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

await run();
process.exit(0);
