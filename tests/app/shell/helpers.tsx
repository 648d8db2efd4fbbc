import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  createMemoryRouter,
  MemoryRouter,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { vi } from 'vitest';
import { messages as enMessages } from '../../../locales/en/messages.po';
import { messages as ruMessages } from '../../../locales/ru/messages.po';
import { login, resetSessionForTests, syncSession } from '../../../src/app/session';

export type Locale = 'en' | 'ru';

/** Activates the real compiled catalog of `locale`. */
export function activateTestLocale(locale: Locale = 'en'): void {
  i18n.loadAndActivate({ locale, messages: locale === 'ru' ? ruMessages : enMessages });
}

/** Renders `ui` inside Lingui and a memory router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { locale = 'en', route = '/' }: { locale?: Locale; route?: string } = {},
): RenderResult {
  activateTestLocale(locale);
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </I18nProvider>,
  );
}

/** Renders a route table in a data memory router; returns the router to inspect its location. */
export function renderRoutes(routes: RouteObject[], path: string, locale: Locale = 'en') {
  activateTestLocale(locale);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { router, ...result };
}

function base64url(value: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT with the given claims (the client never verifies signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'ES256', typ: 'JWT' })}.${base64url(claims)}.sig`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token pair; `accessTtl` may be negative for an already expired access token. */
export function tokenPair({
  roles = [] as string[],
  accessTtl = 300,
  refreshTtl = 3600,
  id = '1',
} = {}) {
  return {
    accessToken: fakeJwt({ exp: nowSeconds() + accessTtl, realm_access: { roles }, jti: `a${id}` }),
    refreshToken: fakeJwt({ exp: nowSeconds() + refreshTtl, jti: `r${id}` }),
  };
}

/** Stores a pair the way the app stores it and marks the session loaded. */
export function signIn(options: Parameters<typeof tokenPair>[0] = {}) {
  const pair = tokenPair(options);
  login(pair);
  return pair;
}

/** Empty storage, a fresh "loading" session state. */
export function freshSession(): void {
  localStorage.clear();
  resetSessionForTests();
}

/** Empty storage, session loaded as a visitor. */
export function signOut(): void {
  localStorage.clear();
  resetSessionForTests();
  syncSession();
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | null;
  body: string;
}

type Handler = (request: Request, call: RecordedCall) => Response | Promise<Response>;

/** Stubs `fetch` with one handler per `METHOD path`; an unexpected call fails loudly. */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    const path = new URL(request.url).pathname;
    const call: RecordedCall = {
      method: request.method,
      path,
      authorization: request.headers.get('authorization'),
      body: request.body ? await request.clone().text() : '',
    };
    calls.push(call);
    const handler = handlers[`${request.method} ${path}`];
    if (!handler) throw new Error(`unexpected call ${request.method} ${path}`);
    return handler(request, call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
