/** Commerce inside the real frame: authentication, validation, limits and faults of app.ts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '../../../src/shared/api-types';
import { bearer, buildTestApp, signedInUser, type TestApp } from '../helpers';

const ORDER = '/api/v1/customer/products/order';

describe('orders in the real app', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await signedInUser(t)).tokens.accessToken;
  });
  afterAll(() => t.close());

  it('answers 401 { message } without a token or with a bad one', async () => {
    for (const headers of [{}, bearer('not-a-jwt'), bearer(`${token.slice(0, -4)}AAAA`)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: ORDER,
        headers,
        payload: { plan: 'mir-1m' },
      });
      expect(response.statusCode).toBe(401);
      expect(Object.keys(response.json())).toEqual(['message']);
    }
  });

  it('answers 400 { message } to a plan of the wrong type (no coercion)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: ORDER,
      headers: bearer(token),
      payload: { plan: 5 },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['message']);
  });

  it('answers 413 to an oversized order body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: ORDER,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ plan: 'mir-1m', padding: 'x'.repeat(80 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(Object.keys(response.json())).toEqual(['message']);
  });
});

describe('the order rate limit of the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A strict limit of 3 per minute per IP (RATE_LIMIT_AUTH_MAX), as for login and sign-up.
    t = await buildTestApp({ rateLimit: { windowSeconds: 60, max: 1_000_000, authMax: 3 } });
  });
  afterAll(() => t.close());

  it('answers 429 { message } with Retry-After past the limit', async () => {
    // Signing in spends the login route's own budget, not the order route's.
    const { tokens } = await signedInUser(t);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: ORDER,
          headers: bearer(tokens.accessToken),
          payload: { plan: 'mir-1m' },
        }),
      );
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429, 429]);
    const limited = answers[3]!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Object.keys(limited.json())).toEqual(['message']);
  });
});

describe('webhooks and faults in the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('has no webhook for providers we do not know', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/payments/paypal/notify',
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('answers 401 to an unsigned sandbox notification, whatever its content type', async () => {
    for (const contentType of ['application/json', 'text/plain', 'application/octet-stream']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/public/v1/payments/sandbox/notify',
        headers: { 'content-type': contentType },
        payload: '{"orderId":"x","status":"paid"}',
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid signature' });
    }
  });

  it('answers 503 { message } when the database is gone', async () => {
    const { tokens } = await signedInUser(t);
    const ok = await t.app.inject({
      method: 'POST',
      url: ORDER,
      headers: bearer(tokens.accessToken),
      payload: { plan: 'crypto-1m' },
    });
    expect(ok.json<OrderResponse>().status).toBe('pending');
    await t.app.db.close();
    const response = await t.app.inject({
      method: 'GET',
      url: new URL(ok.json<OrderResponse>().url).pathname,
    });
    expect(response.statusCode).toBe(503);
    expect(Object.keys(response.json())).toEqual(['message']);
  });
});
