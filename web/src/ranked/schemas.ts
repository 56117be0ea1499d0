/**
 * What the ranked screens read from the server, checked with valibot before they draw it
 * (the shapes of issue 21's contract: the queue's frames, the `rated` frame, leaderboards,
 * profiles, the player and a refusal). A reply that does not read as its schema is shown as
 * an error, never drawn half-understood.
 */
import * as v from 'valibot';

const Avatar = v.object({ initials: v.string(), colour: v.string() });
export const PlayerCard = v.object({ id: v.string(), name: v.string(), avatar: Avatar });
export type PlayerCard = v.InferOutput<typeof PlayerCard>;

/** The signed-in player (`GET /api/players/me`, `POST /api/players`), with the matchmaking ban when there is one. */
export const Me = v.object({
  player: PlayerCard,
  ban: v.optional(v.nullable(v.object({ until: v.number() })), null),
});
export type Me = v.InferOutput<typeof Me>;

export const RatingChange = v.object({
  seat: v.number(),
  player: v.string(),
  rating: v.number(),
  change: v.number(),
  games: v.number(),
  provisional: v.boolean(),
  penalized: v.boolean(),
});
export type RatingChange = v.InferOutput<typeof RatingChange>;

/** The room's `rated` frame: each seat's rating change once a ranked game's result is written. */
export const RatedFrame = v.object({ t: v.literal('rated'), game: v.number(), changes: v.array(RatingChange) });
export type RatedFrame = v.InferOutput<typeof RatedFrame>;

export const Leaderboard = v.object({
  game: v.string(),
  top: v.array(v.object({ rank: v.number(), player: PlayerCard, rating: v.number(), games: v.number(), provisional: v.boolean() })),
  me: v.nullable(v.object({ rank: v.number(), rating: v.number(), games: v.number(), provisional: v.boolean() })),
});
export type Leaderboard = v.InferOutput<typeof Leaderboard>;

export const Profile = v.object({
  player: PlayerCard,
  ratings: v.array(
    v.object({
      game: v.string(),
      rating: v.number(),
      games: v.number(),
      provisional: v.boolean(),
      history: v.array(v.object({ at: v.number(), rating: v.number() })),
    }),
  ),
  recent: v.array(
    v.object({
      room: v.string(),
      gameNo: v.number(),
      game: v.string(),
      endedAt: v.number(),
      result: v.picklist(['won', 'lost', 'draw']),
      change: v.number(),
      replay: v.string(),
    }),
  ),
});
export type Profile = v.InferOutput<typeof Profile>;

/** A refusal from the API: `{ code, message }` (the Worker's JSON errors). */
export const Refusal = v.object({ code: v.string(), message: v.optional(v.string()), until: v.optional(v.number()) });
