import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, publicHttp } from '../../../src/app/api/http';
import {
  browserLocation,
  getAccessToken,
  getRefreshToken,
  peekReturnUrl,
  UNAUTHORIZED_EVENT,
  getSessionState,
} from '../../../src/app/session';
import { jsonResponse, signIn, signOut, stubFetch, tokenPair } from './helpers';

let replace: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  signOut();
  replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/profile?tab=1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const bearerOf = (token: string) => `Bearer ${token}`;

describe('http: bearer token', () => {
  it('sends the access token on non-public calls and none on /api/public/v1', async () => {
    const pair = signIn();
    const { calls } = stubFetch({
      'GET /api/v1/customer': () => jsonResponse({ ok: true }),
      'GET /api/public/v1/products': () => jsonResponse([]),
    });
    await http.get('/api/v1/customer').json();
    await http.get('/api/public/v1/products').json();
    await publicHttp.get('/api/public/v1/products').json();
    expect(calls.map((c) => c.authorization)).toEqual([bearerOf(pair.accessToken), null, null]);
  });
});

describe('http: 401 → one shared refresh → retry once', () => {
  it('refreshes, stores the new pair and retries the request with the new token', async () => {
    const old = signIn({ id: 'old' });
    const fresh = tokenPair({ id: 'new' });
    const { calls } = stubFetch({
      'GET /api/v1/customer': (_req, call) =>
        call.authorization === bearerOf(fresh.accessToken)
          ? jsonResponse({ firstName: 'Ann' })
          : jsonResponse({ message: 'expired' }, 401),
      'POST /api/public/v1/auth/refresh': () => jsonResponse(fresh),
    });
    const body = await http.get('/api/v1/customer').json<{ firstName: string }>();
    expect(body.firstName).toBe('Ann');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/v1/customer',
      'POST /api/public/v1/auth/refresh',
      'GET /api/v1/customer',
    ]);
    expect(JSON.parse(calls[1]!.body)).toEqual({ refreshToken: old.refreshToken });
    expect(calls[1]!.authorization).toBeNull();
    expect(getAccessToken()).toBe(fresh.accessToken);
    expect(getRefreshToken()).toBe(fresh.refreshToken);
    expect(JSON.parse(localStorage.getItem('accessToken')!)).toEqual({ token: fresh.accessToken });
  });

  it('keeps the request body for the retry of a POST', async () => {
    signIn({ id: 'old' });
    const fresh = tokenPair({ id: 'new' });
    const bodies: string[] = [];
    stubFetch({
      'POST /api/v1/customer/products/order': (_req, call) => {
        bodies.push(call.body);
        return call.authorization === bearerOf(fresh.accessToken)
          ? jsonResponse({ order: 'o1' })
          : jsonResponse({ message: 'expired' }, 401);
      },
      'POST /api/public/v1/auth/refresh': () => jsonResponse(fresh),
    });
    await http.post('/api/v1/customer/products/order', { json: { plan: 'p1' } }).json();
    expect(bodies).toEqual(['{"plan":"p1"}', '{"plan":"p1"}']);
  });

  it('two concurrent 401s share ONE refresh and both succeed', async () => {
    signIn({ id: 'old' });
    const fresh = tokenPair({ id: 'new' });
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { calls } = stubFetch({
      'GET /api/v1/customer': (_req, call) =>
        call.authorization === bearerOf(fresh.accessToken)
          ? jsonResponse({ who: 'customer' })
          : jsonResponse({ message: 'expired' }, 401),
      'GET /api/v1/other': (_req, call) =>
        call.authorization === bearerOf(fresh.accessToken)
          ? jsonResponse({ who: 'other' })
          : jsonResponse({ message: 'expired' }, 401),
      'POST /api/public/v1/auth/refresh': async () => {
        await refreshGate;
        return jsonResponse(fresh);
      },
    });
    const a = http.get('/api/v1/customer').json<{ who: string }>();
    const b = http.get('/api/v1/other').json<{ who: string }>();
    // Let both first attempts fail and reach the refresh before it answers.
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/refresh'))).toHaveLength(1),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    releaseRefresh();
    await expect(Promise.all([a, b])).resolves.toEqual([{ who: 'customer' }, { who: 'other' }]);
    expect(calls.filter((c) => c.path === '/api/public/v1/auth/refresh')).toHaveLength(1);
    expect(calls.filter((c) => c.path !== '/api/public/v1/auth/refresh')).toHaveLength(4);
  });

  it('a 401 that arrives after another request already refreshed reuses the new token', async () => {
    signIn({ id: 'old' });
    const fresh = tokenPair({ id: 'new' });
    let firstGate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (firstGate = resolve));
    const { calls } = stubFetch({
      'GET /api/v1/slow': async (_req, call) => {
        if (call.authorization === bearerOf(fresh.accessToken)) return jsonResponse({ ok: 'slow' });
        await gate;
        return jsonResponse({ message: 'expired' }, 401);
      },
      'GET /api/v1/fast': (_req, call) =>
        call.authorization === bearerOf(fresh.accessToken)
          ? jsonResponse({ ok: 'fast' })
          : jsonResponse({ message: 'expired' }, 401),
      'POST /api/public/v1/auth/refresh': () => jsonResponse(fresh),
    });
    const slow = http.get('/api/v1/slow').json();
    await expect(http.get('/api/v1/fast').json()).resolves.toEqual({ ok: 'fast' });
    firstGate();
    await expect(slow).resolves.toEqual({ ok: 'slow' });
    expect(calls.filter((c) => c.path === '/api/public/v1/auth/refresh')).toHaveLength(1);
  });

  it('retries only once: a second 401 is the answer', async () => {
    signIn({ id: 'old' });
    const { calls } = stubFetch({
      'GET /api/v1/customer': () => jsonResponse({ message: 'nope' }, 401),
      'POST /api/public/v1/auth/refresh': () => jsonResponse(tokenPair({ id: 'new' })),
    });
    await expect(http.get('/api/v1/customer').json()).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/v1/customer',
      '/api/public/v1/auth/refresh',
      '/api/v1/customer',
    ]);
    expect(replace).not.toHaveBeenCalled();
  });

  it('never refreshes for a 401 from a public call', async () => {
    signIn();
    const { calls } = stubFetch({
      'POST /api/public/v1/auth/login': () => jsonResponse({ message: 'bad' }, 401),
    });
    await expect(publicHttp.post('/api/public/v1/auth/login', { json: {} })).rejects.toThrow();
    await expect(http.post('/api/public/v1/auth/login', { json: {} })).rejects.toThrow();
    expect(calls).toHaveLength(2);
  });
});

