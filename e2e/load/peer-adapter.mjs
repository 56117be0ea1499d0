// Cardroom's side of the side-by-side room benchmark (../shared/bench/peer-bgio, beside the
// project): the harness's adapter interface spoken in Cardroom's current protocol
// (shared/protocol/index.ts), playing Baloot with four people and no bots, clock off.
//
//   makeAdapter({ url }) -> { name, upEvent, openRoom(), resync(room, playerID) }
//   room: { code, seats, ready() -> seat to move (or null at game over), close(), errors, disconnects }
//   seat: { index, playerID, bytes: { in, out } by message type, syncFrame, move(rand) }
//
// Updates carry a patch against the view the seat last had; a seat whose view did not change
// gets nothing, so the next mover is the seat whose own latest view makes it active at the
// version of the last acknowledged move. Each seat spaces its moves MIN_GAP_MS apart to stay
// under the room's per-socket rate limit (the wait is inside ready(), outside the round trip).
// Uses the `ws` client with permessage-deflate off, like the boardgame.io side (Node's built-in
// WebSocket always offers it, and workerd then compresses every frame it sends).
import WebSocket from 'ws';
import { applyPatch } from '../../shared/room/patch.ts';

const MIN_GAP_MS = Number(process.env.CARDROOM_MIN_GAP_MS ?? 1000 / 18);
const TARGET = Number(process.env.CARDROOM_TARGET ?? 10000);
const header = (n) => (n < 126 ? 2 : n < 65536 ? 4 : 10);

function tally(table, type, payload, extra) {
  const row = (table[type] ??= { frames: 0, payload: 0, wire: 0 });
  row.frames++;
  row.payload += payload;
  row.wire += payload + header(payload) + extra;
}

class Player {
  constructor(url, table, index) {
    Object.assign(this, { url, table, index, playerID: String(index) });
    this.bytes = { in: {}, out: {}, lastIn: {} };
    this.version = -1;
    this.view = null;
    this.token = null;
    this.host = false;
    this.waiting = null;
    this.readyAt = 0;
    this.listeners = [];
  }

  connect() {
    return new Promise((resolve, reject) => {
      this.ws = new WebSocket(`${this.url.replace(/^http/, 'ws')}/api/rooms/${this.table.code}/ws`, { perMessageDeflate: false });
      this.ws.onopen = () => resolve(this);
      this.ws.onerror = () => reject(new Error(`socket error (room ${this.table.code})`));
      this.ws.onclose = () => {
        if (!this.leaving) this.table.disconnects++;
        this.waiting?.reject(new Error('socket closed'));
        this.waiting = null;
      };
      this.ws.onmessage = (e) => this.receive(String(e.data));
    });
  }

  send(msg) {
    const text = JSON.stringify(msg);
    tally(this.bytes.out, msg.t, Buffer.byteLength(text), 4);
    this.ws.send(text);
  }

