import type { OrderRequest, OrderResponse } from '../../shared/api-types';
import { http } from './http';
import { describeRequestFailure, type RequestFailure } from './products';

export type OrderErrorCode = 'PRODUCT_ID_REQUIRED' | 'INVALID_RESPONSE' | 'REQUEST_FAILED';

/** A failure of `orderProduct`; `failure` is set for REQUEST_FAILED (spec §8 'Purchase failed'). */
export class OrderError extends Error {
  readonly code: OrderErrorCode;
  readonly failure: RequestFailure | undefined;

  constructor(code: OrderErrorCode, failure?: RequestFailure, options?: ErrorOptions) {
    super(code, options);
    this.name = 'OrderError';
    this.code = code;
    this.failure = failure;
  }
}

export const ORDER_PATH = '/api/v1/customer/products/order';

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * A payment page must be an http(s) address: the app navigates a window of its own origin
 * to it, so a `javascript:` or `data:` URL from a broken or hostile answer must never pass.
 */
function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Orders a plan: `POST /api/v1/customer/products/order` `{ plan }` with the bearer token.
 * The answer is valid only when `url`, `order` and `status` are present (spec §3).
 */
export async function orderProduct(
  productId: string,
  signal?: AbortSignal,
): Promise<OrderResponse> {
  if (!productId) throw new OrderError('PRODUCT_ID_REQUIRED');
  const payload: OrderRequest = { plan: productId };
  let body: unknown;
  try {
    body = await http.post(ORDER_PATH, { json: payload, signal }).json();
  } catch (error) {
    const failure = await describeRequestFailure(error);
    if (failure) throw new OrderError('REQUEST_FAILED', failure, { cause: error });
    throw error;
  }
  if (!body || typeof body !== 'object') throw new OrderError('INVALID_RESPONSE');
  const answer = body as Partial<Record<keyof OrderResponse, unknown>>;
  if (typeof answer.url !== 'string' || !present(answer.order) || !present(answer.status)) {
    throw new OrderError('INVALID_RESPONSE');
  }
  if (answer.url.trim() === '') {
    console.warn('The purchase response carries an empty payment URL');
    throw new OrderError('INVALID_RESPONSE');
  }
  if (!isWebUrl(answer.url)) throw new OrderError('INVALID_RESPONSE');
  return body as OrderResponse;
}
