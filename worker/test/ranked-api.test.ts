import { env, runInDurableObject, SELF } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReplayRecord } from '../../shared/fair/replay';
import type { EightsState, EightsView } from '../../shared/games/eights/types';
import { playerOf } from '../../shared/players/player';
import * as v from 'valibot';
import { LeaderboardResponse, ProfileResponse } from '../../shared/ranked/api';
import { displayRating, newRating } from '../../shared/ranked/rating';
import { LEADERBOARD_SIZE } from '../ranked-api';
import type { RankedResult } from '../../shared/ranked/result';
import { reportsOf, seedRatings } from '../d1/inspect';
import { recordRankedResult } from '../d1/ratings';
import { inspectRoom } from '../room';
import { createRoom, ORIGIN, simpleEightsMove, TestClient } from './client';
import { newPlayer, playerRequest } from './players-kit';

// Answers are read with the schemas the page checks them with (web/src/ranked/api.ts).
const leaderboard = async (res: Response) => v.parse(LeaderboardResponse, await res.json());
const profileOf = async (res: Response) => v.parse(ProfileResponse, await res.json());

let next = 0;
/** A room code of the right shape that no test has used. */
function roomCode(): string {
  const alphabet = '23456789abcdefghjkmnpqrstuvwxyz';
  let n = Date.now() * 1000 + next++;
  let code = '';
  for (let i = 0; i < 12; i++) {
    code += alphabet[n % alphabet.length];
    n = Math.floor(n / alphabet.length);
  }
  return code;
}

async function players(count: number, prefix = 'P') {
  return Promise.all(Array.from({ length: count }, (_, i) => newPlayer(`${prefix} ${i}`)));
}

/** A two-seat ranked game of Eights between a and b, seat 0 winning unless said otherwise. */
function eightsResult(room: string, a: string, b: string, over: Partial<RankedResult> = {}): RankedResult {
  return {
    room,
    gameNo: 1,
    game: 'eights',
    tier: 'quick',
    endedAt: Date.now(),
    teams: null,
    seats: [a, b].map((player) => ({ player, botPlayedAtEnd: false })),
    outcome: { winners: [0], scores: [0, 12] },
    ...over,
  };
}

