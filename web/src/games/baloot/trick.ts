/**
 * The centre of the table: where trick cards land, and which finished trick to keep on
 * show for a moment before it is swept to its winner. Pure, tested under Node.
 */
import type { Play } from '../../../../shared/games/baloot/types';
import type { TableEvent } from './bids';
import { DIRECTION, type Position } from './seats';

export interface FinishedTrick {
  plays: Play[];
  winner: number;
  points: number;
}

/**
 * The trick an update just finished, rebuilt from the plays shown before it and the update's
 * events. The view cannot always tell: the eighth trick's update already carries the next
 * deal, whose view no longer holds the old round's tricks.
 */
export function finishedTrick(before: readonly Play[], events: readonly TableEvent[]): FinishedTrick | null {
  const plays = before.slice();
  for (const e of events) {
    if (e.type === 'play' && typeof e.seat === 'number' && typeof e.card === 'string') plays.push({ seat: e.seat, card: e.card });
    if (e.type === 'trick' && typeof e.seat === 'number') {
      if (plays.length !== 4) return null;
      return { plays, winner: e.seat, points: typeof e.points === 'number' ? e.points : 0 };
    }
  }
  return null;
}

/** Where a card played from `position` rests: pushed from the centre toward its player. */
export function trickOffset(position: Position, distance: number): { x: number; y: number } {
  const d = DIRECTION[position];
  return { x: d.x * distance, y: d.y * distance };
}

/** A small tilt per card, the same on every screen, so the pile looks thrown rather than stacked. */
export function cardTilt(card: string): number {
  let h = 7;
  for (let i = 0; i < card.length; i++) h = (h * 31 + card.charCodeAt(i)) % 997;
  return (h % 13) - 6;
}
