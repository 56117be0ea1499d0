/**
 * Fuzzing the room with hostile and broken frames: seated players, a spectator and a
 * stranger who never said hello send a mix of legal moves, mutated moves, random messages
 * of every type and garbage, while time passes. Afterwards every game can still be played
 * to its end, cards are conserved, and no socket ever held anything but its own seat's view.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../engine/types';
import { hiddenFrom, leaksInView } from '../games/baloot/leaks';
import type { BalootState } from '../games/baloot/types';
import { allCards as dhappaCards } from '../games/dhappa/testkit';
import type { DhappaState } from '../games/dhappa/types';
import type { EightsState } from '../games/eights/types';
import { gameById, roomGameIds } from '../games/registry';
import type { RummyState } from '../games/rummy/types';
import { CLIENT_MESSAGES, updateBase, type ServerMessage } from '../protocol';
import { MemoryRoomHost } from './memory-host';
import { applyPatch } from './patch';

interface GameCase {
  id: string;
  people: number;
  bots: number;
  options?: Record<string, unknown>;
  /** Every card of the game, wherever it is: conserved at every step. */
  cards(state: unknown): string[];
  /** Cards a seat must not see (null = spectator). */
  hidden(state: unknown, seat: number | null): string[];
  /** Cards everyone has seen face up (a taken discard stays known in the hand that took it). */
  shown?(state: unknown): string[];
  /** Extra leak check on a rebuilt view. */
  viewLeaks?(state: unknown, seat: number | null, view: unknown): string[];
}

const CASES: GameCase[] = [
  {
    id: 'eights',
    people: 3,
    bots: 1,
    cards: (s) => {
      const e = s as EightsState;
      return [...e.hands.flat(), ...e.drawPile, ...e.discard];
    },
    hidden: (s, seat) => {
      const e = s as EightsState;
      return [...e.drawPile, ...e.hands.flatMap((h, i) => (i === seat ? [] : h))];
    },
  },
  {
    id: 'rummy',
    people: 2,
    bots: 1,
    cards: (s) => {
      const r = s as RummyState;
      return [...r.hands.flat(), ...r.pile, ...r.discard, ...r.table.flatMap((m) => m.cards.map((c) => c.card)), ...(r.faceDown === null ? [] : [r.faceDown])];
    },
    hidden: (s, seat) => {
      const r = s as RummyState;
      return [...r.pile, ...r.hands.flatMap((h, i) => (i === seat ? [] : h))];
    },
    shown: (s) => {
      const r = s as RummyState;
      return [...r.discard, ...r.table.flatMap((m) => m.cards.map((c) => c.card))];
    },
  },
  {
    id: 'dhappa',
    people: 3,
    bots: 1,
    cards: (s) => dhappaCards(s as DhappaState),
    hidden: (s, seat) => {
      const d = s as DhappaState;
      return [...d.pile, ...d.hands.flatMap((h, i) => (i === seat ? [] : h))];
    },
    // Everything that was ever face up: the discard pile, both boards, and N-picked cards.
    shown: (s) => {
      const d = s as DhappaState;
      return [...d.discard, ...d.removed, ...d.boards.flat().flatMap((r) => r.cards.map((c) => c.card)), ...(d.picked?.cards ?? [])];
    },
  },
  {
    id: 'baloot',
    people: 3,
    bots: 1,
    options: { target: 52 },
    cards: (s) => {
      const b = s as BalootState;
      // The public card stays on record after it is taken into a hand.
      return [...new Set([...b.hands.flat(), ...b.stock, b.publicCard, ...b.trick.map((p) => p.card), ...b.tricks.flatMap((t) => t.plays.map((p) => p.card))])];
    },
    hidden: () => [],
    viewLeaks: (s, seat, view) => leaksInView(view as object, hiddenFrom(s as BalootState, seat)),
  },
];

type Action =
  | { k: 'legal'; pick: number }
  | { k: 'mutant'; who: number; pick: number; field: string; value: unknown; dv: number }
  | { k: 'junk'; who: number; text: string }
  | { k: 'message'; who: number; t: string; body: Record<string, unknown> }
  | { k: 'huge'; who: number }
  | { k: 'wait'; ms: number }
  | { k: 'reconnect'; who: number };

