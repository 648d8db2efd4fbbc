-- Issue 21 §7: a login for an unknown address does the same database work as one for a known
-- address. A known address counts the attempt in two writes before the password is checked
-- (login_failures for the client address, then the account's counter in users, issue 13.4);
-- an unknown one makes the same two writes here, to a bucket chosen by a hash of the address
-- (and of the client address for the first). The counters mean nothing and are never read
-- back; 4096 pre-filled rows keep the table small whatever addresses are tried.
CREATE TABLE login_decoys (
  bucket integer PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  was_locked boolean NOT NULL DEFAULT false,
  updated_at timestamptz,
  failed_logins integer NOT NULL DEFAULT 0,
  account_locked_until timestamptz,
  login_was_locked boolean NOT NULL DEFAULT false,
  last_failed_login_at timestamptz
);
INSERT INTO login_decoys (bucket) SELECT generate_series(0, 4095);
