import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';
import { CreateRoomRequest, describeIssues, issuePath, ROOM_CODE_PATTERN } from '../shared/protocol';
import { roomGameEntry } from '../shared/games/catalog';
import { LOBBY_SHARDS, lobbyName, mergeListed } from '../shared/lobby/listing';
import { PLAYER_HEADER } from '../shared/players/player';
import { newRoomCode } from './ids';
import type { Env } from './env';
import { securityHeaders } from './headers';
import { roomCreationRefusal, socketOpenRefusal } from './limits';
import { passkeys } from './passkeys';
import { currentPlayer, players } from './players';
import { queueFeed, queueSocket } from './queue-routes';
import { rankedApi } from './ranked-api';
import { serveSite } from './spa';
import { knownRoomInfo, unknownRooms } from './unknown-rooms';

export { Queue } from './queue';
export { Room } from './room';
export { Lobby } from './lobby';

const app = new Hono<{ Bindings: Env }>();

// Every response, API and site alike, gets the security and caching headers (worker/headers.ts).
app.use('*', securityHeaders());

// A thrown error answers like every other refusal, `{ code, message }`; the stack stays in the
// Worker's log, never in the answer.
app.onError((err, c) => {
  if (err instanceof HTTPException) return err.getResponse();
  console.error(`${c.req.method} ${new URL(c.req.url).pathname}:`, err);
  return c.json({ code: 'internal', message: 'Something went wrong on the server. Please try again.' }, 500);
});

app.get('/api/health', (c) => c.json({ ok: true }));

app.post(
  '/api/rooms',
  bodyLimit({ maxSize: 4096, onError: (c) => c.json({ code: 'too_large', message: 'Request body is larger than 4 KB.' }, 413) }),
  async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ code: 'bad_json', message: 'The request body is not valid JSON.' }, 400);
    }
    const parsed = v.safeParse(CreateRoomRequest, body);
    if (!parsed.success) return c.json({ code: 'bad_request', field: issuePath(parsed.issues), message: describeIssues(parsed.issues) }, 400);
    const game = roomGameEntry(parsed.output.game);
    if (!game) return c.json({ code: 'unknown_game', message: `There is no room game called "${parsed.output.game}".` }, 400);
    const refusal = await roomCreationRefusal(c);
    if (refusal) return refusal;

    const code = newRoomCode();
    const stub = c.env.ROOMS.get(c.env.ROOMS.idFromName(code));
    // The creator, from their cookie: the room keeps the host for them (shared/room/seats.ts).
    const creator = await currentPlayer(c.env, c.req.raw);
    // The room parses the options (the one place they are): bad ones come back as `bad_options`.
    const refused = await stub.init({
      code,
      game: game.id,
      options: parsed.output.options,
      clock: parsed.output.clock,
      pace: parsed.output.pace,
      language: parsed.output.language,
      ...(creator && { creator: creator.id }),
    });
    if (refused) return c.json(refused, 400);
    unknownRooms.delete(code);
    return c.json({ code }, 201);
  },
);

app.route('/api/players', players);
app.route('/api/passkeys', passkeys);

app.get('/api/rooms/:code', async (c) => {
  const code = c.req.param('code');
  if (!ROOM_CODE_PATTERN.test(code)) return c.json({ code: 'unknown_room', message: 'No room has that code.' }, 404);
  const info = await knownRoomInfo(c.env, code);
  if (!info) return c.json({ code: 'unknown_room', message: 'No room has that code.' }, 404);
  return c.json(info);
});

/** A game's open public tables: every Lobby shard of the game, merged (most free seats, then newest). */
app.get('/api/public/:game', async (c) => {
  const game = roomGameEntry(c.req.param('game'));
  if (!game) return c.json({ code: 'unknown_game', message: `There is no room game called "${c.req.param('game').slice(0, 40)}".` }, 404);
  const shards = await Promise.all(
    Array.from({ length: LOBBY_SHARDS }, (_, shard) => c.env.LOBBIES.get(c.env.LOBBIES.idFromName(lobbyName(game.id, shard))).list()),
  );
  return c.json({ game: game.id, rooms: mergeListed(shards) });
});

/** A finished game's replay: setup, seed with its reveal, and the whole move log (`shared/fair/replay.ts`). */
app.get('/api/rooms/:code/replay/:n', async (c) => {
  const code = c.req.param('code');
  const n = Number(c.req.param('n'));
  if (!ROOM_CODE_PATTERN.test(code)) return c.json({ code: 'unknown_room', message: 'No room has that code.' }, 404);
  if (!Number.isInteger(n) || n < 1) return c.json({ code: 'no_replay', message: 'A replay is named by its game number: 1, 2, …' }, 400);
  const result = await c.env.ROOMS.get(c.env.ROOMS.idFromName(code)).replay(n);
  if ('record' in result) return c.json(result.record);
  const { ok: _, ...refusal } = result;
  return c.json(refusal, result.code === 'unknown_room' ? 404 : 409);
});

app.get('/api/rooms/:code/ws', async (c) => {
  const code = c.req.param('code');
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
    return c.json({ code: 'upgrade_required', message: 'This address takes WebSocket connections only.' }, 426);
  }
  if (!ROOM_CODE_PATTERN.test(code)) return c.json({ code: 'unknown_room', message: 'No room has that code.' }, 404);
  const refusal = await socketOpenRefusal(c);
  if (refusal) return refusal;
  // A code just found unknown is answered here: not again the room's D1 read, nor the player's.
  if (unknownRooms.has(code, Date.now())) return c.json({ code: 'unknown_room', message: 'No room has that code.' }, 404);
  // The room trusts X-Player-Id: only the Worker sets it, from a verified cookie; a client's own is dropped.
  const headers = new Headers(c.req.raw.headers);
  headers.delete(PLAYER_HEADER);
  const player = await currentPlayer(c.env, c.req.raw);
  if (player) headers.set(PLAYER_HEADER, player.id);
  const res = await c.env.ROOMS.get(c.env.ROOMS.idFromName(code)).fetch(new Request(c.req.raw, { headers }));
  if (res.status === 404) unknownRooms.add(code, Date.now());
  return res;
});

/** The ranked queue (worker/queue-routes.ts). */
app.get('/api/queue/:game/:tier/:seats/ws', queueSocket);
app.get('/api/queue/:game/:tier/:seats/feed', queueFeed);
// Leaderboards, profiles and reports (worker/ranked-api.ts); after the players' own routes, so
// /api/players/me is theirs.
app.route('/api', rankedApi);

app.all('/api/*', (c) => c.json({ code: 'not_found', message: 'No such API route.' }, 404));

// Everything else: static files, the SPA's pages (with link previews) and its 404 page.
app.get('*', serveSite);

export default app;
