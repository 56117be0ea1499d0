// boardgame.io at Cardroom's pace, for `npm run bench peer`: the harness's own bgio-raw client
// (../shared/bench/peer-bgio, installed by scripts/peer-bench.ts), with each seat's moves spaced
// MIN_GAP_MS apart exactly as e2e/load/peer-adapter.mjs spaces Cardroom's to stay inside its
// per-socket rate limit. Unpaced, boardgame.io's one-room run sends each move the instant the last
// one lands and its server never goes idle; paced, both servers wake from idle alike, so their
// round trips compare like for like.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const harness = process.env.PEER_BGIO_DIR ?? join(homedir(), '.cache', 'cardroom-tools', 'peer-bgio');
const { makeAdapter: makeRaw } = await import(pathToFileURL(join(harness, 'adapters', 'bgio-raw.mjs')).href);
const MIN_GAP_MS = Number(process.env.CARDROOM_MIN_GAP_MS ?? 1000 / 18);

export function makeAdapter(opts) {
  const raw = makeRaw(opts);
  return {
    ...raw,
    name: 'bgio-paced',
    upEvent: 'update',
    async openRoom() {
      const room = await raw.openRoom();
      const readyAt = new Map();
      const ready = room.ready.bind(room);
      room.ready = async () => {
        const seat = await ready();
        const wait = seat ? (readyAt.get(seat) ?? 0) - performance.now() : 0;
        if (wait > 0) await sleep(wait);
        return seat;
      };
      for (const seat of room.seats) {
        const move = seat.move.bind(seat);
        seat.move = (rand) => {
          readyAt.set(seat, performance.now() + MIN_GAP_MS);
          return move(rand);
        };
      }
      return room;
    },
  };
}
