import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '../../../src/shared/api-types';
import { sandboxSignature } from '../../../src/server/payments/providers/signatures';
import { sandboxKey } from '../../../src/server/payments/repository';
import { buildPaymentsApp, order, type PaymentsTestApp } from './harness';

let t: PaymentsTestApp;
let key: string;
let seq = 0;

beforeAll(async () => {
  t = await buildPaymentsApp({ config: { orderRateLimit: { max: 10_000, timeWindowMs: 60_000 } } });
  key = await sandboxKey(t.db);
});
afterAll(() => t.close());

const NOTIFY = '/api/public/v1/payments/sandbox/notify';

/** A sandbox notification exactly as the sandbox page signs it. */
function notification(
  orderId: string,
  fields: Partial<{ eventId: string; status: string; amount: string; currency: string }> = {},
) {
  return JSON.stringify({
    eventId: fields.eventId ?? `evt-${++seq}-${Date.now()}`,
    orderId,
    status: fields.status ?? 'paid',
    amount: fields.amount ?? '490.00',
    currency: fields.currency ?? 'RUB',
  });
}

function deliver(body: string, signature = sandboxSignature(body, key)) {
  return t.app.inject({
    method: 'POST',
    url: NOTIFY,
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
    payload: body,
  });
}

async function newOrder(userId: string, plan = 'mir-1m') {
  const response = await order(t, userId, plan);
  expect(response.statusCode).toBe(200);
  return response.json<OrderResponse>().order;
}

async function dbNow(): Promise<number> {
  const { rows } = await t.db.query<{ now: Date }>('SELECT now() AS now');
  return new Date(rows[0]!.now).getTime();
}

async function orderStatus(orderId: string) {
  const { rows } = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
    orderId,
  ]);
  return rows[0]?.status;
}

const DAY = 86_400_000;

describe('exactly once', () => {
  it('extends once when one notification arrives 10 times at once', async () => {
    const user = await t.createUser(new Date('2030-05-10T12:00:00Z'));
    const orderId = await newOrder(user);
    const body = notification(orderId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await t.subscriptionUntil(user)).toEqual(new Date('2030-06-10T12:00:00Z'));
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payment_events WHERE order_id = $1',
      [orderId],
    );
    expect(rows[0]?.n).toBe(1);
    expect(await orderStatus(orderId)).toBe('paid');
  });

  it('extends once when 10 different "paid" events for one order arrive at once', async () => {
    const user = await t.createUser(new Date('2030-05-10T12:00:00Z'));
    const orderId = await newOrder(user);
    await Promise.all(Array.from({ length: 10 }, () => deliver(notification(orderId))));
    expect(await t.subscriptionUntil(user)).toEqual(new Date('2030-06-10T12:00:00Z'));
  });

  it('adds two periods for two paid orders, even concurrently', async () => {
    const user = await t.createUser(new Date('2030-01-15T10:00:00Z'));
    const monthly = await newOrder(user, 'mir-1m');
    const yearly = await newOrder(user, 'mir-12m');
    const answers = await Promise.all([
      deliver(notification(monthly)),
      deliver(notification(yearly, { amount: '4900.00' })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await t.subscriptionUntil(user)).toEqual(new Date('2031-02-15T10:00:00Z'));
  });

  it('adds two periods from now for a user who never subscribed', async () => {
    const user = await t.createUser(null);
    const first = await newOrder(user);
    const second = await newOrder(user);
    const before = await dbNow();
    await Promise.all([deliver(notification(first)), deliver(notification(second))]);
    const until = (await t.subscriptionUntil(user))!.getTime();
    expect(until).toBeGreaterThanOrEqual(before + 56 * DAY);
    expect(until).toBeLessThanOrEqual(before + 62 * DAY + 60_000);
  });
});

describe('checks', () => {
  it.each([
    ['amount', { amount: '1.00' }],
    ['currency', { currency: 'USD' }],
  ])('rejects a wrong %s without extending, and still takes the right one', async (_, fields) => {
    const user = await t.createUser(null);
    const orderId = await newOrder(user);
    const wrong = await deliver(notification(orderId, fields));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Amount or currency does not match the order' });
    expect(await t.subscriptionUntil(user)).toBeNull();
    expect(await orderStatus(orderId)).toBe('pending');
    const right = await deliver(notification(orderId));
    expect(right.statusCode).toBe(200);
    expect(await t.subscriptionUntil(user)).not.toBeNull();
  });

  it("judges a payment by the price copied into the order, not today's price", async () => {
    const user = await t.createUser(null);
    const orderId = await newOrder(user);
    await t.db.query(`UPDATE products SET amount_minor = 59900 WHERE id = 'mir-1m'`);
    try {
      expect((await deliver(notification(orderId, { amount: '599.00' }))).statusCode).toBe(400);
      expect((await deliver(notification(orderId, { amount: '490.00' }))).statusCode).toBe(200);
      expect(await t.subscriptionUntil(user)).not.toBeNull();
    } finally {
      await t.db.query(`UPDATE products SET amount_minor = 49000 WHERE id = 'mir-1m'`);
    }
  });

  it('refuses a bad, missing or foreign-key signature with 401 { message }', async () => {
    const user = await t.createUser(null);
    const orderId = await newOrder(user);
    const body = notification(orderId);
    const tampered = body.replace('490.00', '490.00 ');
    for (const answer of [
      await deliver(body, 'f'.repeat(64)),
      await deliver(body, ''),
      await deliver(body, sandboxSignature(body, 'another key')),
      await deliver(tampered, sandboxSignature(body, key)),
      await t.app.inject({
        method: 'POST',
        url: NOTIFY,
        headers: { 'content-type': 'application/json' },
        payload: body,
      }),
    ]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Invalid signature' });
    }
    expect(await t.subscriptionUntil(user)).toBeNull();
    const { rows } = await t.db.query('SELECT 1 FROM payment_events WHERE order_id = $1', [
      orderId,
    ]);
    expect(rows).toEqual([]);
  });

  it('answers 400 for a signed body that is not a notification', async () => {
    for (const body of ['not json', '[]', '{"orderId":"x"}']) {
      const answer = await deliver(body);
      expect(answer.statusCode).toBe(400);
      expect(typeof answer.json<{ message: string }>().message).toBe('string');
    }
  });

  it('acknowledges a signed event for an unknown order without acting', async () => {
    for (const orderId of ['00000000-0000-4000-8000-000000000000', 'legacy-42']) {
      const answer = await deliver(notification(orderId));
      expect(answer.statusCode).toBe(200);
    }
  });

  it('answers 413 to an oversized notification', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(70 * 1024) });
    const answer = await deliver(body);
    expect(answer.statusCode).toBe(413);
  });

  it('parses raw bodies only on the webhook routes', async () => {
    // The order route still gets JSON parsed (and validated) as usual.
    const user = await t.createUser(null);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/products/order',
      headers: { authorization: `Bearer ${user}`, 'content-type': 'application/json' },
      payload: '{"plan":"mir-1m"}',
    });
    expect(answer.statusCode).toBe(200);
  });
});

