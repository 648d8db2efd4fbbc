import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export interface ErrorWithRetryProps {
  /** The translated message (see api/errors.ts); never an error's raw text. */
  message: ReactNode;
  onRetry: () => void;
  /** Disables the button while the retried call runs. */
  retrying?: boolean;
  /** Class of the message line, so each page keeps its own error look. */
  messageClassName?: string;
  /** Other ways on, beside the Retry button (e.g. a renew or payment link). */
  children?: ReactNode;
  testId?: string;
}

/**
 * A failed call on screen: the message as an alert, then Retry and any
 * other way on.
 * The alert holds only the message, so screen readers announce it without the button's label.
 */
export function ErrorWithRetry({
  message,
  onRetry,
  retrying = false,
  messageClassName = 'form-error',
  children,
  testId = 'error-with-retry',
}: ErrorWithRetryProps) {
  const { t } = useLingui();
  return (
    <div className="error-with-retry" data-testid={testId}>
      <p className={messageClassName} role="alert">
        {message}
      </p>
      <div className="error-with-retry-actions">
        <button
          type="button"
          className="btn error-with-retry-button"
          onClick={onRetry}
          disabled={retrying}
          aria-busy={retrying}
        >
          {t`Retry`}
        </button>
        {children}
      </div>
    </div>
  );
}