describe('http: failed refresh ends the session', () => {
  it('logs out, emits the unauthorized event, saves the return URL and replaces the location', async () => {
    signIn();
    const events: unknown[] = [];
    const onUnauthorized = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    const { calls } = stubFetch({
      'GET /api/v1/customer': () => jsonResponse({ message: 'expired' }, 401),
      'POST /api/public/v1/auth/refresh': () => jsonResponse({ message: 'revoked' }, 401),
      'POST /api/public/v1/auth/logout': () => new Response(null, { status: 204 }),
    });
    const before = Date.now();
    await expect(http.get('/api/v1/customer')).rejects.toThrow();
    window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(getSessionState().signedIn).toBe(false);
    expect(events).toEqual([{ reason: 'refresh_failed' }]);
    expect(peekReturnUrl()).toBe('/profile?tab=1');
    expect(replace).toHaveBeenCalledTimes(1);
    const url = new URL(String(replace.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('reason')).toBe('refresh_failed');
    expect(Number(url.searchParams.get('t'))).toBeGreaterThanOrEqual(before);
    // Only one request was retried: none, since the refresh failed.
    expect(calls.filter((c) => c.path === '/api/v1/customer')).toHaveLength(1);
  });

  it("'No token received after refresh' logs out and redirects too", async () => {
    signIn();
    stubFetch({
      'GET /api/v1/customer': () => jsonResponse({ message: 'expired' }, 401),
      'POST /api/public/v1/auth/refresh': () => jsonResponse({}),
      'POST /api/public/v1/auth/logout': () => new Response(null, { status: 204 }),
    });
    await expect(http.get('/api/v1/customer')).rejects.toThrow('No token received after refresh');
    expect(getRefreshToken()).toBeUndefined();
    expect(String(replace.mock.calls[0]![0])).toMatch(/^\/login\?reason=refresh_failed&t=\d+$/);
  });

  it("a missing refresh token raises 'Refresh token is missing', clears tokens and redirects", async () => {
    localStorage.setItem('accessToken', JSON.stringify({ token: tokenPair().accessToken }));
    const { calls } = stubFetch({
      'GET /api/v1/customer': () => jsonResponse({ message: 'expired' }, 401),
    });
    await expect(http.get('/api/v1/customer')).rejects.toThrow('Refresh token is missing');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(calls).toHaveLength(1);
    expect(String(replace.mock.calls[0]![0])).toMatch(/^\/login\?reason=session_expired&t=\d+$/);
  });

  it('concurrent 401s with a failing refresh redirect once', async () => {
    signIn();
    stubFetch({
      'GET /api/v1/a': () => jsonResponse({ message: 'expired' }, 401),
      'GET /api/v1/b': () => jsonResponse({ message: 'expired' }, 401),
      'POST /api/public/v1/auth/refresh': () => jsonResponse({ message: 'revoked' }, 401),
      'POST /api/public/v1/auth/logout': () => new Response(null, { status: 204 }),
    });
    const results = await Promise.allSettled([http.get('/api/v1/a'), http.get('/api/v1/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(replace).toHaveBeenCalledTimes(1);
  });
});

describe('refresh across tabs', () => {
  afterEach(() => {
    delete (navigator as { locks?: unknown }).locks;
  });

  it('under the Web Lock, a pair stored by another tab meanwhile is used without a second refresh', async () => {
    signIn({ id: 'old' });
    const otherTab = tokenPair({ id: 'other-tab' });
    const requested: string[] = [];
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: async (name: string, callback: () => Promise<unknown>) => {
          requested.push(name);
          // While this tab waited for the lock, another tab refreshed and stored its pair.
          localStorage.setItem('accessToken', JSON.stringify({ token: otherTab.accessToken }));
          localStorage.setItem('refreshToken', JSON.stringify({ token: otherTab.refreshToken }));
          return callback();
        },
      },
    });
    const { calls } = stubFetch({
      'GET /api/v1/customer': (_req, call) =>
        call.authorization === bearerOf(otherTab.accessToken)
          ? jsonResponse({ ok: true })
          : jsonResponse({ message: 'expired' }, 401),
    });
    await expect(http.get('/api/v1/customer').json()).resolves.toEqual({ ok: true });
    expect(requested).toEqual(['specform-token-refresh']);
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/customer', '/api/v1/customer']);
  });

  it('under the Web Lock, an unchanged pair is refreshed as usual', async () => {
    signIn({ id: 'old' });
    const fresh = tokenPair({ id: 'new' });
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: { request: (_name: string, callback: () => Promise<unknown>) => callback() },
    });
    const { calls } = stubFetch({
      'GET /api/v1/customer': (_req, call) =>
        call.authorization === bearerOf(fresh.accessToken)
          ? jsonResponse({ ok: true })
          : jsonResponse({ message: 'expired' }, 401),
      'POST /api/public/v1/auth/refresh': () => jsonResponse(fresh),
    });
    await expect(http.get('/api/v1/customer').json()).resolves.toEqual({ ok: true });
    expect(calls.filter((c) => c.path === '/api/public/v1/auth/refresh')).toHaveLength(1);
  });
});
