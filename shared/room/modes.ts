/**
 * The built-in room modes, registered by id. A new mode is one file and one line here (or a
 * `registerMode` call of its own, as tests do).
 */
import { friendlyMode } from './friendly';
import { registerMode } from './mode';
import { rankedMode } from './ranked';
import type { RoomRecord, RoomSettings } from './types';

for (const mode of [friendlyMode, rankedMode]) registerMode(mode);

/** The mode a room is created in: the one named, else ranked when queue settings came, else friendly. */
export function modeIdOf(settings: RoomSettings): string {
  return settings.mode ?? (settings.ranked ? rankedMode.id : friendlyMode.id);
}

/** The mode of a room stored before modes were: a ranked record made it ranked. */
export function storedModeId(room: RoomRecord): string {
  return room.ranked ? rankedMode.id : friendlyMode.id;
}
