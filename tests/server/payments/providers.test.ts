import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '../../../src/shared/api-types';
import { sandboxSignature } from '../../../src/server/payments/providers/signatures';
import { sandboxKey } from '../../../src/server/payments/repository';
import { startFakeCryptomus, type FakeCryptomus } from './fakes/fake-cryptomus';
import { startFakeTbank, type FakeTbank } from './fakes/fake-tbank';
import { buildPaymentsApp, order, type PaymentsTestApp } from './harness';

const TERMINAL = '1700000000000DEMO';
const PASSWORD = 'tbank-password-%&';
const MERCHANT = 'c26b80a8-9549-4b6f-8f9e-7e5e9f5e1c11';
const API_KEY = 'cryptomus-payment-api-key/with+odd=chars';

let t: PaymentsTestApp;
let tbank: FakeTbank;
let cryptomus: FakeCryptomus;

beforeAll(async () => {
  tbank = await startFakeTbank(TERMINAL, PASSWORD);
  cryptomus = await startFakeCryptomus(MERCHANT, API_KEY);
  // Listening for real: the fakes deliver notifications over HTTP to the URLs we gave them.
  t = await buildPaymentsApp({
    listen: true,
    env: {
      TBANK_TERMINAL_KEY: TERMINAL,
      TBANK_PASSWORD: PASSWORD,
      TBANK_API_URL: tbank.url,
      CRYPTOMUS_MERCHANT_ID: MERCHANT,
      CRYPTOMUS_API_KEY: API_KEY,
      CRYPTOMUS_API_URL: cryptomus.url,
    },
    config: { orderRateLimit: { max: 10_000, timeWindowMs: 60_000 } },
  });
});
afterAll(async () => {
  await t.close();
  await tbank.close();
  await cryptomus.close();
});

async function newOrder(userId: string, plan: string) {
  const response = await order(t, userId, plan);
  expect(response.statusCode).toBe(200);
  return response.json<OrderResponse>();
}

async function orderRow(orderId: string) {
  const { rows } = await t.db.query<{ status: string; paymentId: string | null }>(
    'SELECT status, provider_payment_id AS "paymentId" FROM orders WHERE id = $1',
    [orderId],
  );
  return rows[0];
}

const FUTURE = new Date('2031-07-01T09:00:00Z');

