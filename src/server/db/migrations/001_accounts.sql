-- Accounts, e-mail verification, refresh-token families, signing keys (server-core).

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  first_name text NOT NULL,
  last_name text NOT NULL,
  -- argon2id PHC string
  password_hash text NOT NULL,
  verified_at timestamptz,
  roles text[] NOT NULL DEFAULT '{user}',
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  subscription_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Only the SHA-256 of the token from the e-mail link is stored.
CREATE TABLE verification_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_tokens_user_idx ON verification_tokens (user_id);

-- One family per login; every refresh rotates the token inside its family.
CREATE TABLE refresh_families (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  -- absolute end of the session
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX refresh_families_user_idx ON refresh_families (user_id);

-- id_hash: SHA-256 of the random `jti` carried by the refresh JWT.
CREATE TABLE refresh_tokens (
  id_hash text PRIMARY KEY,
  family_id uuid NOT NULL REFERENCES refresh_families (id) ON DELETE CASCADE,
  issued_at timestamptz NOT NULL,
  -- idle expiry of this token
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

-- The token-signing key pair, generated on first start so restarts keep sessions valid.
CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  alg text NOT NULL,
  private_jwk text NOT NULL,
  public_jwk text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One-off facts about this installation (e.g. "demo account already created").
CREATE TABLE app_state (
  key text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
