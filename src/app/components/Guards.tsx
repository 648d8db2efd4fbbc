import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import {
  forceLogout,
  getAccessToken,
  isLeaving,
  peekReturnUrl,
  reasonFor,
  RefreshError,
  refreshAccessToken,
  syncSession,
  useSession,
} from '../session';
import { isTokenUnexpired } from '../session/tokens';

/** Shown by guarded routes while the login state loads (spec §2). */
export function LoadingState() {
  return (
    <div className="status-text" role="status" aria-live="polite">
      <Trans>Loading...</Trans>
    </div>
  );
}

/** The page a signed-in user is sent to from a guests-only page. */
function afterLoginTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from;
  return peekReturnUrl() ?? '/generator';
}

/** Signed-in pages: guests are redirected to /login (remembering where they wanted to go). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, signedIn } = useSession();
  const location = useLocation();
  if (loading) return <LoadingState />;
  if (!signedIn) {
    if (isLeaving()) return <LoadingState />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}

/** Guests-only pages (/login, /register): signed-in users go to the return URL or /generator. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { loading, signedIn } = useSession();
  const location = useLocation();
  if (loading) return <LoadingState />;
  if (signedIn) return <Navigate to={afterLoginTarget(location.state)} replace />;
  return children;
}

/**
 * /admin: guests go to /login; signed-in users without a valid admin token see 'Forbidden!'.
 * An access token that merely expired while the app was open is refreshed first (the role is
 * read from it), so an admin is not turned away every few minutes.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { loading, signedIn, isAdmin } = useSession();
  const [refreshFailed, setRefreshFailed] = useState(false);
  // Re-render after a refresh even when the login state itself did not change.
  const [, setRefreshed] = useState(0);
  // The role counts only while the access token is valid, whatever the store last saw.
  const stale = signedIn && !refreshFailed && !isTokenUnexpired(getAccessToken());

  useEffect(() => {
    if (loading || !stale) return;
    refreshAccessToken().then(
      () => {
        syncSession();
        setRefreshed((count) => count + 1);
      },
      (error: unknown) => {
        if (error instanceof RefreshError && error.kind === 'unreachable') setRefreshFailed(true);
        else forceLogout(reasonFor(error));
      },
    );
  }, [loading, stale]);

  if (loading || stale) return <LoadingState />;
  if (!signedIn) {
    return isLeaving() ? (
      <LoadingState />
    ) : (
      <Navigate to="/login" replace state={{ from: '/admin' }} />
    );
  }
  if (!isAdmin) {
    return (
      <div className="page page-narrow">
        <div className="card">
          <h1 className="shell-forbidden">
            <Trans>Forbidden!</Trans>
          </h1>
        </div>
      </div>
    );
  }
  return children;
}
