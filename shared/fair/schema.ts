/**
 * The fair-deal messages' shapes (see ./index.ts for the scheme). Apart from the hashing, so
 * the wire protocol can validate them without pulling SHA-256 into every page that connects.
 */
import * as v from 'valibot';

export const SECRET_BYTES = 32;
export const SALT_BYTES = 16;
export const NONCE_BYTES = 16;
export const NONCE_PATTERN = /^[0-9a-f]{32}$/;
const hexOf = (bytes: number, what: string) =>
  v.pipe(v.string(), v.regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`), `${what} must be ${bytes * 2} lowercase hex characters.`));

export const Nonce = hexOf(NONCE_BYTES, 'A nonce');
export const SeatNonce = v.object({ seat: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(15)), nonce: Nonce });
export type SeatNonce = v.InferOutput<typeof SeatNonce>;

/** What the room publishes before a game is dealt. */
export const Commitment = v.object({ game: v.pipe(v.number(), v.integer(), v.minValue(1)), hash: hexOf(32, 'A commitment') });
export type Commitment = v.InferOutput<typeof Commitment>;

/** What the room reveals when a game is over. */
export const Reveal = v.object({
  game: v.pipe(v.number(), v.integer(), v.minValue(1)),
  commitment: hexOf(32, 'The commitment'),
  salt: hexOf(SALT_BYTES, 'The salt'),
  secret: hexOf(SECRET_BYTES, 'The secret'),
  nonces: v.array(SeatNonce),
  seed: hexOf(32, 'The seed'),
});
export type Reveal = v.InferOutput<typeof Reveal>;
