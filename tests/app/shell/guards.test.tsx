import { act, screen, waitFor } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GuestOnly, RequireAdmin, RequireAuth } from '../../../src/app/components/Guards';
import { routes } from '../../../src/app/routes';
import { browserLocation, forceLogout, saveReturnUrl, syncSession } from '../../../src/app/session';
import {
  freshSession,
  jsonResponse,
  renderRoutes,
  signIn,
  signOut,
  stubFetch,
  tokenPair,
} from './helpers';

/** The guards around stub pages: what is tested is who gets where. */
const table: RouteObject[] = [
  {
    path: '/',
    element: <Outlet />,
    children: [
      { index: true, element: <p>landing</p> },
      {
        path: 'login',
        element: (
          <GuestOnly>
            <p>login page</p>
          </GuestOnly>
        ),
      },
      {
        path: 'register',
        element: (
          <GuestOnly>
            <p>register page</p>
          </GuestOnly>
        ),
      },
      {
        path: 'generator',
        element: (
          <RequireAuth>
            <p>generator page</p>
          </RequireAuth>
        ),
      },
      {
        path: 'profile',
        element: (
          <RequireAuth>
            <p>profile page</p>
          </RequireAuth>
        ),
      },
      {
        path: 'admin',
        element: (
          <RequireAdmin>
            <p>admin page</p>
          </RequireAdmin>
        ),
      },
    ],
  },
];

beforeEach(() => signOut());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('guards', () => {
  it("guarded routes show 'Loading...' while the login state loads", async () => {
    freshSession();
    for (const path of ['/generator', '/profile', '/admin', '/login']) {
      const { router, unmount } = renderRoutes(table, path);
      expect(screen.getByText('Loading...')).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
  });

  it('signed-in pages send guests to /login, and come back after login', async () => {
    const { router } = renderRoutes(table, '/profile');
    await screen.findByText('login page');
    expect(router.state.location.pathname).toBe('/login');
    act(() => {
      signIn();
    });
    await screen.findByText('profile page');
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('a guest who logs in on /login goes to /generator', async () => {
    const { router } = renderRoutes(table, '/login');
    await screen.findByText('login page');
    act(() => {
      signIn();
    });
    await screen.findByText('generator page');
    expect(router.state.location.pathname).toBe('/generator');
  });

  it('after a forced logout the saved return URL wins', async () => {
    saveReturnUrl('/profile?x=1');
    const { router } = renderRoutes(table, '/login?reason=refresh_failed&t=1');
    await screen.findByText('login page');
    act(() => {
      signIn();
    });
    await screen.findByText('profile page');
    expect(router.state.location.search).toBe('?x=1');
  });

  it('guests-only pages send signed-in users to /generator', async () => {
    signIn();
    for (const path of ['/login', '/register']) {
      const { router, unmount } = renderRoutes(table, path);
      await screen.findByText('generator page');
      expect(router.state.location.pathname).toBe('/generator');
      unmount();
    }
  });

  it("/admin: admins are welcome, other users see 'Forbidden!', guests go to /login", async () => {
    signIn({ roles: ['admin'] });
    let view = renderRoutes(table, '/admin');
    expect(screen.getByText('admin page')).toBeTruthy();
    view.unmount();

    signIn({ roles: ['user'] });
    view = renderRoutes(table, '/admin');
    expect(screen.getByText('Forbidden!')).toBeTruthy();
    view.unmount();

    // A valid token without the role is not refreshed: Forbidden at once.
    signIn({ roles: ['user'] });
    stubFetch({});
    view = renderRoutes(table, '/admin');
    expect(screen.getByText('Forbidden!')).toBeTruthy();
    view.unmount();

    signOut();
    view = renderRoutes(table, '/admin');
    await screen.findByText('login page');
  });

  it('an expired access token is refreshed before the admin role is judged', async () => {
    signIn({ roles: ['admin'], accessTtl: -1 });
    const { calls } = stubFetch({
      'POST /api/public/v1/auth/refresh': () => jsonResponse(tokenPair({ roles: ['admin'] })),
    });
    renderRoutes(table, '/admin');
    expect(screen.getByText('Loading...')).toBeTruthy();
    await screen.findByText('admin page');
    expect(calls).toHaveLength(1);
  });

  it("an expired access token whose refresh shows no admin role gives 'Forbidden!'", async () => {
    signIn({ roles: ['admin'], accessTtl: -1 });
    stubFetch({
      'POST /api/public/v1/auth/refresh': () => jsonResponse(tokenPair({ roles: ['user'] })),
    });
    renderRoutes(table, '/admin');
    await screen.findByText('Forbidden!');
  });

  it('a refused refresh on /admin ends the session', async () => {
    signIn({ roles: ['admin'], accessTtl: -1 });
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    stubFetch({
      'POST /api/public/v1/auth/refresh': () => jsonResponse({ message: 'revoked' }, 401),
      'POST /api/public/v1/auth/logout': () => new Response(null, { status: 204 }),
    });
    const { router } = renderRoutes(table, '/admin');
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    expect(String(replace.mock.calls[0]![0])).toMatch(/^\/login\?reason=refresh_failed&t=\d+$/);
    // No client-side redirect races the page load that carries the reason.
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('a forced logout leaves the redirect to the page load, not to the guard', async () => {
    signIn();
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    stubFetch({ 'POST /api/public/v1/auth/logout': () => new Response(null, { status: 204 }) });
    const { router } = renderRoutes(table, '/profile');
    expect(screen.getByText('profile page')).toBeTruthy();
    act(() => forceLogout('refresh_failed'));
    expect(replace).toHaveBeenCalledTimes(1);
    expect(String(replace.mock.calls[0]![0])).toMatch(/^\/login\?reason=refresh_failed&t=\d+$/);
    await screen.findByText('Loading...');
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('reacts when the session ends while a guarded page is open', async () => {
    signIn();
    const { router } = renderRoutes(table, '/generator');
    expect(screen.getByText('generator page')).toBeTruthy();
    act(() => {
      localStorage.clear();
      syncSession();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('the app route table', () => {
  const site = {
    operatorName: 'IP Test',
    supportEmail: 'help@example.test',
    taxNumber: '123',
    registrationNumber: '456',
  };
  beforeEach(() => {
    stubFetch({ 'GET /api/public/v1/site': () => jsonResponse(site) });
    localStorage.setItem('cookieConsent', 'accepted');
  });

  it("/admin shows 'Welcome to admin panel!' to an admin", async () => {
    signIn({ roles: ['admin'] });
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('Welcome to admin panel!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin panel' })).toBeTruthy();
  });

  it("/admin shows 'Forbidden!' to a signed-in non-admin, with no admin link", async () => {
    signIn();
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('Forbidden!')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin panel' })).toBeNull();
  });

  it('/logout clears the tokens and lands on /login', async () => {
    signIn();
    const { router } = renderRoutes(routes, '/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('an unknown address shows the not-found page inside the frame', async () => {
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it("a crashing page shows 'Unexpected Application Error'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('boom');
    };
    const crashing: RouteObject[] = [
      {
        path: '/',
        element: routes[0]!.element,
        errorElement: routes[0]!.errorElement,
        children: [{ path: 'boom', element: <Boom /> }],
      },
    ];
    renderRoutes(crashing, '/boom');
    expect(await screen.findByText('Unexpected Application Error')).toBeTruthy();
    // Issue 13 point 11: the raw error goes to the console, the page says it in words.
    expect(screen.queryByText('boom')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Try again.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/failed/), expect.any(Error));
  });
});
