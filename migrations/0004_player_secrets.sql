-- A player signed in on another device with a passkey gets a secret of its own there, so that the
-- first device's cookie keeps working: every device's secret (its SHA-256) is a row here. The
-- secret made with the player (players.secret_hash) stays valid too.
CREATE TABLE player_secrets (
  hash TEXT PRIMARY KEY,
  player TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX player_secrets_by_player ON player_secrets (player);
