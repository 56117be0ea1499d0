/**
 * Everything the queue's door checks for one join, in one D1 round trip: a ban in force, a ranked
 * game being played, the pairing rating. Each statement comes from the module that owns its table.
 */
import { banStatement } from './penalties';
import { pairingRating, ratingStatement } from './ratings';
import { activeRoomStatement } from './tables';

export async function joinStanding(
  db: D1Database,
  player: string,
  game: string,
  now: number,
): Promise<{ banUntil: number | null; room: string | null; rating: number }> {
  const [ban, active, rating] = await db.batch([banStatement(db, player, now), activeRoomStatement(db, player, now), ratingStatement(db, player, game)]);
  return {
    banUntil: (ban!.results[0] as { banned_until: number } | undefined)?.banned_until ?? null,
    room: (active!.results[0] as { room: string } | undefined)?.room ?? null,
    rating: pairingRating(rating!),
  };
}
