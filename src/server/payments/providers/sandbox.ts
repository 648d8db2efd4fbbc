import { randomUUID } from 'node:crypto';
import { formatMajor } from '../money';
import type { PaymentProvider, VerifyResult } from '../types';
import { decimalToMinor, parseObject } from './http-json';
import { safeEqual, sandboxSignature } from './signatures';

/** Header that carries the sandbox's HMAC signature of the raw body. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export interface SandboxNotification {
  eventId: string;
  orderId: string;
  status: 'paid' | 'cancelled';
  amount: string;
  currency: string;
}

/** Builds the signed notification the sandbox page delivers to the webhook. */
export function signSandboxNotification(
  order: { id: string; amountMinor: number; currency: string },
  status: SandboxNotification['status'],
  key: string,
): { body: string; signature: string } {
  const notification: SandboxNotification = {
    eventId: randomUUID(),
    orderId: order.id,
    status,
    amount: formatMajor(order.amountMinor),
    currency: order.currency,
  };
  const body = JSON.stringify(notification);
  return { body, signature: sandboxSignature(body, key) };
}

/**
 * Stands in for a provider whose credentials are not configured: the payment page is ours
 * (/sandbox/pay/:orderId) and its buttons drive the same signed webhook path a real provider would.
 */
export function createSandboxProvider(publicUrl: string, key: string): PaymentProvider {
  return {
    name: 'sandbox',
    acknowledgement: { contentType: 'application/json; charset=utf-8', body: '{"received":true}' },

    async createPayment(order) {
      return { url: `${publicUrl}/sandbox/pay/${order.id}`, providerPaymentId: null };
    },

    verifyNotification(rawBody, headers): VerifyResult {
      const signature = headers[SANDBOX_SIGNATURE_HEADER];
      if (
        typeof signature !== 'string' ||
        !safeEqual(sandboxSignature(rawBody, key), signature.toLowerCase())
      ) {
        return { ok: false, statusCode: 401, message: 'Invalid signature' };
      }
      const body = parseObject(rawBody);
      if (
        !body ||
        typeof body.eventId !== 'string' ||
        typeof body.orderId !== 'string' ||
        (body.status !== 'paid' && body.status !== 'cancelled')
      ) {
        return { ok: false, statusCode: 400, message: 'Malformed sandbox notification' };
      }
      return {
        ok: true,
        event: {
          eventKey: body.eventId,
          orderId: body.orderId,
          status: body.status,
          providerStatus: body.status,
          amountMinor: decimalToMinor(body.amount) ?? null,
          currency: typeof body.currency === 'string' ? body.currency : null,
          providerPaymentId: null,
        },
      };
    },
  };
}
