/**
 * The queue benchmark's feed (`npm run bench queue`, e2e/load/queue.bench.ts), reached only under
 * `wrangler dev --var QUEUE_BENCH:on` (worker/queue-routes.ts): one socket into the queue object
 * carrying synthetic arrivals, so the benchmark measures the object rather than the development
 * server's cost of a connection per join. Nothing here runs in production.
 */
import type { Arrival, QueueCore, QueueSocket } from './queue-core';

/**
 * The benchmark's stand-in for a player's socket (the feed in `stand-ins` mode): the object does
 * everything a join does except the runtime's socket, whose cost the `sockets` mode measures.
 */
const STAND_IN: QueueSocket = { send() {}, close() {}, addEventListener() {}, removeEventListener() {} };

/**
 * Opens a feed into `core`. Each `{"join":[[player, rating], …]}` on it is admitted exactly as
 * real joins, each player with a socket of its own whose far end is held here (or, with
 * `stand-ins`, a stand-in that costs nothing); each player's last word (matched, or an error) is
 * copied to the feed as `<player> <frame>`. Only the network handshake of a real join is skipped.
 */
export function openBenchFeed(core: QueueCore, mode: 'sockets' | 'stand-ins'): Response {
  const pair = new WebSocketPair();
  const feed = pair[1];
  feed.accept();
  const copy = feedCopier(feed);
  feed.addEventListener('message', (e) => {
    const { join } = JSON.parse(typeof e.data === 'string' ? e.data : new TextDecoder().decode(e.data)) as { join: [string, number][] };
    const arrivals: Arrival[] = join.map(([player, rating]) => {
      if (mode === 'stand-ins') return { ws: STAND_IN, player, rating, lastWord: copy };
      const socket = new WebSocketPair();
      socket[1].accept();
      // The far end is accepted so the runtime delivers and closes as for a browser; what it
      // receives is not read: the player's last word is copied to the feed.
      socket[0].accept();
      return { ws: socket[1], player, rating, lastWord: copy };
    });
    core.join(arrivals);
  });
  watchPauses(feed, copy);
  return new Response(null, { status: 101, webSocket: pair[0] });
}

/**
 * The copies go to the feed a frame per turn of the event loop, one line each: the feed is the
 * instrument, and a frame per player through the development server's proxies would measure the
 * proxies.
 */
function feedCopier(feed: WebSocket): (line: string) => void {
  let lines: string[] | null = null;
  return (line) => {
    if (lines) return void lines.push(line);
    lines = [line];
    queueMicrotask(() => {
      const all = lines!;
      lines = null;
      try {
        feed.send(all.join('\n'));
      } catch {
        // The benchmark went away.
      }
    });
  };
}

/**
 * While the feed is open, pauses of this object's event loop over 30 ms are reported on it
 * (`#pause <ms>`): a timer that should fire every 5 ms and did not is a pause of the isolate.
 */
function watchPauses(feed: WebSocket, copy: (line: string) => void): void {
  let open = true;
  feed.addEventListener('close', () => (open = false));
  let last = Date.now();
  const check = () => {
    const now = Date.now();
    if (now - last > 30) copy(`#pause ${now - last}`);
    last = now;
    if (open) setTimeout(check, 5);
  };
  setTimeout(check, 5);
}
