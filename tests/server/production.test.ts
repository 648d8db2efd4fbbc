/**
 * Issue 13 §8: a production start refuses without PUBLIC_URL, sends HSTS, and disables the demo
 * account that a development start of the same data folder created.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { DEMO_EMAIL } from '../../src/server/plugins/demo-account';
import { buildTestApp, login, openSharedDb } from './helpers';

const PRODUCTION = { nodeEnv: 'production', production: true } as const;

describe('production configuration', () => {
  it('refuses to start without PUBLIC_URL, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL must be set/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.example/' })).toMatchObject({
      production: true,
      publicUrl: 'https://x.example',
    });
    // Development keeps its localhost default.
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');

    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: '0' };
    delete env.PUBLIC_URL;
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Invalid configuration:');
    expect(res.stderr).toContain('PUBLIC_URL must be set in production');
  });

  it('sends HSTS in production, even when PUBLIC_URL is plain http', async () => {
    const dev = await buildTestApp({ publicUrl: 'http://specform.test' });
    const prod = await buildTestApp({ ...PRODUCTION, publicUrl: 'http://specform.test' });
    try {
      const devRes = await dev.app.inject({ method: 'GET', url: '/api/public/v1/site' });
      expect(devRes.headers['strict-transport-security']).toBeUndefined();
      const prodRes = await prod.app.inject({ method: 'GET', url: '/api/public/v1/site' });
      expect(prodRes.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await dev.close();
      await prod.close();
    }
  });
});

describe('the demo account in production', () => {
  let shared: Awaited<ReturnType<typeof openSharedDb>>;
  beforeAll(async () => {
    shared = await openSharedDb();
  });
  afterAll(async () => {
    await shared?.dispose();
  });

  it('is disabled at start: no login, no refresh, no subscription', async () => {
    const write = vi.spyOn(process.stdout, 'write');
    let password: string;
    let tokens: Awaited<ReturnType<typeof login>>;
    try {
      const dev = await buildTestApp({ database: shared.database, demoAccount: true });
      const line = write.mock.calls
        .map((call) => String(call[0]))
        .find((text) => text.startsWith('Demo account created'));
      password = /password=(\S+)/.exec(line ?? '')![1]!;
      tokens = await login(dev, DEMO_EMAIL, password);
      await dev.close();
    } finally {
      write.mockRestore();
    }

    const prod = await buildTestApp({
      ...PRODUCTION,
      database: shared.database,
      demoAccount: 'auto',
    });
    try {
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/public/v1/auth/login',
        payload: { email: DEMO_EMAIL, password },
      });
      expect(res.statusCode).toBe(401);
      const refresh = await prod.app.inject({
        method: 'POST',
        url: '/api/public/v1/auth/refresh',
        payload: { refreshToken: tokens.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      const { rows } = await prod.app.db.query<{ subscription_until: Date | null }>(
        'SELECT subscription_until FROM users WHERE email = $1',
        [DEMO_EMAIL],
      );
      expect(rows[0]!.subscription_until).toBeNull();
    } finally {
      await prod.close();
    }

    // A later development start does not bring it back (it was created once).
    const devAgain = await buildTestApp({ database: shared.database, demoAccount: true });
    try {
      const res = await devAgain.app.inject({
        method: 'POST',
        url: '/api/public/v1/auth/login',
        payload: { email: DEMO_EMAIL, password },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await devAgain.close();
    }
  });
});
