/**
 * Every game that runs in a room, by id. The room knows games only through this map and
 * the Game contract; adding a game is one folder under shared/games plus one line here
 * (and a table component in web/src/games/<id>).
 */
import type { AnyGame } from '../engine/types';
import { baloot } from './baloot';
import { dhappa } from './dhappa';
import { eights } from './eights';
import { rummy } from './rummy';

const ROOM_GAMES: AnyGame[] = [baloot, dhappa, eights, rummy];

const byId = new Map(ROOM_GAMES.map((g) => [g.id, g]));

export function gameById(id: string): AnyGame | undefined {
  return byId.get(id);
}

export function roomGameIds(): string[] {
  return [...byId.keys()];
}
