-- Ranked queue and rooms (issue 21): escapes (leaving a ranked game while behind), matchmaking
-- bans, and who is in a ranked game right now (one at a time). The ladder itself is
-- shared/ranked/penalties.ts; worker/ranked-db.ts reads and writes these rows.

-- One row per escape: a player, the ranked game they left while behind, and when. Keyed by the
-- game, so a room that writes an escape twice (a retry, a restart) records it once. `used` marks
-- the escapes that brought a ban: the next ban needs three new ones.
CREATE TABLE escapes (
  player TEXT NOT NULL,
  room TEXT NOT NULL,
  game_no INTEGER NOT NULL,
  at INTEGER NOT NULL,
  used INTEGER NOT NULL DEFAULT 0 CHECK (used IN (0, 1)),
  PRIMARY KEY (player, room, game_no)
) STRICT, WITHOUT ROWID;
CREATE INDEX escapes_by_time ON escapes (player, at);

-- A player's place on the ban ladder: bans given on it, and the end of the current or last one.
CREATE TABLE bans (
  player TEXT PRIMARY KEY,
  steps INTEGER NOT NULL CHECK (steps >= 1),
  banned_until INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- The ranked game each player is in: set by the queue when it seats them, cleared by the room
-- when the game's result is written. A row older than a day is stale (a room that never ended).
CREATE TABLE active_ranked (
  player TEXT PRIMARY KEY,
  room TEXT NOT NULL,
  since INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX active_ranked_by_room ON active_ranked (room);
