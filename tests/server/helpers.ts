/**
 * Test helpers for the server suites (also used by tests/server/payments): build the app on a
 * throwaway database — in-memory PGlite by default, a throwaway PostgreSQL schema when
 * DATABASE_URL is set — with a movable clock, and read the mail it writes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { type DbHandle, migrate } from '../../src/server/db';
import { createPgDb } from '../../src/server/db/pg-db';
import { MIGRATIONS_DIR } from '../../src/server/db/migrate';
import { createPgliteDb } from '../../src/server/db/pglite-db';
import type { TokenPair } from '../../src/shared/api-types';

/** Cheap argon2 parameters for tests only (production ones are asserted in passwords.test). */
export const TEST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** A clock that runs with real time plus an offset the test can move forward. */
export class TestClock {
  offsetMs = 0;
  now = (): number => Date.now() + this.offsetMs;
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  clock: TestClock;
  close(): Promise<void>;
}

/** Whether the suite runs against PostgreSQL (DATABASE_URL) rather than embedded PGlite. */
export const usingPostgres = (): boolean => Boolean(process.env.DATABASE_URL);

/** Builds the app on a fresh database; call `close()` (or use `useTestApp`). */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'specform-test-'));
  const clock = new TestClock();
  const base: Partial<Config> = {
    dataDir,
    publicUrl: 'http://specform.test',
    logger: false,
    demoAccount: false,
    argon2: TEST_ARGON2,
    rateLimit: { windowSeconds: 60, max: 1_000_000, authMax: 1_000_000 },
    smtpUrl: undefined,
    redisUrl: undefined,
    adminEmails: [],
    now: clock.now,
    databaseUrl: undefined,
    databaseSchema: undefined,
  };
  let dropSchema: (() => Promise<void>) | undefined;
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl && !('database' in overrides) && !('databaseUrl' in overrides)) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await adminQuery(databaseUrl, `CREATE SCHEMA ${schema}`);
    base.databaseUrl = databaseUrl;
    base.databaseSchema = schema;
    dropSchema = () => adminQuery(databaseUrl, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } else if (!('database' in overrides) && !('databaseUrl' in overrides)) {
    base.database = await createPgliteDb('memory://', { loadDataDir: await pgliteTemplate() });
  }
  let app: FastifyInstance;
  try {
    app = await buildApp({ ...base, ...overrides });
    await app.ready();
  } catch (error) {
    await base.database?.close();
    await dropSchema?.();
    throw error;
  }
  return {
    app,
    dataDir,
    clock,
    close: async () => {
      await app.close();
      await dropSchema?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One app for the whole test file (built in beforeAll, closed in afterAll). */
export function useTestApp(overrides: Partial<Config> = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await buildTestApp(overrides));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return new Proxy(holder, {
    get(target, key) {
      if (!(key in target)) throw new Error('useTestApp: the app is built in beforeAll');
      return target[key as keyof TestApp];
    },
  });
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A gzipped PGlite data directory with every migration applied, cached in the temp folder and
 * keyed by the migrations' content: initdb takes seconds, loading a dump a fraction of that.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash.update(file).update(await readFile(path.join(MIGRATIONS_DIR, file)));
  const dir = path.join(os.tmpdir(), 'specform-pglite-templates');
  const file = path.join(dir, `${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (!existsSync(file)) {
    const db = await createPgliteDb('memory://');
    await migrate(db);
    const dump = await db.dump();
    await db.close();
    await mkdir(dir, { recursive: true });
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(temp, Buffer.from(await dump.arrayBuffer()));
    await rename(temp, file);
  }
  return new Blob([await readFile(file)]);
}

// ---------------------------------------------------------------------------------------------
// Mail

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  link: string | undefined;
  raw: string;
}

/** Decodes quoted-printable soft breaks and escapes (enough for our ASCII links). */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header value. */
export function decodeMimeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) => {
      if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => `%${hex}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    });
}

