import { env, runInDurableObject, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_NAME_CHARS } from '../../shared/protocol';
import * as v from 'valibot';
import { AVATAR_COLOURS, MeResponse } from '../../shared/players/player';
import { playerCount, secretHashOf } from '../d1/inspect';
import { currentPlayer } from '../players';
import { inspectRoom } from '../room';
import type { SocketAttachment } from '../../shared/room/types';
import { createRoom, ORIGIN, TestClient } from './client';
import { cookieOf, newPlayer, playerRequest } from './players-kit';

describe('POST /api/players', () => {
  it('makes a player with a cleaned name, an avatar and an HttpOnly SameSite=Lax cookie; D1 keeps only the hash of the secret', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/players`, { method: 'POST', body: JSON.stringify({ name: '  Noura\u202E  Saad\u200B ' }) });
    expect(res.status).toBe(201);
    // The page reads this answer with the schema of GET /api/players/me (web/src/players/api.ts).
    const body = v.parse(MeResponse, await res.json());
    expect(body.ban).toBeNull();
    expect(body.player.name).toBe('Noura Saad');
    expect(body.player.avatar.initials).toBe('NS');
    expect(AVATAR_COLOURS).toContain(body.player.avatar.colour);
    expect(body.passkeys).toBe(0);
    const setCookie = res.headers.get('Set-Cookie')!;
    expect(setCookie).toMatch(/^cr_player=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    // http here; Secure only on https.
    expect(setCookie).not.toMatch(/Secure/);
    const secret = cookieOf(res).split('.')[1]!;
    const hash = await secretHashOf(env.DB, body.player.id);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(secret);
  });

  it('sets a Secure cookie on https', async () => {
    const res = await SELF.fetch('https://cardroom.test/api/players', { method: 'POST' });
    expect(res.status).toBe(201);
    expect(res.headers.get('Set-Cookie')).toMatch(/Secure/);
  });

  it('gives a default name in no language when none is sent, whatever language the page asked in, with Arabic initials kept whole', async () => {
    const unnamed = await newPlayer();
    expect(unnamed.me.player.name).toMatch(/^[♠♥♦♣] \d{4}$/);
    const ar = await SELF.fetch(`${ORIGIN}/api/players`, { method: 'POST', body: JSON.stringify({ language: 'ar' }) });
    expect(((await ar.json()) as MeResponse).player.name).toMatch(/^[♠♥♦♣] \d{4}$/);
    const arabic = await newPlayer('نورة سعد');
    expect(arabic.me.player.avatar.initials).toBe('نس');
  });

  it('answers the existing player when the cookie is already valid, and renews the same cookie', async () => {
    const p = await newPlayer('Fahad');
    const again = await SELF.fetch(`${ORIGIN}/api/players`, { method: 'POST', headers: { Cookie: p.cookie }, body: JSON.stringify({ name: 'Someone else' }) });
    expect(again.status).toBe(200);
    expect(((await again.json()) as MeResponse).player).toEqual(p.me.player);
    expect(cookieOf(again)).toBe(p.cookie);
    expect(again.headers.get('Set-Cookie')).toMatch(/Max-Age=34560000/);
  });

  it('refuses a bad name by name and makes no player', async () => {
    const before = await playerCount(env.DB);
    for (const [body, words] of [
      [{ name: '\u200B\u202E ' }, 'visible character'],
      [{ name: 'x'.repeat(MAX_NAME_CHARS + 1) }, `at most ${MAX_NAME_CHARS}`],
      [{ name: 42 }, 'name: A name is text'],
    ] as const) {
      const res = await SELF.fetch(`${ORIGIN}/api/players`, { method: 'POST', body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      const err = (await res.json()) as { code: string; message: string };
      expect(err.code).toBe('bad_name');
      expect(err.message).toContain(words);
      expect(res.headers.get('Set-Cookie')).toBeNull();
    }
    const notJson = await SELF.fetch(`${ORIGIN}/api/players`, { method: 'POST', body: '{name' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { code: string }).code).toBe('bad_json');
    expect(await playerCount(env.DB)).toBe(before);
  });
});

describe('GET and PATCH /api/players/me', () => {
  it('answers 401 no_player without a cookie, with a forged one, and with the right id but a wrong secret', async () => {
    const p = await newPlayer('Reem');
    const [id] = p.cookie.slice('cr_player='.length).split('.');
    const cases: Record<string, string>[] = [
      {},
      { Cookie: 'cr_player=garbage' },
      { Cookie: `cr_player=${id}.${'A'.repeat(43)}` },
      { Cookie: `cr_player=${'B'.repeat(22)}.${p.cookie.split('.')[1]}` },
    ];
    for (const headers of cases) {
      const res = await SELF.fetch(`${ORIGIN}/api/players/me`, { headers });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('no_player');
    }
  });

  it('answers the player of the cookie; two players in two browsers stay apart', async () => {
    const a = await newPlayer('Ahmad');
    const b = await newPlayer('Bashayer');
    expect(a.me.player.id).not.toBe(b.me.player.id);
    const meA = (await (await playerRequest(a.cookie, '/api/players/me')).json()) as MeResponse;
    const meB = (await (await playerRequest(b.cookie, '/api/players/me')).json()) as MeResponse;
    expect(meA).toEqual({ player: a.me.player, passkeys: 0, ban: null });
    expect(meB).toEqual({ player: b.me.player, passkeys: 0, ban: null });
    // Renaming one leaves the other alone.
    await playerRequest(a.cookie, '/api/players/me', { method: 'PATCH', body: JSON.stringify({ name: 'Ahmad K' }) });
    expect(((await (await playerRequest(b.cookie, '/api/players/me')).json()) as MeResponse).player.name).toBe('Bashayer');
  });

  it('renames with a cleaned name and new initials, keeping the colour; a bad name changes nothing', async () => {
    const p = await newPlayer('Layla');
    const res = await playerRequest(p.cookie, '/api/players/me', { method: 'PATCH', body: JSON.stringify({ name: ' layla  al\u2066-Harbi ' }) });
    expect(res.status).toBe(200);
    const me = (await res.json()) as MeResponse;
    expect(me.player).toEqual({ id: p.me.player.id, name: 'layla al-Harbi', avatar: { initials: 'LA', colour: p.me.player.avatar.colour } });
    const bad = await playerRequest(p.cookie, '/api/players/me', { method: 'PATCH', body: JSON.stringify({ name: '   ' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('bad_name');
    const missing = await playerRequest(p.cookie, '/api/players/me', { method: 'PATCH', body: JSON.stringify({}) });
    expect(missing.status).toBe(400);
    expect(((await (await playerRequest(p.cookie, '/api/players/me')).json()) as MeResponse).player.name).toBe('layla al-Harbi');
    const anonymous = await SELF.fetch(`${ORIGIN}/api/players/me`, { method: 'PATCH', body: JSON.stringify({ name: 'Thief' }) });
    expect(anonymous.status).toBe(401);
  });

  it('currentPlayer verifies the cookie against D1', async () => {
    const p = await newPlayer('Huda');
    expect(await currentPlayer(env, new Request(ORIGIN, { headers: { Cookie: `theme=dark; ${p.cookie}; x=1` } }))).toEqual(p.me.player);
    expect(await currentPlayer(env, new Request(ORIGIN, { headers: { Cookie: p.cookie.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')) } }))).toBeNull();
    expect(await currentPlayer(env, new Request(ORIGIN))).toBeNull();
  });
});

describe('rooms know their players', () => {
  const seatsOf = (code: string) =>
    runInDurableObject(env.ROOMS.get(env.ROOMS.idFromName(code)), (instance, state) => ({
      seats: inspectRoom(instance).room!.seats,
      attachments: state.getWebSockets().map((ws) => ws.deserializeAttachment() as SocketAttachment),
    }));

  it("the verified player's id rides on the socket and the seat it takes; a forged X-Player-Id is ignored", async () => {
    const code = await createRoom('eights');
    const p = await newPlayer('Saud');
    const seated = await TestClient.open(code, undefined, false, { Cookie: p.cookie, 'X-Player-Id': 'someone-else' });
    seated.send({ t: 'hello' });
    await seated.waitFor('full');
    await seated.join('Saud');
    const forger = await TestClient.open(code, undefined, false, { 'X-Player-Id': p.me.player.id });
    forger.send({ t: 'hello' });
    await forger.waitFor('full');
    await forger.join('Forger');
    const { seats, attachments } = await seatsOf(code);
    expect(seats[0]).toMatchObject({ name: 'Saud', player: p.me.player.id });
    expect(seats[1]).toMatchObject({ name: 'Forger' });
    expect(seats[1]!.player).toBeUndefined();
    expect(attachments.filter((a) => a.player !== undefined).map((a) => a.player)).toEqual([p.me.player.id]);
    // Room info shows nothing about players.
    const info = await (await SELF.fetch(`${ORIGIN}/api/rooms/${code}`)).text();
    expect(info).not.toContain(p.me.player.id);
    seated.close();
    forger.close();
  });

  it('two players in two browsers sit as themselves', async () => {
    const code = await createRoom('eights');
    const a = await newPlayer('Ali');
    const b = await newPlayer('Badr');
    for (const [p, name] of [
      [a, 'Ali'],
      [b, 'Badr'],
    ] as const) {
      const c = await TestClient.open(code, undefined, false, { Cookie: p.cookie });
      c.send({ t: 'hello' });
      await c.waitFor('full');
      await c.join(name);
    }
    const { seats } = await seatsOf(code);
    expect(seats.slice(0, 2).map((s) => s?.player)).toEqual([a.me.player.id, b.me.player.id]);
  });

  it('the room keeps the host for the player who made it: a friend who sits first is not host, the creator is when they sit', async () => {
    const maker = await newPlayer('Maker');
    const friend = await newPlayer('Ben');
    const res = await playerRequest(maker.cookie, '/api/rooms', { method: 'POST', body: JSON.stringify({ game: 'eights', options: {}, clock: null }) });
    expect(res.status).toBe(201);
    const { code } = (await res.json()) as { code: string };
    const open = async (cookie: string) => {
      const c = await TestClient.open(code, undefined, false, { Cookie: cookie });
      c.send({ t: 'hello' });
      await c.waitFor('full');
      return c;
    };
    const makerSocket = await open(maker.cookie);
    const friendSocket = await open(friend.cookie);
    await friendSocket.join('Ben');
    await makerSocket.join('Maker');
    const info = (await (await SELF.fetch(`${ORIGIN}/api/rooms/${code}`)).json()) as { hostSeat: number | null; seats: ({ name: string } | null)[] };
    expect(info.seats[info.hostSeat!]?.name).toBe('Maker');
    expect(await seatsOf(code).then((r) => r.seats[info.hostSeat!]?.player)).toBe(maker.me.player.id);
    makerSocket.close();
    friendSocket.close();
  });
});
