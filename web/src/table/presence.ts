import type { SeatInfo } from '../../../shared/protocol';

/** How a seat is held, as every table shows it: a bot's seat, a person's seat a bot covers, a person here or away. */
export type SeatPresence = 'bot' | 'covered' | 'online' | 'offline';

export function presenceOf(info: SeatInfo | null | undefined): SeatPresence | null {
  if (!info) return null;
  if (info.kind === 'bot') return 'bot';
  if (info.botPlaying) return 'covered';
  return info.connected ? 'online' : 'offline';
}

/** The clock a seat waits on: its local deadline and length. */
export type SeatClock = { deadline: number | null; seconds: number };
