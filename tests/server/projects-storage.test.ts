/**
 * How a project's texts are stored (issue 21.4, migration 007): in parts of at most PART_CHARS
 * characters, a large save's parts written ahead of its transaction. The texts come back
 * exactly (a surrogate pair on a boundary included), a version's parts go with it (folded,
 * pruned, its project or account deleted), and a save that is refused or fails leaves nothing.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import {
  createProjectsRepository,
  PART_CHARS,
  splitText,
} from '../../src/server/repositories/projects-repository';
import { signedInSubscriber, type TestApp, useTestApp } from './helpers';
import { projectsApi } from './projects-api';

const MIB = 1024 * 1024;

const subscriber = signedInSubscriber;

const api = projectsApi;

/** What is stored: parts, parts no version names, versions missing a part, open uploads. */
async function storage(t: TestApp) {
  const one = async (sql: string) => Number((await t.app.db.query<{ n: string }>(sql)).rows[0]!.n);
  return {
    parts: await one('SELECT count(*) AS n FROM project_parts'),
    orphans: await one(
      `SELECT count(*) AS n FROM project_parts pp
        WHERE NOT EXISTS (SELECT 1 FROM project_revisions r WHERE r.snapshot = pp.snapshot)`,
    ),
    incomplete: await one(
      `SELECT count(*) AS n FROM project_revisions r
        WHERE (SELECT count(*) FROM project_parts pp WHERE pp.snapshot = r.snapshot)
              <> r.content_parts + r.view_parts`,
    ),
    uploads: await one('SELECT count(*) AS n FROM project_uploads'),
  };
}

const clean = { orphans: 0, incomplete: 0, uploads: 0 };

/** A text by its length and ends, or a project by its revision and such a content (short diffs). */
function brief(value: unknown): unknown {
  if (typeof value === 'string') return `${value.length}:${value.slice(0, 8)}…${value.slice(-8)}`;
  const { revision, content } = value as { revision: number; content: string };
  return { revision, content: brief(content) };
}

/** A text longer than `parts` parts, Cyrillic with emoji, the first emoji across a part boundary. */
function tricky(parts: number, tag: string): string {
  const chunk = `${tag}${'ж'.repeat(PART_CHARS - 1 - tag.length)}`;
  // The first emoji's halves sit on either side of the first boundary.
  return Array.from({ length: parts }, () => `${chunk}😀`).join('');
}

describe('splitText', () => {
  it('cuts at most max units per part and never between the halves of a pair', () => {
    expect(splitText('')).toEqual(['']);
    expect(splitText('abcdef', 2)).toEqual(['ab', 'cd', 'ef']);
    expect(splitText('a😀b', 2)).toEqual(['a', '😀', 'b']);
    const text = tricky(3, 'x');
    const parts = splitText(text);
    expect(parts.join('')).toBe(text);
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(PART_CHARS);
      expect(/\p{Cs}/u.test(part)).toBe(false);
    }
  });
});

