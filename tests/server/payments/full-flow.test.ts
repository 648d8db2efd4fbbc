/**
 * The whole purchase through the real app (server-core's frame + commerce), with `app.inject`:
 * register → read the .eml → verify → login → profile without subscription → products → order →
 * sandbox page → Pay (the page's own form) → signed webhook → profile with `until` → refresh →
 * logout. Runs on PGlite by default and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomerProfile,
  OrderResponse,
  Product,
  TokenPair,
} from '../../../src/shared/api-types';
import { bearer, buildTestApp, newUser, readOutbox, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The form's action and its fields, read from the page as a browser would. */
function readForm(html: string, action: RegExp): { action: string; body: string } {
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)];
  const form = forms.find((match) => action.test(match[1] ?? ''));
  if (!form) throw new Error(`no form matching ${String(action)}`);
  const fields = [
    ...(form[2] ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g),
  ];
  return {
    action: form[1]!,
    body: new URLSearchParams(fields.map((f) => [f[1]!, f[2]!])).toString(),
  };
}

describe('the whole purchase', () => {
  it('goes from sign-up to an active subscription and out again', async () => {
    const form = newUser();

    // Sign-up; the link arrives as an .eml in DATA_DIR/outbox.
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/registration',
      payload: form,
    });
    expect(registered.statusCode).toBe(200);
    const mails = await readOutbox(t.dataDir, form.email);
    expect(mails).toHaveLength(1);
    const link = mails[0]!.link!;
    expect(link).toMatch(/^http:\/\/specform\.test\/emailverification\/[\w-]{43}$/);
    expect(mails[0]!.raw.replace(/=\r?\n/g, '')).toContain(link);

    const verified = await t.app.inject({
      method: 'PUT',
      url: '/api/public/v1/registration/verify',
      payload: { uuid: link.split('/').pop() },
    });
    expect(verified.statusCode).toBe(200);

    const loggedIn = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/auth/login',
      payload: { email: form.email, password: form.password },
    });
    expect(loggedIn.statusCode).toBe(200);
    const tokens = loggedIn.json<TokenPair>();

    // No subscription yet.
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer',
      headers: bearer(tokens.accessToken),
    });
    expect(before.statusCode).toBe(200);
    expect(before.json<CustomerProfile>().subscription).toEqual({ until: null });

    // Products, then an order for the cheapest MIR plan.
    const products = (await t.app.inject({ method: 'GET', url: '/api/public/v1/products' })).json<
      Product[]
    >();
    expect(products.map((p) => p.id).sort()).toEqual([
      'crypto-12m',
      'crypto-1m',
      'mir-12m',
      'mir-1m',
    ]);
    const plan = products.find((p) => p.paymentType === 'MIR' && p.months === 1)!;
    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/products/order',
      headers: { ...bearer(tokens.accessToken), 'idempotency-key': 'flow-1' },
      payload: { plan: plan.id },
    });
    expect(ordered.statusCode).toBe(200);
    const purchase = ordered.json<OrderResponse>();
    expect(purchase).toMatchObject({
      status: 'pending',
      tokensRequested: 1,
      priceTotal: plan.price.amount,
      url: `http://specform.test/sandbox/pay/${purchase.order}`,
    });

    // The sandbox page, under its own CSP (the frame's helmet headers stay).
    const pagePath = new URL(purchase.url).pathname;
    const page = await t.app.inject({ method: 'GET', url: pagePath });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toMatch(/style-src 'sha256-/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).toContain('1 month');

    // Pay with the page's own form, as the browser would post it.
    const pay = readForm(page.body, /\/pay$/);
    const paid = await t.app.inject({
      method: 'POST',
      url: pay.action,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://specform.test',
      },
      payload: pay.body,
    });
    expect(paid.statusCode).toBe(303);

    // The signed notification went through the webhook and was recorded once.
    const events = await t.app.db.query<{ provider: string; status: string }>(
      `SELECT provider, provider_status AS status FROM payment_events WHERE order_id = $1`,
      [purchase.order],
    );
    expect(events.rows).toEqual([{ provider: 'sandbox', status: 'paid' }]);

    // The profile now shows a subscription about a month ahead.
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer',
      headers: bearer(tokens.accessToken),
    });
    const until = after.json<CustomerProfile>().subscription?.until ?? 0;
    const now = Math.floor(Date.now() / 1000);
    expect(until).toBeGreaterThan(now + 27 * 86400);
    expect(until).toBeLessThan(now + 32 * 86400);

    // A retry of the order call answers the same, now paid, order.
    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/products/order',
      headers: { ...bearer(tokens.accessToken), 'idempotency-key': 'flow-1' },
      payload: { plan: plan.id },
    });
    expect(retried.json<OrderResponse>()).toEqual({ ...purchase, status: 'paid' });

    // Refresh, then logout: the family is gone.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/auth/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const rotated = refreshed.json<TokenPair>();
    const loggedOut = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/auth/logout',
      payload: { refreshToken: rotated.refreshToken },
    });
    expect(loggedOut.statusCode).toBe(204);
    const dead = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/auth/refresh',
      payload: { refreshToken: rotated.refreshToken },
    });
    expect(dead.statusCode).toBe(401);
  });
});