  /** The next message of type `t` matching `test`. */
  expect(t, test = () => true, ms = 10_000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${t} within ${ms} ms (room ${this.table.code}, seat ${this.index})`)), ms);
      this.listeners.push({ t, test, done: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }

  receive(text) {
    const size = Buffer.byteLength(text);
    if (text === 'pong') return tally(this.bytes.in, 'pong', size, 0);
    const msg = JSON.parse(text);
    tally(this.bytes.in, msg.t, size, 0);
    this.bytes.lastIn[msg.t] = { ev: msg.t, payload: size };
    switch (msg.t) {
      case 'welcome':
        this.host = msg.host;
        if (msg.token) this.token = msg.token;
        break;
      case 'full':
        this.accept(msg.version, msg.view);
        break;
      case 'update':
        if ((msg.base ?? msg.version - 1) > this.version) this.table.desyncs++;
        this.accept(msg.version, msg.view !== undefined ? msg.view : msg.patch ? applyPatch(this.view, msg.patch) : this.view);
        break;
      case 'error':
        this.table.errors++;
        this.waiting?.reject(new Error(`refused: ${msg.code}: ${msg.message}`));
        this.waiting = null;
        break;
    }
    this.listeners = this.listeners.filter((l) => !(l.t === msg.t && l.test(msg) && (l.done(msg), true)));
  }

  accept(version, view) {
    this.version = version;
    this.view = view;
    if (this.waiting && version > this.waiting.from) {
      const w = this.waiting;
      this.waiting = null;
      this.table.acked = Math.max(this.table.acked, version);
      w.resolve(view);
    }
    this.table.poke();
  }

  active() {
    const v = this.view;
    // The seats the game waits for: the Sawa's pending answers, else the seat to act.
    const waiting = v?.phase === 'sawa' ? v.sawa.pending : [v?.turn];
    return !!v && v.phase !== 'over' && waiting.includes(this.index) && this.version >= this.table.acked;
  }

  /** A random legal move from this seat's own view. */
  choose(rand) {
    const { actions: a, playable } = this.view;
    if (a.sawaAnswer) return { type: 'sawaAnswer', accept: rand() < 0.5 };
    if (a.bids.length) {
      const b = a.bids[Math.floor(rand() * a.bids.length)];
      return b.suit ? { type: 'bid', bid: b.bid, suit: b.suit } : { type: 'bid', bid: b.bid };
    }
    if (a.double) return { type: 'noDouble' };
    if (a.declare && rand() < 0.5) return { type: 'declare' };
    if (playable.length) return { type: 'play', card: playable[Math.floor(rand() * playable.length)] };
    throw new Error(`seat ${this.index} is to act but its view offers nothing (phase ${this.view.phase})`);
  }

  /** Send a move; resolves when this seat has the table after it. */
  move(rand) {
    const move = this.choose(rand);
    return new Promise((resolve, reject) => {
      this.waiting = { from: this.version, resolve, reject };
      this.readyAt = performance.now() + MIN_GAP_MS;
      this.send({ t: 'move', version: this.version, move });
    });
  }

  close() {
    this.leaving = true;
    this.ws?.close();
  }
}

class Table {
  constructor(code) {
    Object.assign(this, { code, seats: [], acked: 0, desyncs: 0, disconnects: 0, errors: 0 });
    this.waiter = null;
    this.timer = null;
  }
  over() {
    return this.seats.some((s) => s.view?.phase === 'over');
  }
  poke() {
    if (!this.waiter) return;
    const next = this.seats.find((s) => s.active()) ?? null;
    if (next && next.readyAt > performance.now()) {
      this.timer ??= setTimeout(() => ((this.timer = null), this.poke()), Math.max(1, next.readyAt - performance.now()));
      return;
    }
    if (next || this.over()) {
      const w = this.waiter;
      this.waiter = null;
      w(next);
    }
  }
  ready() {
    return new Promise((resolve) => {
      this.waiter = resolve;
      this.poke();
    });
  }
  close() {
    clearTimeout(this.timer);
    for (const s of this.seats) s.close();
  }
  bytes() {
    return this.seats.map((s) => s.bytes);
  }
}

async function post(url, path, body) {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

async function sitDown(url, table, index) {
  const p = new Player(url, table, index);
  await p.connect();
  const watching = p.expect('full');
  p.send({ t: 'hello' });
  await watching;
  const seated = p.expect('welcome', (m) => m.seat !== null);
  const full = p.expect('full');
  p.send({ t: 'join', name: `p${index}`, seat: index });
  await Promise.all([seated, full]);
  return p;
}

export function makeAdapter({ url }) {
  return {
    name: 'cardroom',
    upEvent: 'move',
    async openRoom() {
      const { code } = await post(url, '/api/rooms', { game: 'baloot', options: { target: TARGET }, clock: null, pace: 'quick' });
      const table = new Table(code);
      table.seats = await Promise.all([0, 1, 2, 3].map((i) => sitDown(url, table, i)));
      const dealt = table.seats.map((s) => s.expect('update'));
      table.seats.find((s) => s.host).send({ t: 'start' });
      await Promise.all(dealt);
      // What each seat downloads to draw the table at 0 moves (boardgame.io syncs on connect).
      const fulls = table.seats.map((s) => s.expect('full'));
      for (const s of table.seats) s.send({ t: 'sync' });
      await Promise.all(fulls);
      for (const s of table.seats) {
        s.syncFrame = s.bytes.lastIn.full;
        s.readyAt = performance.now() + MIN_GAP_MS;
      }
      return table;
    },
    /** A fresh socket reclaiming a seat with its token: the full resync it downloads. */
    async resync(table, playerID = '0') {
      const seat = table.seats[Number(playerID)];
      const probe = new Player(url, new Table(table.code), Number(playerID));
      await probe.connect();
      const full = probe.expect('full');
      probe.send({ t: 'hello', token: seat.token });
      const msg = await full;
      probe.close();
      const size = (x) => Buffer.byteLength(JSON.stringify(x));
      return { frame: probe.bytes.lastIn.full, info: null, parts: { viewB: size(msg.view), logB: 0, logEntries: 0, roomB: size(msg.room), chatB: 0 } };
    },
  };
}

/** Versions recorded with the results. */
export function versions() {
  return { protocol: 'cardroom room core (patch updates)', node: process.version };
}
