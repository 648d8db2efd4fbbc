/**
 * Issue 13 §1: the embedded database is never opened by two processes. The server holds a lock
 * file (DATA_DIR/db.lock) while it runs; `grant-admin` refuses beside it, takes over a stale one,
 * and admins grant through the running server instead (POST /api/v1/admin/grants).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDbLock, DbLockedError } from '../../src/server/db/lock';
import { createPgliteDb, lockFileOf } from '../../src/server/db/pglite-db';
import { bearer, buildTestApp, login, pgliteTemplate, signedInUser, useTestApp } from './helpers';

/** A pid that surely belongs to no running process (a child that has exited). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''], { encoding: 'utf8' });
  return child.pid!;
}

function grantAdmin(dataDir: string, email: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli.ts', 'grant-admin', email],
    { env, encoding: 'utf8', timeout: 120_000 },
  );
}

const roles = (accessToken: string): string[] =>
  (
    JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
      realm_access: { roles: string[] };
    }
  ).realm_access.roles;

describe('the lock file', () => {
  it('is refused while a live process holds it, taken over when its process is gone', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'specform-lock-'));
    const file = path.join(dir, 'db.lock');
    try {
      // Held by a live process (our parent) on this host.
      const live = { pid: process.ppid, hostname: os.hostname(), role: 'server', token: 'x' };
      await writeFile(file, JSON.stringify(live));
      expect(() => acquireDbLock(file, { role: 'cli', takeForeign: false })).toThrow(DbLockedError);
      // Written on another host: the CLI cannot check it and refuses; a server takes it.
      await writeFile(file, JSON.stringify({ ...live, hostname: 'another-container' }));
      expect(() => acquireDbLock(file, { role: 'cli', takeForeign: false })).toThrow(DbLockedError);
      const server = acquireDbLock(file, { role: 'server', takeForeign: true });
      server.release();
      expect(existsSync(file)).toBe(false);
      // Left by a dead process: stale, taken over.
      await writeFile(file, JSON.stringify({ ...live, pid: deadPid() }));
      let staleSeen = false;
      const lock = acquireDbLock(file, {
        role: 'cli',
        takeForeign: false,
        onStale: () => (staleSeen = true),
      });
      expect(staleSeen).toBe(true);
      expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
        pid: process.pid,
        role: 'cli',
      });
      // Release removes only our own file, never one that another process has taken over.
      await writeFile(file, JSON.stringify({ ...live, token: 'someone-else' }));
      lock.release();
      expect(existsSync(file)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('grant-admin beside the embedded database (issue 13 §1)', () => {
  it('refuses while the server runs, and works once it is stopped (stale lock taken over)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'specform-cli-'));
    const dbPath = path.join(dataDir, 'db');
    try {
      // A data folder already initialised (initdb is slow), then a server on it.
      const seed = await createPgliteDb(dbPath, { loadDataDir: await pgliteTemplate() });
      await seed.close();
      expect(existsSync(lockFileOf(dbPath))).toBe(false);
      const server = await buildTestApp({ databaseUrl: undefined, embeddedDbPath: dbPath });
      let email: string;
      try {
        expect(server.app.db.kind).toBe('pglite');
        const holder = JSON.parse(await readFile(lockFileOf(dbPath), 'utf8'));
        expect(holder).toMatchObject({ pid: process.pid, role: 'server' });
        const user = await signedInUser(server);
        email = user.email;

        const refused = grantAdmin(dataDir, email);
        expect(refused.status, refused.stderr).toBe(3);
        expect(refused.stderr).toContain(
          'the server is running; stop it, or grant from the admin panel',
        );
        expect(refused.stdout).not.toContain('Granted');
        // The server still works and still has its data.
        const again = await login(server, user.email, user.password);
        expect(roles(again.accessToken)).not.toContain('admin');
      } finally {
        await server.close();
      }
      expect(existsSync(lockFileOf(dbPath))).toBe(false);

      // A server killed with -9 leaves its lock behind: a dead pid is stale and taken over.
      await writeFile(
        lockFileOf(dbPath),
        JSON.stringify({ pid: deadPid(), hostname: os.hostname(), role: 'server', token: 't' }),
      );
      const granted = grantAdmin(dataDir, email!.toUpperCase());
      expect(granted.status, granted.stderr).toBe(0);
      expect(granted.stdout).toContain(`Granted admin to ${email!}`);
      expect(existsSync(lockFileOf(dbPath))).toBe(false);

      const check = await createPgliteDb(dbPath);
      try {
        const { rows } = await check.query<{ roles: string[] }>(
          'SELECT roles FROM users WHERE email = $1',
          [email!],
        );
        expect(rows[0]!.roles).toEqual(['user', 'admin']);
      } finally {
        await check.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('a second server on the same data folder is refused', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'specform-two-'));
    const dbPath = path.join(dataDir, 'db');
    try {
      const first = await createPgliteDb(dbPath, { loadDataDir: await pgliteTemplate() });
      try {
        // Held by this very process…
        await expect(
          buildTestApp({ databaseUrl: undefined, embeddedDbPath: dbPath }),
        ).rejects.toThrow(DbLockedError);
        // …or by another live one.
        const file = lockFileOf(dbPath);
        const holder = JSON.parse(await readFile(file, 'utf8'));
        await writeFile(file, JSON.stringify({ ...holder, pid: process.ppid }));
        await expect(
          buildTestApp({ databaseUrl: undefined, embeddedDbPath: dbPath }),
        ).rejects.toThrow(/in use by server process/);
        await writeFile(file, JSON.stringify(holder));
      } finally {
        await first.close();
      }
      // Our own pid in a lock written before this process started: a previous life, stale.
      await writeFile(
        lockFileOf(dbPath),
        JSON.stringify({
          pid: process.pid,
          hostname: os.hostname(),
          role: 'server',
          startedAt: '2020-01-01T00:00:00.000Z',
          token: 'old',
        }),
      );
      const again = await createPgliteDb(dbPath);
      await again.close();
      expect(existsSync(lockFileOf(dbPath))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('POST /api/v1/admin/grants', () => {
  const t = useTestApp({ adminEmails: ['boss@example.com', 'boss2@example.com'] });

  it('lets an admin grant the role through the running server', async () => {
    const boss = await signedInUser(t, { email: 'boss@example.com' });
    const user = await signedInUser(t);
    expect(roles(user.tokens.accessToken)).toEqual(['user']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/grants',
      headers: bearer(boss.tokens.accessToken),
      payload: { email: ` ${user.email.toUpperCase()} ` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain(user.email);
    const next = await login(t, user.email, user.password);
    expect(roles(next.accessToken)).toEqual(['user', 'admin']);
    // Granting twice keeps one role.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/grants',
      headers: bearer(boss.tokens.accessToken),
      payload: { email: user.email },
    });
    expect(roles((await login(t, user.email, user.password)).accessToken)).toEqual([
      'user',
      'admin',
    ]);
  });

  it('answers 404 for an unknown address, 403 to a non-admin, 401 to a stranger', async () => {
    const boss = await signedInUser(t, { email: 'boss2@example.com' });
    const user = await signedInUser(t);
    const grant = (headers: Record<string, string>, email: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/admin/grants', headers, payload: { email } });
    const unknown = await grant(bearer(boss.tokens.accessToken), 'nobody@example.com');
    expect(unknown.statusCode).toBe(404);
    const forbidden = await grant(bearer(user.tokens.accessToken), user.email);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Forbidden' });
    expect(roles((await login(t, user.email, user.password)).accessToken)).toEqual(['user']);
    expect((await grant({}, user.email)).statusCode).toBe(401);
  });
});