const MESSAGE_TYPES = Object.keys(CLIENT_MESSAGES);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constant('legal' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('mutant' as const),
      who: fc.nat(5),
      pick: fc.nat(),
      field: fc.constantFrom('type', 'card', 'cards', 'seat', 'bid', 'suit', 'target', 'meld', 'x'),
      value: fc.jsonValue({ maxDepth: 2 }),
      dv: fc.integer({ min: -2, max: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant('junk' as const), who: fc.nat(5), text: fc.oneof(fc.string({ maxLength: 60 }), fc.json({ maxDepth: 3 })) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('message' as const),
      who: fc.nat(5),
      t: fc.constantFrom(...MESSAGE_TYPES, 'teleport'),
      body: fc.dictionary(
        fc.constantFrom('name', 'seat', 'token', 'text', 'version', 'move', 'clock', 'pace', 'options', 'ping'),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 3 },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('huge' as const), who: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('wait' as const), ms: fc.integer({ min: 10, max: 20_000 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('reconnect' as const), who: fc.nat(5) }) },
);

interface Sock {
  id: string;
  /** Closed by this client (host.closed lists the ones the room closed). */
  gone?: boolean;
  seat: number | null;
  token?: string;
  hello: boolean;
  version: number;
  view: unknown;
  read: number;
}

function runCase(c: GameCase, actions: Action[], seed: number) {
  const time = { now: 5_000_000 };
  let r = seed || 1;
  const random = () => (r = (Math.imul(r, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const host = new MemoryRoomHost({ now: () => time.now, random, randomBytes: (n) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256)) });
  const game = gameById(c.id) as AnyGame;
  host.create({ code: 'fuzzfuzzfuzz', game: c.id, options: c.options ?? {}, clock: 10, pace: 'quick' });

  const socks: Sock[] = [];
  const seen = new Set<string>();
  const pull = (s: Sock) => {
    const frames = host.inbox.get(s.id)!.slice(s.read);
    s.read += frames.length;
    for (const f of frames) {
      const m = JSON.parse(f) as ServerMessage;
      if (m.t === 'welcome') {
        s.seat = m.seat;
        if (m.token) s.token = m.token;
      } else if (m.t === 'full') {
        s.version = m.version;
        s.view = m.view;
      } else if (m.t === 'update') {
        expect(updateBase(m)).toBeLessThanOrEqual(s.version);
        s.view = m.view !== undefined ? m.view : m.patch ? applyPatch(s.view, m.patch) : s.view;
        s.version = m.version;
      }
      // Nothing secret ever travels: no RNG words, no other seat's token.
      const state = host.core.state as { rng?: { s: number[] } } | null;
      if (!state) continue;
      if (state.rng) expect(f.includes(`[${state.rng.s.join(',')}]`)).toBe(false);
      // Events are public by contract; what a socket is shown of the table must hide the others' cards.
      const shown = m.t === 'update' ? JSON.stringify([m.patch, m.view]) : m.t === 'full' ? JSON.stringify(m.view) : '';
      for (const h of c.hidden(state, s.seat)) if (!seen.has(h)) expect(shown.includes(`"${h}"`), `${h} leaked to ${s.seat}`).toBe(false);
    }
  };
  const open = (token?: string, hello = true): Sock => {
    const s: Sock = { id: host.open(), seat: null, hello, version: 0, view: null, read: 0 };
    if (hello) host.send(s.id, { t: 'hello', token });
    socks.push(s);
    pull(s);
    return s;
  };
  // Frames are checked as they go out, against the state they were made from.
  host.onOutput = () => {
    if (host.core.state) for (const card of c.shown?.(host.core.state) ?? []) seen.add(card);
    for (const s of socks) pull(s);
  };
  const people = Array.from({ length: c.people }, (_, i) => {
    const s = open();
    host.send(s.id, { t: 'join', name: `P${i}` });
    pull(s);
    return s;
  });
  for (let i = 0; i < c.bots; i++) host.send(people[0]!.id, { t: 'addBot' });
  open(); // a spectator
  open(undefined, false); // a stranger who never says hello
  host.send(people[0]!.id, { t: 'start' });
  const total = c.cards(host.core.state).length;
  const started = Date.now();
  let phase = 'actions';
  const step = (ms: number) => {
    if (Date.now() - started > 15_000) {
      const st = host.core.state as Record<string, unknown>;
      throw new Error(
        `SLOW in ${phase}: live ${JSON.stringify(host.core.live)} seats ${JSON.stringify(host.core.room?.seats.map((x) => [x?.kind, x?.botPlaying]))} state ${JSON.stringify({ phase: st.phase, turn: st.turn, hands: (st.hands as string[][] | undefined)?.map((h) => h.length), draft: st.draft, pile: (st.pile as unknown[] | undefined)?.length })}`,
      );
    }
    const end = time.now + ms;
    for (let spins = 0; host.armed !== null && host.armed <= end; spins++) {
      // A room must always move its deadlines on: an alarm that leaves one in the past would spin forever.
      if (spins > 10_000) throw new Error(`alarm stuck at ${host.armed}: ${JSON.stringify(host.core.live)}`);
      time.now = Math.max(time.now, host.armed);
      host.runDue();
    }
    time.now = end;
  };
  const live = () => socks.filter((s) => !s.gone && !host.closed.has(s.id));
  const sockFor = (who: number) => live()[who % Math.max(1, live().length)];

  for (const a of actions) {
    if (host.core.room?.status !== 'playing') break;
    const state = host.core.state;
    switch (a.k) {
      case 'legal': {
        const seat = game.activeSeats(state).find((x: number) => live().some((s) => s.seat === x));
        const s = live().find((x) => x.seat === seat);
        if (seat === undefined || !s) break;
        const moves = game.legalMoves(state, seat);
        if (moves.length) host.send(s.id, { t: 'move', version: s.version, move: moves[a.pick % moves.length] });
        break;
      }
      case 'mutant': {
        const s = sockFor(a.who);
        if (!s) break;
        const seat = s.seat ?? 0;
        const moves = game.legalMoves(state, seat);
        const base = (moves[a.pick % Math.max(1, moves.length)] ?? {}) as Record<string, unknown>;
        host.send(s.id, { t: 'move', version: s.version + a.dv, move: { ...base, [a.field]: a.value } });
        break;
      }
      case 'junk': {
        const s = sockFor(a.who);
        if (s) host.sendRaw(s.id, a.text);
        break;
      }
      case 'message': {
        const s = sockFor(a.who);
        if (s) host.send(s.id, { ...a.body, t: a.t });
        break;
      }
      case 'huge': {
        const s = sockFor(a.who);
        if (s) host.sendRaw(s.id, JSON.stringify({ t: 'chat', text: 'x'.repeat(20_000) }));
        break;
      }
      case 'wait':
        step(a.ms);
        break;
      case 'reconnect': {
        const s = sockFor(a.who);
        if (!s || s.seat === null) break;
        host.close(s.id);
        s.gone = true;
        open(s.token);
        break;
      }
    }
    step(60);
    for (const s of live()) {
      pull(s);
      if (host.core.room?.status !== 'playing' || !s.hello) continue;
      // What each socket holds is exactly its own seat's view.
      expect(s.view).toEqual(game.view(host.core.state, s.seat));
      if (c.viewLeaks) expect(c.viewLeaks(host.core.state, s.seat, s.view)).toEqual([]);
    }
    if (host.core.room?.status === 'playing') expect(c.cards(host.core.state).length).toBe(total);
  }

  phase = 'finish';
  // Whatever happened, the game can be finished: everyone leaves, bots play it out.
  for (const s of live()) if (s.seat !== null) host.send(s.id, { t: 'leave' });
  for (let i = 0; i < 20_000 && host.core.room?.status === 'playing'; i++) step(1000);
  expect(host.core.room?.status).toBe('finished');
  expect(host.core.room?.outcome).not.toBeNull();
  // Broken frames cost the sender: nobody else was closed for them.
  return socks.length;
}

/**
 * Every room game of the registry is fuzzed. One without a case above (which adds what only its
 * state knows: its cards and who may see them) must still finish, and each socket must hold
 * exactly its own seat's view.
 */
function caseFor(id: string): GameCase {
  const known = CASES.find((c) => c.id === id);
  if (known) return known;
  const seats = Math.min(...gameById(id)!.playerCounts);
  return { id, people: Math.max(1, seats - 1), bots: seats > 1 ? 1 : 0, cards: () => [], hidden: () => [] };
}

describe('room fuzz: hostile frames from seats, a spectator and a stranger', () => {
  it('has cases only for games of the registry', () => {
    for (const c of CASES) expect(roomGameIds()).toContain(c.id);
  });

  for (const c of roomGameIds().map(caseFor)) {
    it(`${c.id}: the game still finishes, cards are conserved and no view leaks`, () => {
      let frames = 0;
      fc.assert(
        fc.property(fc.array(action, { minLength: 60, maxLength: 160 }), fc.integer({ min: 1, max: 2 ** 30 }), (actions, seed) => {
          frames += actions.length;
          runCase(c, actions, seed);
        }),
        { numRuns: 30, endOnFailure: true },
      );
      expect(frames).toBeGreaterThan(2000);
    });
  }
});
