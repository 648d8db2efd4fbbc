/**
 * A small Fastify frame for the payments tests: a real database (PGlite in memory by default,
 * PostgreSQL in a throwaway schema when DATABASE_URL is set), a stand-in for server-core's
 * `app.authenticate` (bearer = user id), the rate limiter and a `{ message }` error handler.
 * The full flow (full-flow.test.ts) runs against the real app instead.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import paymentsPlugin, { type PaymentsPluginOptions } from '../../../src/server/payments/plugin';
import type { PaymentsDb } from '../../../src/server/payments/repository';

const MIGRATION = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../src/server/db/migrations/002_commerce.sql',
);

/** Just the columns of server-core's `users` that commerce touches. */
const USERS_STUB = `CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  subscription_until timestamptz
)`;

let template: Promise<Blob> | undefined;

/** initdb takes seconds: migrate one PGlite per test file and start the others from its dump. */
function pgliteTemplate(sql: string): Promise<Blob> {
  template ??= (async () => {
    const lite = await PGlite.create('memory://');
    await lite.exec(USERS_STUB);
    await lite.exec(sql);
    const dump = await lite.dumpDataDir('gzip');
    await lite.close();
    return dump;
  })();
  return template;
}

export interface TestDb {
  db: PaymentsDb;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** A fresh database with the users stub and migration 002 applied. */
export async function createTestDb(): Promise<TestDb> {
  const sql = await readFile(MIGRATION, 'utf8');
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `pay_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      options: `-c search_path=${schema} -c TimeZone=America/New_York`,
    });
    const clientDb = (client: pg.PoolClient): PaymentsDb => {
      const db: PaymentsDb = {
        query: async <T>(text: string, params?: unknown[]) => ({
          rows: (await client.query(text, params)).rows as T[],
        }),
        transaction: (fn) => fn(db),
      };
      return db;
    };
    const db: PaymentsDb = {
      query: async <T>(text: string, params?: unknown[]) => ({
        rows: (await pool.query(text, params)).rows as T[],
      }),
      transaction: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn(clientDb(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
    };
    await db.query(USERS_STUB);
    const setup = await pool.connect();
    await setup.query(sql);
    setup.release();
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await pool.query(`DROP SCHEMA ${schema} CASCADE`);
        await pool.end();
      },
    };
  }

  const lite = await PGlite.create('memory://', { loadDataDir: await pgliteTemplate(sql) });
  // A session time zone far from UTC proves the extension arithmetic does not depend on it.
  await lite.exec(`SET TimeZone = 'America/New_York'`);
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
  const txDb = (tx: Transaction): PaymentsDb => {
    const db: PaymentsDb = {
      query: async <T>(text: string, params?: unknown[]) => ({
        rows: (await tx.query<T>(text, params)).rows,
      }),
      transaction: (fn) => fn(db),
    };
    return db;
  };
  const db: PaymentsDb = {
    query: <T>(text: string, params?: unknown[]) =>
      serial(async () => ({ rows: (await lite.query<T>(text, params)).rows })),
    transaction: (fn) => serial(() => lite.transaction((tx) => fn(txDb(tx)))),
  };
  return { db, kind: 'pglite', close: () => lite.close() };
}

export interface PaymentsTestApp {
  app: FastifyInstance;
  db: PaymentsDb;
  /** http://127.0.0.1:port when started with `listen`, else the configured public URL. */
  baseUrl: string;
  createUser(subscriptionUntil?: Date | null): Promise<string>;
  subscriptionUntil(userId: string): Promise<Date | null>;
  close(): Promise<void>;
}

/** Finds a free loopback port so that PUBLIC_URL can name the server before it listens. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function buildPaymentsApp(
  options: PaymentsPluginOptions & { listen?: boolean } = {},
): Promise<PaymentsTestApp> {
  const testDb = await createTestDb();
  const port = options.listen ? await freePort() : 0;
  const baseUrl = options.listen ? `http://127.0.0.1:${port}` : 'http://specform.test';
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  // A PaymentsDb is all commerce uses of server-core's DbHandle.
  app.decorate('db', testDb.db as never);
  // The parts of server-core's config that commerce reads.
  app.decorate('config', {
    publicUrl: baseUrl,
    production: options.env?.NODE_ENV === 'production',
    rateLimit: { windowSeconds: 60, max: 1_000_000, authMax: 1_000_000 },
  } as never);
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const match = /^Bearer ([0-9a-f-]{36})$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) {
      await reply.code(401).send({ message: 'Unauthorized' });
      return;
    }
    (request as unknown as { user: unknown }).user = { id: match[1], email: 'x', roles: [] };
  });
  app.setErrorHandler(
    (error: Error & { statusCode?: number; validation?: unknown }, _req, reply) => {
      const status = error.validation ? 400 : (error.statusCode ?? 500);
      void reply
        .code(status)
        .send({ message: status >= 500 ? 'Internal Server Error' : error.message });
    },
  );
  await app.register(rateLimit, { global: false });
  await app.register(paymentsPlugin, {
    env: options.env ?? {},
    config: { publicUrl: baseUrl, ...options.config },
  });
  await app.ready();
  if (options.listen) await app.listen({ port, host: '127.0.0.1' });

  return {
    app,
    db: testDb.db,
    baseUrl,
    async createUser(until = null) {
      const id = randomUUID();
      await testDb.db.query(
        'INSERT INTO users (id, email, subscription_until) VALUES ($1, $2, $3)',
        [id, `${id}@example.com`, until],
      );
      return id;
    },
    async subscriptionUntil(userId) {
      const { rows } = await testDb.db.query<{ until: Date | null }>(
        'SELECT subscription_until AS until FROM users WHERE id = $1',
        [userId],
      );
      return rows[0]?.until ? new Date(rows[0].until) : null;
    },
    async close() {
      await app.close();
      await testDb.close();
    },
  };
}

/** Orders a plan as `userId` through the real route. */
export async function order(
  t: PaymentsTestApp,
  userId: string,
  plan: string,
  idempotencyKey?: string,
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer/products/order',
    headers: {
      authorization: `Bearer ${userId}`,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload: { plan },
  });
  return response;
}