/** Every `.eml` in DATA_DIR/outbox, oldest first; optionally only those to `email`. */
export async function readOutbox(dataDir: string, email?: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
  const mails: OutboxMail[] = [];
  for (const name of names) {
    const raw = await readFile(path.join(dir, name), 'utf8');
    // Unfold the header section (continuation lines start with white space).
    const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
    const header = (key: string) => {
      const value = new RegExp(`^${key}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim();
      return value === undefined ? undefined : decodeMimeWords(value);
    };
    const to = header('To') ?? '';
    if (email && !to.toLowerCase().includes(email.toLowerCase())) continue;
    mails.push({
      file: name,
      to,
      subject: header('Subject') ?? '',
      link: header('X-Specform-Link'),
      raw,
    });
  }
  return mails;
}

/** The verification link of the latest e-mail to `email`. */
export async function verificationLink(dataDir: string, email: string): Promise<string> {
  const mails = (await readOutbox(dataDir, email)).filter((m) =>
    m.link?.includes('/emailverification/'),
  );
  const link = mails.at(-1)?.link;
  if (!link) throw new Error(`no verification e-mail to ${email}`);
  return link;
}

// ---------------------------------------------------------------------------------------------
// Accounts

let counter = 0;

/** A fresh, valid sign-up form with a unique e-mail address. */
export function newUser(overrides: Partial<Record<string, unknown>> = {}) {
  counter += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `user${counter}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'Kq7#mZ2p',
    acceptTerms: true,
    ...overrides,
  };
}

/** Registers and verifies an account; returns its form. */
export async function createVerifiedUser(
  t: TestApp,
  overrides: Partial<Record<string, unknown>> = {},
) {
  const form = newUser(overrides);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/public/v1/registration',
    payload: form,
  });
  if (res.statusCode !== 200) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const token = (await verificationLink(t.dataDir, form.email)).split('/').pop()!;
  const verify = await t.app.inject({
    method: 'PUT',
    url: '/api/public/v1/registration/verify',
    payload: { uuid: token },
  });
  if (verify.statusCode !== 200) throw new Error(`verification failed: ${verify.body}`);
  return form;
}

export async function login(t: TestApp, email: string, password: string): Promise<TokenPair> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/public/v1/auth/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<TokenPair>();
}

/** A verified, logged-in account: its form and token pair. */
export async function signedInUser(t: TestApp, overrides: Partial<Record<string, unknown>> = {}) {
  const form = await createVerifiedUser(t, overrides);
  const tokens = await login(t, form.email as string, form.password as string);
  return { ...form, email: form.email as string, password: form.password as string, tokens };
}

/** A signed-in user whose subscription runs for a year from the test clock's now. */
export async function signedInSubscriber(t: TestApp) {
  const user = await signedInUser(t);
  await t.app.db.query('UPDATE users SET subscription_until = $2 WHERE email = $1', [
    user.email,
    new Date(t.clock.now() + 365 * 86400_000),
  ]);
  return user;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A database that outlives one app instance (to test restarts): pass `database` to
 * buildTestApp; the apps' close() leaves it open, `dispose()` closes it.
 */
export async function openSharedDb(): Promise<{ database: DbHandle; dispose(): Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  let handle: DbHandle;
  let drop = async () => {};
  if (databaseUrl) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await adminQuery(databaseUrl, `CREATE SCHEMA ${schema}`);
    handle = createPgDb({ connectionString: databaseUrl, schema });
    drop = () => adminQuery(databaseUrl, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } else {
    handle = await createPgliteDb('memory://', { loadDataDir: await pgliteTemplate() });
  }
  return {
    database: { ...handle, close: async () => {} },
    dispose: async () => {
      await handle.close();
      await drop();
    },
  };
}

/** Another app's database for a second app with other settings (closing it leaves the db open). */
export function borrowDb(t: TestApp): Partial<Config> {
  return { database: { ...t.app.db, close: async () => {} } };
}

/**
 * An empty database migrated only as far as the migrations before `before` (a file name prefix,
 * e.g. '009_'), to store data as an older installation did and then run the newer migration: a
 * schema of its own under DATABASE_URL, else PGlite in memory. `dispose()` closes it.
 */
export async function databaseBefore(
  before: string,
): Promise<{ db: DbHandle; dispose(): Promise<void> }> {
  const shared = usingPostgres() ? await openSharedDb() : undefined;
  const db: DbHandle = shared?.database ?? (await createPgliteDb('memory://'));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'specform-migrations-'));
  try {
    const older = (await readdir(MIGRATIONS_DIR)).filter((f) => f < before && f.endsWith('.sql'));
    for (const name of older) await copyFile(path.join(MIGRATIONS_DIR, name), path.join(dir, name));
    await migrate(db, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return {
    db,
    dispose: async () => {
      if (shared) await shared.dispose();
      else await db.close();
    },
  };
}
