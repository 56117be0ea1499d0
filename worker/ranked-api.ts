/**
 * Ranked results over HTTP: a game's leaderboard, a player's profile and reports on a finished
 * ranked game. Everything read here was written by `recordRankedResult` (worker/d1/ratings.ts)
 * from the room's own outcome; nothing a client sends changes a rating.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { rankedGame } from '../shared/games/catalog';
import { ROOM_CODE_PATTERN } from '../shared/protocol';
import { cleanText } from '../shared/protocol/text';
import { PLAYER_ID_PATTERN, playerOf } from '../shared/players/player';
import type { LeaderboardResponse, ProfileResponse, ReportResponse } from '../shared/ranked/api';
import { PROVISIONAL_GAMES } from '../shared/ranked/rating';
import type { Env } from './env';
import { playerName } from './d1/players';
import { leaderboard, profileRows, satInRankedGame } from './d1/ratings';
import { saveReport } from './d1/reports';
import { currentPlayer } from './players';

type C = Context<{ Bindings: Env }>;

export const LEADERBOARD_SIZE = 100;
/** Points of a rating's history a profile draws, and recent games it lists. */
export const HISTORY_POINTS = 200;
export const RECENT_GAMES = 20;
export const REPORT_MAX_CHARS = 500;
const REPLAY_MAX_BYTES = 1_900_000;

const provisional = (games: number) => games < PROVISIONAL_GAMES;
const refuse = (c: C, status: 400 | 401 | 403 | 404 | 409 | 413, code: string, message: string) => c.json({ code, message }, status);

export const rankedApi = new Hono<{ Bindings: Env }>();

rankedApi.get('/leaderboard/:game', async (c) => {
  const game = rankedGame(c.req.param('game'));
  if (!game) return refuse(c, 404, 'unknown_game', `There is no room game called "${c.req.param('game')}".`);
  const me = await currentPlayer(c.env, c.req.raw);
  const { top, mine: m } = await leaderboard(c.env.DB, game.id, me?.id ?? null, LEADERBOARD_SIZE);
  const rows = top;
  let rank = 0;
  const entries = rows.map((r, i) => {
    if (i === 0 || r.rating !== rows[i - 1]!.rating) rank = i + 1;
    return { rank, player: playerOf(r.player, r.name), rating: r.rating, games: r.games, provisional: provisional(r.games) };
  });
  return c.json({
    game: game.id,
    top: entries,
    me: m ? { rank: m.rank, rating: m.rating, games: m.games, provisional: provisional(m.games) } : null,
  } satisfies LeaderboardResponse);
});

rankedApi.get('/players/:id', async (c) => {
  const id = c.req.param('id');
  if (!PLAYER_ID_PATTERN.test(id)) return refuse(c, 404, 'unknown_player', 'No player has that id.');
  const [name, rows] = await Promise.all([playerName(c.env.DB, id), profileRows(c.env.DB, id, HISTORY_POINTS, RECENT_GAMES)]);
  if (name === null) return refuse(c, 404, 'unknown_player', 'No player has that id.');
  const points = new Map<string, { at: number; rating: number }[]>();
  for (const h of rows.history) {
    const list = points.get(h.game) ?? [];
    list.push({ at: h.at, rating: h.rating });
    points.set(h.game, list);
  }
  return c.json({
    player: playerOf(id, name),
    ratings: rows.ratings.map((r) => ({
      game: r.game,
      rating: r.rating,
      games: r.games,
      provisional: provisional(r.games),
      history: points.get(r.game) ?? [],
    })),
    recent: rows.recent.map((r) => ({
      room: r.room,
      gameNo: r.game_no,
      game: r.game,
      endedAt: r.at,
      result: r.result,
      change: r.change,
      replay: `/r/${r.room}/replay/${r.game_no}`,
    })),
  } satisfies ProfileResponse);
});

const ReportBody = v.object({
  reason: v.pipe(v.string('"reason" must be a string.'), v.maxLength(4 * REPORT_MAX_CHARS, `"reason" is longer than ${REPORT_MAX_CHARS} characters.`)),
});

rankedApi.post(
  '/ranked/:room/:n/report',
  bodyLimit({ maxSize: 8192, onError: (c) => c.json({ code: 'too_large', message: 'Request body is larger than 8 KB.' }, 413) }),
  async (c) => {
    const room = c.req.param('room');
    const n = Number(c.req.param('n'));
    if (!ROOM_CODE_PATTERN.test(room)) return refuse(c, 404, 'unknown_room', 'No room has that code.');
    if (!Number.isInteger(n) || n < 1) return refuse(c, 400, 'bad_game_number', 'A game is named by its number in the room: 1, 2, …');
    const me = await currentPlayer(c.env, c.req.raw);
    if (!me) return refuse(c, 401, 'no_player', 'Only a player who sat in this game may report it.');
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return refuse(c, 400, 'bad_json', 'The request body is not valid JSON.');
    }
    const parsed = v.safeParse(ReportBody, body);
    if (!parsed.success) return refuse(c, 400, 'bad_reason', parsed.issues[0].message);
    const reason = cleanText(parsed.output.reason);
    if (!reason) return refuse(c, 400, 'bad_reason', 'Say what happened: the reason is empty.');
    if ([...reason].length > REPORT_MAX_CHARS) return refuse(c, 400, 'bad_reason', `The reason is longer than ${REPORT_MAX_CHARS} characters.`);

    const sat = await satInRankedGame(c.env.DB, room, n, me.id);
    if (sat === null) return refuse(c, 404, 'unknown_ranked_game', 'No finished ranked game has that room and number.');
    if (!sat) return refuse(c, 403, 'not_in_game', 'Only a player who sat in this game may report it.');

    // The replay (seed, commitment, moves) comes from the room itself, never from the reporter.
    const replay = await c.env.ROOMS.get(c.env.ROOMS.idFromName(room)).replay(n);
    if (!('record' in replay)) return refuse(c, 409, 'no_replay', `This game's replay is no longer available: ${replay.message}`);
    const record = JSON.stringify(replay.record);
    // D1 keeps a value of at most 2 MB; a game that long is far beyond any real one.
    if (record.length > REPLAY_MAX_BYTES / 4 && new TextEncoder().encode(record).length > REPLAY_MAX_BYTES) {
      return refuse(c, 413, 'replay_too_large', 'This game is too long to be stored with a report.');
    }
    await saveReport(c.env.DB, { room, gameNo: n, player: me.id, reason, replay: record, now: Date.now() });
    return c.json({ ok: true, room, gameNo: n, reason } satisfies ReportResponse, 201);
  },
);
