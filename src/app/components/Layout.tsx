import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { clearReturnUrl, useSession } from '../session';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { LoadingState } from './Guards';
import { TopBar } from './TopBar';

const GUEST_ONLY = ['/login', '/register'];

/** The frame of every page: top bar, the routed page, footer and the cookie banner. */
export function Layout() {
  const { loading, signedIn } = useSession();
  const { pathname } = useLocation();

  // Once a signed-in user is past the guests-only pages, the saved return URL has been used.
  useEffect(() => {
    if (!loading && signedIn && !GUEST_ONLY.includes(pathname)) clearReturnUrl();
  }, [loading, signedIn, pathname]);

  // A new page starts at the top.
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);

  return (
    <>
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <TopBar />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CookieBanner />
    </>
  );
}
