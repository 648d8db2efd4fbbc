import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse, Product } from '../../../src/shared/api-types';
import { buildPaymentsApp, order, type PaymentsTestApp } from './harness';

/** One app (and database) per group: building one costs seconds; tests use their own users. */
let t: PaymentsTestApp;

describe('products', () => {
  beforeAll(async () => {
    t = await buildPaymentsApp({ env: { PRICE_MIR_1M: '399.90', PRICE_CRYPTO_12M: '45' } });
  });
  afterAll(() => t.close());

  it('lists the four plans, priced from configuration, sorted by price', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/v1/products' });
    expect(response.statusCode).toBe(200);
    const products = response.json<Product[]>();
    expect(products).toEqual([
      { id: 'crypto-1m', paymentType: 'CRYPTO', months: 1, price: { amount: 5, currency: 'USD' } },
      {
        id: 'crypto-12m',
        paymentType: 'CRYPTO',
        months: 12,
        price: { amount: 45, currency: 'USD' },
      },
      { id: 'mir-1m', paymentType: 'MIR', months: 1, price: { amount: 399.9, currency: 'RUB' } },
      { id: 'mir-12m', paymentType: 'MIR', months: 12, price: { amount: 4900, currency: 'RUB' } },
    ]);
    const { rows } = await t.db.query<{ amount: number }>(
      `SELECT amount_minor AS amount FROM products WHERE id = 'mir-1m'`,
    );
    expect(Number(rows[0]?.amount)).toBe(39990);
  });
});

describe('ordering', () => {
  beforeAll(async () => {
    t = await buildPaymentsApp({
      config: { orderRateLimit: { max: 1000, timeWindowMs: 60_000 } },
    });
  });
  afterAll(() => t.close());

  it('creates a sandbox order with the price copied in', async () => {
    const user = await t.createUser();
    const response = await order(t, user, 'mir-12m');
    expect(response.statusCode).toBe(200);
    const body = response.json<OrderResponse>();
    expect(body).toEqual({
      order: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'pending',
      tokensRequested: 12,
      pricePerToken: 408.33,
      priceTotal: 4900,
      url: `${t.baseUrl}/sandbox/pay/${body.order}`,
    });
    const { rows } = await t.db.query<Record<string, unknown>>(
      `SELECT user_id::text AS "userId", product_id AS "productId", provider, amount_minor AS amount,
         currency, months, status FROM orders WHERE id = $1`,
      [body.order],
    );
    expect(rows[0]).toMatchObject({
      userId: user,
      productId: 'mir-12m',
      provider: 'sandbox',
      currency: 'RUB',
      status: 'pending',
    });
    expect(Number(rows[0]?.amount)).toBe(490000);
  });

  it.each([
    [{}, 400, 'Product ID is required'],
    [{ plan: '' }, 400, 'Product ID is required'],
    [{ plan: '   ' }, 400, 'Product ID is required'],
    [undefined, 400, 'Product ID is required'],
    [{ plan: 'gold-forever' }, 404, 'Product not found'],
  ])('answers %j with %i { message }', async (payload, status, message) => {
    const user = await t.createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/products/order',
      headers: { authorization: `Bearer ${user}` },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  });

  it('refuses a plan that is not a string and an oversized one', async () => {
    const user = await t.createUser();
    for (const plan of [{ id: 'mir-1m' }, 'x'.repeat(101)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/products/order',
        headers: { authorization: `Bearer ${user}` },
        payload: { plan },
      });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json<{ message: string }>().message).toBe('string');
    }
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/products/order',
      payload: { plan: 'mir-1m' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers a retry with the same Idempotency-Key with the same order and URL', async () => {
    const user = await t.createUser();
    const first = (await order(t, user, 'crypto-1m', 'key-1')).json<OrderResponse>();
    const again = (await order(t, user, 'crypto-1m', 'key-1')).json<OrderResponse>();
    expect(again).toEqual(first);
    const other = (await order(t, user, 'crypto-1m', 'key-2')).json<OrderResponse>();
    expect(other.order).not.toBe(first.order);
    // Another user's identical key is another order.
    const stranger = await t.createUser();
    const theirs = (await order(t, stranger, 'crypto-1m', 'key-1')).json<OrderResponse>();
    expect(theirs.order).not.toBe(first.order);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE user_id = $1',
      [user],
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('creates one order for concurrent retries with one key', async () => {
    const user = await t.createUser();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => order(t, user, 'mir-1m', 'same-key')),
    );
    const ids = new Set(answers.map((a) => a.json<OrderResponse>().order));
    const urls = new Set(answers.map((a) => a.json<OrderResponse>().url));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(ids.size).toBe(1);
    expect(urls.size).toBe(1);
  });

  it('refuses a key reused for another plan', async () => {
    const user = await t.createUser();
    await order(t, user, 'mir-1m', 'k');
    const response = await order(t, user, 'mir-12m', 'k');
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toMatch(/Idempotency-Key/);
  });
});

