import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARGON2_MINIMUM, ConfigError, loadConfig } from '../../src/server/config';
import { createPasswordHasher, parsePhc } from '../../src/server/plugins/passwords';
import { borrowDb, buildTestApp, useTestApp, type TestApp } from './helpers';

describe('configuration (validated at start)', () => {
  it('has documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      accessTokenTtlSeconds: 300,
      refreshIdleSeconds: 7 * 86400,
      refreshAbsoluteSeconds: 30 * 86400,
      argon2: ARGON2_MINIMUM,
      production: false,
    });
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ ADMIN_EMAILS: 'A@x.io, b@y.io' }).adminEmails).toEqual([
      'a@x.io',
      'b@y.io',
    ]);
  });

  it('names every bad value in one clear message', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://u:secret@h/db',
        PUBLIC_URL: 'localhost',
        ACCESS_TOKEN_TTL_SECONDS: '-5',
        ARGON2_MEMORY_KIB: '1024',
        ADMIN_EMAILS: 'not-an-email',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT must be an integer from 0 to 65535 \(got "eighty"\)/);
    expect(message).toMatch(/DATABASE_URL must be a URL starting with postgres:\/\//);
    expect(message).not.toContain('secret');
    expect(message).toMatch(/PUBLIC_URL/);
    expect(message).toMatch(/ACCESS_TOKEN_TTL_SECONDS/);
    expect(message).toMatch(/ARGON2_MEMORY_KIB must be an integer from 19456/);
    expect(message).toMatch(/ADMIN_EMAILS contains a bad e-mail address/);
  });
});

describe('password hashing (security.md §1)', () => {
  it('uses argon2id with at least m=19456, t=2, p=1 in production', async () => {
    const hasher = await createPasswordHasher(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://specform.example' }).argon2,
    );
    const phc = await hasher.hash('Kq7#mZ2p');
    expect(parsePhc(phc)).toEqual({
      algorithm: 'argon2id',
      version: 19,
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(await hasher.verify(phc, 'Kq7#mZ2p')).toBe(true);
    expect(await hasher.verify(phc, 'Kq7#mZ2q')).toBe(false);
    expect(await hasher.verify('garbage', 'Kq7#mZ2p')).toBe(false);
    expect(hasher.needsRehash(phc)).toBe(false);
    expect(hasher.needsRehash(phc.replace('m=19456', 'm=8192'))).toBe(true);
    expect(hasher.needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
  });
});

/** One app for the file's API tests (the static-site block builds its own). */
const t = useTestApp({
  operator: {
    name: 'IP Ivanov I. I.',
    supportEmail: 'help@specform.test',
    taxNumber: '7700000000',
    registrationNumber: '300000000000000',
  },
});

describe('public routes, headers and errors', () => {
  it('serves the site settings, health and readiness', async () => {
    const site = await t.app.inject({ method: 'GET', url: '/api/public/v1/site' });
    expect(site.statusCode).toBe(200);
    expect(site.json()).toEqual({
      operatorName: 'IP Ivanov I. I.',
      operatorNameRu: 'IP Ivanov I. I.',
      demo: false,
      supportEmail: 'help@specform.test',
      taxNumber: '7700000000',
      registrationNumber: '300000000000000',
    });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
    });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('sends the security headers and no CORS', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/public/v1/site',
      headers: { origin: 'https://evil.example' },
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/frame-src[^;]*https:\/\/www\.youtube-nocookie\.com/);
    expect(csp).toMatch(/frame-src[^;]*https:\/\/rutube\.ru/);
    expect(csp).toMatch(/img-src 'self' data:/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers unknown API paths and methods with 404 { message }', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing'],
      ['DELETE', '/api/v1/customer'],
      ['GET', '/login'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('needs a bearer token for the profile', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', 'Bearer a b']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/customer',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe('serving the built app behind TLS', () => {
  let dist: string;
  let site: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'specform-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Specform</title>');
    await writeFile(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'assets', 'lint-worker-Xy_9z.js'), 'postMessage(1)');
    await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *');
    site = await buildTestApp({
      ...borrowDb(t),
      staticDir: dist,
      publicUrl: 'https://specform.example',
    });
  });
  afterAll(async () => {
    await site?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const res = await site.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it("serves the lint worker's script with a policy of its own: compiling allowed, no network", async () => {
    const worker = await site.app.inject({ method: 'GET', url: '/assets/lint-worker-Xy_9z.js' });
    expect(worker.statusCode).toBe(200);
    const csp = String(worker.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'unsafe-eval'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("default-src 'none'");
    // Every other script, and every page, keeps the app's policy: no run-time compiling.
    for (const url of ['/assets/index-AbC123.js', '/generator']) {
      const other = await site.app.inject({ method: 'GET', url });
      expect(String(other.headers['content-security-policy']), url).not.toContain('unsafe-eval');
    }
  });

  it('caches hashed assets for a year and falls back to index.html for app routes', async () => {
    const asset = await site.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await site.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('no-cache');
    for (const url of ['/', '/generator', '/emailverification/abc', '/policies/privacy-policy']) {
      const page = await site.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>Specform</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    const api = await site.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
    expect((await site.app.inject({ method: 'POST', url: '/generator' })).statusCode).toBe(404);
    expect((await site.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(
      404,
    );
  });
});

describe('every accounts route validates its input', () => {
  const routes = [
    ['POST', '/api/public/v1/registration'],
    ['PUT', '/api/public/v1/registration/verify'],
    ['POST', '/api/public/v1/auth/login'],
    ['POST', '/api/public/v1/auth/refresh'],
    ['POST', '/api/public/v1/auth/logout'],
  ] as const;

  it.each(routes)('%s %s: 400 for bad input, 413 for an oversized body', async (method, url) => {
    for (const payload of ['{}', '[]', '"text"', 'null', '{"a":', '{"email":{"$ne":1}}']) {
      const res = await t.app.inject({
        method,
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({ message: expect.any(String) });
    }
    const big = await t.app.inject({
      method,
      url,
      payload: JSON.stringify({ padding: 'x'.repeat(t.app.config.bodyLimitBytes) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: expect.any(String) });
  });
});

describe('per-IP limits on every sensitive route', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({
      ...borrowDb(t),
      rateLimit: { windowSeconds: 60, max: 1000, authMax: 2 },
    });
  });
  afterAll(async () => {
    await limited?.close();
  });
  const routes = [
    ['POST', '/api/public/v1/registration'],
    ['PUT', '/api/public/v1/registration/verify'],
    ['POST', '/api/public/v1/auth/login'],
    ['POST', '/api/public/v1/auth/refresh'],
    ['POST', '/api/public/v1/auth/logout'],
  ] as const;

  it.each(routes)('%s %s answers the third call in a minute with 429', async (method, url) => {
    const remoteAddress = `10.1.${routes.findIndex(([, u]) => u === url)}.1`;
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await limited.app.inject({ method, url, payload: {}, remoteAddress });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json()).toEqual({ message: expect.any(String) });
      }
    }
    expect(codes).toEqual([400, 400, 429]);
  });
});
