/**
 * Eights as the room core's tests play it: the room's test kit (shared/room/testkit.ts) names no
 * game, and its tests bring the game they play from here. A game never imports the room: the
 * test kit's world and clients are met by their shape.
 */
import type { AnyGame } from '../../engine/types';
import { eights } from './index';

/** What `step` uses of the room test kit's world: the room's state and its clock. */
interface PlayedRoom {
  host: { core: { state: unknown } };
  advance(ms: number): void;
}

/** What `step` uses of a room test client. */
interface Player {
  seat: number | null;
  view: unknown;
  move(move: unknown): void;
  pull(): unknown;
}

/** A four- and six-seat team variant of Eights, to test how the room seats team games. */
export const teamEights: AnyGame = {
  ...eights,
  id: 'team-eights',
  playerCounts: [4, 6],
  teams: (n: number) => Array.from({ length: n }, (_, i) => i % 2),
};

/** What a simple Eights move reads of the mover's view. */
interface EightsLikeView {
  playable: string[];
  hand: string[] | null;
  canDraw: boolean;
}

/** The first playable card (a wild named red, "last card" said when due), else a draw, else keep. */
export function simpleMove(view: EightsLikeView) {
  const card = view.playable[0];
  if (card) return { type: 'play', card, color: card.startsWith('W') ? 'r' : undefined, lastCard: view.hand?.length === 2 };
  if (view.canDraw) return { type: 'draw' };
  return { type: 'keep' };
}

/** The client whose turn it is plays a simple move. */
export function step(w: PlayedRoom, clients: Player[]) {
  const turn = (w.host.core.state as { turn: number }).turn;
  const c = clients.find((x) => x.seat === turn)!;
  c.move(simpleMove(c.view as EightsLikeView));
  for (const x of clients) x.pull();
  // People take a moment between moves (and stay within the message rate).
  w.advance(60);
}
