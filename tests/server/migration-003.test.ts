/** Migration 003 (issue 13.3) on an installation that already has unverified accounts. */
import { mkdtemp, copyFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DbHandle, migrate } from '../../src/server/db';
import { MIGRATIONS_DIR } from '../../src/server/db/migrate';
import { createPgliteDb } from '../../src/server/db/pglite-db';
import { sha256 } from '../../src/server/repositories/verification-repository';
import { openSharedDb, usingPostgres } from './helpers';

describe('migration 003_account_security', () => {
  it("moves an unverified account's password onto its outstanding links and keeps verified ones", async () => {
    // An empty database: a throwaway PostgreSQL schema, or a fresh PGlite (not the template,
    // which is already at the latest migration).
    const shared = usingPostgres() ? await openSharedDb() : undefined;
    const db: DbHandle = shared?.database ?? (await createPgliteDb('memory://'));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'specform-migrations-'));
    try {
      for (const name of ['001_accounts.sql', '002_commerce.sql']) {
        await copyFile(path.join(MIGRATIONS_DIR, name), path.join(dir, name));
      }
      expect(await migrate(db, dir)).toEqual(['001_accounts.sql', '002_commerce.sql']);
      const future = new Date(Date.now() + 86400_000);
      await db.query(
        `INSERT INTO users (id, email, first_name, last_name, password_hash, verified_at) VALUES
           ('00000000-0000-4000-8000-000000000001', 'pending@example.com', 'Ann', 'Lee', '$argon2id$pending', NULL),
           ('00000000-0000-4000-8000-000000000002', 'done@example.com', 'Bob', 'Ray', '$argon2id$done', now())`,
      );
      await db.query(
        `INSERT INTO verification_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)`,
        [sha256('link'), '00000000-0000-4000-8000-000000000001', future],
      );
      // 003 and whatever came after it (004_projects, …) are applied now.
      expect((await migrate(db))[0]).toBe('003_account_security.sql');
      const users = await db.query<{ email: string; password_hash: string | null }>(
        'SELECT email, password_hash FROM users ORDER BY email',
      );
      expect(users.rows).toEqual([
        { email: 'done@example.com', password_hash: '$argon2id$done' },
        { email: 'pending@example.com', password_hash: null },
      ]);
      const links = await db.query(
        'SELECT password_hash, first_name, last_name FROM verification_tokens',
      );
      expect(links.rows).toEqual([
        { password_hash: '$argon2id$pending', first_name: 'Ann', last_name: 'Lee' },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
      if (shared) await shared.dispose();
      else await db.close();
    }
  });
});
