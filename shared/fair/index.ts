/**
 * Fair deals: commit–reveal with every seated person's entropy.
 *
 * 1. Before a game is dealt the room draws a 32-byte `secret` and a 16-byte `salt` from the
 *    host's CSPRNG and publishes only `commitment = SHA-256(salt ":" secret)` (hex of the UTF-8 text).
 * 2. Each seated person's browser sends a 16-byte random `nonce` (hex) while the game is not
 *    yet dealt. Bots send none; spectators' and late nonces are refused.
 * 3. At the deal, `seed = HMAC-SHA-256(key = secret bytes, message = "0:<nonce>,2:<nonce>")`
 *    — the nonces of the seats that sent one, in seat order, `seat:nonce` joined by commas —
 *    as 64 hex characters. The game is set up from that seed (`Game.setup`).
 * 4. When the game is over the room reveals salt, secret, nonces and seed; anyone can check
 *    the commitment and the seed, then replay the public move log from the seed.
 *
 * Neither the room (committed before it saw the nonces) nor any player (never sees the
 * secret before the end) chooses the deal. Pure code, no platform API.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { NONCE_BYTES, SALT_BYTES, SECRET_BYTES, type Reveal, type SeatNonce } from './schema';

export * from './schema';

export function commitmentOf(salt: string, secret: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${salt}:${secret}`)));
}

/** The message the seed's HMAC is taken over: `seat:nonce` in seat order, joined by commas. */
export function nonceMessage(nonces: readonly SeatNonce[]): string {
  return [...nonces]
    .sort((a, b) => a.seat - b.seat)
    .map((n) => `${n.seat}:${n.nonce}`)
    .join(',');
}

export function deriveSeed(secret: string, nonces: readonly SeatNonce[]): string {
  return bytesToHex(hmac(sha256, hexToBytes(secret), utf8ToBytes(nonceMessage(nonces))));
}

/** A fresh secret and salt and their commitment, from the host's CSPRNG. */
export function newCommitment(randomBytes: (n: number) => Uint8Array): { salt: string; secret: string; hash: string } {
  const secret = bytesToHex(randomBytes(SECRET_BYTES));
  const salt = bytesToHex(randomBytes(SALT_BYTES));
  return { salt, secret, hash: commitmentOf(salt, secret) };
}

export function newNonce(randomBytes: (n: number) => Uint8Array): string {
  return bytesToHex(randomBytes(NONCE_BYTES));
}

export type VerifyProblem =
  /** The secret does not hash to the commitment in the reveal. */
  | 'commitment_mismatch'
  /** The commitment revealed is not the one published before the deal. */
  | 'commitment_changed'
  /** The seed is not HMAC(secret, nonces). */
  | 'seed_mismatch'
  /** This browser's nonce was accepted but is missing or altered. */
  | 'nonce_missing'
  /** Two nonces for one seat. */
  | 'duplicate_seat';

export interface VerifyResult {
  ok: boolean;
  problems: VerifyProblem[];
}

/**
 * Check a reveal by itself: the secret matches the commitment, and the seed derives from
 * the secret and the nonces. `seen` is the commitment this browser saw before the deal and
 * `mine` the nonce it sent (when it did), so a room cannot swap either after the fact.
 */
export function verifyReveal(reveal: Reveal, seen?: { hash: string } | null, mine?: string | null): VerifyResult {
  const problems: VerifyProblem[] = [];
  if (commitmentOf(reveal.salt, reveal.secret) !== reveal.commitment) problems.push('commitment_mismatch');
  if (seen && seen.hash !== reveal.commitment) problems.push('commitment_changed');
  if (new Set(reveal.nonces.map((n) => n.seat)).size !== reveal.nonces.length) problems.push('duplicate_seat');
  if (deriveSeed(reveal.secret, reveal.nonces) !== reveal.seed) problems.push('seed_mismatch');
  // By value: the lobby may renumber seats at the deal.
  if (mine && !reveal.nonces.some((n) => n.nonce === mine)) problems.push('nonce_missing');
  return { ok: problems.length === 0, problems };
}