describe('GET /api/leaderboard/:game', () => {
  it('lists a game’s players by shown rating with shared ranks for ties, and says where the asker stands', async () => {
    // A game of its own, so this test owns the whole board ('rummy' ratings come only from here).
    const [a, b, c] = await players(3, 'Board');
    await recordRankedResult(env.DB, {
      room: roomCode(),
      gameNo: 1,
      game: 'rummy',
      tier: 'quick',
      endedAt: 1,
      teams: null,
      seats: [a, b, c].map((p) => ({ player: p!.me.player.id, botPlayedAtEnd: false })),
      outcome: { winners: [0], scores: [0, 30, 30] },
    });

    const res = await playerRequest(c!.cookie, '/api/leaderboard/rummy');
    expect(res.status).toBe(200);
    const board = await leaderboard(res);
    expect(board.game).toBe('rummy');
    expect(board.top.map((e) => e.player.id)).toEqual([a!.me.player.id, expect.any(String), expect.any(String)]);
    expect(board.top.map((e) => e.rank)).toEqual([1, 2, 2]);
    expect(board.top[0]).toEqual({ rank: 1, player: playerOf(a!.me.player.id, 'Board 0'), rating: expect.any(Number), games: 1, provisional: true });
    expect(board.top[0]!.rating).toBeGreaterThan(board.top[1]!.rating);
    expect(board.me).toEqual({ rank: 2, rating: board.top[1]!.rating, games: 1, provisional: true });

    // Nobody's cookie, or a player with no rating in this game: no rank.
    expect((await leaderboard(await SELF.fetch(`${ORIGIN}/api/leaderboard/rummy`))).me).toBeNull();
    const [stranger] = await players(1, 'Stranger');
    expect((await leaderboard(await playerRequest(stranger!.cookie, '/api/leaderboard/rummy'))).me).toBeNull();
  });

  it(`shows at most ${LEADERBOARD_SIZE} players, and the rank of one below them`, async () => {
    const rows = Array.from({ length: LEADERBOARD_SIZE + 5 }, (_, i) => ({
      id: `dhappa-board-${String(i).padStart(4, '0')}`.padEnd(22, '0'),
      rating: 2000 - i,
    }));
    await seedRatings(
      env.DB,
      rows.map((r) => ({ player: r.id, game: 'dhappa', mu: 30, sigma: 2, games: 20, rating: r.rating })),
      { players: true },
    );
    const [me] = await players(1, 'Low');
    await seedRatings(env.DB, [{ player: me!.me.player.id, game: 'dhappa', mu: 1, sigma: 8, games: 3, rating: 100 }]);
    const board = await leaderboard(await playerRequest(me!.cookie, '/api/leaderboard/dhappa'));
    expect(board.top).toHaveLength(LEADERBOARD_SIZE);
    expect(board.top[0]).toMatchObject({ rank: 1, rating: 2000, games: 20, provisional: false });
    expect(board.top.at(-1)).toMatchObject({ rank: LEADERBOARD_SIZE, rating: 2000 - LEADERBOARD_SIZE + 1 });
    expect(board.me).toEqual({ rank: LEADERBOARD_SIZE + 6, rating: 100, games: 3, provisional: true });
  });

  it('refuses a game that does not exist, by name', async () => {
    for (const game of ['chess', 'mahjong', '%27%20OR%201=1']) {
      const res = await SELF.fetch(`${ORIGIN}/api/leaderboard/${game}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'unknown_game' });
    }
  });

  it('a forged cookie (someone else’s id with a made-up secret) gets no rank', async () => {
    const [a, b] = await players(2, 'Forge');
    await recordRankedResult(env.DB, eightsResult(roomCode(), a!.me.player.id, b!.me.player.id));
    const forged = `cr_player=${a!.me.player.id}.${'A'.repeat(43)}`;
    expect((await leaderboard(await playerRequest(forged, '/api/leaderboard/eights'))).me).toBeNull();
    expect((await leaderboard(await playerRequest(a!.cookie, '/api/leaderboard/eights'))).me).not.toBeNull();
  });
});

describe('GET /api/players/:id', () => {
  it('gives the player, each game’s rating with its history, and recent games with result, change and replay link', async () => {
    const [a, b] = await players(2, 'Profile');
    const [ida, idb] = [a!.me.player.id, b!.me.player.id];
    const r1 = roomCode();
    const r2 = roomCode();
    const one = await recordRankedResult(env.DB, eightsResult(r1, ida, idb, { endedAt: 1000 }));
    const two = await recordRankedResult(env.DB, eightsResult(r2, idb, ida, { endedAt: 2000, gameNo: 3 }));
    const res = await SELF.fetch(`${ORIGIN}/api/players/${ida}`);
    expect(res.status).toBe(200);
    const profile = await profileOf(res);
    expect(profile.player).toEqual(playerOf(ida, 'Profile 0'));
    expect(profile.ratings).toEqual([
      {
        game: 'eights',
        rating: two.changes[1]!.rating,
        games: 2,
        provisional: true,
        history: [
          { at: 1000, rating: one.changes[0]!.rating },
          { at: 2000, rating: two.changes[1]!.rating },
        ],
      },
    ]);
    expect(profile.recent).toEqual([
      { room: r2, gameNo: 3, game: 'eights', endedAt: 2000, result: 'lost', change: two.changes[1]!.change, replay: `/r/${r2}/replay/3` },
      { room: r1, gameNo: 1, game: 'eights', endedAt: 1000, result: 'won', change: one.changes[0]!.change, replay: `/r/${r1}/replay/1` },
    ]);
    expect(one.changes[0]!.rating).toBe(displayRating(newRating()) + one.changes[0]!.change);
  });

  it('a player without ranked games has an empty profile; a bad or unknown id is refused', async () => {
    const [a] = await players(1, 'Quiet');
    const profile = await profileOf(await SELF.fetch(`${ORIGIN}/api/players/${a!.me.player.id}`));
    expect(profile).toEqual({ player: a!.me.player, ratings: [], recent: [] });
    for (const id of ['nobody', 'A'.repeat(22), '%27%3B--', 'x'.repeat(300)]) {
      const res = await SELF.fetch(`${ORIGIN}/api/players/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'unknown_player' });
    }
  });
});

