import type { TbankConfig } from '../payments-config';
import {
  notifyPath,
  ProviderError,
  type OrderStatus,
  type PaymentProvider,
  type VerifyResult,
} from '../types';
import { parseObject, postJson } from './http-json';
import { safeEqual, tbankToken } from './signatures';

/** T-Bank statuses we act on; AUTHORIZED is not final (the money is only held). */
const STATUS_MAP: Record<string, OrderStatus> = {
  NEW: 'pending',
  FORM_SHOWED: 'pending',
  AUTHORIZING: 'pending',
  AUTHORIZED: 'pending',
  CONFIRMING: 'pending',
  CONFIRMED: 'paid',
  REJECTED: 'failed',
  AUTH_FAIL: 'failed',
  CANCELED: 'cancelled',
  DEADLINE_EXPIRED: 'cancelled',
};

/** T-Bank (Tinkoff) internet acquiring for MIR: cards, SBP QR and T-Pay on their payment form. */
export function createTbankProvider(
  config: TbankConfig,
  publicUrl: string,
  timeoutMs: number,
): PaymentProvider {
  return {
    name: 'tbank',
    acknowledgement: { contentType: 'text/plain; charset=utf-8', body: 'OK' },

    async createPayment(order) {
      const params: Record<string, string | number> = {
        TerminalKey: config.terminalKey,
        Amount: order.amountMinor,
        OrderId: order.id,
        Description: order.description.slice(0, 140),
        NotificationURL: publicUrl + notifyPath('tbank'),
        SuccessURL: `${publicUrl}/profile`,
        FailURL: `${publicUrl}/renew-subscription`,
      };
      const body = JSON.stringify({ ...params, Token: tbankToken(params, config.password) });
      const { status, json } = await postJson(`${config.apiUrl}/v2/Init`, body, {}, timeoutMs);
      const answer = (json ?? {}) as Record<string, unknown>;
      if (
        status !== 200 ||
        answer.Success !== true ||
        String(answer.ErrorCode) !== '0' ||
        typeof answer.PaymentURL !== 'string'
      ) {
        throw new ProviderError(
          `T-Bank Init failed (${status}, ErrorCode ${String(answer.ErrorCode)}): ${String(answer.Message ?? '')} ${String(answer.Details ?? '')}`.trim(),
        );
      }
      return {
        url: answer.PaymentURL,
        providerPaymentId: answer.PaymentId === undefined ? null : String(answer.PaymentId),
      };
    },

    verifyNotification(rawBody): VerifyResult {
      const body = parseObject(rawBody);
      if (!body)
        return { ok: false, statusCode: 400, message: 'Notification must be a JSON object' };
      const token = body.Token;
      if (typeof token !== 'string' || body.TerminalKey !== config.terminalKey) {
        return { ok: false, statusCode: 401, message: 'Invalid signature' };
      }
      if (!safeEqual(tbankToken(body, config.password), token.toLowerCase())) {
        return { ok: false, statusCode: 401, message: 'Invalid signature' };
      }
      const providerStatus = typeof body.Status === 'string' ? body.Status : '';
      if (typeof body.OrderId !== 'string' || providerStatus === '') {
        return { ok: false, statusCode: 400, message: 'Notification lacks OrderId or Status' };
      }
      let status: OrderStatus | null = STATUS_MAP[providerStatus] ?? null;
      // A final success must say so in every field T-Bank gives for it.
      if (status === 'paid' && (body.Success !== true || String(body.ErrorCode) !== '0')) {
        status = null;
      }
      const amount = body.Amount;
      return {
        ok: true,
        event: {
          eventKey: `${String(body.PaymentId)}:${providerStatus}`,
          orderId: body.OrderId,
          status,
          providerStatus,
          amountMinor: typeof amount === 'number' && Number.isInteger(amount) ? amount : null,
          // A T-Bank terminal works in roubles; notifications carry no currency.
          currency: 'RUB',
          providerPaymentId: body.PaymentId === undefined ? null : String(body.PaymentId),
        },
      };
    },
  };
}
