import { isHTTPError, isTimeoutError } from 'ky';
import type { PaymentType, Product } from '../../shared';
import { publicHttp } from './http';

/**
 * Why a call failed, in terms the pages translate (spec §8 "API request failed: {reason}";
 * the generic reasons mirror 'Network Error', 'timeout exceeded' and 'request aborted').
 */
export type RequestFailure =
  | { kind: 'http'; status: number; message?: string }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

/** Classifies an error thrown by a ky call; undefined when it is not a request failure. */
export async function describeRequestFailure(error: unknown): Promise<RequestFailure | undefined> {
  if (isHTTPError(error)) {
    let message: string | undefined;
    try {
      const body: unknown = await error.response.clone().json();
      if (body && typeof body === 'object' && 'message' in body) {
        const value = (body as { message: unknown }).message;
        if (typeof value === 'string' && value.trim() !== '') message = value.trim();
      }
    } catch {
      // no JSON body (or already read): the status alone describes the failure
    }
    return { kind: 'http', status: error.response.status, message };
  }
  if (isTimeoutError(error)) return { kind: 'timeout' };
  if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'aborted' };
  // fetch rejects with a TypeError when the network (or CORS) fails.
  if (error instanceof TypeError) return { kind: 'network' };
  return undefined;
}

export type ProductsErrorCode = 'REQUEST_FAILED' | 'UNEXPECTED_RESPONSE';

/** A failure of `fetchProducts`; `failure` is set for REQUEST_FAILED. */
export class ProductsError extends Error {
  readonly code: ProductsErrorCode;
  readonly failure: RequestFailure | undefined;

  constructor(code: ProductsErrorCode, failure?: RequestFailure, options?: ErrorOptions) {
    super(
      code === 'REQUEST_FAILED' ? 'API request failed' : 'Unexpected products response',
      options,
    );
    this.name = 'ProductsError';
    this.code = code;
    this.failure = failure;
  }
}

export const PRODUCTS_PATH = '/api/public/v1/products';

function isProduct(value: unknown): value is Product {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  const price = p.price as Record<string, unknown> | null | undefined;
  return (
    (typeof p.id === 'string' || typeof p.id === 'number') &&
    typeof p.paymentType === 'string' &&
    typeof p.months === 'number' &&
    !!price &&
    typeof price === 'object' &&
    typeof price.amount === 'number' &&
    Number.isFinite(price.amount) &&
    typeof price.currency === 'string'
  );
}

/**
 * The price plans of `GET /api/public/v1/products` (public, no token). Entries that do not
 * look like products are skipped with a warning; an answer that is not a JSON list is an
 * UNEXPECTED_RESPONSE, a failed call a REQUEST_FAILED; anything else is rethrown as is.
 */
export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  let response: Response;
  try {
    response = await publicHttp.get(PRODUCTS_PATH, { signal });
  } catch (error) {
    const failure = await describeRequestFailure(error);
    if (failure) throw new ProductsError('REQUEST_FAILED', failure, { cause: error });
    throw error;
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new ProductsError('UNEXPECTED_RESPONSE', undefined, { cause: error });
  }
  if (!Array.isArray(body)) throw new ProductsError('UNEXPECTED_RESPONSE');
  const products: Product[] = [];
  for (const item of body) {
    if (isProduct(item)) {
      products.push({
        id: String(item.id),
        paymentType: item.paymentType as PaymentType,
        months: item.months,
        price: { amount: item.price.amount, currency: item.price.currency },
      });
    } else {
      console.warn('Skipping a malformed product', item);
    }
  }
  return products;
}
