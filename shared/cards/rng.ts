/**
 * Seeded random numbers. The generator's whole state is four 32-bit integers kept as
 * plain JSON inside a game's state, so a game replays exactly from its seed and moves.
 * Algorithm: sfc32 (small, fast, passes PractRand), seeded through splitmix32.
 */
export interface RngState {
  s: [number, number, number, number];
}

function splitmix32(a: number): () => number {
  return () => {
    a = (a + 0x9e3779b9) | 0;
    let t = a ^ (a >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t = t ^ (t >>> 15);
    t = Math.imul(t, 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  };
}

/** A SHA-256 digest in hex, as fair deals derive (`shared/fair`). */
const DIGEST_SEED = /^[0-9a-f]{64}$/;

/**
 * Hash any string or number seed into an RNG state. A 64-hex-character seed (a fair
 * deal's HMAC) fills all 128 bits of the state, so a player who sees their own cards
 * cannot search the seeds that could have dealt them (a 32-bit hash would allow that).
 */
export function seedRng(seed: string | number): RngState {
  if (typeof seed === 'string' && DIGEST_SEED.test(seed)) {
    const word = (i: number) => (parseInt(seed.slice(i * 8, i * 8 + 8), 16) ^ parseInt(seed.slice(32 + i * 8, 40 + i * 8), 16)) >>> 0;
    const rng: RngState = { s: [word(0), word(1), word(2), word(3)] };
    for (let i = 0; i < 12; i++) nextUint32(rng);
    return rng;
  }
  let h = 0x811c9dc5;
  const text = String(seed);
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  const mix = splitmix32(h >>> 0);
  const rng: RngState = { s: [mix(), mix(), mix(), mix()] };
  // Discard a few outputs so that similar seeds diverge at once.
  for (let i = 0; i < 12; i++) nextUint32(rng);
  return rng;
}

/** Next unsigned 32-bit integer. Advances `rng` in place (call it on your own copy). */
export function nextUint32(rng: RngState): number {
  // Updates the four words in place: no allocation on this hot path (shuffles, bot playouts).
  const s = rng.s;
  const a = s[0] >>> 0;
  const b = s[1] >>> 0;
  const c = s[2] >>> 0;
  const d = s[3] >>> 0;
  const t = (((a + b) >>> 0) + d) >>> 0;
  s[0] = (b ^ (b >>> 9)) >>> 0;
  s[1] = (c + (c << 3)) >>> 0;
  s[2] = ((((c << 21) | (c >>> 11)) >>> 0) + t) >>> 0;
  s[3] = (d + 1) >>> 0;
  return t;
}

/** Uniform float in [0, 1). */
export function nextFloat(rng: RngState): number {
  return nextUint32(rng) / 4294967296;
}

/** Uniform integer in [0, n). Rejection sampling keeps it unbiased. */
export function nextInt(rng: RngState, n: number): number {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`nextInt needs a positive integer, got ${n}`);
  const limit = 4294967296 - (4294967296 % n);
  for (;;) {
    const x = nextUint32(rng);
    if (x < limit) return x % n;
  }
}

/** Fisher–Yates shuffle in place; returns the same array. */
export function shuffleInPlace<T>(rng: RngState, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(rng, i + 1);
    const tmp = items[i]!;
    items[i] = items[j]!;
    items[j] = tmp;
  }
  return items;
}

/** Pick one element uniformly. */
export function pick<T>(rng: RngState, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[nextInt(rng, items.length)]!;
}

/**
 * A mutable generator for code that is not itself stored (bots, tests, the room).
 * Bots get one of these; game rules use an RngState inside their own state.
 */
export class Rng {
  state: RngState;
  constructor(seed: string | number | RngState) {
    this.state = typeof seed === 'object' ? { s: [...seed.s] } : seedRng(seed);
  }
  float(): number {
    return nextFloat(this.state);
  }
  int(n: number): number {
    return nextInt(this.state, n);
  }
  pick<T>(items: readonly T[]): T {
    return pick(this.state, items);
  }
  shuffle<T>(items: T[]): T[] {
    return shuffleInPlace(this.state, items);
  }
}
