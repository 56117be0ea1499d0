/** Chat and quick reactions: rate-limited per socket, sent to every socket. */
import { reactionsOf } from '../engine/reactions';
import type { Conn, RoomContext } from './context';
import { broadcast } from './outbox';
import { CHAT_BURST, CHAT_WINDOW_MS, REACTION_BURST, REACTION_WINDOW_MS } from './types';

export function onChat(r: RoomContext, c: Conn, text: string): void {
  c.chat = c.chat.filter((t) => r.now - t < CHAT_WINDOW_MS);
  if (c.chat.length >= CHAT_BURST) return r.error(c, { code: 'chat_rate_limited', count: CHAT_BURST, seconds: CHAT_WINDOW_MS / 1000 });
  c.chat.push(r.now);
  const name = c.seat === null ? 'Spectator' : (r.room.seats[c.seat]?.name ?? 'Player');
  const entry = { seat: c.seat, name, text, at: r.now };
  r.out.writes.push({ t: 'chat', entry: JSON.stringify(entry) });
  broadcast(r, { t: 'chat', entry });
}

/** A quick reaction: a code from the game's set, sent to every socket and never stored (not chat, not the move log). */
export function onReact(r: RoomContext, c: Conn, code: string): void {
  if (c.seat === null) return r.error(c, { code: 'not_seated' });
  if (!reactionsOf(r.game).some((k) => k === code)) return r.error(c, { code: 'unknown_reaction', reaction: code.slice(0, 32) });
  c.reactions = c.reactions.filter((t) => r.now - t < REACTION_WINDOW_MS);
  if (c.reactions.length >= REACTION_BURST) return r.error(c, { code: 'reaction_rate_limited', count: REACTION_BURST, seconds: REACTION_WINDOW_MS / 1000 });
  c.reactions.push(r.now);
  broadcast(r, { t: 'reaction', seat: c.seat, code });
}
