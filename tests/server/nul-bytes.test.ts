/**
 * Issue 13 §6: a NUL character (U+0000) anywhere in a request — any string of the body, the
 * query string or the path — is bad input (400, or the route's 401), never a 500. The table
 * must name every route the app has: a new route without a row fails the first test.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { findNul } from '../../src/server/plugins/no-nul';
import { bearer, newUser, signedInUser, useTestApp } from './helpers';

const NUL = '\u0000';

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With `:name` placeholders filled by `params`. */
  url: string;
  params?: Record<string, string>;
  body?: Record<string, unknown>;
  /** Whose bearer token to send. */
  as?: 'user' | 'admin';
  /** What a NUL may get on this route besides 400 (the route authenticates first, etc.). */
  also?: number[];
}

const ORDER_ID = '0b5c7a8e-1d2f-4a3b-9c4d-5e6f7a8b9c0d';

function table(refreshToken: string): Row[] {
  return [
    { method: 'GET', url: '/healthz' },
    { method: 'GET', url: '/readyz' },
    { method: 'GET', url: '/api/public/v1/site' },
    { method: 'GET', url: '/api/public/v1/jwks' },
    { method: 'GET', url: '/.well-known/jwks.json' },
    { method: 'GET', url: '/api/public/v1/products' },
    { method: 'GET', url: '/api/v1/customer', as: 'user' },
    { method: 'POST', url: '/api/public/v1/registration', body: newUser() },
    { method: 'PUT', url: '/api/public/v1/registration/verify', body: { uuid: 'A'.repeat(43) } },
    {
      method: 'POST',
      url: '/api/public/v1/auth/login',
      body: { email: 'someone@example.com', password: 'Kq7#mZ2p' },
    },
    { method: 'POST', url: '/api/public/v1/auth/refresh', body: { refreshToken } },
    { method: 'POST', url: '/api/public/v1/auth/logout', body: { refreshToken } },
    {
      method: 'POST',
      url: '/api/v1/customer/products/order',
      body: { plan: 'MIR_1M' },
      as: 'user',
    },
    {
      method: 'POST',
      url: '/api/v1/admin/grants',
      body: { email: 'someone@example.com' },
      as: 'admin',
    },
    { method: 'GET', url: '/api/v1/admin/admins', as: 'admin' },
    {
      method: 'DELETE',
      url: '/api/v1/admin/admins/:id',
      params: { id: ORDER_ID },
      as: 'admin',
      also: [404],
    },
    { method: 'POST', url: '/api/public/v1/password/forgot', body: { email: 'a@example.com' } },
    {
      method: 'POST',
      url: '/api/public/v1/password/reset',
      body: { token: 'A'.repeat(43), password: 'Kq7#mZ2p' },
    },
    { method: 'POST', url: '/api/public/v1/registration/resend', body: { email: 'a@example.com' } },
    // Projects (issue 12): a project that does not exist answers 404 when nothing else fails.
    { method: 'GET', url: '/api/v1/customer/projects', as: 'user' },
    { method: 'GET', url: '/api/v1/customer/projects/limits', as: 'user' },
    {
      method: 'POST',
      url: '/api/v1/customer/projects',
      body: { name: 'P', content: 'openapi: 3.0.1' },
      as: 'user',
      also: [402],
    },
    ...(['GET', 'PUT', 'PATCH', 'DELETE'] as const).map((method): Row => ({
      method,
      url: '/api/v1/customer/projects/:id',
      params: { id: ORDER_ID },
      ...(method === 'PUT' ? { body: { content: 'x' } } : {}),
      ...(method === 'PATCH' ? { body: { name: 'x' } } : {}),
      as: 'user',
      also: [402, 404, 428],
    })),
    {
      method: 'POST',
      url: '/api/v1/customer/projects/:id/duplicate',
      params: { id: ORDER_ID },
      as: 'user',
      also: [402, 404],
    },
    {
      method: 'GET',
      url: '/api/v1/customer/projects/:id/revisions',
      params: { id: ORDER_ID },
      as: 'user',
      also: [404],
    },
    {
      method: 'GET',
      url: '/api/v1/customer/projects/:id/revisions/:revision',
      params: { id: ORDER_ID, revision: '1' },
      as: 'user',
      also: [404],
    },
    ...(['GET', 'PUT'] as const).map((method): Row => ({
      method,
      url: '/api/v1/customer/projects/:id/ruleset',
      params: { id: ORDER_ID },
      ...(method === 'PUT' ? { body: { ruleset: 'extends: [spectral:oas]' } } : {}),
      as: 'user',
      also: [402, 404, 428],
    })),
    {
      method: 'PATCH',
      url: '/api/v1/customer/projects/:id/revisions/:revision',
      params: { id: ORDER_ID, revision: '1' },
      body: { name: 'A version' },
      as: 'user',
      also: [402, 404],
    },
    // Notifications are read as raw bytes and must carry a valid signature: 401 or 400.
    ...(['tbank', 'cryptomus', 'sandbox'] as const).map((name): Row => ({
      method: 'POST',
      url: `/api/public/v1/payments/${name}/notify`,
      body: { OrderId: ORDER_ID, Status: 'CONFIRMED', order_id: ORDER_ID, status: 'paid' },
      also: [401, 403, 404],
    })),
    { method: 'GET', url: '/sandbox/pay/:orderId', params: { orderId: ORDER_ID } },
    ...(['pay', 'cancel'] as const).map((action): Row => ({
      method: 'POST',
      url: `/sandbox/pay/:orderId/${action}`,
      params: { orderId: ORDER_ID },
    })),
  ];
}

