/**
 * The browser's side of a ranked queue: one WebSocket to `/api/queue/:game/:tier/:seats/ws`,
 * its frames checked (shared/protocol/queue.ts), and what the queue screen shows as one state. Cancel (or
 * leaving the page) closes the socket, which is how a player leaves the queue. No platform
 * globals inside: the socket comes from `open`, so tests drive it with a stub.
 */
import * as v from 'valibot';
import { QUEUE_ERROR_CODES, QueueMessage } from '../../../shared/protocol/queue';

/**
 * Why the queue screen is not waiting: the queue's own codes, the connection `lost`, a frame
 * `unreadable`, no player could be made, a ranked game still on, a ban. Codes, never sentences:
 * the screen words each in the reader's language (`ranked.queue.refused.*`; a ban names its end).
 */
export const QUEUE_REFUSALS = [...QUEUE_ERROR_CODES, 'lost', 'unreadable', 'no_player', 'in_ranked_game', 'banned'] as const;
export type QueueRefusal = (typeof QUEUE_REFUSALS)[number];

/** The part of a WebSocket the client uses. */
export interface QueueSocket {
  onmessage: ((e: { data: unknown }) => void) | null;
  onclose: ((e: { code: number; reason: string }) => void) | null;
  onerror: ((e: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

export type QueueState =
  | { phase: 'connecting' }
  /** `waitedMs` as of `at` (the browser's clock when the frame came): the screen counts on from there. */
  | { phase: 'waiting'; waitedMs: number; waiting: number; at: number }
  | { phase: 'matched'; room: string; ticket: string }
  /** The queue refused or dropped us: `code` names why (`banned` with `until`, `in_ranked_game` with `room`). */
  | { phase: 'refused'; code: QueueRefusal; until?: number; room?: string }
  | { phase: 'cancelled' };

export interface QueueClientDeps {
  open(url: string): QueueSocket;
  now(): number;
  onChange(state: QueueState): void;
}

export function queuePath(game: string, tier: string, seats: number): string {
  return `/api/queue/${encodeURIComponent(game)}/${encodeURIComponent(tier)}/${seats}/ws`;
}

/** ws(s)://host + path, from the page's own address. */
export function socketUrl(path: string, location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

export function createQueueClient(url: string, deps: QueueClientDeps) {
  let state: QueueState = { phase: 'connecting' };
  let socket: QueueSocket | null = null;

  const set = (next: QueueState) => {
    state = next;
    deps.onChange(next);
  };
  /** Over: the socket is closed by us and its late events ignored. */
  const finish = (next: QueueState) => {
    const s = socket;
    socket = null;
    if (s) {
      s.onmessage = s.onclose = s.onerror = null;
      s.close(1000, next.phase);
    }
    set(next);
  };

  function receive(data: unknown) {
    let frame: QueueMessage;
    try {
      const parsed = v.safeParse(QueueMessage, JSON.parse(String(data)));
      if (!parsed.success) throw new Error('not a queue frame');
      frame = parsed.output;
    } catch {
      finish({ phase: 'refused', code: 'unreadable' });
      return;
    }
    if (frame.t === 'waiting') set({ phase: 'waiting', waitedMs: frame.waitedMs, waiting: frame.waiting, at: deps.now() });
    else if (frame.t === 'matched') finish({ phase: 'matched', room: frame.room, ticket: frame.ticket });
    else finish({ phase: 'refused', code: frame.code });
  }

  return {
    get state(): QueueState {
      return state;
    },
    /** Join the queue (again, after a refusal or a drop). */
    start(): void {
      if (socket) return;
      set({ phase: 'connecting' });
      const s = deps.open(url);
      socket = s;
      s.onmessage = (e) => receive(e.data);
      // Closed by the server without a verdict (or refused at the upgrade, which a browser cannot read): the screen asks why.
      s.onclose = () => {
        if (socket !== s) return;
        socket = null;
        set({ phase: 'refused', code: 'lost' });
      };
      s.onerror = () => undefined;
    },
    /** Leave the queue. */
    cancel(): void {
      if (state.phase === 'matched') return;
      finish({ phase: 'cancelled' });
    },
  };
}

export type QueueClient = ReturnType<typeof createQueueClient>;

/** Seconds waited at `now`, counted on from the last frame. */
export function waitedSeconds(state: QueueState, now: number): number {
  return state.phase === 'waiting' ? Math.floor((state.waitedMs + Math.max(0, now - state.at)) / 1000) : 0;
}

/** After this long in the queue, the screen offers a game with bots now (unranked). */
export const OFFER_BOTS_AFTER_MS = 60_000;
