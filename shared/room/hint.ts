/**
 * Hints for solo play: a legal, sensible move for the asking seat and why, sent to that socket
 * alone. The game's own `hint` answers (it decides from what the seat may know); a game without
 * one is answered with its Strong bot's move and the room's generic reason, `bot_pick`.
 * Never where the room's mode refuses them (ranked rooms), and never while another person is seated: hints are for learning
 * against bots, not for help against people.
 */
import { Rng } from '../cards/rng';
import type { Hint } from '../engine/types';
import { onlyPerson } from './clock';
import type { Conn, RoomContext } from './context';

export function onHint(r: RoomContext, c: Conn, version: number): void {
  const room = r.room;
  if (c.seat === null) return r.error(c, { code: 'not_seated' });
  const refused = r.mode.refuses(r, 'hint');
  if (refused) return r.error(c, refused);
  if (!onlyPerson(r, c.seat)) return r.error(c, { code: 'no_hint', why: 'not_solo' });
  if (room.status !== 'playing') return r.error(c, { code: 'not_playing', status: room.status === 'lobby' ? 'lobby' : 'finished' });
  const hint = hintFor(r, c.seat, version);
  if (!hint) return r.error(c, { code: 'no_hint', why: 'not_your_turn' });
  r.frame(c.id, { t: 'hint', version: r.live.version, move: hint.move, why: hint.why });
}

/** The hint for `seat` now; null when the game waits for no move of it. */
function hintFor(r: RoomContext, seat: number, version: number): Hint | null {
  const game = r.game;
  if (!game.activeSeats(r.state).includes(seat)) return null;
  if (game.hint) return game.hint(r.state, seat);
  // The same table gives the same advice: the bot's choices come from the room, the game and the version.
  return { move: game.botMove(r.state, seat, new Rng(`hint:${r.room.code}:${r.room.gameNo}:${version}`), 'strong'), why: { code: 'bot_pick' } };
}
