/**
 * One ranked queue's work, without the runtime: waiting players and their sockets, tables formed
 * by `shared/ranked/queue.ts`, each table written through the `RankedTables` port with one
 * single-use ticket per seat (the tables formed at once in one write), then each player told
 * where to go. The Durable Object (`queue.ts`) gives it sockets, timers and D1; tests give it
 * fake sockets and the memory port.
 */
import type { RankedFormat } from '../shared/games/catalog';
import type { QueueMessage } from '../shared/protocol/queue';
import { RankedQueue, type QueueEntry } from '../shared/ranked/queue';
import { hashTicket, newTicket, TICKET_BYTES } from '../shared/ranked/tickets';
import type { FormedRankedTable, RankedTables } from './d1/ports';

/** How often waiting players hear how long they have waited (and windows widen and tables form). */
export const QUEUE_TICK_MS = 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/**
 * D1 writes out at once. Tables formed while every write is out go together in the next one; with
 * two out, a table waits for at most one write before its own instead of the one ahead of it.
 */
const WRITES_AT_ONCE = 2;

/** What the queue needs of a socket (a runtime WebSocket, the benchmark's stand-in, a test's fake). */
export interface QueueSocket {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'close' | 'error', listener: () => void): void;
  removeEventListener(type: 'close' | 'error', listener: () => void): void;
}

export interface QueueDeps {
  tables: RankedTables;
  roomCode(): string;
  randomBytes(n: number): Uint8Array;
  /** Keeps the object alive until a write is done. */
  waitUntil(work: Promise<unknown>): void;
  now(): number;
}

/** A waiting player: their socket and entry, until the queue lets them go (matched or refused). */
interface Waiting {
  ws: QueueSocket;
  entry: QueueEntry;
  /** Let go by the queue: its close is not a leave. */
  done?: true;
  /** Told the player's last frame as sent (the benchmark copies it to its feed). */
  lastWord?: (text: string) => void;
  /** The socket's close and error listener, removed when the queue lets the player go. */
  onGone?: () => void;
}

/** One arrival: a socket already accepted, its player and pairing rating. */
export interface Arrival {
  ws: QueueSocket;
  player: string;
  rating: number;
  lastWord?: (text: string) => void;
}

type Unwritten = FormedRankedTable & { seated: (Waiting | undefined)[]; tickets: string[] };

export class QueueCore {
  readonly queue: RankedQueue;
  private readonly byPlayer = new Map<string, Waiting>();
  private ticker: ReturnType<typeof setTimeout> | null = null;
  /** When formed tables nobody opened were last pruned (at most once a PRUNE_EVERY_MS). */
  private prunedAt = 0;
  /** Tables formed and not yet written, and how many writes are out. */
  private readonly unwritten: Unwritten[] = [];
  private writing = 0;

  constructor(
    readonly format: RankedFormat,
    private readonly deps: QueueDeps,
  ) {
    this.queue = new RankedQueue({ seats: format.seats, ...(format.teams && { teams: format.teams }) }, []);
  }

  /**
   * Players join: each socket is admitted with its entry, tables form, and those still waiting
   * hear so (a join that completes a table hears only its ticket).
   */
  join(arrivals: readonly Arrival[]): void {
    const now = this.deps.now();
    const admitted = arrivals.map((a) => this.admit(a, now));
    this.formTables(now);
    const size = this.queue.size;
    for (const w of admitted) if (!w.done) this.send(w.ws, { t: 'waiting', waitedMs: 0, waiting: size });
    this.tick();
  }

  private admit(a: Arrival, now: number): Waiting {
    // A second entry for the same player replaces the first (another tab, a reload).
    const old = this.byPlayer.get(a.player);
    if (old) this.letGo(old, { t: 'error', code: 'replaced' }, 4000, 'replaced');
    // The entry travels with the socket's listeners: nothing is keyed by socket.
    const w: Waiting = { ws: a.ws, entry: this.queue.join(a.player, a.rating, now), ...(a.lastWord && { lastWord: a.lastWord }) };
    const onGone = (w.onGone = () => this.gone(w));
    a.ws.addEventListener('close', onGone);
    a.ws.addEventListener('error', onGone);
    this.byPlayer.set(a.player, w);
    return w;
  }

  private gone(w: Waiting): void {
    if (w.done) return;
    w.done = true;
    if (this.byPlayer.get(w.entry.player) !== w) return;
    this.byPlayer.delete(w.entry.player);
    this.queue.leave(w.entry.player);
  }

