/** The host's lobby controls: bots in seats, how hard they play, and the room's settings. */
import * as v from 'valibot';
import type { BotLevel } from '../engine/types';
import { issuePath, type ClientMessageOf } from '../protocol';
import type { Conn, RoomContext } from './context';
import { uniqueName } from './joining';

const BOT_NAMES = ['Robo Rana', 'Bot Basil', 'Cyber Cleo', 'Droid Dev', 'Echo Emil', 'Fuzzy Faye', 'Gizmo Gus', 'Hal Hana'];

export function onAddBot(r: RoomContext, c: Conn, wanted: number | undefined, level: BotLevel = 'normal'): void {
  const room = r.room;
  if (room.status !== 'lobby') return r.error(c, { code: 'game_started', request: 'addBot' });
  const seat = wanted ?? room.seats.findIndex((s) => s === null);
  if (seat < 0 || seat >= room.seats.length || room.seats[seat] !== null) {
    return r.error(c, wanted === undefined ? { code: 'room_full', seats: room.seats.length } : { code: 'seat_taken', seat: wanted });
  }
  room.seats[seat] = {
    name: uniqueName(BOT_NAMES[seat % BOT_NAMES.length]!, room.seats),
    kind: 'bot',
    tokenHash: null,
    disconnectedAt: null,
    botPlaying: true,
    timeouts: 0,
    wantsBack: false,
    level,
  };
  r.changed('room', 'urgent');
}

/** The host sets how hard a lobby bot plays. */
export function onBotLevel(r: RoomContext, c: Conn, seat: number, level: BotLevel): void {
  const room = r.room;
  if (room.status !== 'lobby') return r.error(c, { code: 'game_started', request: 'botLevel' });
  const rec = room.seats[seat];
  if (!rec || rec.kind !== 'bot') return r.error(c, { code: 'not_a_bot', seat });
  rec.level = level;
  r.changed('room', 'urgent');
}

export function onSettings(r: RoomContext, c: Conn, { clock, pace, options, public: listed }: ClientMessageOf<'settings'>): void {
  const room = r.room;
  if (room.status !== 'lobby') return r.error(c, { code: 'game_started', request: 'settings' });
  if (options !== undefined) {
    const parsed = v.safeParse(r.game.optionsSchema, { ...room.options, ...options });
    if (!parsed.success) return r.error(c, { code: 'bad_options', field: issuePath(parsed.issues) });
    room.options = parsed.output as Record<string, unknown>;
  }
  if (clock !== undefined) room.clock = clock;
  if (pace !== undefined) room.pace = pace;
  // Whether a public room is listed is its mode's rule (`RoomMode.listing`); a mode without a host never gets here.
  if (listed !== undefined) room.public = listed;
  r.changed('room', 'urgent');
}
