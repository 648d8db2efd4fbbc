/**
 * Issue 31.5: the embedded database gives space back. PGlite has no autovacuum and no
 * checkpointer, so without the server's own VACUUM and CHECKPOINT every large save that replaces
 * the texts of a version (an autosave folded into it) leaves its old parts as dead rows, and
 * their WAL behind: the data directory grew by the size of every save, and deleting every
 * project freed nothing. Runs on an embedded database on disk (PostgreSQL has autovacuum).
 */
import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../../src/server/db/pglite-db';
import {
  bearer,
  buildTestApp,
  pgliteTemplate,
  signedInSubscriber,
  type TestApp,
  useTestApp,
} from './helpers';

const MIB = 1024 * 1024;
const base = '/api/v1/customer/projects';

/** Bytes of every file under `dir`. */
async function du(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await du(full);
    else if (entry.isFile()) total += (await stat(full)).size;
  }
  return total;
}

/** A text of about `bytes` that does not compress (TOAST would hide the churn otherwise). */
const noise = (bytes: number) =>
  `openapi: 3.0.1\n# ${randomBytes((bytes * 3) / 4).toString('base64')}`;

describe('the embedded database gives space back (issue 31.5)', () => {
  let t: TestApp;
  let dir: string;
  const SAVE = 2 * MIB;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'specform-space-'));
    const database = await createPgliteDb(path.join(dir, 'db'), {
      loadDataDir: await pgliteTemplate(),
    });
    t = await buildTestApp({
      database,
      projects: {
        maxBytes: 4 * MIB,
        maxPerAccount: 100,
        quotaBytes: 1024 * MIB,
        largeWriteBytes: MIB,
        largeWrites: 1,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('repeated large saves folded into one version, then deleting the project, keep the directory bounded', async () => {
    const user = await signedInSubscriber(t);
    const headers = bearer(user.tokens.accessToken);
    const created = await t.app.inject({
      method: 'POST',
      url: base,
      headers,
      payload: { name: 'Big', content: noise(SAVE) },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    await t.app.space.idle();
    const start = await du(dir);

    let etag = created.headers.etag as string;
    const SAVES = 24;
    const tables = path.join(dir, 'db', 'base');
    /**
     * SAVES autosaves of one tab, folded into one version; then the growth in MiB of the whole
     * directory since the start, and of the tables' files over this batch.
     */
    const batch = async () => {
      const tablesBefore = await du(tables);
      for (let i = 0; i < SAVES; i += 1) {
        const res = await t.app.inject({
          method: 'PUT',
          url: `${base}/${id}`,
          headers: { ...headers, 'if-match': etag },
          payload: { content: noise(SAVE), revisionReason: 'autosave', editSession: 'tab-1' },
        });
        expect(res.statusCode).toBe(200);
        etag = res.headers.etag as string;
      }
      await t.app.space.idle();
      return {
        directory: ((await du(dir)) - start) / MIB,
        tables: ((await du(tables)) - tablesBefore) / MIB,
      };
    };
    const first = await batch();
    const second = await batch();
    const afterSaves = await du(dir);
    const revisions = await t.app.inject({
      method: 'GET',
      url: `${base}/${id}/revisions`,
      headers,
    });
    // Two versions (the created one and one autosave): the other saves were folded into it.
    expect(revisions.json<unknown[]>()).toHaveLength(2);
    const mib = (n: number) => `${n.toFixed(1)} MiB`;
    console.info(
      `${SAVES} saves of ${SAVE / MIB} MiB, twice: the directory grew by ${mib(first.directory)}, ` +
        `then by ${mib(second.directory)} in all; the tables by ${mib(first.tables)}, ` +
        `then ${mib(second.tables)}`,
    );
    // Each batch writes 48 MiB of text, and as much WAL; two versions of 2 MiB are kept. The
    // tables reuse the space of the texts replaced; the WAL since the last checkpoint is at most
    // the reclaim threshold (8 MiB), rounded up to 16 MiB segments.
    expect(first.directory).toBeLessThan(40);
    expect(second.directory).toBeLessThan(40);
    expect(second.tables).toBeLessThan(4);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `${base}/${id}`, headers })).statusCode,
    ).toBe(204);
    await t.app.space.idle();
    const afterDelete = await du(dir);
    console.info(
      `deleting the project: ${((afterSaves - afterDelete) / MIB).toFixed(1)} MiB freed`,
    );
    expect(afterDelete).toBeLessThan(afterSaves);
    expect((afterDelete - start) / MIB).toBeLessThan(40);
  }, 60_000);
});

describe('autovacuum settings of the project tables (PostgreSQL; migration 008)', () => {
  const t = useTestApp();

  it('vacuum project_parts and its TOAST table once about 2 % of them is dead', async () => {
    const { rows } = await t.app.db.query<{ own: string[] | null; toast: string[] | null }>(
      `SELECT c.reloptions AS own, t.reloptions AS toast
         FROM pg_class c LEFT JOIN pg_class t ON t.oid = c.reltoastrelid
        WHERE c.oid = 'project_parts'::regclass`,
    );
    expect(rows[0]?.own).toContain('autovacuum_vacuum_scale_factor=0.02');
    expect(rows[0]?.toast).toContain('autovacuum_vacuum_scale_factor=0.02');
  });
});
