/**
 * A fake Cryptomus merchant API (POST /v1/payment) and webhook sender, written from Cryptomus's
 * documentation: requests carry `merchant` and `sign` = md5(base64(body) + API key); webhooks
 * carry `sign` inside the JSON, computed over PHP's json_encode (slashes escaped as `\/`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { sendJson, startFakeServer } from './fake-http';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
/** PHP json_encode($x, JSON_UNESCAPED_UNICODE): JSON with '/' written as '\/'. */
const phpEncode = (value: unknown) => JSON.stringify(value).split('/').join('\\/');

export interface InvoiceRecord {
  body: Record<string, unknown>;
  uuid: string;
}

export interface FakeCryptomus {
  url: string;
  invoices: InvoiceRecord[];
  refused: string[];
  notify(
    orderId: string,
    status: string,
    overrides?: Record<string, unknown>,
    options?: { apiKey?: string },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export async function startFakeCryptomus(merchant: string, apiKey: string): Promise<FakeCryptomus> {
  const invoices: InvoiceRecord[] = [];
  const refused: string[] = [];
  let baseUrl = '';
  const server = await startFakeServer((request, raw, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/payment') {
      return sendJson(response, 404, { state: 1, message: 'Not found' });
    }
    if (
      request.headers.merchant !== merchant ||
      request.headers.sign !== md5(base64(raw) + apiKey)
    ) {
      refused.push('sign');
      return sendJson(response, 401, { state: 1, message: 'Signature error' });
    }
    const body = JSON.parse(raw) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    if (typeof body.amount !== 'string' || !/^\d+(\.\d+)?$/.test(body.amount))
      errors.amount = ['The amount must be a string number.'];
    if (typeof body.currency !== 'string') errors.currency = ['The currency field is required.'];
    if (typeof body.order_id !== 'string' || !/^[\w-]{1,128}$/.test(body.order_id))
      errors.order_id = ['The order id format is invalid.'];
    if (typeof body.url_callback !== 'string') errors.url_callback = ['Required.'];
    if (Object.keys(errors).length > 0) {
      refused.push(Object.keys(errors).join(','));
      return sendJson(response, 422, { state: 1, errors });
    }
    const uuid = randomUUID();
    invoices.push({ body, uuid });
    sendJson(response, 200, {
      state: 0,
      result: {
        uuid,
        order_id: body.order_id,
        amount: body.amount,
        payment_amount: null,
        payer_amount: null,
        discount_percent: null,
        discount: '0.00000000',
        payer_currency: null,
        currency: body.currency,
        merchant_amount: null,
        network: null,
        address: null,
        from: null,
        txid: null,
        payment_status: 'check',
        url: `${baseUrl}/pay/${uuid}`,
        expired_at: Math.floor(Date.now() / 1000) + 3600,
        status: 'check',
        is_final: false,
        additional_data: body.additional_data ?? null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      },
    });
  });
  baseUrl = server.url;

  return {
    url: server.url,
    invoices,
    refused,
    async notify(orderId, status, overrides = {}, options = {}) {
      const invoice = [...invoices].reverse().find((record) => record.body.order_id === orderId);
      if (!invoice) throw new Error(`No invoice for order ${orderId}`);
      const payload: Record<string, unknown> = {
        type: 'payment',
        uuid: invoice.uuid,
        order_id: orderId,
        amount: invoice.body.amount,
        payment_amount: invoice.body.amount,
        payment_amount_usd: invoice.body.amount,
        merchant_amount: '4.90000000',
        commission: '0.10000000',
        is_final: ['paid', 'paid_over', 'fail', 'cancel', 'system_fail'].includes(status),
        status,
        from: 'TJ4x/Fake+Sender',
        wallet_address_uuid: null,
        network: 'tron',
        currency: invoice.body.currency,
        payer_currency: 'USDT',
        additional_data: `${String(invoice.body.additional_data)}/Подписка`,
        txid: '6f0d9c8f0a1e/2b',
        ...overrides,
      };
      const sign = md5(base64(phpEncode(payload)) + (options.apiKey ?? apiKey));
      const response = await fetch(String(invoice.body.url_callback), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Sent as PHP would send it, slashes escaped.
        body: phpEncode({ ...payload, sign }),
      });
      return { status: response.status, body: await response.text() };
    },
    close: server.close,
  };
}
