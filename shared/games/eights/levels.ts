/**
 * Eights at Easy and Strong (Normal is `chooseBotMove` in bot.ts).
 *
 * Easy plays like a beginner: any playable card at random, a random colour for a wild, a drawn card
 * played or kept on a coin toss, now and then a forgotten "last card" and a missed catch.
 *
 * Strong is Normal with what the arena showed to pay heads-up (npm run bench bots): a Skip or a
 * Reverse there is a free turn, so it goes first when the hand can follow it in its colour. Like
 * Normal it decides from its seat's view. Other changes tried in the arena (changing colour away
 * from a player about to go out, the colour named by a wild, stacking the biggest +card, playing
 * to leave the next hand without a play) did not beat Normal.
 * (A look-ahead over sampled deals played out by Normal bots was tried: at the ~100 playouts that
 * fit the 150 ms budget it was too noisy to beat Normal.)
 */
import type { Rng } from '../../cards/rng';
import type { Seat } from '../../engine/types';
import { chooseBotMove } from './bot';
import { COLOURS, parseCard } from './cards';
import type { EightsMove, EightsState } from './types';
import { viewFor } from './view';

/** Easy: a random legal move, with a beginner's slips. */
export function chooseEasyMove(s: EightsState, seat: Seat, rng: Rng): EightsMove {
  const v = viewFor(s, seat);
  // A beginner notices a missing "last card" call only half the time.
  if (v.catchable.length > 0 && rng.float() < 0.5) return { type: 'catch', target: v.catchable[0]! };
  if (v.turn !== seat || v.hand === null) return chooseBotMove(v, rng);
  if (v.drawnCard !== null && rng.float() < 0.5) return { type: 'keep' };
  const cards = v.playable;
  if (cards.length === 0) return v.canKeep ? { type: 'keep' } : { type: 'draw' };
  const card = rng.pick(cards);
  const move: EightsMove = { type: 'play', card };
  if (parseCard(card).wild) move.color = rng.pick(COLOURS);
  // Forgets to call "last card" one time in three.
  if (v.hand.length === 2 && rng.float() < 2 / 3) move.lastCard = true;
  return move;
}

/** Strong: Normal's choice of card, with the heads-up free turn taken early. */
export function chooseStrongMove(s: EightsState, seat: Seat, rng: Rng): EightsMove {
  const v = viewFor(s, seat);
  const normal = chooseBotMove(v, rng);
  // Catching, stacking, drawing and the drawn card: as Normal.
  if (normal.type !== 'play' || v.hand === null || v.drawnCard !== null || v.pendingDraw > 0) return normal;
  const hand = v.hand;
  const n = v.seats.length;
  const next = (((seat + v.direction) % n) + n) % n;
  const nextLow = v.seats[next]!.cards <= 2;
  let best = normal.card;
  let bestValue = -Infinity;
  for (const card of v.playable) {
    const value = strongValue(card, hand, n, nextLow, v.options.scoring === 'match');
    if (value > bestValue) {
      best = card;
      bestValue = value;
    }
  }
  if (best === normal.card) return normal;
  // Never a wild here: a wild's value is below every coloured card's, and Normal would have chosen it only alone.
  return hand.length === 2 ? { type: 'play', card: best, lastCard: true } : { type: 'play', card: best };
}

function sameColourLeft(card: string, hand: readonly string[]): number {
  const colour = parseCard(card).colour;
  let count = 0;
  for (const other of hand) if (other !== card && colour !== undefined && parseCard(other).colour === colour) count++;
  return count;
}

/** Normal's value of a card (bot.ts), with the heads-up free turn. */
function strongValue(card: string, hand: readonly string[], players: number, nextLow: boolean, match: boolean): number {
  const c = parseCard(card);
  const same = sameColourLeft(card, hand);
  const dump = match ? c.points / 10 : 0;
  const headsUp = players === 2;
  switch (c.kind) {
    case 'number':
      return 20 + 2 * same + dump;
    case 'skip':
    case 'reverse':
      // Heads-up it means "play again": take the free turn while the colour can be followed.
      return 18 + 2 * same + dump + (nextLow ? 15 : 0) + (headsUp && same > 0 ? 6 : 0);
    case 'draw2':
      return 12 + 2 * same + dump + (nextLow ? 25 : 0);
    case 'wild':
      return 4;
    case 'draw4':
      return nextLow ? 40 : 3;
    case 'draw20':
      return nextLow ? 45 : 2;
  }
}
