import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';

/** The router's error element: headed 'Unexpected Application Error' (spec §8). */
export function ErrorPage() {
  const error = useRouteError();
  let detail: string;
  if (isRouteErrorResponse(error)) detail = `${error.status} ${error.statusText}`;
  else if (error instanceof Error) detail = error.message;
  else detail = String(error);
  return (
    <div className="page page-narrow">
      <div className="card shell-status-card" role="alert">
        <h1>
          <Trans>Unexpected Application Error</Trans>
        </h1>
        <p className="muted shell-error-detail">{detail}</p>
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