describe('extension arithmetic (until = max(now, until) + plan, in UTC)', () => {
  async function payFrom(until: Date | null, plan = 'mir-1m', amount = '490.00') {
    const user = await t.createUser(until);
    const orderId = await newOrder(user, plan);
    expect((await deliver(notification(orderId, { amount }))).statusCode).toBe(200);
    return { user, until: await t.subscriptionUntil(user) };
  }

  it.each([
    // PostgreSQL clamps to the last day of the shorter month.
    ['2030-01-31T00:00:00Z', 'mir-1m', '2030-02-28T00:00:00Z', '490.00'],
    ['2032-01-31T08:15:00Z', 'mir-1m', '2032-02-29T08:15:00Z', '490.00'],
    // 22:30 the day before in New York: the step is taken in UTC, whatever the session zone.
    ['2030-03-31T02:30:00Z', 'mir-1m', '2030-04-30T02:30:00Z', '490.00'],
    ['2030-01-31T00:00:00Z', 'mir-12m', '2031-01-31T00:00:00Z', '4900.00'],
    ['2032-02-29T12:00:00Z', 'mir-12m', '2033-02-28T12:00:00Z', '4900.00'],
  ])('%s + %s = %s', async (from, plan, expected, amount) => {
    const { until } = await payFrom(new Date(from), plan, amount);
    expect(until?.toISOString()).toBe(new Date(expected).toISOString());
  });

  it('does not give the day back: Jan 31 + 1 month + 1 month = Mar 28', async () => {
    const { user } = await payFrom(new Date('2030-01-31T00:00:00Z'));
    const orderId = await newOrder(user);
    await deliver(notification(orderId));
    expect((await t.subscriptionUntil(user))?.toISOString()).toBe('2030-03-28T00:00:00.000Z');
  });

  it('renews an expired subscription from now, not from its old end', async () => {
    const before = await dbNow();
    const { until } = await payFrom(new Date(before - 40 * DAY));
    expect(until!.getTime()).toBeGreaterThanOrEqual(before + 28 * DAY);
    expect(until!.getTime()).toBeLessThanOrEqual(before + 31 * DAY + 60_000);
  });

  it('extends an active subscription from its end', async () => {
    const before = await dbNow();
    const { until } = await payFrom(new Date(before + 10 * DAY));
    expect(until!.getTime()).toBeGreaterThanOrEqual(before + 38 * DAY);
    expect(until!.getTime()).toBeLessThanOrEqual(before + 41 * DAY + 60_000);
  });
});
