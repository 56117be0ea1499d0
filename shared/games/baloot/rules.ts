/**
 * Trick rules on card indices (see cards.ts): which card wins, which cards may be played.
 * The engine and the bot's playouts share these functions, so both follow one ruleset.
 */
import { SUIT_MASK, cardPoints, higherMask, strength } from './cards';

/** Whether `challenger` takes the trick from the card currently winning it. */
export function beats(challenger: number, best: number, trump: number): boolean {
  const cs = challenger >> 3;
  if (cs === best >> 3) return strength(challenger, trump) > strength(best, trump);
  return cs === trump;
}

/** Position (0 = leader) of the card winning a trick so far. */
export function trickWinnerIndex(trick: readonly number[], trump: number): number {
  let best = 0;
  for (let i = 1; i < trick.length; i++) if (beats(trick[i]!, trick[best]!, trump)) best = i;
  return best;
}

/** Every card that would take the trick from `winning` (a card of the led suit or a trump). */
export function beatingMask(winning: number, trump: number): number {
  const higher = higherMask(winning, trump);
  if (trump < 0 || winning >> 3 === trump) return higher;
  return higher | SUIT_MASK[trump]!;
}

/**
 * Cards of `hand` that may be played on `trick` (cards in play order, leader first).
 * Sun: follow suit if able. Hokum adds: void and the partner not winning → trump,
 * overtrumping a winning trump if able (else any trump); trump led → beat the winning
 * trump if an opponent is winning. Closed Hokum: no trump lead while holding another suit.
 */
export function legalMask(hand: number, trick: readonly number[], trump: number, closed: boolean): number {
  const n = trick.length;
  if (n === 0) {
    if (trump >= 0 && closed) {
      const others = hand & ~SUIT_MASK[trump]!;
      if (others !== 0) return others;
    }
    return hand;
  }
  const led = trick[0]! >> 3;
  const follow = hand & SUIT_MASK[led]!;
  if (trump < 0) return follow !== 0 ? follow : hand;
  const winI = trickWinnerIndex(trick, trump);
  const partnerWinning = n >= 2 && winI === n - 2;
  const winning = trick[winI]!;
  if (led === trump) {
    if (follow === 0 || partnerWinning) return follow !== 0 ? follow : hand;
    const higher = follow & higherMask(winning, trump);
    return higher !== 0 ? higher : follow;
  }
  if (follow !== 0) return follow;
  if (partnerWinning) return hand;
  const trumps = hand & SUIT_MASK[trump]!;
  if (trumps === 0) return hand;
  if (winning >> 3 === trump) {
    const higher = trumps & higherMask(winning, trump);
    return higher !== 0 ? higher : trumps;
  }
  return trumps;
}

export type PlayErrorCode = 'must_follow_suit' | 'must_trump' | 'must_overtrump' | 'closed_trump_lead';

/** Why `card` may not be played (null when it may). */
export function playError(hand: number, trick: readonly number[], trump: number, closed: boolean, card: number): PlayErrorCode | null {
  if ((legalMask(hand, trick, trump, closed) & (1 << card)) !== 0) return null;
  if (trick.length === 0) return 'closed_trump_lead';
  const led = trick[0]! >> 3;
  if ((hand & SUIT_MASK[led]!) !== 0) {
    return led === trump && card >> 3 === trump ? 'must_overtrump' : 'must_follow_suit';
  }
  return card >> 3 === trump ? 'must_overtrump' : 'must_trump';
}

/** Card points of a finished trick (without the last-trick bonus). */
export function trickPoints(trick: readonly number[], trump: number): number {
  let sum = 0;
  for (const c of trick) sum += cardPoints(c, trump);
  return sum;
}

/**
 * A sort key for "how little this card costs to give away": trumps last, then by points,
 * then by rank. Used for the timeout play and by the bot.
 */
export function cheapness(card: number, trump: number): number {
  return (card >> 3 === trump ? 1000 : 0) + cardPoints(card, trump) * 10 + strength(card, trump);
}

/** The cheapest card of a non-empty mask. */
export function cheapestCard(mask: number, trump: number): number {
  let best = -1;
  let bestKey = Infinity;
  let m = mask;
  while (m !== 0) {
    const low = m & -m;
    const c = 31 - Math.clz32(low);
    const key = cheapness(c, trump);
    if (key < bestKey) {
      bestKey = key;
      best = c;
    }
    m ^= low;
  }
  return best;
}