describe('T-Bank acquiring (MIR)', () => {
  it('opens the payment with a signed Init and returns the PaymentURL', async () => {
    const user = await t.createUser();
    const answer = await newOrder(user, 'mir-12m');
    expect(tbank.refused).toEqual([]);
    const init = tbank.inits.at(-1)!;
    expect(init.body).toMatchObject({
      TerminalKey: TERMINAL,
      Amount: 490000,
      OrderId: answer.order,
      NotificationURL: `${t.baseUrl}/api/public/v1/payments/tbank/notify`,
      SuccessURL: `${t.baseUrl}/profile`,
      FailURL: `${t.baseUrl}/renew-subscription`,
    });
    expect(String(init.body.Description)).toContain('12');
    expect(answer.url).toBe(`${tbank.url}/new/${init.paymentId}`);
    expect(answer).toMatchObject({ status: 'pending', tokensRequested: 12, priceTotal: 4900 });
    expect((await orderRow(answer.order))?.paymentId).toBe(String(init.paymentId));
  });

  it('AUTHORIZED holds, CONFIRMED extends, a redelivery and a late AUTHORIZED change nothing', async () => {
    const user = await t.createUser(FUTURE);
    const { order: orderId } = await newOrder(user, 'mir-1m');

    const authorized = await tbank.notify(orderId, 'AUTHORIZED');
    expect(authorized).toEqual({ status: 200, body: 'OK' });
    expect(await t.subscriptionUntil(user)).toEqual(FUTURE);
    expect((await orderRow(orderId))?.status).toBe('pending');

    expect(await tbank.notify(orderId, 'CONFIRMED')).toEqual({ status: 200, body: 'OK' });
    const extended = new Date('2031-08-01T09:00:00Z');
    expect(await t.subscriptionUntil(user)).toEqual(extended);
    expect((await orderRow(orderId))?.status).toBe('paid');

    expect(await tbank.notify(orderId, 'CONFIRMED')).toEqual({ status: 200, body: 'OK' });
    // A late "authorized" with a new PaymentId-status pair is still not a way back.
    expect(await tbank.notify(orderId, 'AUTHORIZED', { CardId: 1 })).toEqual({
      status: 200,
      body: 'OK',
    });
    expect(await tbank.notify(orderId, 'REJECTED')).toEqual({ status: 200, body: 'OK' });
    expect(await t.subscriptionUntil(user)).toEqual(extended);
    expect((await orderRow(orderId))?.status).toBe('paid');
  });

  it('late AUTHORIZED arriving after CONFIRMED changes nothing', async () => {
    const user = await t.createUser(FUTURE);
    const { order: orderId } = await newOrder(user, 'mir-1m');
    await tbank.notify(orderId, 'CONFIRMED');
    const after = await t.subscriptionUntil(user);
    expect(await tbank.notify(orderId, 'AUTHORIZED')).toEqual({ status: 200, body: 'OK' });
    expect(await t.subscriptionUntil(user)).toEqual(after);
    expect((await orderRow(orderId))?.status).toBe('paid');
  });

  it('acknowledges statuses it does not act on (REFUNDED) without changing anything', async () => {
    const user = await t.createUser(FUTURE);
    const { order: orderId } = await newOrder(user, 'mir-1m');
    await tbank.notify(orderId, 'CONFIRMED');
    const after = await t.subscriptionUntil(user);
    expect(await tbank.notify(orderId, 'REFUNDED')).toEqual({ status: 200, body: 'OK' });
    expect(await tbank.notify(orderId, 'SOMETHING_NEW')).toEqual({ status: 200, body: 'OK' });
    expect(await t.subscriptionUntil(user)).toEqual(after);
    expect((await orderRow(orderId))?.status).toBe('paid');
  });

  it('refuses a notification signed with another password', async () => {
    const user = await t.createUser(null);
    const { order: orderId } = await newOrder(user, 'mir-1m');
    const answer = await tbank.notify(orderId, 'CONFIRMED', {}, { password: 'guessed' });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Invalid signature' });
    expect(await t.subscriptionUntil(user)).toBeNull();
  });

  it('refuses a notification for another terminal', async () => {
    const user = await t.createUser(null);
    const { order: orderId } = await newOrder(user, 'mir-1m');
    const answer = await tbank.notify(orderId, 'CONFIRMED', { TerminalKey: 'OtherTerminal' });
    expect(answer.status).toBe(401);
    expect(await t.subscriptionUntil(user)).toBeNull();
  });

  it('rejects a correctly signed CONFIRMED with the wrong amount', async () => {
    const user = await t.createUser(null);
    const { order: orderId } = await newOrder(user, 'mir-1m');
    const answer = await tbank.notify(orderId, 'CONFIRMED', { Amount: 100 });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      message: 'Amount or currency does not match the order',
    });
    expect(await t.subscriptionUntil(user)).toBeNull();
    expect((await orderRow(orderId))?.status).toBe('pending');
  });

  it('rejects a notification whose PaymentId is not the one Init returned', async () => {
    const user = await t.createUser(null);
    const { order: orderId } = await newOrder(user, 'mir-1m');
    const answer = await tbank.notify(orderId, 'CONFIRMED', { PaymentId: 1 });
    expect(answer.status).toBe(400);
    expect(await t.subscriptionUntil(user)).toBeNull();
  });

  it('marks a REJECTED payment failed without extending', async () => {
    const user = await t.createUser(null);
    const { order: orderId } = await newOrder(user, 'mir-1m');
    expect(await tbank.notify(orderId, 'REJECTED')).toEqual({ status: 200, body: 'OK' });
    expect((await orderRow(orderId))?.status).toBe('failed');
    expect(await tbank.notify(orderId, 'CONFIRMED')).toEqual({ status: 200, body: 'OK' });
    expect(await t.subscriptionUntil(user)).toBeNull();
  });

  it('does not let the sandbox key pay a T-Bank order', async () => {
    const user = await t.createUser(null);
    const { order: orderId } = await newOrder(user, 'mir-1m');
    const body = JSON.stringify({
      eventId: 'forged',
      orderId,
      status: 'paid',
      amount: '490.00',
      currency: 'RUB',
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/payments/sandbox/notify',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': sandboxSignature(body, await sandboxKey(t.db)),
      },
      payload: body,
    });
    expect(answer.statusCode).toBe(400);
    expect(await t.subscriptionUntil(user)).toBeNull();
  });
});

