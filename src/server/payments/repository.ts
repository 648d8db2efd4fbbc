import { randomBytes, randomUUID } from 'node:crypto';
import type { PaymentType, Product } from '../../shared/api-types';
import { toMajor } from './money';
import { PLANS, type PaymentsConfig } from './payments-config';
import type { OrderStatus, PaymentEvent, ProviderName } from './types';

/** The database as server-core exposes it (`app.db`); the same SQL runs on PGlite and PostgreSQL. */
export interface PaymentsDb {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  transaction<T>(fn: (tx: PaymentsDb) => Promise<T>): Promise<T>;
}

export interface ProductRow {
  id: string;
  paymentType: PaymentType;
  months: number;
  amountMinor: number;
  currency: string;
}

export interface OrderRow {
  id: string;
  userId: string;
  productId: string;
  provider: ProviderName;
  amountMinor: number;
  currency: string;
  months: number;
  status: OrderStatus;
  idempotencyKey: string | null;
  paymentUrl: string | null;
  providerPaymentId: string | null;
}

const ORDER_COLUMNS = `id::text AS "id", user_id::text AS "userId", product_id AS "productId",
  provider, amount_minor AS "amountMinor", currency, months, status,
  idempotency_key AS "idempotencyKey", payment_url AS "paymentUrl",
  provider_payment_id AS "providerPaymentId"`;

const PRODUCT_COLUMNS = `id, payment_type AS "paymentType", months, amount_minor AS "amountMinor", currency`;

/** Writes the configured prices over the seeded ones (run on every start). */
export async function upsertPrices(db: PaymentsDb, config: PaymentsConfig): Promise<void> {
  for (const plan of PLANS) {
    await db.query(
      `INSERT INTO products (id, payment_type, months, amount_minor, currency)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET payment_type = EXCLUDED.payment_type,
         months = EXCLUDED.months, amount_minor = EXCLUDED.amount_minor,
         currency = EXCLUDED.currency, updated_at = now()
       WHERE products.amount_minor <> EXCLUDED.amount_minor
          OR products.currency <> EXCLUDED.currency
          OR products.months <> EXCLUDED.months
          OR products.payment_type <> EXCLUDED.payment_type`,
      [plan.id, plan.paymentType, plan.months, config.prices[plan.id], plan.currency],
    );
  }
}

export async function listProducts(db: PaymentsDb): Promise<ProductRow[]> {
  const { rows } = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products WHERE active ORDER BY amount_minor, months, id`,
  );
  return rows.map(normaliseProduct);
}

export async function findProduct(db: PaymentsDb, id: string): Promise<ProductRow | undefined> {
  const { rows } = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = $1 AND active`,
    [id],
  );
  return rows[0] && normaliseProduct(rows[0]);
}

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    paymentType: row.paymentType,
    months: row.months,
    price: { amount: toMajor(row.amountMinor), currency: row.currency },
  };
}

/**
 * Creates an order with the product's price copied in (security.md §8). With an idempotency key,
 * a retry finds the order made by the first call instead of a new one; `created` says which.
 */
