import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueueMessage } from '../../shared/protocol/queue';
import { newRoomCode } from '../ids';
import { banUntil, recordEscape } from '../d1/penalties';
import { ACTIVE_STALE_MS, activeRankedRoom, handOffRows, openRankedTables, pendingRankedTable } from '../d1/tables';
import { ORIGIN } from './client';
import { newPlayer, playerRequest } from './players-kit';

let n = 0;
const sockets: WebSocket[] = [];
afterEach(() => {
  for (const ws of sockets.splice(0)) {
    try {
      ws.close(1000);
    } catch {
      // closed by the queue
    }
  }
});

/** A player as a fresh browser makes one, and its cookie. */
async function player(): Promise<{ id: string; cookie: string }> {
  const { cookie, me } = await newPlayer(`Queuer ${++n}`);
  return { id: me.player.id, cookie };
}

interface Joined {
  ws: WebSocket;
  frames: QueueMessage[];
  closed: Promise<number>;
  next(t: QueueMessage['t']): Promise<QueueMessage>;
}

async function join(cookie: string | null, path = 'eights/blitz/2'): Promise<Joined | Response> {
  const res = await SELF.fetch(`${ORIGIN}/api/queue/${path}/ws`, { headers: { Upgrade: 'websocket', ...(cookie ? { Cookie: cookie } : {}) } });
  if (!res.webSocket) return res;
  const ws = res.webSocket;
  ws.accept();
  sockets.push(ws);
  const frames: QueueMessage[] = [];
  const waiters: [QueueMessage['t'], (m: QueueMessage) => void][] = [];
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(String(e.data)) as QueueMessage;
    frames.push(m);
    for (const w of waiters.splice(0))
      if (w[0] === m.t) w[1](m);
      else waiters.push(w);
  });
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)));
  return {
    ws,
    frames,
    closed,
    next: (t) => {
      const seen = frames.find((f) => f.t === t);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push([t, resolve]));
    },
  };
}

const joined = (j: Joined | Response): Joined => {
  if (j instanceof Response) throw new Error(`refused ${j.status}`);
  return j;
};

