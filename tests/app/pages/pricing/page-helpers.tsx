import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { messages as enMessages } from '../../../../locales/en/messages.po';
import { messages as ruMessages } from '../../../../locales/ru/messages.po';
import { login, syncSession } from '../../../../src/app/session';

/** Renders a page inside the real Lingui provider (catalog compiled from the .po files) and a router. */
export function renderPage(
  ui: ReactElement,
  { locale = 'en', route = '/' }: { locale?: 'en' | 'ru'; route?: string } = {},
): RenderResult {
  i18n.loadAndActivate({ locale, messages: locale === 'ru' ? ruMessages : enMessages });
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </I18nProvider>,
  );
}

function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT with the claims the client reads (the client never verifies signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.sig`;
}

/** Stores a valid token pair through the real session module. */
export function signIn(roles: string[] = []): void {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  login({
    accessToken: fakeJwt({ exp, realm_access: { roles } }),
    refreshToken: fakeJwt({ exp: exp + 3600 }),
  });
}

/** Clears the tokens: the real session module then reports a visitor. */
export function signOut(): void {
  localStorage.clear();
  syncSession();
}

/** A JSON `Response` for a stubbed fetch. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Route = (request: Request) => Response | Promise<Response>;

/** Stubs `fetch` with one handler per `METHOD path`; anything else fails the test loudly. */
export function stubFetch(routes: Record<string, Route>) {
  const calls: { method: string; path: string; headers: Headers; body: string }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      headers: request.headers,
      body: request.body ? await request.clone().text() : '',
    });
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected call ${key}`);
    return route(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
