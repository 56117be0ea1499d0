-- Ranked results (issue 21): each finished ranked game written exactly once, every player's
-- rating per game, the history a profile draws, and reports. One batch writes a game
-- (worker/ranked-results.ts): the game row decides whether the rest is written, so a retry or
-- a second call writes nothing.

-- One row per finished ranked game. `token` names the call that wrote it: the batch's other
-- statements write only when the game row carries their own call's token.
CREATE TABLE ranked_games (
  room TEXT NOT NULL,
  game_no INTEGER NOT NULL CHECK (game_no >= 1),
  game TEXT NOT NULL,
  tier TEXT NOT NULL,
  ended_at INTEGER NOT NULL,
  seats INTEGER NOT NULL CHECK (seats >= 1),
  token TEXT NOT NULL,
  PRIMARY KEY (room, game_no)
) STRICT, WITHOUT ROWID;

-- A player's current rating in one game (OpenSkill mu and sigma, shared/ranked/rating.ts).
-- `rating` is the shown (conservative) value, kept here so the leaderboard reads an index.
CREATE TABLE ratings (
  player TEXT NOT NULL,
  game TEXT NOT NULL,
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  games INTEGER NOT NULL CHECK (games >= 0),
  rating INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (player, game)
) STRICT, WITHOUT ROWID;
-- The leaderboard: a game's players by shown rating (top 100, and counting who is above me).
CREATE INDEX ratings_leaderboard ON ratings (game, rating DESC, games DESC, player);

-- One row per seat of each ranked game: who sat there, the result as rated, and the rating
-- after it. A retry of a written game reads its changes back from here.
CREATE TABLE rating_history (
  room TEXT NOT NULL,
  game_no INTEGER NOT NULL,
  seat INTEGER NOT NULL CHECK (seat >= 0),
  player TEXT NOT NULL,
  game TEXT NOT NULL,
  at INTEGER NOT NULL,
  team INTEGER,
  score REAL NOT NULL,
  result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'draw')),
  penalized INTEGER NOT NULL CHECK (penalized IN (0, 1)),
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  games INTEGER NOT NULL,
  rating INTEGER NOT NULL,
  change INTEGER NOT NULL,
  PRIMARY KEY (room, game_no, seat),
  FOREIGN KEY (room, game_no) REFERENCES ranked_games (room, game_no)
) STRICT, WITHOUT ROWID;
-- A profile: one player's games, newest first, and one game's rating history.
CREATE INDEX rating_history_by_player ON rating_history (player, at DESC);
CREATE INDEX rating_history_by_player_game ON rating_history (player, game, at);

-- A report on a finished ranked game by a player who sat in it, stored with that game's replay
-- record (the room's /replay/:n: commitment, seed, moves) so it can be checked later. A second
-- report by the same player replaces the first.
CREATE TABLE reports (
  room TEXT NOT NULL,
  game_no INTEGER NOT NULL,
  player TEXT NOT NULL,
  reason TEXT NOT NULL,
  replay TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (room, game_no, player),
  FOREIGN KEY (room, game_no) REFERENCES ranked_games (room, game_no)
) STRICT, WITHOUT ROWID;