describe('POST /api/ranked/:room/:n/report', () => {
  const open: TestClient[] = [];
  afterEach(() => {
    for (const c of open.splice(0)) if (!c.closed) c.close();
  });

  /** A real room whose first game of Eights is played to the end (the replay comes from it). */
  async function finishedRoom(): Promise<string> {
    const code = await createRoom('eights');
    const a = await TestClient.connect(code);
    const b = await TestClient.connect(code);
    open.push(a, b);
    await a.join('Ana');
    await b.join('Bo');
    const started = a.waitFor('update', (m) => m.events.some((e) => e.type === 'start'));
    a.send({ t: 'start' });
    await started;
    const stub = env.ROOMS.get(env.ROOMS.idFromName(code));
    for (let step = 0; step < 600; step++) {
      const state = await runInDurableObject(stub, (instance) => structuredClone(inspectRoom(instance).state as EightsState));
      if (state.winner !== null) break;
      const mover = [a, b].find((c) => c.seat === state.turn)!;
      await mover.move(simpleEightsMove(mover.view as EightsView));
      await new Promise((r) => setTimeout(r, 55));
    }
    return code;
  }

  const report = (cookie: string | null, room: string, n: number | string, body: unknown) =>
    SELF.fetch(`${ORIGIN}/api/ranked/${room}/${n}/report`, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: cookie ? { Cookie: cookie } : {},
    });
  const reports = (room: string) => reportsOf(env.DB, room);

  it('stores a seated player’s cleaned reason with the room’s replay record; a second report replaces the first', async () => {
    const code = await finishedRoom();
    const [a, b] = await players(2, 'Reporter');
    await recordRankedResult(env.DB, eightsResult(code, a!.me.player.id, b!.me.player.id));

    const res = await report(a!.cookie, code, 1, { reason: '  They\u202E stalled\nevery turn\u200B ' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ ok: true, reason: 'They stalled every turn' });
    const [row] = await reports(code);
    expect(row).toMatchObject({ player: a!.me.player.id, reason: 'They stalled every turn' });
    const stored = JSON.parse(row!.replay) as ReplayRecord;
    const fromRoom = (await (await SELF.fetch(`${ORIGIN}/api/rooms/${code}/replay/1`)).json()) as ReplayRecord;
    expect(stored).toEqual(fromRoom);
    expect(stored.moves.length).toBeGreaterThan(0);
    expect(stored.reveal).not.toBeNull();

    expect((await report(a!.cookie, code, 1, { reason: 'Changed my mind: they were slow, not cheating' })).status).toBe(201);
    expect((await reports(code)).map((r) => r.reason)).toEqual(['Changed my mind: they were slow, not cheating']);
  });

  it('refuses anyone who did not sit in that game, and bad input, by name, storing nothing', async () => {
    const code = roomCode();
    const [a, b, outsider] = await players(3, 'Strict');
    await recordRankedResult(env.DB, eightsResult(code, a!.me.player.id, b!.me.player.id));
    const cases: [string | null, string, number | string, unknown, number, string][] = [
      [null, code, 1, { reason: 'x' }, 401, 'no_player'],
      [`cr_player=${a!.me.player.id}.${'B'.repeat(43)}`, code, 1, { reason: 'forged' }, 401, 'no_player'],
      [outsider!.cookie, code, 1, { reason: 'I watched it' }, 403, 'not_in_game'],
      [a!.cookie, code, 2, { reason: 'no such game' }, 404, 'unknown_ranked_game'],
      [a!.cookie, roomCode(), 1, { reason: 'unranked room' }, 404, 'unknown_ranked_game'],
      [a!.cookie, 'NOT-A-ROOM', 1, { reason: 'x' }, 404, 'unknown_room'],
      [a!.cookie, code, 0, { reason: 'x' }, 400, 'bad_game_number'],
      [a!.cookie, code, 'one', { reason: 'x' }, 400, 'bad_game_number'],
      [a!.cookie, code, 1, '{not json', 400, 'bad_json'],
      [a!.cookie, code, 1, {}, 400, 'bad_reason'],
      [a!.cookie, code, 1, { reason: 42 }, 400, 'bad_reason'],
      [a!.cookie, code, 1, { reason: ' \u200B\u202E ' }, 400, 'bad_reason'],
      [a!.cookie, code, 1, { reason: 'x'.repeat(501) }, 400, 'bad_reason'],
      [a!.cookie, code, 1, { reason: 'x'.repeat(9000) }, 413, 'too_large'],
    ];
    for (const [cookie, room, n, body, status, codeName] of cases) {
      const res = await report(cookie, room, n, body);
      expect(res.status, `${codeName} for ${JSON.stringify(body).slice(0, 40)}`).toBe(status);
      const answer = (await res.json()) as { code: string; message: string };
      expect(answer.code).toBe(codeName);
      expect(answer.message.length).toBeGreaterThan(5);
    }
    // A seated player's report on a room that cannot give the game's replay (here: no such room).
    const noReplay = await report(a!.cookie, code, 1, { reason: 'They cheated' });
    expect(noReplay.status).toBe(409);
    expect(await noReplay.json()).toMatchObject({ code: 'no_replay' });
    expect(await reports(code)).toEqual([]);
  });

  it('accepts a 500-character reason', async () => {
    const code = await finishedRoom();
    const [a, b] = await players(2, 'Long');
    await recordRankedResult(env.DB, eightsResult(code, a!.me.player.id, b!.me.player.id));
    const reason = 'ش'.repeat(500);
    expect((await report(b!.cookie, code, 1, { reason })).status).toBe(201);
    expect(await reports(code)).toMatchObject([{ player: b!.me.player.id, reason }]);
  });
});
