-- Players (issue 21): an anonymous identity from the first visit, kept by the browser as
-- `cr_player` = <id>.<secret>. Only the SHA-256 of the secret is stored, so a leaked table
-- does not let anyone act as a player.
CREATE TABLE players (
  id TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  seen_at INTEGER NOT NULL
) STRICT;

-- Passkeys (WebAuthn credentials) that bring a player's profile to another device.
CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,            -- the credential id, base64url
  player TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  public_key BLOB NOT NULL,       -- COSE public key
  counter INTEGER NOT NULL,
  transports TEXT NOT NULL,       -- JSON array of AuthenticatorTransport
  created_at INTEGER NOT NULL,
  used_at INTEGER
) STRICT;
CREATE INDEX passkeys_by_player ON passkeys (player);

-- WebAuthn challenges: short-lived and used once (deleted when read).
CREATE TABLE passkey_challenges (
  id TEXT PRIMARY KEY,
  challenge TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('register', 'login')),
  player TEXT,                    -- the player registering; NULL for a sign-in
  expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX passkey_challenges_by_expiry ON passkey_challenges (expires_at);