export async function createOrder(
  db: PaymentsDb,
  input: {
    userId: string;
    product: ProductRow;
    provider: ProviderName;
    idempotencyKey: string | null;
  },
): Promise<{ order: OrderRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<OrderRow>(
      `INSERT INTO orders (id, user_id, product_id, provider, amount_minor, currency, months,
         status, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'created', $8)
       ON CONFLICT (user_id, idempotency_key) DO NOTHING
       RETURNING ${ORDER_COLUMNS}`,
      [
        randomUUID(),
        input.userId,
        input.product.id,
        input.provider,
        input.product.amountMinor,
        input.product.currency,
        input.product.months,
        input.idempotencyKey,
      ],
    );
    if (rows[0]) return { order: normaliseOrder(rows[0]), created: true };
    const existing = await tx.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND idempotency_key = $2`,
      [input.userId, input.idempotencyKey],
    );
    if (!existing.rows[0]) throw new Error('Idempotent order vanished');
    return { order: normaliseOrder(existing.rows[0]), created: false };
  });
}

/**
 * Stores the provider's payment page; the first URL wins so that concurrent retries of one order
 * all answer the same link. created → pending.
 */
export async function attachPayment(
  db: PaymentsDb,
  orderId: string,
  payment: { url: string; providerPaymentId: string | null },
): Promise<OrderRow> {
  const { rows } = await db.query<OrderRow>(
    `UPDATE orders SET payment_url = COALESCE(payment_url, $2),
       provider_payment_id = COALESCE(provider_payment_id, $3),
       status = CASE WHEN status = 'created' THEN 'pending' ELSE status END,
       updated_at = now()
     WHERE id = $1
     RETURNING ${ORDER_COLUMNS}`,
    [orderId, payment.url, payment.providerPaymentId],
  );
  if (!rows[0]) throw new Error(`Order ${orderId} not found`);
  return normaliseOrder(rows[0]);
}

export async function findOrder(db: PaymentsDb, orderId: string): Promise<OrderRow | undefined> {
  if (!isUuid(orderId)) return undefined;
  const { rows } = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [
    orderId,
  ]);
  return rows[0] && normaliseOrder(rows[0]);
}

/** Position of each state; a move is allowed only to a higher rank, and terminal states stay. */
const RANK: Record<OrderStatus, number> = {
  created: 0,
  pending: 1,
  paid: 2,
  cancelled: 2,
  failed: 2,
};

export type EventOutcome =
  | { kind: 'applied'; status: OrderStatus; subscriptionUntil: Date | null }
  | { kind: 'duplicate' }
  | { kind: 'ignored'; reason: string }
  | { kind: 'rejected'; message: string };

class Rejection extends Error {}

/**
 * Applies a verified notification exactly once (security.md §10–11): the event is recorded for
 * deduplication, the order is locked, checked and moved forward, and a payment extends the
 * subscription — all in one transaction. A rejection rolls everything back, so the provider's
 * retry is judged afresh.
 */
export async function applyPaymentEvent(
  db: PaymentsDb,
  provider: ProviderName,
  event: PaymentEvent,
  rawBody: string,
): Promise<EventOutcome> {
  try {
    return await db.transaction(async (tx): Promise<EventOutcome> => {
      const recorded = await tx.query<{ id: string }>(
        `INSERT INTO payment_events (provider, event_key, order_id, provider_status, raw_body)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (provider, event_key) DO NOTHING
         RETURNING id::text AS id`,
        [provider, event.eventKey, event.orderId, event.providerStatus, rawBody],
      );
      if (!recorded.rows[0]) return { kind: 'duplicate' };
      if (!isUuid(event.orderId)) return { kind: 'ignored', reason: 'unknown order' };

      const locked = await tx.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`,
        [event.orderId],
      );
      const row = locked.rows[0];
      if (!row) return { kind: 'ignored', reason: 'unknown order' };
      const order = normaliseOrder(row);
      if (order.provider !== provider) {
        throw new Rejection('Order belongs to another payment provider');
      }
      if (event.status === null) return { kind: 'ignored', reason: 'not a status we act on' };
      if (RANK[event.status] <= RANK[order.status]) {
        return { kind: 'ignored', reason: `order is already ${order.status}` };
      }
      if (event.status === 'pending' || event.status === 'paid') {
        if (event.amountMinor !== order.amountMinor || event.currency !== order.currency) {
          throw new Rejection('Amount or currency does not match the order');
        }
        if (
          order.providerPaymentId !== null &&
          event.providerPaymentId !== null &&
          order.providerPaymentId !== event.providerPaymentId
        ) {
          throw new Rejection('Payment id does not match the order');
        }
      }

      await tx.query(
        `UPDATE orders SET status = $2, updated_at = now(),
           paid_at = CASE WHEN $2 = 'paid' THEN now() ELSE paid_at END,
           provider_payment_id = COALESCE(provider_payment_id, $3)
         WHERE id = $1`,
        [order.id, event.status, event.providerPaymentId],
      );
      if (event.status !== 'paid') {
        return { kind: 'applied', status: event.status, subscriptionUntil: null };
      }
      const extended = await tx.query<{ until: Date | string }>(
        `UPDATE users SET subscription_until = ${EXTEND_SQL} WHERE id = $1
         RETURNING subscription_until AS until`,
        [order.userId, order.months],
      );
      const until = extended.rows[0]?.until;
      return {
        kind: 'applied',
        status: 'paid',
        subscriptionUntil: until === undefined ? null : new Date(until),
      };
    });
  } catch (error) {
    if (error instanceof Rejection) return { kind: 'rejected', message: error.message };
    throw error;
  }
}

/**
 * until = max(now, until) + plan, in the database. The calendar step runs in UTC whatever the
 * session time zone, so month ends behave the same everywhere: PostgreSQL clamps to the last day
 * of the shorter month (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year).
 */
export const EXTEND_SQL = `((GREATEST(now(), COALESCE(subscription_until, now())) AT TIME ZONE 'UTC')
  + make_interval(months => $2::int)) AT TIME ZONE 'UTC'`;

/** The sandbox's HMAC key: generated once, kept in the database so every instance shares it. */
export async function sandboxKey(db: PaymentsDb): Promise<string> {
  await db.query(
    `INSERT INTO payment_secrets (name, value) VALUES ('sandbox_hmac', $1)
     ON CONFLICT (name) DO NOTHING`,
    [randomBytes(32).toString('base64url')],
  );
  const { rows } = await db.query<{ value: string }>(
    `SELECT value FROM payment_secrets WHERE name = 'sandbox_hmac'`,
  );
  if (!rows[0]) throw new Error('Sandbox key missing');
  return rows[0].value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

function normaliseProduct(row: ProductRow): ProductRow {
  return { ...row, months: Number(row.months), amountMinor: Number(row.amountMinor) };
}

function normaliseOrder(row: OrderRow): OrderRow {
  return { ...row, months: Number(row.months), amountMinor: Number(row.amountMinor) };
}
