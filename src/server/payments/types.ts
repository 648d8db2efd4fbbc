import type { IncomingHttpHeaders } from 'node:http';

/** Order states; they only move forward: created → pending → paid | cancelled | failed. */
export type OrderStatus = 'created' | 'pending' | 'paid' | 'cancelled' | 'failed';

export type ProviderName = 'tbank' | 'cryptomus' | 'sandbox';

/** What a provider needs to open a payment page for an order. */
export interface PaymentOrder {
  id: string;
  productId: string;
  months: number;
  amountMinor: number;
  currency: string;
  description: string;
}

export interface CreatedPayment {
  url: string;
  providerPaymentId: string | null;
}

/** A verified notification, translated into our terms. */
export interface PaymentEvent {
  /** Unique per provider; a redelivery carries the same key and is deduplicated. */
  eventKey: string;
  orderId: string;
  /** Our state the event asks for; null for statuses we do not act on. */
  status: OrderStatus | null;
  /** The provider's own status word, kept for the record. */
  providerStatus: string;
  amountMinor: number | null;
  currency: string | null;
  providerPaymentId: string | null;
}

export type VerifyResult =
  { ok: true; event: PaymentEvent } | { ok: false; statusCode: 400 | 401; message: string };

/** The answer a provider expects when a notification has been handled. */
export interface Acknowledgement {
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Opens a payment at the provider; throws ProviderError when the provider refuses or fails. */
  createPayment(order: PaymentOrder): Promise<CreatedPayment>;
  /** Checks the signature on the raw body and translates the notification. */
  verifyNotification(rawBody: Buffer, headers: IncomingHttpHeaders): VerifyResult;
  readonly acknowledgement: Acknowledgement;
}

export class ProviderError extends Error {
  override name = 'ProviderError';
}

/** Path of each provider's notification route (NotificationURL / url_callback). */
export function notifyPath(provider: ProviderName): string {
  return `/api/public/v1/payments/${provider}/notify`;
}
