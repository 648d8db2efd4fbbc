/**
 * Issue 13 §5: a frozen PostgreSQL (connections accepted, nothing answered) must not hang
 * requests or /readyz. A TCP proxy in front of PostgreSQL stops forwarding to simulate it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbUnavailableError } from '../../src/server/db';
import { adminQuery, bearer, buildTestApp, signedInUser, type TestApp } from './helpers';
import { TcpProxy } from './tcp-proxy';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CI = process.env.CI === 'true';

const pgUp = await (async () => {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
})();
if (!pgUp && !CI) console.warn(`PostgreSQL at ${PG_URL} is not reachable: freeze tests skipped`);

async function timed<T>(task: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await task;
  return { value, ms: Math.round(performance.now() - started) };
}

describe.skipIf(!pgUp && !CI)('a frozen PostgreSQL (issue 13 §5)', () => {
  const target = new URL(PG_URL);
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let t: TestApp;

  beforeAll(async () => {
    await proxy.start();
    await adminQuery(PG_URL, `CREATE SCHEMA ${schema}`);
    const viaProxy = new URL(PG_URL);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    t = await buildTestApp({
      databaseUrl: viaProxy.toString(),
      databaseSchema: schema,
      databaseStatementTimeoutMs: 1000,
      databaseConnectTimeoutMs: 1000,
    });
  });
  afterAll(async () => {
    await proxy.stop();
    await t?.close();
    await adminQuery(PG_URL, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('cancels a statement that runs too long (503, not a hang)', async () => {
    const { value, ms } = await timed(
      t.app.db.query('SELECT pg_sleep(10)').then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
    expect(value).toBeInstanceOf(DbUnavailableError);
    expect(ms).toBeLessThan(3000);
  });

  it('answers /readyz 503 within 1 s and requests 503 within seconds, then recovers', async () => {
    const user = await signedInUser(t);
    // Several idle connections in the pool, as under load.
    await Promise.all(Array.from({ length: 4 }, () => t.app.db.query('SELECT pg_sleep(0.05)')));
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    proxy.freeze();
    const ready = await timed(t.app.inject({ method: 'GET', url: '/readyz' }));
    console.info(`frozen PostgreSQL: /readyz ${ready.value.statusCode} in ${ready.ms} ms`);
    expect(ready.value.statusCode).toBe(503);
    expect(ready.ms).toBeLessThan(1000);

    const calls = await Promise.all([
      timed(
        t.app.inject({
          method: 'GET',
          url: '/api/v1/customer',
          headers: bearer(user.tokens.accessToken),
        }),
      ),
      timed(
        t.app.inject({
          method: 'POST',
          url: '/api/public/v1/auth/login',
          payload: { email: user.email, password: user.password },
        }),
      ),
      timed(
        t.app.inject({
          method: 'POST',
          url: '/api/public/v1/auth/refresh',
          payload: { refreshToken: user.tokens.refreshToken },
        }),
      ),
    ]);
    console.info(
      `frozen PostgreSQL: ${calls.map((c) => `${c.value.statusCode} in ${c.ms} ms`).join(', ')}`,
    );
    for (const { value, ms } of calls) {
      expect(value.statusCode, value.body).toBe(503);
      expect(value.headers['retry-after']).toBe('5');
      expect(ms).toBeLessThan(4000);
    }
    // A second wave (connections now discarded or new ones refused in time) is as quick.
    const again = await timed(
      t.app.inject({
        method: 'GET',
        url: '/api/v1/customer',
        headers: bearer(user.tokens.accessToken),
      }),
    );
    expect(again.value.statusCode).toBe(503);
    expect(again.ms).toBeLessThan(4000);

    // The database answers again: the server recovers without a restart.
    await proxy.stop();
    await proxy.start();
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer',
      headers: bearer(user.tokens.accessToken),
    });
    expect(profile.statusCode).toBe(200);
  }, 60_000);
});
