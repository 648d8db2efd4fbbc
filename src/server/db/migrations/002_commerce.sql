-- Commerce: products (seeded; prices are overwritten from configuration on every start),
-- orders with their forward-only states, and provider notifications kept for deduplication.
-- Money is in minor units (kopecks, cents).

CREATE TABLE products (
  id text PRIMARY KEY,
  payment_type text NOT NULL CHECK (payment_type IN ('MIR', 'CRYPTO')),
  months integer NOT NULL CHECK (months > 0),
  amount_minor integer NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  active boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO products (id, payment_type, months, amount_minor, currency) VALUES
  ('mir-1m', 'MIR', 1, 49000, 'RUB'),
  ('mir-12m', 'MIR', 12, 490000, 'RUB'),
  ('crypto-1m', 'CRYPTO', 1, 500, 'USD'),
  ('crypto-12m', 'CRYPTO', 12, 5000, 'USD');

CREATE TABLE orders (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  product_id text NOT NULL REFERENCES products (id),
  provider text NOT NULL CHECK (provider IN ('tbank', 'cryptomus', 'sandbox')),
  amount_minor integer NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  months integer NOT NULL CHECK (months > 0),
  status text NOT NULL DEFAULT 'created'
    CHECK (status IN ('created', 'pending', 'paid', 'cancelled', 'failed')),
  idempotency_key text,
  payment_url text,
  provider_payment_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  CONSTRAINT orders_idempotency_key_unique UNIQUE (user_id, idempotency_key)
);

CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC);

CREATE TABLE payment_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider text NOT NULL,
  event_key text NOT NULL,
  order_id text,
  provider_status text,
  raw_body text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payment_events_key_unique UNIQUE (provider, event_key)
);

CREATE INDEX payment_events_order_idx ON payment_events (order_id);

-- Server-side secrets of the payments module (the sandbox's HMAC key), shared by all instances.
CREATE TABLE payment_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
