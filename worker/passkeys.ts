/**
 * Passkeys (WebAuthn, @simplewebauthn/server): "Keep my profile with a passkey" registers one
 * for the current player; "Sign in with a passkey" on another device proves it and gives that
 * browser the player's cookie (a secret of its own, so the first device stays signed in).
 * Challenges are D1 rows that expire after CHALLENGE_TTL_MS and are deleted when read: each is
 * used once, whether the answer verifies or not. The relying party is the request's own host.
 */
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { describeIssues } from '../shared/protocol';
import { playerOf } from '../shared/players/player';
import type { Env } from './env';
import {
  insertPasskey,
  passkeyExists,
  passkeyForLogin,
  passkeysOf,
  passkeyUsedStatement,
  storeChallenge as storeChallengeRow,
  takeChallenge as takeChallengeRow,
} from './d1/passkeys';
import { addSecretStatements, playerName } from './d1/players';
import { currentPlayer, meBody, newSecret, noPlayer, readJson, setPlayerCookie, smallBody } from './players';

export const CHALLENGE_TTL_MS = 5 * 60_000;
/** A person keeps a handful of passkeys (phone, laptop, security key); more is someone filling the table. */
export const MAX_PASSKEYS = 10;
const RP_NAME = 'Cardroom';

type Ctx = Context<{ Bindings: Env }>;

/**
 * The verifier, run when a passkey route first needs it: a module of its own, a bundle of
 * @simplewebauthn/server made by scripts/worker-vendor.ts (half the Worker's code otherwise), which
 * an isolate that never sees a passkey, every room's, only pre-parses.
 */
const webauthn = async () => (await import('./vendor/webauthn.js')).load();

const B64URL = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'is not base64url'));
/** The shape both answers share; the library checks the rest (and the signatures). */
const CredentialAnswer = v.looseObject({
  id: B64URL,
  rawId: B64URL,
  type: v.literal('public-key'),
  response: v.looseObject({ clientDataJSON: B64URL }),
});

function relyingParty(c: Ctx): { rpID: string; origin: string } {
  const url = new URL(c.req.url);
  return { rpID: url.hostname, origin: url.origin };
}

function badPasskey(c: Ctx, message: string) {
  return c.json({ code: 'bad_passkey', message }, 400);
}

/** The challenge a browser signed, read from its clientDataJSON (verified again by the library). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const json = atob(clientDataJSON.replace(/-/g, '+').replace(/_/g, '/'));
    const challenge = (JSON.parse(json) as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

async function storeChallenge(env: Env, challenge: string, kind: 'register' | 'login', player: string | null): Promise<void> {
  const now = Date.now();
  await storeChallengeRow(env.DB, { challenge, kind, player, now, expiresAt: now + CHALLENGE_TTL_MS });
}

/** Deletes and returns the stored challenge: a second use finds nothing. */
async function takeChallenge(env: Env, challenge: string, kind: 'register' | 'login'): Promise<{ player: string | null } | null> {
  const row = await takeChallengeRow(env.DB, challenge, kind);
  if (!row || row.expiresAt < Date.now()) return null;
  return { player: row.player };
}

async function readAnswer(c: Ctx): Promise<{ ok: true; answer: v.InferOutput<typeof CredentialAnswer> } | { ok: false; response: Response }> {
  const read = await readJson(c);
  if (!read.ok) return read;
  const parsed = v.safeParse(CredentialAnswer, read.body);
  if (!parsed.success) return { ok: false, response: badPasskey(c, `That is not a passkey answer (${describeIssues(parsed.issues)}).`) };
  return { ok: true, answer: parsed.output };
}

export const passkeys = new Hono<{ Bindings: Env }>();