describe('the ranked queue', () => {
  it('refuses without a player (401), an unknown queue (404) and a plain request (426)', async () => {
    expect(((await join(null)) as Response).status).toBe(401);
    const p = await player();
    const unknown = (await join(p.cookie, 'eights/infinite/2')) as Response;
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'unknown_queue' });
    expect(((await join(p.cookie, 'eights/blitz/9')) as Response).status).toBe(404);
    expect((await SELF.fetch(`${ORIGIN}/api/queue/eights/blitz/2/ws`)).status).toBe(426);
  });

  it('opens only the seat counts the catalog ranks (issue 29: three players at eights/rapid/3 got a rated 3-seat table)', async () => {
    const p = await player();
    for (const seats of [3, 5, 8]) {
      const res = (await join(p.cookie, `eights/rapid/${seats}`)) as Response;
      expect(res.status, `eights/rapid/${seats}`).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'unknown_queue' });
    }
    // The benchmark's feed answers the same way for them (it exists only with QUEUE_BENCH on).
    expect((await SELF.fetch(`${ORIGIN}/api/queue/eights/rapid/3/feed`, { headers: { Upgrade: 'websocket' } })).status).toBe(404);
  });

  it('seats a player in one ranked game however many queues they wait in (issue 29: M in rapid and blitz was matched in both)', async () => {
    const [m, n, o] = [await player(), await player(), await player()];
    const mRapid = joined(await join(m.cookie, 'eights/rapid/2'));
    const mBlitz = joined(await join(m.cookie, 'eights/blitz/2'));
    await Promise.all([mRapid.next('waiting'), mBlitz.next('waiting')]);
    const jn = joined(await join(n.cookie, 'eights/rapid/2'));
    const matched = (await jn.next('matched')) as Extract<QueueMessage, { t: 'matched' }>;
    expect(await mRapid.next('matched')).toMatchObject({ room: matched.room });
    // O completes M's other table: it is not opened, M hears why, and O waits again.
    const jo = joined(await join(o.cookie, 'eights/blitz/2'));
    expect(await mBlitz.next('error')).toEqual({ t: 'error', code: 'in_ranked_game' });
    expect(await mBlitz.closed).toBe(4000);
    await new Promise((r) => setTimeout(r, 1200));
    expect(jo.frames.some((f) => f.t === 'matched')).toBe(false);
    expect(jo.frames.at(-1)).toMatchObject({ t: 'waiting', waiting: 1 });
    expect(await activeRankedRoom(env.DB, m.id, Date.now())).toBe(matched.room);
    expect(await activeRankedRoom(env.DB, o.id, Date.now())).toBeNull();
  });

  it('pairs two players into one ranked room with a ticket each, closes their sockets, and holds them to one ranked game', async () => {
    const [a, b] = [await player(), await player()];
    const ja = joined(await join(a.cookie));
    expect(await ja.next('waiting')).toMatchObject({ t: 'waiting', waiting: 1 });
    const jb = joined(await join(b.cookie));
    const [ma, mb] = (await Promise.all([ja.next('matched'), jb.next('matched')])) as Extract<QueueMessage, { t: 'matched' }>[];
    expect(ma!.room).toBe(mb!.room);
    expect(ma!.ticket).not.toBe(mb!.ticket);
    expect(await ja.closed).toBe(1000);
    const info = (await (await SELF.fetch(`${ORIGIN}/api/rooms/${ma!.room}`)).json()) as { ranked: unknown; clock: number; status: string };
    expect(info).toMatchObject({ ranked: { tier: 'blitz' }, clock: 5, status: 'lobby' });
    expect(await activeRankedRoom(env.DB, a.id, Date.now())).toBe(ma!.room);

    // Already in a ranked game: refused with the room.
    const again = (await join(a.cookie)) as Response;
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'in_ranked_game', room: ma!.room });

    // The ticket works through the Worker for its player (the cookie), and a client's own X-Player-Id is ignored.
    const open = async (cookie: string | null, fake?: string) => {
      const res = await SELF.fetch(`${ORIGIN}/api/rooms/${ma!.room}/ws`, {
        headers: { Upgrade: 'websocket', ...(cookie ? { Cookie: cookie } : {}), ...(fake ? { 'X-Player-Id': fake } : {}) },
      });
      const ws = res.webSocket!;
      ws.accept();
      sockets.push(ws);
      const got: { t: string; seat?: number | null; code?: string }[] = [];
      ws.addEventListener('message', (e) => got.push(JSON.parse(String(e.data))));
      ws.send(JSON.stringify({ t: 'hello' }));
      return { ws, got };
    };
    const forger = await open(null, b.id);
    forger.ws.send(JSON.stringify({ t: 'join', name: 'Forger', ticket: mb!.ticket }));
    const real = await open(b.cookie);
    real.ws.send(JSON.stringify({ t: 'join', name: 'Bee', ticket: mb!.ticket }));
    await new Promise((r) => setTimeout(r, 200));
    expect(forger.got.filter((m) => m.t === 'error').map((m) => m.code)).toEqual(['bad_ticket']);
    expect(real.got.find((m) => m.t === 'welcome' && m.seat !== null)).toBeDefined();
  });

  it('a formed table becomes its room on its players’ first sockets, two arriving at once making one room; a code no queue formed stays unknown', async () => {
    const [a, b] = [await player(), await player()];
    const ja = joined(await join(a.cookie));
    const jb = joined(await join(b.cookie));
    const [ma, mb] = (await Promise.all([ja.next('matched'), jb.next('matched')])) as Extract<QueueMessage, { t: 'matched' }>[];
    expect((await pendingRankedTable(env.DB, ma!.room))!.players.sort()).toEqual([a.id, b.id].sort());
    // No room was made by the queue: both sockets arrive at once, and the first makes it.
    const seatWith = async (cookie: string, ticket: string) => {
      const res = await SELF.fetch(`${ORIGIN}/api/rooms/${ma!.room}/ws`, { headers: { Upgrade: 'websocket', Cookie: cookie } });
      const ws = res.webSocket!;
      ws.accept();
      sockets.push(ws);
      return new Promise<number>((resolve) => {
        ws.addEventListener('message', (e) => {
          const m = JSON.parse(String(e.data)) as { t: string; seat?: number | null };
          if (m.t === 'welcome' && typeof m.seat === 'number') resolve(m.seat);
        });
        ws.send(JSON.stringify({ t: 'hello' }));
        ws.send(JSON.stringify({ t: 'join', name: 'Seated', ticket }));
      });
    };
    const seats = await Promise.all([seatWith(a.cookie, ma!.ticket), seatWith(b.cookie, mb!.ticket)]);
    expect(seats.sort()).toEqual([0, 1]);
    const info = (await (await SELF.fetch(`${ORIGIN}/api/rooms/${ma!.room}`)).json()) as { ranked: unknown; status: string; seats: unknown[] };
    expect(info).toMatchObject({ ranked: { tier: 'blitz' }, status: 'playing' });

    const stranger = (await SELF.fetch(`${ORIGIN}/api/rooms/${newRoomCode()}`)) as Response;
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ code: 'unknown_room' });
  });

  it('D1 opens, in one batch, only the tables none of whose players is in a ranked game; a stale mark does not count', async () => {
    const now = Date.now();
    const [busy, stale, x, y, z] = ['d1busy', 'd1stale', 'd1x', 'd1y', 'd1z'].map((p) => `${p}-${now}`);
    const [held, old, t1, t2, t3] = Array.from({ length: 5 }, () => newRoomCode());
    await openRankedTables(env.DB, 'eights', 'rapid', [{ room: held!, players: [busy!], ticketHashes: ['h0'] }], now);
    await openRankedTables(env.DB, 'eights', 'rapid', [{ room: old!, players: [stale!], ticketHashes: ['h1'] }], now - ACTIVE_STALE_MS - 1);
    const result = await openRankedTables(
      env.DB,
      'eights',
      'blitz',
      [
        { room: t1!, players: [x!, y!], ticketHashes: ['a', 'b'] },
        { room: t2!, players: [z!, busy!], ticketHashes: ['c', 'd'] },
        { room: t3!, players: [stale!, `${z}-2`], ticketHashes: ['e', 'f'] },
      ],
      now,
    );
    expect(result).toEqual({ opened: [t1, t3], refused: [{ room: t2, busy: [busy] }] });
    expect(await pendingRankedTable(env.DB, t2!)).toBeNull();
    expect(await activeRankedRoom(env.DB, z!, now)).toBeNull();
    expect(await activeRankedRoom(env.DB, busy!, now)).toBe(held);
    expect(await activeRankedRoom(env.DB, stale!, now)).toBe(t3);
    expect((await pendingRankedTable(env.DB, t1!))!.players).toEqual([x, y]);
  });

  it('tables nobody opened are pruned a day after they formed, with a later batch; newer ones stay', async () => {
    const now = Date.now();
    const old = { room: newRoomCode(), players: ['old-a', 'old-b'], ticketHashes: ['h1', 'h2'] };
    const recent = { room: newRoomCode(), players: ['new-a', 'new-b'], ticketHashes: ['h3', 'h4'] };
    await openRankedTables(env.DB, 'eights', 'blitz', [old], now - ACTIVE_STALE_MS - 1000);
    await openRankedTables(env.DB, 'eights', 'blitz', [recent], now - 1000);
    expect(await pendingRankedTable(env.DB, old.room)).not.toBeNull();
    await openRankedTables(env.DB, 'eights', 'blitz', [], now, true);
    expect(await pendingRankedTable(env.DB, old.room)).toBeNull();
    expect((await handOffRows(env.DB, old.room)).seats).toBe(0);
    expect(await pendingRankedTable(env.DB, recent.room)).toMatchObject({
      game: 'eights',
      tier: 'blitz',
      players: ['new-a', 'new-b'],
      ticketHashes: ['h3', 'h4'],
    });
  });

  it('a second entry of the same player replaces the first', async () => {
    const p = await player();
    const first = joined(await join(p.cookie, 'baloot/turtle/4'));
    await first.next('waiting');
    const second = joined(await join(p.cookie, 'baloot/turtle/4'));
    // A code and no sentence: the browser words it in the reader's language.
    expect(await first.next('error')).toEqual({ t: 'error', code: 'replaced' });
    expect(await first.closed).toBe(4000);
    expect(await second.next('waiting')).toMatchObject({ waiting: 1 });
    // The first socket's close, heard after the queue let it go, does not take the player out: the next tick still counts them.
    const seen = second.frames.length;
    await new Promise((r) => setTimeout(r, 1200));
    expect(second.frames.slice(seen).filter((f) => f.t === 'waiting')).toContainEqual(expect.objectContaining({ waiting: 1 }));
  });

  it('closing the page leaves the queue: the next two pair with each other; the waiting hear every second how long they waited', async () => {
    const [a, b, c] = [await player(), await player(), await player()];
    const path = 'eights/rapid/4';
    const ja = joined(await join(a.cookie, path));
    await ja.next('waiting');
    const joinedAt = Date.now();
    const jb = joined(await join(b.cookie, path));
    expect(await jb.next('waiting')).toMatchObject({ waiting: 2 });
    ja.ws.close(1000);
    // The queue hears the close, then ticks: B alone waits, told how long.
    await new Promise((r) => setTimeout(r, 1300));
    const ticks = jb.frames.filter((f): f is Extract<QueueMessage, { t: 'waiting' }> => f.t === 'waiting');
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.at(-1)).toMatchObject({ waiting: 1 });
    // Counted from B's own join (the tick keeps the time of the first join in the queue).
    expect(ticks.at(-1)!.waitedMs).toBeGreaterThan(0);
    expect(ticks.at(-1)!.waitedMs).toBeLessThanOrEqual(Date.now() - joinedAt);
    // Three more make a table only with B: the one who left is not seated.
    const [d, e] = [await player(), await player()];
    const jc = joined(await join(c.cookie, path));
    const jd = joined(await join(d.cookie, path));
    expect([...jc.frames, ...jd.frames].some((f) => f.t === 'matched')).toBe(false);
    const je = joined(await join(e.cookie, path));
    const [mb, me] = (await Promise.all([jb.next('matched'), je.next('matched')])) as Extract<QueueMessage, { t: 'matched' }>[];
    expect(mb!.room).toBe(me!.room);
    expect((await pendingRankedTable(env.DB, mb!.room))!.players.sort()).toEqual([b.id, c.id, d.id, e.id].sort());
    expect(ja.frames.some((f) => f.t === 'matched')).toBe(false);
  });

  it('a banned player is refused with the ban’s end', async () => {
    const p = await player();
    const now = Date.now();
    for (let g = 1; g <= 3; g++) await recordEscape(env.DB, { player: p.id, room: 'escaperoom01', game: g, at: now - 1000 * g });
    // Written twice (a room's retry): still three escapes, one ban.
    await recordEscape(env.DB, { player: p.id, room: 'escaperoom01', game: 3, at: now - 3000 });
    const until = await banUntil(env.DB, p.id, now);
    // The third escape (at now − 3 s) brought the first step: 15 minutes.
    expect(until).toBe(now - 3000 + 15 * 60_000);
    const res = (await join(p.cookie)) as Response;
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'banned', until });
    // The home page reads it from the player's own record.
    expect(await (await playerRequest(p.cookie, '/api/players/me')).json()).toMatchObject({ ban: { until } });
    const clean = await player();
    expect(await (await playerRequest(clean.cookie, '/api/players/me')).json()).toMatchObject({ ban: null });
  });

  it('a join storm from one player gets 429 with Retry-After', async () => {
    const p = await player();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    // 25 joins: more than two windows' worth, so even a run straddling a window's edge is refused.
    for (let i = 0; i < 25; i++) {
      const r = await join(p.cookie, 'rummy/classic/4');
      if (r instanceof Response) {
        statuses.push(r.status);
        retryAfter = r.headers.get('Retry-After');
      } else {
        statuses.push(101);
        r.ws.close(1000);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 101)).toBe(true);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 101).length).toBeLessThanOrEqual(20);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