describe('Cryptomus (CRYPTO)', () => {
  it('creates a signed invoice and returns its URL', async () => {
    const user = await t.createUser();
    const answer = await newOrder(user, 'crypto-12m');
    expect(cryptomus.refused).toEqual([]);
    const invoice = cryptomus.invoices.at(-1)!;
    expect(invoice.body).toMatchObject({
      amount: '50.00',
      currency: 'USD',
      order_id: answer.order,
      url_callback: `${t.baseUrl}/api/public/v1/payments/cryptomus/notify`,
      url_success: `${t.baseUrl}/profile`,
    });
    expect(answer.url).toBe(`${cryptomus.url}/pay/${invoice.uuid}`);
    expect(answer).toMatchObject({ tokensRequested: 12, priceTotal: 50, pricePerToken: 4.17 });
  });

  it('acts only on paid: process holds, paid extends once', async () => {
    const user = await t.createUser(FUTURE);
    const { order: orderId } = await newOrder(user, 'crypto-1m');
    const processing = await cryptomus.notify(orderId, 'process');
    expect(processing.status).toBe(200);
    expect(await t.subscriptionUntil(user)).toEqual(FUTURE);
    expect((await cryptomus.notify(orderId, 'paid')).status).toBe(200);
    expect((await cryptomus.notify(orderId, 'paid')).status).toBe(200);
    expect(await t.subscriptionUntil(user)).toEqual(new Date('2031-08-01T09:00:00Z'));
  });

  it('takes paid_over as paid', async () => {
    const user = await t.createUser(FUTURE);
    const { order: orderId } = await newOrder(user, 'crypto-1m');
    expect((await cryptomus.notify(orderId, 'paid_over', { payment_amount: '5.50' })).status).toBe(
      200,
    );
    expect(await t.subscriptionUntil(user)).toEqual(new Date('2031-08-01T09:00:00Z'));
  });

  it('ignores webhooks that are not about invoices (static wallets)', async () => {
    const user = await t.createUser(null);
    const { order: orderId } = await newOrder(user, 'crypto-1m');
    expect((await cryptomus.notify(orderId, 'paid', { type: 'wallet' })).status).toBe(200);
    expect(await t.subscriptionUntil(user)).toBeNull();
    expect((await orderRow(orderId))?.status).toBe('pending');
  });

  it('refuses a webhook signed with another key', async () => {
    const user = await t.createUser(null);
    const { order: orderId } = await newOrder(user, 'crypto-1m');
    const answer = await cryptomus.notify(orderId, 'paid', {}, { apiKey: 'wrong' });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Invalid signature' });
    expect(await t.subscriptionUntil(user)).toBeNull();
  });

  it('rejects a paid webhook in the wrong currency', async () => {
    const user = await t.createUser(null);
    const { order: orderId } = await newOrder(user, 'crypto-1m');
    const answer = await cryptomus.notify(orderId, 'paid', { currency: 'EUR' });
    expect(answer.status).toBe(400);
    expect(await t.subscriptionUntil(user)).toBeNull();
  });

  it('marks wrong_amount failed without extending', async () => {
    const user = await t.createUser(null);
    const { order: orderId } = await newOrder(user, 'crypto-1m');
    expect((await cryptomus.notify(orderId, 'wrong_amount')).status).toBe(200);
    expect((await orderRow(orderId))?.status).toBe('failed');
    expect(await t.subscriptionUntil(user)).toBeNull();
  });
});

describe('provider failures', () => {
  it('answers 502 during an outage; a retry with the same key then gets one order', async () => {
    const user = await t.createUser();
    tbank.outage = true;
    let failed;
    try {
      failed = await order(t, user, 'mir-1m', 'outage-key');
    } finally {
      tbank.outage = false;
    }
    expect(failed.statusCode).toBe(502);
    expect(failed.json<{ message: string }>().message).toMatch(/payment provider/);
    const retried = await order(t, user, 'mir-1m', 'outage-key');
    expect(retried.statusCode).toBe(200);
    const again = await order(t, user, 'mir-1m', 'outage-key');
    expect(again.json()).toEqual(retried.json());
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE user_id = $1',
      [user],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('answers 502 { message } when the provider refuses the signature', async () => {
    const wrongPassword = await buildPaymentsApp({
      env: {
        TBANK_TERMINAL_KEY: TERMINAL,
        TBANK_PASSWORD: 'not-the-password',
        TBANK_API_URL: tbank.url,
      },
    });
    try {
      const user = await wrongPassword.createUser();
      const refused = await order(wrongPassword, user, 'mir-1m', 'retry-key');
      expect(refused.statusCode).toBe(502);
      expect(refused.json<{ message: string }>().message).toMatch(/payment provider/);
      expect(tbank.refused.at(-1)).toBe('Token');
    } finally {
      await wrongPassword.close();
    }
  });

  it('answers 502 when the provider is unreachable', async () => {
    const unreachable = await buildPaymentsApp({
      env: {
        CRYPTOMUS_MERCHANT_ID: MERCHANT,
        CRYPTOMUS_API_KEY: API_KEY,
        CRYPTOMUS_API_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const user = await unreachable.createUser();
      const answer = await order(unreachable, user, 'crypto-1m');
      expect(answer.statusCode).toBe(502);
      // MIR has no credentials here, so it still goes through the sandbox.
      const mir = await order(unreachable, user, 'mir-1m');
      expect(mir.json<OrderResponse>().url).toContain('/sandbox/pay/');
    } finally {
      await unreachable.close();
    }
  });
});
