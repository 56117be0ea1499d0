/**
 * The Eights bot. It decides from the seat's view only, so it cannot peek at other hands
 * or the draw pile: colour counts come from its own hand, threats from the seat counts.
 */
import type { Rng } from '../../cards/rng';
import type { Seat } from '../../engine/types';
import { COLOURS, parseCard, type Colour, type EightsCard } from './cards';
import type { EightsMove, EightsView } from './types';

interface Situation {
  hand: string[];
  /** The player after us holds two cards or fewer. */
  nextLow: boolean;
  match: boolean;
}

export function chooseBotMove(v: EightsView, rng: Rng): EightsMove {
  const target = v.catchable[0];
  if (target !== undefined) return { type: 'catch', target };
  const me = v.seat;
  // Not our turn and nobody to catch: there is no legal move; the room never asks then.
  if (me === null || v.turn !== me || v.hand === null) return { type: 'draw' };
  const n = v.seats.length;
  const next: Seat = (((me + v.direction) % n) + n) % n;
  const situation: Situation = { hand: v.hand, nextLow: v.seats[next]!.cards <= 2, match: v.options.scoring === 'match' };

  if (v.drawnCard !== null) {
    return wantsDrawnCard(parseCard(v.drawnCard), v, situation) ? playMove(v.drawnCard, v.hand, rng) : { type: 'keep' };
  }
  if (v.playable.length === 0) return { type: 'draw' };
  if (v.pendingDraw > 0) {
    // Stack rather than take. Against a player about to go out, pile on the biggest card.
    const byDraw = [...v.playable].sort((a, b) => parseCard(a).draw - parseCard(b).draw);
    return playMove((situation.nextLow ? byDraw[byDraw.length - 1] : byDraw[0])!, v.hand, rng);
  }
  let best = v.playable[0]!;
  let bestValue = -Infinity;
  for (const card of v.playable) {
    const value = playValue(card, situation);
    if (value > bestValue) {
      best = card;
      bestValue = value;
    }
  }
  return playMove(best, v.hand, rng);
}

/** Coloured cards of `hand` (except `without`) of each colour. */
function colourCounts(hand: string[], without?: string): Record<Colour, number> {
  const counts: Record<Colour, number> = { r: 0, g: 0, b: 0, y: 0 };
  for (const card of hand) {
    if (card === without) continue;
    const colour = parseCard(card).colour;
    if (colour) counts[colour] += 1;
  }
  return counts;
}

/** The colour the bot holds most of after playing `card` (ties broken at random). */
function favouriteColour(hand: string[], card: string, rng: Rng): Colour {
  const counts = colourCounts(hand, card);
  const most = Math.max(...COLOURS.map((c) => counts[c]));
  return rng.pick(COLOURS.filter((c) => counts[c] === most));
}

function playMove(card: string, hand: string[], rng: Rng): EightsMove {
  const move: EightsMove = { type: 'play', card };
  if (parseCard(card).wild) move.color = favouriteColour(hand, card, rng);
  if (hand.length === 2) move.lastCard = true;
  return move;
}

/**
 * How much the bot wants to play `card` now. Ordinary cards come first, preferring the colour
 * it holds most of (so it keeps control) and, in a match, dumping the costlier ones. Wilds and
 * +cards are saved: they score high only against a next player who is about to go out, and
 * are otherwise played only when nothing else is playable.
 */
function playValue(card: string, s: Situation): number {
  const c = parseCard(card);
  const sameColour = c.colour ? colourCounts(s.hand, card)[c.colour] : 0;
  const dump = s.match ? c.points / 10 : 0;
  switch (c.kind) {
    case 'number':
      return 20 + 2 * sameColour + dump;
    case 'skip':
    case 'reverse':
      return 18 + 2 * sameColour + dump + (s.nextLow ? 15 : 0);
    case 'draw2':
      return 12 + 2 * sameColour + dump + (s.nextLow ? 25 : 0);
    case 'wild':
      return 4;
    case 'draw4':
      return s.nextLow ? 40 : 3;
    case 'draw20':
      return s.nextLow ? 45 : 2;
  }
}

/**
 * The bot draws only when it has nothing playable, so the drawn card is its only play.
 * It plays it, except a wild +card with a long hand and no threat: that is kept to answer a stack later.
 */
function wantsDrawnCard(c: EightsCard, v: EightsView, s: Situation): boolean {
  if (!c.wild || c.draw === 0) return true;
  const anyoneLow = v.seats.some((other, i) => i !== v.seat && other.cards <= 2);
  return anyoneLow || s.hand.length <= 3 || !v.options.stacking;
}
