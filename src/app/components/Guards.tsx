import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { peekReturnUrl, useSession } from '../session';

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

/** /admin: guests go to /login; signed-in users without a valid admin token see 'Forbidden!'. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { loading, signedIn, isAdmin } = useSession();
  if (loading) return <LoadingState />;
  if (!signedIn) return <Navigate to="/login" replace state={{ from: '/admin' }} />;
  if (!isAdmin) {
    return (
      <div className="page">
        <h1 className="shell-forbidden">
          <Trans>Forbidden!</Trans>
        </h1>
      </div>
    );
  }
  return children;
}
