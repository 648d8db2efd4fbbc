import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { failureReason } from '../../api/errors';
import { ErrorWithRetry } from '../../components/ErrorWithRetry';
import type { PurchaseState } from './usePurchase';

/** The purchase outcome under the Renew button: progress, the way back to the profile, or the error of spec §8. */
export function PurchaseStatus({
  state,
  onRetry,
}: {
  state: PurchaseState;
  /** Offered with every failure except a missing product. */
  onRetry?: () => void;
}) {
  const { t, i18n } = useLingui();
  if (state.status === 'idle') return <div className="pricing-purchase" aria-live="polite" />;
  if (state.status === 'pending') {
    return (
      <div className="pricing-purchase" aria-live="polite">
        <p className="pricing-status">
          <Trans>Creating your order…</Trans>
        </p>
      </div>
    );
  }
  if (state.status === 'opened') {
    return (
      <div className="pricing-purchase pricing-purchase-opened" aria-live="polite">
        <p>
          <Trans>
            The payment page has opened in a new tab. When you have paid, return to your profile: it
            shows the new subscription end date.
          </Trans>
        </p>
        <Link className="pricing-profile-link" to="/profile">
          <Trans>Go to profile</Trans>
        </Link>
      </div>
    );
  }
  let message: string;
  switch (state.code) {
    case 'PRODUCT_ID_REQUIRED':
      message = t`Product ID is required`;
      break;
    case 'INVALID_RESPONSE':
      message = t`Invalid purchase response`;
      break;
    case 'WINDOW_FAILED':
      message = t`Failed to open payment window`;
      break;
    case 'PURCHASE_FAILED': {
      const cause = failureReason(i18n, state.failure);
      message = cause ? t`Purchase failed: ${cause}` : t`Purchase failed`;
      break;
    }
    case 'UNKNOWN':
      message = t`Unknown error occurred during purchase`;
      break;
  }
  const link = state.paymentUrl ? (
    <a
      className="pricing-profile-link"
      href={state.paymentUrl}
      target="_blank"
      rel="noopener noreferrer"
    >
      <Trans>Open the payment page</Trans>
    </a>
  ) : null;
  if (onRetry && state.code !== 'PRODUCT_ID_REQUIRED') {
    return (
      <div className="pricing-purchase" aria-live="polite">
        <ErrorWithRetry message={message} messageClassName="pricing-error" onRetry={onRetry}>
          {link}
        </ErrorWithRetry>
      </div>
    );
  }
  return (
    <div className="pricing-purchase" aria-live="polite">
      <p className="pricing-error" role="alert">
        {message}
      </p>
      {link}
    </div>
  );
}
