-- Tables the ranked queue formed (issue 21): the queue writes the table and its seats here and
-- hands out tickets at once; the ranked room is made from these rows when its first player
-- arrives (worker/room.ts), so forming a table never waits for a room. Only each ticket's SHA-256
-- is kept. The rows go when the game's result is written, or a day after the table formed when
-- nobody ever opened it (the queue prunes them).
CREATE TABLE ranked_tables (
  room TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  tier TEXT NOT NULL,
  formed_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX ranked_tables_by_age ON ranked_tables (formed_at);

CREATE TABLE ranked_seats (
  room TEXT NOT NULL REFERENCES ranked_tables (room) ON DELETE CASCADE,
  seat INTEGER NOT NULL CHECK (seat >= 0),
  player TEXT NOT NULL,
  ticket_hash TEXT NOT NULL,
  PRIMARY KEY (room, seat)
) STRICT, WITHOUT ROWID;
