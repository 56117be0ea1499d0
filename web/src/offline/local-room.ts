/**
 * One room hosted in the browser for offline games: the same RoomCore as the server's, in the
 * browser's own host (host.ts), with real time, a timer for the room's one alarm, and the
 * stored records handed out after every input that wrote anything, so the game survives a
 * reload.
 *
 * One person plays against bots, or several share the device (pass-and-play): each person
 * has a socket and a seat; the page sees one person's frames at a time, and between people
 * a pass screen (pass.ts decides who gets the device).
 *
 * Time is the wall clock shifted so that it resumes where the saved game stopped: a game
 * left for a day does not come back with its turn clock run out and bots playing for you.
 */
import { CLIENT_MESSAGES, isClientMessageType } from '../../../shared/protocol';
import type { RoomRecord, RoomSettings } from '../../../shared/room/types';
import { gameById } from '../../../shared/games/registry';
import type { BotLevel } from '../../../shared/engine/types';
import { OfflineHost, type OfflineStore } from './host';
import { handover } from './pass';

/** What is saved of a local room: its stored records, the room time they were saved at, and each person's seat token. */
export interface SavedRoomData {
  store: OfflineStore;
  now: number;
  /** Each person's seat token, in the order they were named. */
  tokens?: (string | null)[];
  /** Saves from before pass-and-play: the one person's token. */
  token?: string | null;
  status: RoomRecord['status'] | null;
}

export interface NewLocalRoom {
  settings: RoomSettings;
  /** The people at this device, by name: one against bots, or several passing it round. */
  people: string[];
  /** Seats in play: the people, and bots in the rest. */
  players: number;
  /** Pass-and-play: each person's seat (partners or opponents); absent, the first seats in order. */
  seats?: number[];
  /**
   * The game's "How to play" (its `tutorial`): its options, seat count and scripted deal replace the
   * settings', and the one person takes the tutorial's seat.
   */
  tutorial?: boolean;
  /** How hard those bots play (Normal when absent). */
  level?: BotLevel;
}

export interface LocalRoomOptions {
  randomBytes(n: number): Uint8Array;
  random?: () => number;
  /** A frame for the page (the person on screen's socket). */
  onFrame(text: string): void;
  /** The stored records changed: save them. */
  onSave(data: SavedRoomData): void;
  /** Pass-and-play: hide the table and pass the device to this person (null: the pass screen goes). */
  onPass?(name: string | null): void;
}

interface Person {
  socket: string;
  token: string | null;
  seat: number | null;
  /** The latest welcome frame this person's socket was sent. */
  welcome: { t: 'welcome'; seat: number | null; host: boolean; token?: string } | null;
}

export class LocalRoom {
  readonly host: OfflineHost;
  /** Wall clock − room time. */
  private offset = 0;
  private people: Person[] = [];
  /** The person whose frames the page is sent (null behind a pass screen). */
  private shown: number | null = 0;
  /** The person a pass screen is up for. */
  private waiting: number | null = null;
  private status: RoomRecord['status'] | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt: number | null = null;
  private savedAt = 0;
  private stopped = false;

  constructor(private readonly opts: LocalRoomOptions) {
    this.host = new OfflineHost({
      now: () => this.now(),
      random: opts.random ?? Math.random,
      randomBytes: opts.randomBytes,
      onFrame: (socket, text) => this.frame(socket, text),
    });
  }

  /** Room time. */
  now(): number {
    return Date.now() - this.offset;
  }

  private get passing(): boolean {
    return this.people.length > 1;
  }

  /** A new room: the first person hosts, each person takes a seat, bots fill the rest, the game starts. */
  start({ settings, people, players, tutorial, level, seats }: NewLocalRoom): void {
    const lesson = tutorial ? gameById(settings.game)?.tutorial : undefined;
    if (lesson) {
      settings = { ...settings, options: lesson.options as Record<string, unknown>, deal: lesson.seed };
      players = lesson.players;
    }
    this.host.create(settings);
    this.shown = people.length > 1 ? null : 0;
    people.forEach((name, i) => {
      const id = this.connect(undefined);
      const seat = lesson ? lesson.seat : seats?.[i];
      this.host.message(id, JSON.stringify({ t: 'join', name, ...(seat !== undefined ? { seat } : {}) }));
    });
    const first = this.people[0]!.socket;
    for (let i = people.length; i < players; i++) this.host.message(first, JSON.stringify({ t: 'addBot', ...(level ? { level } : {}) }));
    this.host.message(first, JSON.stringify({ t: 'start' }));
    this.settle();
  }

