import { formatMajor } from '../money';
import type { CryptomusConfig } from '../payments-config';
import {
  notifyPath,
  ProviderError,
  type OrderStatus,
  type PaymentProvider,
  type VerifyResult,
} from '../types';
import { decimalToMinor, parseObject, postJson } from './http-json';
import { cryptomusSign, phpJson, safeEqual } from './signatures';

/** Cryptomus payment statuses; only `paid` and `paid_over` are final successes. */
const STATUS_MAP: Record<string, OrderStatus> = {
  check: 'pending',
  process: 'pending',
  confirm_check: 'pending',
  wrong_amount_waiting: 'pending',
  paid: 'paid',
  paid_over: 'paid',
  fail: 'failed',
  system_fail: 'failed',
  wrong_amount: 'failed',
  cancel: 'cancelled',
};

/** Cryptomus invoices for CRYPTO (USDT, BTC, …), priced in USD. */
export function createCryptomusProvider(
  config: CryptomusConfig,
  publicUrl: string,
  timeoutMs: number,
): PaymentProvider {
  return {
    name: 'cryptomus',
    acknowledgement: { contentType: 'application/json; charset=utf-8', body: '{"state":0}' },

    async createPayment(order) {
      const json = JSON.stringify({
        amount: formatMajor(order.amountMinor),
        currency: order.currency,
        order_id: order.id,
        url_callback: publicUrl + notifyPath('cryptomus'),
        url_return: `${publicUrl}/renew-subscription`,
        url_success: `${publicUrl}/profile`,
        additional_data: order.productId,
      });
      const { status, json: answer } = await postJson(
        `${config.apiUrl}/v1/payment`,
        json,
        { merchant: config.merchantId, sign: cryptomusSign(json, config.apiKey) },
        timeoutMs,
      );
      const result = (answer as { state?: unknown; result?: Record<string, unknown> } | null)
        ?.result;
      if (status !== 200 || typeof result?.url !== 'string') {
        const message = (answer as { message?: unknown } | null)?.message;
        throw new ProviderError(`Cryptomus invoice failed (${status}): ${String(message ?? '')}`);
      }
      return {
        url: result.url,
        providerPaymentId: typeof result.uuid === 'string' ? result.uuid : null,
      };
    },

    verifyNotification(rawBody): VerifyResult {
      const body = parseObject(rawBody);
      if (!body) return { ok: false, statusCode: 400, message: 'Webhook must be a JSON object' };
      const { sign, ...rest } = body;
      if (typeof sign !== 'string')
        return { ok: false, statusCode: 401, message: 'Invalid signature' };
      if (!safeEqual(cryptomusSign(phpJson(rest), config.apiKey), sign.toLowerCase())) {
        return { ok: false, statusCode: 401, message: 'Invalid signature' };
      }
      const providerStatus = typeof rest.status === 'string' ? rest.status : '';
      if (typeof rest.order_id !== 'string' || providerStatus === '') {
        return { ok: false, statusCode: 400, message: 'Webhook lacks order_id or status' };
      }
      // Static-wallet top-ups ("wallet") are not our invoices.
      const status = rest.type === 'payment' ? (STATUS_MAP[providerStatus] ?? null) : null;
      return {
        ok: true,
        event: {
          eventKey: `${String(rest.uuid)}:${providerStatus}`,
          orderId: rest.order_id,
          status,
          providerStatus,
          amountMinor: decimalToMinor(rest.amount) ?? null,
          currency: typeof rest.currency === 'string' ? rest.currency : null,
          providerPaymentId: typeof rest.uuid === 'string' ? rest.uuid : null,
        },
      };
    },
  };
}
