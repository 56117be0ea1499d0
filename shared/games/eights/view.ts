import type { Seat } from '../../engine/types';
import { playableCards, REVERSE_LIMIT, topCard } from './rules';
import type { EightsState, EightsView } from './types';

export function viewFor(s: EightsState, seat: Seat | null): EightsView {
  const over = s.winner !== null;
  const isPlayer = seat !== null && seat >= 0 && seat < s.names.length;
  const myTurn = isPlayer && !over && seat === s.turn;
  const catchable = s.catchable !== null && !over && s.catchable !== seat ? [s.catchable] : [];
  return {
    seat: isPlayer ? seat : null,
    hand: isPlayer ? s.hands[seat]!.slice() : null,
    playable: myTurn ? playableCards(s, seat) : [],
    canDraw: myTurn && s.drawn === null,
    canKeep: myTurn && s.drawn !== null,
    drawnCard: myTurn ? s.drawn : null,
    catchable,
    seats: s.names.map((name, i) => ({
      name,
      cards: s.hands[i]!.length,
      announced: s.announced[i]! && s.hands[i]!.length === 1,
      score: s.scores[i]!,
    })),
    turn: over ? null : s.turn,
    step: over ? 'over' : s.drawn !== null ? 'drawn' : s.pendingDraw > 0 ? 'stack' : 'play',
    topCard: topCard(s),
    colour: s.colour,
    direction: s.direction,
    pendingDraw: s.pendingDraw,
    reverses: s.reverses,
    reverseLimit: REVERSE_LIMIT,
    drawPileCount: s.options.endless ? null : s.drawPile.length,
    discardCount: s.discard.length + s.buried,
    handNumber: s.handNumber,
    target: s.options.scoring === 'match' ? s.options.target : null,
    options: { ...s.options },
    lastHand: s.lastHand && { ...s.lastHand, cardsLeft: s.lastHand.cardsLeft.slice(), pointsLeft: s.lastHand.pointsLeft.slice() },
    winner: s.winner,
  };
}
