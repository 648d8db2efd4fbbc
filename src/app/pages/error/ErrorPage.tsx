import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { failureMessage, logCallFailure, type RequestFailure } from '../../api/errors';
import { ErrorWithRetry } from '../../components/ErrorWithRetry';

/** The router's error element: headed 'Unexpected Application Error' (spec §8). */
export function ErrorPage() {
  const { i18n } = useLingui();
  const error = useRouteError();
  useEffect(() => logCallFailure('Showing the page', error), [error]);
  // The details stay in the console; a failed fetch of a page's code
  // (a TypeError, e.g. after a deploy or offline) reads as a network failure.
  const failure: RequestFailure | undefined =
    error instanceof TypeError
      ? { kind: 'network' }
      : isRouteErrorResponse(error)
        ? { kind: 'http', status: error.status }
        : undefined;
  return (
    <div className="page page-narrow">
      <div className="card shell-status-card">
        <h1>
          <Trans>Unexpected Application Error</Trans>
        </h1>
        <ErrorWithRetry
          message={failureMessage(i18n, failure)}
          messageClassName="muted"
          onRetry={() => window.location.reload()}
        />
        <a href="/" className="btn btn-primary">
          <Trans>Go to the home page</Trans>
        </a>
      </div>
    </div>
  );
}

/** Unknown addresses inside the frame. */
export function NotFoundPage() {
  return (
    <div className="page page-narrow">
      <div className="card shell-status-card">
        <h1>
          <Trans>Page not found</Trans>
        </h1>
        <p className="muted">
          <Trans>The page you are looking for does not exist or has moved.</Trans>
        </p>
        <Link to="/" className="btn btn-primary">
          <Trans>Go to the home page</Trans>
        </Link>
      </div>
    </div>
  );
}