passkeys.post('/register/options', async (c) => {
  const player = await currentPlayer(c.env, c.req.raw);
  if (!player) return noPlayer(c);
  const existing = await passkeysOf(c.env.DB, player.id);
  if (existing.length >= MAX_PASSKEYS) {
    return c.json({ code: 'too_many_passkeys', message: `This profile already has ${MAX_PASSKEYS} passkeys, the most it keeps.` }, 409);
  }
  const { rpID } = relyingParty(c);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: player.name,
    userDisplayName: player.name,
    userID: new Uint8Array(new TextEncoder().encode(player.id)),
    attestationType: 'none',
    // The same authenticator is not registered twice for one profile.
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as AuthenticatorTransport[] })),
    // A discoverable credential: signing in on another device needs no name typed first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(c.env, options.challenge, 'register', player.id);
  return c.json(options);
});

passkeys.post('/register/verify', smallBody(16 * 1024), async (c) => {
  const player = await currentPlayer(c.env, c.req.raw);
  if (!player) return noPlayer(c);
  const read = await readAnswer(c);
  if (!read.ok) return read.response;
  const challenge = challengeOf(read.answer.response.clientDataJSON);
  const stored = challenge ? await takeChallenge(c.env, challenge, 'register') : null;
  if (!challenge || !stored || stored.player !== player.id) {
    return badPasskey(c, 'This passkey request has expired or was already used; press the button again.');
  }
  const { rpID, origin } = relyingParty(c);
  const { verifyRegistrationResponse } = await webauthn();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: read.answer as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (e) {
    return badPasskey(c, `The passkey could not be checked: ${(e as Error).message}`);
  }
  if (!verified.verified) return badPasskey(c, 'The passkey did not verify.');
  const { credential } = verified.registrationInfo;
  if (await passkeyExists(c.env.DB, credential.id)) return c.json({ code: 'passkey_taken', message: 'This passkey is already registered.' }, 409);
  await insertPasskey(c.env.DB, {
    id: credential.id,
    player: player.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
    now: Date.now(),
  });
  return c.json(await meBody(c.env, player), 201);
});

passkeys.post('/login/options', async (c) => {
  const { rpID } = relyingParty(c);
  // No allowed list: the authenticator offers the discoverable passkeys it holds for this site.
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
  await storeChallenge(c.env, options.challenge, 'login', null);
  return c.json(options);
});

passkeys.post('/login/verify', smallBody(16 * 1024), async (c) => {
  const read = await readAnswer(c);
  if (!read.ok) return read.response;
  const challenge = challengeOf(read.answer.response.clientDataJSON);
  // Taken first: a wrong answer uses the challenge up too.
  const stored = challenge ? await takeChallenge(c.env, challenge, 'login') : null;
  if (!challenge || !stored) return badPasskey(c, 'This sign-in request has expired or was already used; press the button again.');
  const row = await passkeyForLogin(c.env.DB, read.answer.id);
  const name = row && (await playerName(c.env.DB, row.player));
  if (!row || name === null) return c.json({ code: 'unknown_passkey', message: 'This passkey does not keep any profile here.' }, 404);
  const { rpID, origin } = relyingParty(c);
  const { verifyAuthenticationResponse } = await webauthn();
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: read.answer as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: read.answer.id,
        publicKey: new Uint8Array(row.publicKey),
        counter: row.counter,
        transports: JSON.parse(row.transports) as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
  } catch (e) {
    return badPasskey(c, `The passkey could not be checked: ${(e as Error).message}`);
  }
  if (!verified.verified) return badPasskey(c, 'The passkey did not verify.');
  const { secret, hash } = await newSecret();
  const now = Date.now();
  await c.env.DB.batch([
    passkeyUsedStatement(c.env.DB, read.answer.id, verified.authenticationInfo.newCounter, now),
    ...addSecretStatements(c.env.DB, row.player, hash, now),
  ]);
  // This browser's old (anonymous) cookie is replaced: it is now the passkey's player.
  setPlayerCookie(c, row.player, secret);
  // The same answer as GET /api/players/me (ban included), which the page checks it against.
  return c.json(await meBody(c.env, playerOf(row.player, name)));
});