  /** Once a second while anyone waits: windows widen, tables form, the waiting hear how long. */
  private tick(): void {
    if (this.ticker || this.queue.size === 0) return;
    this.ticker = setTimeout(() => {
      this.ticker = null;
      const now = this.deps.now();
      this.formTables(now);
      for (const [player, w] of this.byPlayer)
        if (this.queue.has(player)) this.send(w.ws, { t: 'waiting', waitedMs: now - w.entry.joinedAt, waiting: this.queue.size });
      this.tick();
    }, QUEUE_TICK_MS);
  }

  private formTables(now: number): void {
    const formed = this.queue.form(now);
    if (formed.length === 0) return;
    for (const table of formed) {
      const players = table.seats.map((e) => e.player);
      const seated = players.map((p) => this.byPlayer.get(p));
      for (const p of players) this.byPlayer.delete(p);
      const tickets = players.map(() => newTicket(this.deps.randomBytes(TICKET_BYTES)));
      this.unwritten.push({ room: this.deps.roomCode(), players, seated, tickets, ticketHashes: tickets.map(hashTicket) });
    }
    if (this.writing < WRITES_AT_ONCE) this.deps.waitUntil(this.seat());
  }

  /**
   * Formed tables are written with a ticket per seat, then each player is told where to go. At
   * most WRITES_AT_ONCE writes at a time: tables formed while they are out go together in the
   * next one, so under load a write carries many tables, not one a table.
   */
  private async seat(): Promise<void> {
    this.writing++;
    try {
      while (this.unwritten.length > 0) {
        const tables = this.unwritten.splice(0);
        const now = this.deps.now();
        try {
          const prune = now - this.prunedAt > PRUNE_EVERY_MS;
          if (prune) this.prunedAt = now;
          const { refused } = await this.deps.tables.open(this.format.game, this.format.tier.id, tables, now, prune);
          // A table refused with nobody busy would form again at once: it failed instead.
          const notOpened = new Map(refused.map((r) => [r.room, r.busy.length > 0 ? new Set(r.busy) : null]));
          for (const t of tables) {
            const busy = notOpened.get(t.room);
            if (busy === null) this.failed(t);
            else if (busy) this.unseat(t, busy);
            else t.seated.forEach((w, i) => w && this.letGo(w, { t: 'matched', room: t.room, ticket: t.tickets[i]! }, 1000, 'matched'));
          }
        } catch (e) {
          console.error('queue: writing formed ranked tables failed', e);
          for (const t of tables) this.failed(t);
        }
      }
    } finally {
      this.writing--;
    }
    // Players put back may already make a table with each other or with those who came since.
    if (this.queue.size > 0) this.formTables(this.deps.now());
  }

  private failed(t: Unwritten): void {
    for (const w of t.seated) if (w) this.letGo(w, { t: 'error', code: 'room_failed' }, 1011, 'room failed');
  }

  /**
   * A table that was not opened because some of its players were seated in another ranked game
   * meanwhile: those players are let go; the others wait again as they were.
   */
  private unseat(t: Unwritten, busy: ReadonlySet<string>): void {
    t.seated.forEach((w, i) => {
      const player = t.players[i]!;
      if (!w) return;
      if (busy.has(player)) return this.letGo(w, { t: 'error', code: 'in_ranked_game' }, 4000, 'in ranked game');
      // Left while the write was out, or joined again since: nothing to put back.
      if (w.done || this.byPlayer.has(player)) return;
      this.queue.restore(w.entry);
      this.byPlayer.set(player, w);
    });
    this.tick();
  }

  /** Tell a socket its last word and close it; it never counts as waiting again. */
  private letGo(w: Waiting, msg: QueueMessage, code: number, reason: string): void {
    w.done = true;
    if (this.byPlayer.get(w.entry.player) === w) this.byPlayer.delete(w.entry.player);
    const text = this.send(w.ws, msg);
    w.lastWord?.(`${w.entry.player} ${text}`);
    // Unhooked before the close: a closing socket whose listener still reaches the player's entry
    // (and the socket through it) is a loop through the runtime that only a full collection
    // frees; unhooked, the socket is freed sooner and those collections are shorter (p99 join →
    // ticket at 2,000 a second: 70–107 ms before, 31–66 ms after, `npm run bench queue`).
    if (w.onGone) {
      w.ws.removeEventListener('close', w.onGone);
      w.ws.removeEventListener('error', w.onGone);
    }
    try {
      w.ws.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  private send(ws: QueueSocket, msg: QueueMessage): string {
    const text = JSON.stringify(msg);
    try {
      ws.send(text);
    } catch {
      // Closed under us; its close handler cleans up.
    }
    return text;
  }
}