  /** A saved room: rebuilt from its snapshot and move tail, each person back in their seat with their token. */
  resume(data: SavedRoomData): void {
    this.offset = Date.now() - data.now;
    this.host.load(data.store);
    this.savedAt = this.host.writes;
    const tokens = data.tokens ?? [data.token ?? null];
    // Behind a pass screen again: a reload never shows a hand to the wrong person.
    this.shown = tokens.length > 1 ? null : 0;
    this.status = this.host.info()?.status ?? null;
    for (const token of tokens) this.connect(token ?? undefined);
    this.settle();
  }

  /** A frame from the page: the person on screen's, or the host's for the room's host-only controls (everyone here is the host). */
  receive(text: string): void {
    if (this.stopped) return;
    let socket = this.shown === null ? null : this.people[this.shown]?.socket;
    if (this.passing) {
      const t = messageType(text);
      if (isClientMessageType(t) && CLIENT_MESSAGES[t].host) socket = this.people[0]!.socket;
    }
    // A summary read at a shared device was read by the people at it: every one of their seats is
    // done reading, so the next turn does not wait out the pause for seats nobody can answer for.
    if (this.passing && messageType(text) === 'read') {
      for (const p of this.people) this.host.message(p.socket, text);
      this.settle();
      return;
    }
    if (!socket) return;
    this.host.message(socket, text);
    this.settle();
  }

  /** Pass-and-play: the person the device was passed to is holding it. */
  reveal(): void {
    if (this.stopped || this.waiting === null) return;
    this.show(this.waiting);
    this.settle();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** The data a save holds right now. */
  snapshot(): SavedRoomData {
    return { store: this.host.store, now: this.now(), tokens: this.people.map((p) => p.token), status: this.host.info()?.status ?? null };
  }

  private connect(token: string | undefined): string {
    const socket = this.host.open();
    this.people.push({ socket, token: token ?? null, seat: null, welcome: null });
    // No heartbeat promise: the page and the worker live and die together.
    this.host.message(socket, JSON.stringify({ t: 'hello', token, ping: false }));
    return socket;
  }

  private frame(socket: string, text: string): void {
    const at = this.people.findIndex((p) => p.socket === socket);
    const person = this.people[at];
    if (!person) return;
    const msg = JSON.parse(text) as { t: string };
    if (msg.t === 'welcome') {
      const welcome = msg as NonNullable<Person['welcome']>;
      person.welcome = welcome;
      person.seat = welcome.seat;
      if (welcome.token) person.token = welcome.token;
      if (at === this.shown && !this.stopped) this.opts.onFrame(this.welcomeText(person));
      return;
    }
    if (at === this.shown && !this.stopped) this.opts.onFrame(text);
  }

  /** The welcome the page is shown: no token (the worker keeps it), and host for everyone at a shared device. */
  private welcomeText(p: Person): string {
    const w = p.welcome!;
    return JSON.stringify({ t: 'welcome', seat: w.seat, host: this.passing || w.host });
  }

  private show(person: number): void {
    this.shown = person;
    this.waiting = null;
    this.opts.onPass?.(null);
    const p = this.people[person]!;
    if (p.welcome) this.opts.onFrame(this.welcomeText(p));
    // The person's own full view (their socket's frames were not shown meanwhile).
    this.host.message(p.socket, JSON.stringify({ t: 'sync' }));
  }

  /** After every input: who holds the device, save, and the timer. */
  private settle(): void {
    if (this.stopped) return;
    if (this.passing) this.handOver();
    if (this.host.writes !== this.savedAt) {
      this.savedAt = this.host.writes;
      this.opts.onSave(this.snapshot());
    }
    this.arm();
  }

  private handOver(): void {
    const info = this.host.info();
    const status = info?.status ?? null;
    // A new game starts behind a pass screen, whoever pressed Play again.
    if (status === 'playing' && this.status !== 'playing') this.shown = null;
    this.status = status;
    const h = handover({
      seats: this.people.map((p) => p.seat),
      shown: this.shown,
      waiting: this.waiting,
      playing: status === 'playing',
      active: this.host.activeSeats(),
    });
    if (h.t === 'show') this.show(h.to);
    else if (h.t === 'pass' && (this.shown !== null || this.waiting !== h.to)) {
      this.shown = null;
      this.waiting = h.to;
      const seat = this.people[h.to]!.seat;
      this.opts.onPass?.((seat !== null ? info?.seats[seat]?.name : null) ?? '');
    }
  }

  /** One timer, for the host's one alarm. */
  private arm(): void {
    const at = this.host.armed;
    if (at === this.timerAt) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    if (at === null) return;
    this.timer = setTimeout(() => this.fire(), Math.max(0, at - this.now()));
  }

  private fire(): void {
    this.timerAt = null;
    if (this.stopped) return;
    if (this.host.alarm()) this.settle();
    else this.arm();
  }
}

/** A frame's `t`, or null when it is not a JSON object with one. */
function messageType(text: string): unknown {
  try {
    return (JSON.parse(text) as { t?: unknown }).t;
  } catch {
    return null;
  }
}
