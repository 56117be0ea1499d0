/**
 * Where each seat sits on screen. Play goes counter-clockwise with seat + 1 next, so seen
 * from above with the viewer at the bottom (South) the order is South, East (right),
 * North (partner), West (left). Spectators see seat 0 at the bottom.
 */
export type Position = 'south' | 'east' | 'north' | 'west';
export const POSITIONS: readonly Position[] = ['south', 'east', 'north', 'west'];
export type TeamId = 0 | 1;

export function positionOf(seat: number, viewer: number | null): Position {
  return POSITIONS[(((seat - (viewer ?? 0)) % 4) + 4) % 4]!;
}

export function seatAt(position: Position, viewer: number | null): number {
  return ((viewer ?? 0) + POSITIONS.indexOf(position)) % 4;
}

export function teamOfSeat(seat: number): TeamId {
  return (seat % 2) as TeamId;
}

/** "Lana" (us): the viewer's team; a spectator follows the team of the seat at the bottom. */
export function usTeam(viewer: number | null): TeamId {
  return teamOfSeat(viewer ?? 0);
}

/** A pair indexed by team reordered as [us, them]. */
export function usThem<T>(pair: readonly [T, T], viewer: number | null): [T, T] {
  const us = usTeam(viewer);
  return [pair[us], pair[1 - us]!];
}

/** Unit vector from the centre of the table toward a position (screen axes: y grows downward). */
export const DIRECTION: Record<Position, { x: number; y: number }> = {
  south: { x: 0, y: 1 },
  east: { x: 1, y: 0 },
  north: { x: 0, y: -1 },
  west: { x: -1, y: 0 },
};

/** The seats the game waits for, from the view alone: the Sawa's pending answers, or the seat to act. */
export function waitingSeats(v: { phase: string; turn: number | null; sawa: { pending: number[] } | null }): number[] {
  if (v.phase === 'over') return [];
  if (v.phase === 'sawa') return v.sawa?.pending.slice() ?? [];
  return v.turn === null ? [] : [v.turn];
}

/**
 * Cards each seat holds, from the view alone: five each while bidding, then eight less the
 * tricks taken and a card played to the current trick (a Sawa or Qayd ends a round with the
 * hands as they are, which this still counts right).
 */
export function handCountsOf(v: { phase: string; tricksWon: readonly number[]; trick: { plays: readonly { seat: number }[] } | null }): number[] {
  if (v.phase === 'bidding') return [5, 5, 5, 5];
  const left = 8 - v.tricksWon[0]! - v.tricksWon[1]!;
  return [0, 1, 2, 3].map((seat) => left - (v.trick?.plays.some((p) => p.seat === seat) ? 1 : 0));
}
