import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { PaymentType, Product } from '../../../shared/api-types';
import { ProductsError, fetchProducts } from '../../api/products';
import { useSession } from '../../session';
import { failureReason, logCallFailure } from '../../api/errors';
import { ErrorWithRetry } from '../../components/ErrorWithRetry';
import {
  PLAN_MONTHS,
  currencySymbol,
  planProduct,
  priceableProducts,
  resolveSelection,
  sortByPrice,
  visiblePaymentTypes,
} from './pricing-model';
import { PurchaseStatus } from './PurchaseStatus';
import { usePurchase } from './usePurchase';
import './pricing.css';

type Prices =
  | { status: 'loading' }
  | { status: 'loaded'; products: Product[] }
  | { status: 'error'; error: unknown };

/** Pricing (`/pricing`, mode 'public') and renewal (`/renew-subscription`, mode 'renew'): spec §2 "Pricing page". */
export default function PricingPage({ mode }: { mode: 'public' | 'renew' }) {
  const { t, i18n } = useLingui();
  const { signedIn, loading: sessionLoading } = useSession();
  const [prices, setPrices] = useState<Prices>({ status: 'loading' });
  /** Bumped by Retry: loads the prices again. */
  const [attempt, setAttempt] = useState(0);
  const [chosenType, setChosenType] = useState<PaymentType | undefined>();
  const [chosenId, setChosenId] = useState<string | undefined>();
  const { state: purchaseState, purchase } = usePurchase(t`Opening the payment page…`);

  useEffect(() => {
    const controller = new AbortController();
    fetchProducts(controller.signal).then(
      (products) => {
        if (!controller.signal.aborted) setPrices({ status: 'loaded', products });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        logCallFailure('Loading the prices', error);
        setPrices({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const sorted = useMemo(
    () => (prices.status === 'loaded' ? sortByPrice(priceableProducts(prices.products)) : []),
    [prices],
  );
  const visible = useMemo(() => visiblePaymentTypes(signedIn), [signedIn]);
  const selection = resolveSelection(sorted, visible, chosenType, chosenId);

  const typeLabels: Record<PaymentType, string> = {
    MIR: t`RUB: MIR, QR, T-Pay`,
    CRYPTO: t`crypto: USDT, BTC, etc`,
  };

  function pricesError(error: unknown): string {
    if (error instanceof ProductsError) {
      if (error.code === 'UNEXPECTED_RESPONSE') return t`Unexpected error fetching prices`;
      const reason = failureReason(i18n, error.failure);
      if (reason) return t`API request failed: ${reason}`;
    }
    return t`Failed to load prices`;
  }

  function changeType(type: PaymentType) {
    setChosenType(type);
    // Changing the type selects that type's first plan (spec §4).
    setChosenId(resolveSelection(sorted, visible, type, undefined).product?.id);
  }

  const loading = prices.status === 'loading';
  const busy = loading || purchaseState.status === 'pending';

  return (
    <div className="pricing-page">
      <header className="pricing-hero">
        <h1>{mode === 'renew' ? <Trans>Renew subscription</Trans> : <Trans>Pricing</Trans>}</h1>
        <p className="pricing-lead">
          <Trans>
            One subscription unlocks the whole generator: build OpenAPI 3.0, 3.1 and 3.2 documents
            from the form and load existing ones back into it (Swagger 2.0 is converted).
          </Trans>
        </p>
      </header>

      <section className="pricing-card" aria-labelledby="pricing-plans-title">
        <h2 id="pricing-plans-title" className="pricing-visually-hidden">
          <Trans>Plans</Trans>
        </h2>
        {prices.status === 'loading' && (
          <p className="pricing-status" role="status">
            <Trans>Loading prices...</Trans>
          </p>
        )}
        {prices.status === 'error' && (
          <ErrorWithRetry
            message={pricesError(prices.error)}
            messageClassName="pricing-error"
            onRetry={() => {
              setPrices({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          />
        )}
        {prices.status === 'loaded' && (
          <>
            <div className="pricing-field">
              <label htmlFor="pricing-payment-type">
                <Trans>Payment type</Trans>
              </label>
              <select
                id="pricing-payment-type"
                className="pricing-select"
                value={selection.type}
                onChange={(event) => changeType(event.target.value as PaymentType)}
              >
                {visible.map((type) => (
                  <option key={type} value={type}>
                    {typeLabels[type]}
                  </option>
                ))}
              </select>
            </div>

            <PlanTiles
              sorted={sorted}
              type={selection.type}
              selectedId={selection.product?.id}
              onSelect={(product) => {
                setChosenType(selection.type);
                setChosenId(product.id);
              }}
            />

            {sessionLoading ? null : signedIn ? (
              <button
                type="button"
                className="pricing-buy"
                disabled={!selection.product || busy}
                aria-busy={purchaseState.status === 'pending'}
                onClick={() => void purchase(selection.product?.id)}
              >
                <Trans>Renew Subscription</Trans>
              </button>
            ) : (
              <p className="pricing-guest">
                <Trans>
                  To subscribe, <Link to="/login">log in</Link> or{' '}
                  <Link to="/register">create an account</Link>.
                </Trans>
              </p>
            )}
            <PurchaseStatus
              state={purchaseState}
              onRetry={() => void purchase(selection.product?.id)}
            />
          </>
        )}
      </section>

      <section className="pricing-included" aria-labelledby="pricing-included-title">
        <h2 id="pricing-included-title">
          <Trans>What the subscription includes</Trans>
        </h2>
        <ul>
          <li>
            <Trans>Unlimited OpenAPI 3.0, 3.1 and 3.2 generation from the endpoint form</Trans>
          </li>
          <li>
            <Trans>Loading existing YAML documents back into the form</Trans>
          </li>
          <li>
            <Trans>Schemas inferred from JSON examples, JSON formatting and validation</Trans>
          </li>
          <li>
            <Trans>Billed in advance; the period starts when the payment is confirmed</Trans>
          </li>
        </ul>
        <p className="pricing-terms">
          <Trans>
            Payments are non-refundable. See the{' '}
            <Link to="/policies/terms-of-use">terms of use</Link>.
          </Trans>
        </p>
      </section>
    </div>
  );
}

function PlanTiles({
  sorted,
  type,
  selectedId,
  onSelect,
}: {
  sorted: Product[];
  type: PaymentType;
  selectedId: string | undefined;
  onSelect: (product: Product) => void;
}) {
  const { t, i18n } = useLingui();
  // English puts the symbol first (₽490); Russian after the amount (490 ₽).
  const symbolFirst = i18n.locale !== 'ru';
  const perMonth = (product: Product, months: number) => {
    const symbol = currencySymbol(product.price.currency);
    const amount = i18n.number(Math.round((product.price.amount / months) * 100) / 100, {
      maximumFractionDigits: 2,
    });
    return symbolFirst ? `${symbol}${amount}` : `${amount}\u00a0${symbol}`;
  };
  const refs = useRef<(HTMLDivElement | null)[]>([]);
  const tiles = PLAN_MONTHS.map((months) => ({
    months,
    product: planProduct(sorted, type, months),
  }));
  const available = tiles.filter((tile) => tile.product);
  // Roving focus: the selected tile (or the first available one) is the group's tab stop.
  const tabStop = tiles.findIndex((tile) => tile.product && tile.product.id === selectedId);
  const focusIndex = tabStop >= 0 ? tabStop : tiles.findIndex((tile) => tile.product);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, index: number) {
    const tile = tiles[index];
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (tile?.product) onSelect(tile.product);
      return;
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step || available.length === 0) return;
    event.preventDefault();
    for (let i = 1; i <= tiles.length; i++) {
      const next = (index + step * i + tiles.length) % tiles.length;
      const target = tiles[next];
      if (target?.product) {
        onSelect(target.product);
        refs.current[next]?.focus();
        return;
      }
    }
  }

  return (
    <div className="pricing-plans" role="radiogroup" aria-label={t`Plan`}>
      {tiles.map(({ months, product }, index) => {
        const selected = !!product && product.id === selectedId;
        const monthly = product && months > 1 ? perMonth(product, months) : '';
        return (
          <div
            key={months}
            ref={(element) => {
              refs.current[index] = element;
            }}
            role="radio"
            aria-checked={selected}
            aria-disabled={!product}
            tabIndex={product && index === focusIndex ? 0 : -1}
            className={`pricing-plan${selected ? ' pricing-plan-selected' : ''}${product ? '' : ' pricing-plan-empty'}`}
            data-testid={`pricing-plan-${months}`}
            onClick={() => product && onSelect(product)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <span className="pricing-plan-period">
              <Plural value={months} one="# month" other="# months" />
            </span>
            <span className="pricing-plan-price">
              {product ? (
                <>
                  {symbolFirst && (
                    <span className="pricing-plan-currency">
                      {currencySymbol(product.price.currency)}
                    </span>
                  )}
                  <span className="pricing-plan-amount">{i18n.number(product.price.amount)}</span>
                  {!symbolFirst && (
                    <span className="pricing-plan-currency">
                      {currencySymbol(product.price.currency)}
                    </span>
                  )}
                </>
              ) : (
                <span className="pricing-plan-amount" aria-label={t`No price`}>
                  —
                </span>
              )}
            </span>
            {monthly && (
              <span className="pricing-plan-note">
                <Trans>≈ {monthly} a month</Trans>
              </span>
            )}
            {product && months === 1 && (
              <span className="pricing-plan-note">
                <Trans>Try it for a month</Trans>
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