/** Every variant of a row with one NUL planted in one place. */
function variants(row: Row): { where: string; url: string; body?: unknown }[] {
  const fill = (params: Record<string, string>) =>
    row.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
  const url = fill(row.params ?? {});
  const out: { where: string; url: string; body?: unknown }[] = [
    { where: 'query', url: `${url}?q=a${encodeURIComponent(NUL)}b`, body: row.body },
  ];
  for (const name of Object.keys(row.params ?? {})) {
    for (const value of [NUL, `${row.params![name]}${NUL}`]) {
      out.push({
        where: `param ${name}`,
        url: fill({ ...row.params, [name]: value }),
        body: row.body,
      });
    }
  }
  for (const [key, value] of Object.entries(row.body ?? {})) {
    if (typeof value !== 'string') continue;
    for (const planted of [`${value}${NUL}`, `${NUL}${value}`, NUL]) {
      out.push({ where: `body.${key}`, url, body: { ...row.body, [key]: planted } });
    }
  }
  if (row.body) out.push({ where: 'body key', url, body: { ...row.body, [`x${NUL}`]: 'y' } });
  return out;
}

/** Every route as "METHOD /path" (HEAD is GET's twin), read from Fastify's route tree. */
function routesOf(app: FastifyInstance): string[] {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of lines) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = full;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${full}`);
    }
  }
  return routes;
}

describe('NUL characters in requests (issue 13 §6)', () => {
  const t = useTestApp({ adminEmails: ['nul-admin@example.com'] });

  it('finds NUL in values, keys and nested arrays', () => {
    expect(findNul({ a: 'ok', b: [1, { c: `x${NUL}` }] }, 'body')).toBe('body.b[1].c');
    expect(findNul({ [`k${NUL}`]: 1 }, 'body')).toBe('body');
    expect(findNul({ a: 'ok', b: [true, null, 3] }, 'body')).toBeUndefined();
  });

  it('the table names every route of the app', async () => {
    const rows = table('x').map((row) => `${row.method} ${row.url}`);
    expect(routesOf(t.app).sort()).toEqual([...new Set(rows)].sort());
  });

  it('every string of every route gets 400 (or the route’s own 401), never 500', async () => {
    const user = await signedInUser(t);
    const admin = await signedInUser(t, { email: 'nul-admin@example.com' });
    const failures: string[] = [];
    let count = 0;
    for (const row of table(user.tokens.refreshToken)) {
      const headers = row.as ? bearer((row.as === 'admin' ? admin : user).tokens.accessToken) : {};
      for (const variant of variants(row)) {
        const res = await t.app.inject({
          method: row.method,
          url: variant.url,
          headers,
          ...(variant.body === undefined ? {} : { payload: variant.body as object }),
        });
        count += 1;
        const allowed = [400, ...(row.also ?? [])];
        if (!allowed.includes(res.statusCode) || typeof res.json().message !== 'string') {
          failures.push(
            `${row.method} ${variant.url} ${variant.where}: ${res.statusCode} ${res.body}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(40);
  });
});
