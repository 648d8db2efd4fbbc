import { beforeEach, describe, expect, it, vi, afterEach } from 'vitest';
import { getSessionState, initSession, login, logout, syncSession } from '../../../src/app/session';
import { fakeJwt, freshSession, jsonResponse, stubFetch, tokenPair } from './helpers';

const now = () => Math.floor(Date.now() / 1000);

beforeEach(() => freshSession());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session state from stored tokens', () => {
  it('starts loading, then a visitor without tokens', () => {
    expect(getSessionState()).toEqual({ loading: true, signedIn: false, isAdmin: false });
    syncSession();
    expect(getSessionState()).toEqual({ loading: false, signedIn: false, isAdmin: false });
  });

  it('login stores both tokens as { token } objects and signs in', () => {
    const pair = tokenPair();
    login(pair);
    expect(JSON.parse(localStorage.getItem('accessToken')!)).toEqual({ token: pair.accessToken });
    expect(JSON.parse(localStorage.getItem('refreshToken')!)).toEqual({ token: pair.refreshToken });
    expect(getSessionState()).toEqual({ loading: false, signedIn: true, isAdmin: false });
  });

  it('signed in follows the refresh token, not the access token', () => {
    login(tokenPair({ accessTtl: -10 }));
    expect(getSessionState().signedIn).toBe(true);
    login(tokenPair({ refreshTtl: -10 }));
    expect(getSessionState().signedIn).toBe(false);
  });

  it('admin needs the realm role admin in an unexpired access token', () => {
    login(tokenPair({ roles: ['user', 'admin'] }));
    expect(getSessionState().isAdmin).toBe(true);
    login(tokenPair({ roles: ['admin'], accessTtl: -1 }));
    expect(getSessionState()).toMatchObject({ signedIn: true, isAdmin: false });
    login(tokenPair({ roles: ['user'] }));
    expect(getSessionState().isAdmin).toBe(false);
  });

  it('clears tokens that cannot be decoded', () => {
    localStorage.setItem('accessToken', JSON.stringify({ token: 'not-a-jwt' }));
    localStorage.setItem('refreshToken', 'garbage');
    syncSession();
    expect(getSessionState().signedIn).toBe(false);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('a refresh token without exp does not sign in', () => {
    localStorage.setItem('refreshToken', JSON.stringify({ token: fakeJwt({ sub: 'x' }) }));
    syncSession();
    expect(getSessionState().signedIn).toBe(false);
  });

  it('logout clears tokens and the cached profile and revokes the refresh token on the server', async () => {
    const pair = tokenPair();
    login(pair);
    localStorage.setItem('customerProfile', '{}');
    const { calls } = stubFetch({
      'POST /api/public/v1/auth/logout': () => new Response(null, { status: 204 }),
    });
    logout();
    expect(getSessionState().signedIn).toBe(false);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('customerProfile')).toBeNull();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls).toEqual([
      expect.objectContaining({
        path: '/api/public/v1/auth/logout',
        body: JSON.stringify({ refreshToken: pair.refreshToken }),
      }),
    ]);
  });
});

describe('initial login check', () => {
  it('refreshes an expired access token first, so the admin role is known', async () => {
    localStorage.setItem('refreshToken', JSON.stringify({ token: fakeJwt({ exp: now() + 3600 }) }));
    localStorage.setItem(
      'accessToken',
      JSON.stringify({ token: fakeJwt({ exp: now() - 5, realm_access: { roles: ['admin'] } }) }),
    );
    const fresh = tokenPair({ roles: ['admin'], id: 'fresh' });
    stubFetch({ 'POST /api/public/v1/auth/refresh': () => jsonResponse(fresh) });
    const pending = initSession();
    expect(getSessionState().loading).toBe(true);
    await pending;
    expect(getSessionState()).toEqual({ loading: false, signedIn: true, isAdmin: true });
  });

  it('a refused refresh signs out quietly', async () => {
    localStorage.setItem('refreshToken', JSON.stringify({ token: fakeJwt({ exp: now() + 3600 }) }));
    stubFetch({
      'POST /api/public/v1/auth/refresh': () => jsonResponse({ message: 'revoked' }, 401),
    });
    await initSession();
    expect(getSessionState()).toEqual({ loading: false, signedIn: false, isAdmin: false });
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('an unreachable server keeps the tokens', async () => {
    const pair = tokenPair({ accessTtl: -5 });
    localStorage.setItem('refreshToken', JSON.stringify({ token: pair.refreshToken }));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await initSession();
    expect(getSessionState()).toMatchObject({ loading: false, signedIn: true });
  });
});
