import { env, SELF } from 'cloudflare:test';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { MeResponse } from '../../shared/players/player';
import { expireChallenge } from '../d1/inspect';
import { passkeyCount, passkeyForLogin } from '../d1/passkeys';
import { SoftAuthenticator } from './authenticator';
import { ORIGIN } from './client';
import { cookieOf, newPlayer, playerRequest } from './players-kit';

const post = (path: string, body: unknown, cookie?: string) =>
  SELF.fetch(`${ORIGIN}${path}`, { method: 'POST', body: JSON.stringify(body), headers: cookie ? { Cookie: cookie } : {} });

async function registrationOptions(cookie: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const res = await playerRequest(cookie, '/api/passkeys/register/options', { method: 'POST' });
  expect(res.status).toBe(200);
  return res.json();
}

async function loginOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const res = await SELF.fetch(`${ORIGIN}/api/passkeys/login/options`, { method: 'POST' });
  expect(res.status).toBe(200);
  return res.json();
}

/** A player whose profile is kept with a passkey on `device`. */
async function keptPlayer(name: string, device = new SoftAuthenticator()) {
  const p = await newPlayer(name);
  const answer = await device.create(await registrationOptions(p.cookie), ORIGIN);
  const res = await post('/api/passkeys/register/verify', answer, p.cookie);
  expect(res.status).toBe(201);
  return { ...p, device, credential: answer.id };
}

const codeOf = async (res: Response) => ((await res.json()) as { code: string; message: string }).code;

describe('passkeys', () => {
  it('registration needs a player; its options name the request host as the relying party and ask for a discoverable credential', async () => {
    const refused = await SELF.fetch(`${ORIGIN}/api/passkeys/register/options`, { method: 'POST' });
    expect(refused.status).toBe(401);
    const p = await newPlayer('Maha');
    const options = await registrationOptions(p.cookie);
    expect(options.rp).toEqual({ name: 'Cardroom', id: 'cardroom.test' });
    expect(options.user.name).toBe('Maha');
    expect(options.authenticatorSelection?.residentKey).toBe('required');
  });

  it('keeps a profile with a passkey, and brings it to another device, whose cookie is replaced; the first device stays signed in', async () => {
    const kept = await keptPlayer('Nasser');
    expect(((await (await playerRequest(kept.cookie, '/api/players/me')).json()) as MeResponse).passkeys).toBe(1);
    expect(await passkeyForLogin(env.DB, kept.credential)).toMatchObject({ player: kept.me.player.id, counter: 0 });

    // The other device already had an anonymous player of its own.
    const other = await newPlayer('Anonymous');
    const answer = await kept.device.get(await loginOptions(), ORIGIN);
    const res = await post('/api/passkeys/login/verify', answer, other.cookie);
    expect(res.status).toBe(200);
    // The page reads the answer with the schema of GET /api/players/me (ban included).
    const signedIn = v.parse(MeResponse, await res.json());
    expect(signedIn.player).toEqual(kept.me.player);
    expect(signedIn.ban).toBeNull();
    const cookie = cookieOf(res);
    expect(cookie.startsWith(`cr_player=${kept.me.player.id}.`)).toBe(true);
    expect(cookie).not.toBe(kept.cookie);
    expect(((await (await playerRequest(cookie, '/api/players/me')).json()) as MeResponse).player).toEqual(kept.me.player);
    expect((await playerRequest(kept.cookie, '/api/players/me')).status).toBe(200);
    // A rename on one device is seen on the other.
    await playerRequest(cookie, '/api/players/me', { method: 'PATCH', body: JSON.stringify({ name: 'Nasser A' }) });
    expect(((await (await playerRequest(kept.cookie, '/api/players/me')).json()) as MeResponse).player.name).toBe('Nasser A');
    expect((await passkeyForLogin(env.DB, kept.credential))!.counter).toBe(1);
  });

  it('uses each challenge once: the same sign-in answer sent twice is refused the second time, and sets no cookie', async () => {
    const kept = await keptPlayer('Omar');
    const answer = await kept.device.get(await loginOptions(), ORIGIN);
    expect((await post('/api/passkeys/login/verify', answer)).status).toBe(200);
    const again = await post('/api/passkeys/login/verify', answer);
    expect(again.status).toBe(400);
    expect(await codeOf(again)).toBe('bad_passkey');
    expect(again.headers.get('Set-Cookie')).toBeNull();
  });

  it('refuses an expired challenge', async () => {
    const kept = await keptPlayer('Abeer');
    const options = await loginOptions();
    await expireChallenge(env.DB, options.challenge, Date.now() - 1);
    const res = await post('/api/passkeys/login/verify', await kept.device.get(options, ORIGIN));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/expired or was already used/);
  });

  it("refuses a challenge made up by the browser, another player's registration challenge, and a sign-in challenge used to register", async () => {
    const a = await newPlayer('Dana');
    const b = await newPlayer('Eid');
    const device = new SoftAuthenticator();
    const invented = await device.create(await registrationOptions(a.cookie), ORIGIN, 'bm90LWEtcmVhbC1jaGFsbGVuZ2U');
    expect(await codeOf(await post('/api/passkeys/register/verify', invented, a.cookie))).toBe('bad_passkey');
    const bOptions = await registrationOptions(b.cookie);
    const stolen = await device.create(bOptions, ORIGIN);
    const res = await post('/api/passkeys/register/verify', stolen, a.cookie);
    expect(res.status).toBe(400);
    const login = await loginOptions();
    const crossed = await device.create(await registrationOptions(a.cookie), ORIGIN, login.challenge);
    expect((await post('/api/passkeys/register/verify', crossed, a.cookie)).status).toBe(400);
    expect((await passkeyCount(env.DB, a.me.player.id)) + (await passkeyCount(env.DB, b.me.player.id))).toBe(0);
  });

  it('refuses an answer signed for another site, and a forged signature; nothing is stored or signed in', async () => {
    const p = await newPlayer('Faisal');
    const device = new SoftAuthenticator();
    const wrongOrigin = await device.create(await registrationOptions(p.cookie), 'https://evil.test');
    const res = await post('/api/passkeys/register/verify', wrongOrigin, p.cookie);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/origin/i);

    const kept = await keptPlayer('Ghada');
    const impostor = new SoftAuthenticator();
    const options = await loginOptions();
    // The impostor holds a key of its own but claims the kept credential's id.
    await impostor.create({ ...(await registrationOptions(p.cookie)), rp: { name: 'x', id: options.rpId! } }, ORIGIN);
    const forged = { ...(await impostor.get(options, ORIGIN)), id: kept.credential, rawId: kept.credential };
    const refused = await post('/api/passkeys/login/verify', forged);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('Set-Cookie')).toBeNull();
  });

  it('answers an unknown passkey with 404 and a malformed answer with 400 naming what is wrong', async () => {
    const stranger = new SoftAuthenticator();
    const p = await newPlayer('Hind');
    await stranger.create(await registrationOptions(p.cookie), ORIGIN); // created, never sent to the server
    const unknown = await post('/api/passkeys/login/verify', await stranger.get(await loginOptions(), ORIGIN));
    expect(unknown.status).toBe(404);
    expect(await codeOf(unknown)).toBe('unknown_passkey');
    const malformed = await post('/api/passkeys/login/verify', { id: 'abc', rawId: 'abc', type: 'public-key', response: {} });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toContain('response.clientDataJSON');
    const notJson = await SELF.fetch(`${ORIGIN}/api/passkeys/login/verify`, { method: 'POST', body: '{' });
    expect(await codeOf(notJson)).toBe('bad_json');
  });
});
