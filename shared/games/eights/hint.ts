/**
 * Eights' hint: the Normal bot's choice on the seat's own view (so it never peeks), and why,
 * as data its browser folder words (web/src/games/eights/hints.ts). The reasons teach the
 * rules: follow the colour or the number/symbol, a wild goes on anything, draw when nothing
 * fits, stack a +card or take the cards, and say "Last card" with one card left.
 */
import { Rng } from '../../cards/rng';
import type { Hint, RefusalsFrom, Seat } from '../../engine/types';
import { chooseBotMove } from './bot';
import { parseCard, type Colour } from './cards';
import type { EightsMove, EightsState } from './types';
import { viewFor } from './view';

/** Why the hint suggests its move; `lastCard`: the move leaves one card, so say "Last card" with it. */
export type EightsHintWhy = RefusalsFrom<{
  /** `seat` went down to one card without saying so. */
  catch: { seat: number };
  /** `count`: cards the next player takes after this +card. */
  stack: { card: string; count: number; lastCard: boolean };
  take: { count: number };
  /** Nothing in hand goes on `top` (colour `colour`). */
  draw: { top: string; colour: Colour };
  keep: { card: string };
  play_drawn: { card: string; lastCard: boolean };
  /** `card` has the colour to follow. */
  colour: { card: string; colour: Colour; lastCard: boolean };
  /** `card` has the number or symbol of `top`. */
  symbol: { card: string; top: string; lastCard: boolean };
  /** Nothing else fits, or it is worth it: a wild goes on anything; `colour` is the one named. */
  wild: { card: string; colour: Colour; lastCard: boolean };
}>;

export function eightsHint(s: EightsState, seat: Seat): Hint<EightsMove, EightsHintWhy> | null {
  const v = viewFor(s, seat);
  if (v.turn !== seat && v.catchable.length === 0) return null;
  // A fixed generator: the same table always gets the same advice.
  const move = chooseBotMove(v, new Rng(`hint:${s.turnNumber}`));
  const why = ((): EightsHintWhy => {
    switch (move.type) {
      case 'catch':
        return { code: 'catch', seat: move.target };
      case 'keep':
        return { code: 'keep', card: v.drawnCard ?? '' };
      case 'draw':
        return v.pendingDraw > 0 ? { code: 'take', count: v.pendingDraw } : { code: 'draw', top: v.topCard, colour: v.colour };
      case 'play': {
        const lastCard = move.lastCard === true;
        const card = parseCard(move.card);
        if (v.pendingDraw > 0) return { code: 'stack', card: move.card, count: v.pendingDraw + card.draw, lastCard };
        if (move.card === v.drawnCard) return { code: 'play_drawn', card: move.card, lastCard };
        if (card.wild) return { code: 'wild', card: move.card, colour: move.color!, lastCard };
        if (card.colour === v.colour) return { code: 'colour', card: move.card, colour: v.colour, lastCard };
        return { code: 'symbol', card: move.card, top: v.topCard, lastCard };
      }
    }
  })();
  return { move, why };
}