describe('project storage in parts', () => {
  const t = useTestApp({
    projects: {
      maxBytes: 12 * MIB,
      maxPerAccount: 100,
      quotaBytes: 1024 * MIB,
      largeWriteBytes: MIB,
      largeWrites: 1,
    },
  });

  it('keeps large texts exactly across parts, in the project and in its versions', async () => {
    const a = api(t, await subscriber(t));
    const content = tricky(5, 'c');
    const viewState = { notes: tricky(2, 'v'), nested: { list: [1, 'два', null] } };
    const created = await a.create({ name: 'Big', content, viewState });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const loaded = (await a.get(id)).json<{ content: string; viewState: unknown }>();
    expect(loaded.content === content).toBe(true);
    expect(JSON.stringify(loaded.viewState) === JSON.stringify(viewState)).toBe(true);

    const next = `${content}\nmore`;
    expect((await a.put(id, { content: next, viewState: null }, '"1"')).statusCode).toBe(200);
    const saved = (await a.get(id)).json<{ content: string; viewState: unknown }>();
    expect(saved.content === next && saved.viewState === null).toBe(true);
    const first = (await a.revision(id, 1)).json<{ content: string; viewState: unknown }>();
    expect(first.content === content).toBe(true);
    expect(JSON.stringify(first.viewState) === JSON.stringify(viewState)).toBe(true);
    // Small texts take one part each; these took many.
    const { rows } = await t.app.db.query<{ content_parts: number; view_parts: number }>(
      'SELECT content_parts, view_parts FROM project_revisions WHERE project_id = $1 ORDER BY revision',
      [id],
    );
    expect(rows[0]!.content_parts).toBeGreaterThan(5);
    expect(rows[0]!.view_parts).toBeGreaterThan(2);
    expect(rows[1]!.view_parts).toBe(0);
    expect(await storage(t)).toMatchObject(clean);
  });

  it('drops the parts of folded, pruned and deleted versions and of refused saves', async () => {
    const user = await subscriber(t);
    const a = api(t, user);
    const big = (letter: string) => letter.repeat(2 * MIB);
    const { id } = (await a.create({ name: 'P', content: big('a') })).json<{ id: string }>();
    const autosave = (content: string, rev: number) =>
      a.put(id, { content, revisionReason: 'autosave', editSession: 's' }, `"${rev}"`);
    expect((await autosave(big('b'), 1)).statusCode).toBe(200);
    const folding = (await storage(t)).parts;
    expect((await autosave(big('c'), 2)).statusCode).toBe(200);
    // Folded into version 2: b's parts made way for c's.
    expect(await storage(t)).toEqual({ ...clean, parts: folding });
    expect(brief((await a.get(id)).json())).toEqual({ revision: 3, content: brief(big('c')) });

    // Stale (another tab's save, based on revision 1): refused before anything is written.
    expect(
      (
        await a.put(
          id,
          { content: big('d'), revisionReason: 'autosave', editSession: 'other' },
          '"1"',
        )
      ).statusCode,
    ).toBe(412);
    expect(await storage(t)).toEqual({ ...clean, parts: folding });

    // Older than 30 days and unnamed: pruned by the next save, parts and all.
    await t.app.db.query(
      `UPDATE project_revisions SET saved_at = saved_at - interval '40 days',
              created_at = created_at - interval '40 days'
        WHERE project_id = $1`,
      [id],
    );
    expect((await a.put(id, { content: 'small', revisionReason: 'apply' }, '"3"')).statusCode).toBe(
      200,
    );
    const pruned = await storage(t);
    expect(pruned).toMatchObject(clean);
    expect((await a.revision(id, 3)).statusCode).toBe(404);
    expect((await a.revision(id, 4)).json()).toMatchObject({ content: 'small' });

    expect((await a.remove(id)).statusCode).toBe(204);
    const removed = await storage(t);
    expect(removed).toMatchObject(clean);
    expect(removed.parts).toBeLessThan(pruned.parts);

    // An account deleted takes its projects' parts with it.
    const other = await subscriber(t);
    expect((await api(t, other).create({ name: 'Q', content: big('q') })).statusCode).toBe(201);
    await t.app.db.query('DELETE FROM users WHERE email = $1', [other.email]);
    expect(await storage(t)).toEqual({ ...clean, parts: removed.parts });
  });

  it('drops the upload of a save whose transaction fails, and sweeps old uploads', async () => {
    const user = await subscriber(t);
    const { id } = (await api(t, user).create({ name: 'R', content: 'v1' })).json<{ id: string }>();
    const owner = (
      await t.app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [user.email])
    ).rows[0]!.id;
    const before = await storage(t);
    const failing: Db = {
      query: (sql, params) => t.app.db.query(sql, params),
      exec: (sql) => t.app.db.exec(sql),
      transaction: () => Promise.reject(new Error('the database went away')),
    };
    const write = {
      content: 'x'.repeat(3 * PART_CHARS),
      viewState: null,
      size: 3 * PART_CHARS,
      endpointCount: 0,
    };
    const intent = { reason: 'apply' as const, session: undefined };
    await expect(
      createProjectsRepository(failing).update(
        owner,
        id,
        [1],
        write,
        undefined,
        intent,
        1e9,
        new Date(),
      ),
    ).rejects.toThrow('the database went away');
    expect(await storage(t)).toEqual(before);

    // A save that died halfway, an hour and more ago: the next large save sweeps it.
    const now = new Date(t.clock.now());
    await t.app.db.query(
      `INSERT INTO project_uploads (snapshot, started_at)
       VALUES ('00000000-0000-4000-8000-00000000000a', $1)`,
      [new Date(now.getTime() - 2 * 3_600_000)],
    );
    await t.app.db.query(
      `INSERT INTO project_parts (snapshot, part, piece)
       VALUES ('00000000-0000-4000-8000-00000000000a', 0, 'left over')`,
    );
    const repo = createProjectsRepository(t.app.db);
    const saved = await repo.update(owner, id, [1], write, undefined, intent, 1e9, now);
    expect(saved.ok).toBe(true);
    expect(await storage(t)).toMatchObject(clean);
  });

  it('reads a project again when a save replaces its parts while they are read', async () => {
    const user = await subscriber(t);
    const first = 'a'.repeat(9 * PART_CHARS);
    const second = 'b'.repeat(9 * PART_CHARS);
    const a = api(t, user);
    const { id } = (await a.create({ name: 'S', content: first })).json<{ id: string }>();
    expect(
      (await a.put(id, { content: first, revisionReason: 'autosave', editSession: 'e' }, '"1"'))
        .statusCode,
    ).toBe(200);
    const owner = (
      await t.app.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [user.email])
    ).rows[0]!.id;
    const repo = createProjectsRepository(t.app.db);
    let partsRead = 0;
    const racing: Db = {
      query: async (sql, params) => {
        // After the first batch of parts, an autosave folds the version into new parts.
        if (sql.includes('FROM project_parts') && (partsRead += 1) === 2) {
          const folded = await repo.update(
            owner,
            id,
            [2],
            { content: second, viewState: null, size: second.length, endpointCount: 0 },
            undefined,
            { reason: 'autosave', session: 'e' },
            1e9,
            new Date(t.clock.now()),
          );
          expect(folded).toMatchObject({ ok: true, folded: true });
        }
        return t.app.db.query(sql, params);
      },
      exec: (sql) => t.app.db.exec(sql),
      transaction: (fn) => t.app.db.transaction(fn),
    };
    const read = await createProjectsRepository(racing).get(owner, id);
    expect(brief(read)).toEqual({ revision: 3, content: brief(second) });
    expect(await storage(t)).toMatchObject(clean);
  });
});

describe('project storage within a small quota', () => {
  const t = useTestApp({
    projects: {
      maxBytes: 12 * MIB,
      maxPerAccount: 100,
      quotaBytes: 5 * MIB,
      largeWriteBytes: MIB,
      largeWrites: 1,
    },
  });

  it('drops the parts a large save wrote when the quota refuses it', async () => {
    const a = api(t, await subscriber(t));
    const { id } = (await a.create({ name: 'P', content: 'a'.repeat(2 * MIB) })).json<{
      id: string;
    }>();
    const before = await storage(t);
    const refused = await a.put(
      id,
      { content: 'b'.repeat(3 * MIB), revisionReason: 'apply' },
      '"1"',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'quota' });
    expect(await storage(t)).toEqual(before);
    expect(brief((await a.get(id)).json())).toEqual({
      revision: 1,
      content: brief('a'.repeat(2 * MIB)),
    });
  });
});
