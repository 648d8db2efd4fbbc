import type { PaymentType, Product } from '../../../shared/api-types';

/** Payment types in dropdown order; the first one with products is the default (spec §4, §9: fallback MIR). */
export const PAYMENT_TYPES: readonly PaymentType[] = ['MIR', 'CRYPTO'];

/** Payment types a visitor may see: CRYPTO only for signed-in users (spec §2, §6). */
export function visiblePaymentTypes(signedIn: boolean): PaymentType[] {
  return signedIn ? [...PAYMENT_TYPES] : PAYMENT_TYPES.filter((type) => type !== 'CRYPTO');
}

/** The two plans of spec §1, one tile each. */
export const PLAN_MONTHS = [1, 12] as const;

const SYMBOLS: Readonly<Record<string, string>> = { RUB: '₽', USD: '$', EUR: '€' };

/** Currency symbol of spec §3: RUB ₽, USD $, EUR €; any other code is shown as given. */
export function currencySymbol(code: string): string {
  return SYMBOLS[code.toUpperCase()] ?? code;
}

/**
 * The products the page can price: a known payment type and one of the plan lengths of
 * {@link PLAN_MONTHS}. Every other product is left out and logged, so a tile
 * never shows a product under the wrong plan and nothing disappears without a trace.
 */
export function priceableProducts(products: readonly Product[]): Product[] {
  return products.filter((product) => {
    const ok =
      PAYMENT_TYPES.includes(product.paymentType) &&
      (PLAN_MONTHS as readonly number[]).includes(product.months);
    if (!ok) console.warn('The pricing page cannot show this product', product);
    return ok;
  });
}

/** Products sorted by price ascending (stable, so equal prices keep the server's order). */
export function sortByPrice(products: readonly Product[]): Product[] {
  return products
    .map((product, index) => ({ product, index }))
    .sort((a, b) => a.product.price.amount - b.product.price.amount || a.index - b.index)
    .map(({ product }) => product);
}

/** The cheapest product of a payment type for a plan length, if any (`sorted` is price-ascending). */
export function planProduct(
  sorted: readonly Product[],
  type: PaymentType,
  months: number,
): Product | undefined {
  return sorted.find((p) => p.paymentType === type && p.months === months);
}

/** Products shown as tiles for a payment type, in price order. */
export function tileProducts(sorted: readonly Product[], type: PaymentType): Product[] {
  return sorted.filter(
    (p) => p.paymentType === type && (PLAN_MONTHS as readonly number[]).includes(p.months),
  );
}

/** First visible payment type that has products; MIR when none has (spec §4). */
export function defaultPaymentType(
  sorted: readonly Product[],
  visible: readonly PaymentType[],
): PaymentType {
  return visible.find((type) => tileProducts(sorted, type).length > 0) ?? 'MIR';
}

export interface Selection {
  type: PaymentType;
  product: Product | undefined;
}

/**
 * The effective selection, derived rather than stored so that it stays right when the
 * products arrive or the sign-in state changes: a chosen type that is no longer visible
 * falls back to the default, and a chosen product that is not of the type falls back to
 * the type's first (cheapest) product.
 */
export function resolveSelection(
  sorted: readonly Product[],
  visible: readonly PaymentType[],
  chosenType: PaymentType | undefined,
  chosenProductId: string | undefined,
): Selection {
  const type =
    chosenType && visible.includes(chosenType) ? chosenType : defaultPaymentType(sorted, visible);
  const candidates = tileProducts(sorted, type);
  const product = candidates.find((p) => p.id === chosenProductId) ?? candidates[0];
  return { type, product };
}