describe('order rate limit', () => {
  beforeAll(async () => {
    t = await buildPaymentsApp({ config: { orderRateLimit: { max: 5, timeWindowMs: 60_000 } } });
  });
  afterAll(() => t.close());

  it('limits orders per IP with 429 and Retry-After', async () => {
    const user = await t.createUser();
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 7; i++) {
      const response = await order(t, user, 'mir-1m');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) retryAfter = String(response.headers['retry-after']);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('sandbox payment page', () => {
  beforeAll(async () => {
    t = await buildPaymentsApp();
  });
  afterAll(() => t.close());

  async function newOrder(plan = 'mir-1m') {
    const user = await t.createUser();
    const body = (await order(t, user, plan)).json<OrderResponse>();
    return { user, orderId: body.order, path: new URL(body.url).pathname };
  }

  it('shows the plan and amount in both languages with Pay and Cancel forms', async () => {
    const { orderId, path } = await newOrder('mir-12m');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('12 months');
    expect(page.body).toContain('12 месяцев');
    expect(page.body).toContain('4900.00 ₽');
    expect(page.body).toContain(`action="/sandbox/pay/${orderId}/pay"`);
    expect(page.body).toContain(`action="/sandbox/pay/${orderId}/cancel"`);
    expect(page.body).toMatch(/Pay · Оплатить/);
    expect(page.body).toMatch(/Cancel · Отменить/);
    // The inline stylesheet is allowed by its hash, nothing else.
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it('Pay extends the subscription through the signed webhook and shows the new state', async () => {
    const { user, orderId, path } = await newOrder('mir-1m');
    const before = Date.now();
    const paid = await t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'confirm=1',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(path);
    const until = await t.subscriptionUntil(user);
    expect(until).not.toBeNull();
    expect(until!.getTime()).toBeGreaterThan(before + 27 * 86400_000);
    expect(until!.getTime()).toBeLessThan(before + 32 * 86400_000);
    const events = await t.db.query<{ provider: string; order: string }>(
      'SELECT provider, order_id AS "order" FROM payment_events',
    );
    expect(events.rows).toEqual([{ provider: 'sandbox', order: orderId }]);

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Paid');
    expect(page.body).not.toContain('/pay"');
    // Pressing Pay again (a reloaded form) changes nothing.
    await t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'confirm=1',
    });
    expect(await t.subscriptionUntil(user)).toEqual(until);
  });

  it('Cancel marks the order cancelled, and a later Pay does not revive it', async () => {
    const { user, orderId, path } = await newOrder();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `${path}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'confirm=1',
    });
    expect(cancelled.statusCode).toBe(303);
    const { rows } = await t.db.query<{ status: string }>(
      'SELECT status FROM orders WHERE id = $1',
      [orderId],
    );
    expect(rows[0]?.status).toBe('cancelled');
    await t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'confirm=1',
    });
    expect(await t.subscriptionUntil(user)).toBeNull();
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Cancelled');
  });

  it.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site' }],
  ])('refuses form posts from elsewhere (%j)', async (headers) => {
    const { user, path } = await newOrder();
    const response = await t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'confirm=1',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-origin form posts are refused' });
    expect(await t.subscriptionUntil(user)).toBeNull();
  });

  it('takes form posts from its own origin', async () => {
    const { user, path } = await newOrder();
    const response = await t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: t.baseUrl,
        'sec-fetch-site': 'same-origin',
      },
      payload: 'confirm=1',
    });
    expect(response.statusCode).toBe(303);
    expect(await t.subscriptionUntil(user)).not.toBeNull();
  });

  it('answers 404 { message } for an unknown order and 400 for a malformed id', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/sandbox/pay/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Order not found' });
    const malformed = await t.app.inject({ method: 'GET', url: '/sandbox/pay/not-an-id' });
    expect(malformed.statusCode).toBe(400);
    expect(typeof malformed.json<{ message: string }>().message).toBe('string');
  });
});

describe('without the sandbox (production, no credentials)', () => {
  beforeAll(async () => {
    t = await buildPaymentsApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('offers nothing it cannot take payment for', async () => {
    const products = await t.app.inject({ method: 'GET', url: '/api/public/v1/products' });
    expect(products.json()).toEqual([]);
    const user = await t.createUser();
    const response = await order(t, user, 'mir-1m');
    expect(response.statusCode).toBe(503);
    expect(response.json<{ message: string }>().message).toMatch(/not available/);
    const page = await t.app.inject({
      method: 'GET',
      url: '/sandbox/pay/00000000-0000-4000-8000-000000000000',
    });
    expect(page.statusCode).toBe(404);
  });
});
