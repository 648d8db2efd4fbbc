import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_EMAIL } from '../../src/server/plugins/demo-account';
import {
  adminQuery,
  bearer,
  buildTestApp,
  login,
  newUser,
  openSharedDb,
  signedInUser,
  type TestApp,
  usingPostgres,
} from './helpers';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CI = process.env.CI === 'true';

async function reachable(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch {
    return false;
  }
}

const pgUp = await reachable(async () => {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  await client.end();
});
const redisUp = await reachable(async () => {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
  });
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
});
if (!pgUp && !CI) console.warn(`PostgreSQL at ${PG_URL} is not reachable: fault tests skipped`);
if (!redisUp && !CI)
  console.warn(`Redis at ${REDIS_URL} is not reachable: shared-limit test skipped`);

/** A TCP proxy on loopback in front of PostgreSQL that can be cut and restored. */
class TcpProxy {
  #server: net.Server | undefined;
  #sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.#server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.#server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.#server.address() as net.AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }
}

describe.skipIf(!pgUp && !CI)('database outage (security.md §15)', () => {
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
    t = await buildTestApp({ databaseUrl: viaProxy.toString(), databaseSchema: schema });
  });
  afterAll(async () => {
    await t?.close();
    await proxy.stop();
    await adminQuery(PG_URL, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('answers 503 { message } while the database is away and recovers without restart', async () => {
    const user = await signedInUser(t);
    const calls = () => [
      t.app.inject({
        method: 'GET',
        url: '/api/v1/customer',
        headers: bearer(user.tokens.accessToken),
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/public/v1/auth/login',
        payload: { email: user.email, password: user.password },
      }),
      t.app.inject({ method: 'POST', url: '/api/public/v1/registration', payload: newUser() }),
      t.app.inject({
        method: 'POST',
        url: '/api/public/v1/auth/refresh',
        payload: { refreshToken: user.tokens.refreshToken },
      }),
      t.app.inject({ method: 'GET', url: '/readyz' }),
    ];

    await proxy.stop();
    const down = await Promise.all(calls());
    for (const res of down) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toEqual(expect.any(String));
      expect(res.body).not.toMatch(/ECONNREFUSED|terminated|127\.0\.0\.1/);
    }
    expect(down[0]!.headers['retry-after']).toBe('5');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await proxy.start();
    const up = await Promise.all(calls());
    expect(up.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
  });
});

/** One database outliving several app instances (restarts, shared limits, demo account). */
let shared: Awaited<ReturnType<typeof openSharedDb>>;
beforeAll(async () => {
  shared = await openSharedDb();
});
afterAll(async () => {
  await shared?.dispose();
});

describe('restarts', () => {
  it('keep the signing key, so sessions survive', async () => {
    {
      const first = await buildTestApp({ database: shared.database });
      const user = await signedInUser(first);
      await first.close();
      const second = await buildTestApp({ database: shared.database });
      try {
        const res = await second.app.inject({
          method: 'GET',
          url: '/api/v1/customer',
          headers: bearer(user.tokens.accessToken),
        });
        expect(res.statusCode).toBe(200);
        const refreshed = await second.app.inject({
          method: 'POST',
          url: '/api/public/v1/auth/refresh',
          payload: { refreshToken: user.tokens.refreshToken },
        });
        expect(refreshed.statusCode).toBe(200);
      } finally {
        await second.close();
      }
    }
  });
});

describe('demo account', () => {
  it('is created on the first start only, printed once, verified and subscribed; never in production', async () => {
    const write = vi.spyOn(process.stdout, 'write');
    try {
      const prod = await buildTestApp({
        database: shared.database,
        demoAccount: 'auto',
        nodeEnv: 'production',
        production: true,
      });
      await prod.close();
      expect(write.mock.calls.map(String).join('')).not.toContain('Demo account created');

      const first = await buildTestApp({ database: shared.database, demoAccount: true });
      const printed = write.mock.calls
        .map((call) => String(call[0]))
        .filter((line) => line.startsWith('Demo account created'));
      expect(printed).toHaveLength(1);
      const match = /^Demo account created: email=(\S+) password=(\S+)\n$/.exec(printed[0]!);
      expect(match?.[1]).toBe(DEMO_EMAIL);
      const tokens = await login(first, match![1]!, match![2]!);
      const profile = await first.app.inject({
        method: 'GET',
        url: '/api/v1/customer',
        headers: bearer(tokens.accessToken),
      });
      const until = profile.json().subscription.until as number;
      expect(until * 1000).toBeGreaterThan(first.clock.now() + 364 * 86400 * 1000);
      await first.close();

      const second = await buildTestApp({ database: shared.database, demoAccount: true });
      await second.close();
      const all = write.mock.calls
        .map((call) => String(call[0]))
        .filter((line) => line.startsWith('Demo account created'));
      expect(all).toHaveLength(1);
    } finally {
      write.mockRestore();
    }
  });
});

describe.skipIf(!redisUp && !CI)('rate limits in Redis (REDIS_URL)', () => {
  it('are shared by several instances', async () => {
    const limits = { windowSeconds: 60, max: 1000, authMax: 3 };
    const a = await buildTestApp({
      database: shared.database,
      redisUrl: REDIS_URL,
      rateLimit: limits,
    });
    const b = await buildTestApp({
      database: shared.database,
      redisUrl: REDIS_URL,
      rateLimit: limits,
    });
    try {
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;
      const hit = (t: TestApp) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/public/v1/registration/verify',
          payload: { uuid: 'A'.repeat(43) },
          remoteAddress: ip,
        });
      const codes = [
        (await hit(a)).statusCode,
        (await hit(b)).statusCode,
        (await hit(a)).statusCode,
        (await hit(b)).statusCode,
      ];
      expect(codes).toEqual([404, 404, 404, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('unexpected errors', () => {
  it('answer 500 { message } without any detail', async () => {
    const broken = {
      ...shared.database,
      query: async <T>(sql: string, params?: unknown[]) => {
        // The login's lookup of the address (with or without a table alias).
        if (/FROM users (u )?WHERE (u\.)?email/.test(sql)) {
          throw new Error('relation "users" is on fire at /srv/secret/path');
        }
        return shared.database.query<T>(sql, params);
      },
    };
    const t = await buildTestApp({ database: broken });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/public/v1/auth/login',
        payload: { email: 'a@example.com', password: 'Kq7#mZ2p' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error' });
      expect(res.body).not.toMatch(/fire|secret|users/);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!pgUp && !CI)('admin command', () => {
  it('grant-admin stores the admin role for an existing account', async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await adminQuery(PG_URL, `CREATE SCHEMA ${schema}`);
    const t = await buildTestApp({ databaseUrl: PG_URL, databaseSchema: schema });
    try {
      const user = await signedInUser(t);
      const run = (email: string) =>
        spawnSync(
          process.execPath,
          ['--import', 'tsx', 'src/server/cli.ts', 'grant-admin', email],
          {
            env: {
              ...process.env,
              DATABASE_URL: PG_URL,
              DATABASE_SCHEMA: schema,
              LOG_LEVEL: 'silent',
            },
            encoding: 'utf8',
          },
        );
      const ok = run(user.email.toUpperCase());
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain(`Granted admin to ${user.email}`);
      const { rows } = await t.app.db.query<{ roles: string[] }>(
        'SELECT roles FROM users WHERE email = $1',
        [user.email],
      );
      expect(rows[0]!.roles).toEqual(['user', 'admin']);
      const missing = run('nobody@example.com');
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain('No account');
    } finally {
      await t.close();
      await adminQuery(PG_URL, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
  });
});

describe.skipIf(!pgUp && !CI)('server.ts', () => {
  it('listens on PORT, answers, and exits 0 on SIGTERM after closing the database', async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await adminQuery(PG_URL, `CREATE SCHEMA ${schema}`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: PG_URL,
        DATABASE_SCHEMA: schema,
        DATA_DIR: path.join(os.tmpdir(), `specform-srv-${schema}`),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listen line:\n${output}`)), 60_000);
        const check = () => {
          const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          } else if (child.exitCode !== null) {
            clearTimeout(timer);
            reject(new Error(`server exited:\n${output}`));
          } else setTimeout(check, 100);
        };
        check();
      });
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const site = await fetch(`${url}/api/public/v1/site`);
      expect(site.status).toBe(200);
      expect(site.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).not.toContain('Demo account created');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await adminQuery(PG_URL, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
  });

  it('refuses to start with a clear message for a bad value', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      env: { ...process.env, PORT: 'http', DATABASE_URL: 'nope' },
      encoding: 'utf8',
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Invalid configuration:');
    expect(res.stderr).toContain('PORT must be an integer');
    expect(res.stderr).toContain('DATABASE_URL must be a URL');
  });
});

describe.skipIf(usingPostgres())('embedded PGlite (one connection)', () => {
  it('never interleaves two transactions, and refuses the outer handle inside one', async () => {
    const db = shared.database;
    await db.exec('CREATE TABLE IF NOT EXISTS counter_probe (id int PRIMARY KEY, n int NOT NULL)');
    await db.query('INSERT INTO counter_probe VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET n = 0');
    // Read-modify-write with a pause in between: interleaving would lose increments.
    await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>(
            'SELECT n FROM counter_probe WHERE id = 1',
          );
          await new Promise((resolve) => setTimeout(resolve, 5));
          await tx.query('UPDATE counter_probe SET n = $1 WHERE id = 1', [rows[0]!.n + 1]);
        }),
      ),
    );
    const { rows } = await db.query<{ n: number }>('SELECT n FROM counter_probe WHERE id = 1');
    expect(rows[0]!.n).toBe(10);
    await expect(db.transaction(() => db.query('SELECT 1'))).rejects.toThrow(/use the tx handle/);
    // Still usable afterwards.
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
