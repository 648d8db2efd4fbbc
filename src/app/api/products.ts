import type { PaymentType, Product } from '../../shared/api-types';
import { productPeriodMonths } from '../../shared/account/product-period';
import { describeRequestFailure, type RequestFailure } from './errors';
import { publicHttp } from './http';

export { describeRequestFailure, type RequestFailure } from './errors';

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

/** A product as the server sends it, before its period is read (the period has many shapes). */
type RawProduct = Omit<Product, 'id' | 'months'> & { id: string | number };

function isProduct(value: unknown): value is RawProduct {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  const price = p.price as Record<string, unknown> | null | undefined;
  return (
    (typeof p.id === 'string' || typeof p.id === 'number') &&
    typeof p.paymentType === 'string' &&
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
    // `months`, `period: 'P1M'`, `durationDays`, a plan id… read alike.
    const months = productPeriodMonths(item);
    if (isProduct(item) && months !== undefined) {
      products.push({
        id: String(item.id),
        paymentType: item.paymentType as PaymentType,
        months,
        price: { amount: item.price.amount, currency: item.price.currency },
      });
    } else if (isProduct(item)) {
      console.warn('Skipping a product whose period cannot be read', item);
    } else {
      console.warn('Skipping a malformed product', item);
    }
  }
  return products;
}
