-- Account security (issue 13: points 3, 4, 7, 10).

-- 13.3 Pre-registration: a registration's password (and names) travel with its verification
-- link and reach the account only when that link is used. An unverified account has no usable
-- password of its own.
ALTER TABLE verification_tokens
  ADD COLUMN password_hash text,
  ADD COLUMN first_name text,
  ADD COLUMN last_name text;
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;
UPDATE verification_tokens v
   SET password_hash = u.password_hash, first_name = u.first_name, last_name = u.last_name
  FROM users u
 WHERE u.id = v.user_id AND u.verified_at IS NULL AND v.used_at IS NULL;
UPDATE users SET password_hash = NULL WHERE verified_at IS NULL;

-- 13.3 Password reset by e-mail: only the SHA-256 of the link's token is stored.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

-- 13.4 Login throttling per account and client address (the owner's address is never locked by
-- failures from another one). `was_locked` is written by the same UPDATE that counts an attempt
-- and says whether the pair was locked just before it (UPDATE … RETURNING gives only new values).
CREATE TABLE login_failures (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ip text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  was_locked boolean NOT NULL DEFAULT false,
  -- the last counted failure
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, ip)
);
-- The much higher per-account ceiling keeps using users.failed_logins / users.locked_until.
ALTER TABLE users
  ADD COLUMN login_was_locked boolean NOT NULL DEFAULT false,
  -- the last counted failure: failures older than LOGIN_FAILURE_RESET_SECONDS are forgotten
  ADD COLUMN last_failed_login_at timestamptz;

-- Registration cool-down for "resend the link" uses the token's creation time.
CREATE INDEX verification_tokens_user_created_idx ON verification_tokens (user_id, created_at);
