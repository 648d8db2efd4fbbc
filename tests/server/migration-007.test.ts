/** Migration 007 (issue 21.4) on an installation whose projects keep their texts in rows. */
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db';
import { createProjectsRepository } from '../../src/server/repositories/projects-repository';
import { databaseBefore } from './helpers';

const OWNER = '00000000-0000-4000-8000-000000000001';
const P1 = '00000000-0000-4000-8000-0000000000a1';
const P2 = '00000000-0000-4000-8000-0000000000a2';

describe('migration 007_project_parts', () => {
  it("moves every version's content and view state into parts and keeps them readable", async () => {
    const { db, dispose } = await databaseBefore('007_');
    try {
      await db.query(
        `INSERT INTO users (id, email, first_name, last_name) VALUES ($1, 'a@example.com', 'A', 'B')`,
        [OWNER],
      );
      const text = `openapi: 3.0.1\ninfo:\n  title: Ж 😀\n`;
      await db.query(
        `INSERT INTO projects (id, owner_id, name, content, view_state, revision, size)
         VALUES ($1, $3, 'One', $4, '{"b": 1, "a": [1, 2]}', 3, 40),
                ($2, $3, 'Two', 'two', NULL, 1, 3)`,
        [P1, P2, OWNER, text],
      );
      // P1 has two versions, the current one included; P2 lost its (kept by no version).
      await db.query(
        `INSERT INTO project_revisions (project_id, revision, content, view_state, size)
         VALUES ($1, 2, 'old', NULL, 3), ($1, 3, $2, '{"b": 1, "a": [1, 2]}', 40)`,
        [P1, text],
      );

      expect(await migrate(db)).toContain('007_project_parts.sql');

      const repo = createProjectsRepository(db);
      const one = await repo.get(OWNER, P1);
      expect(one).toMatchObject({ revision: 3, content: text, size: 40 });
      expect(JSON.parse(one!.view_state!)).toEqual({ a: [1, 2], b: 1 });
      expect(await repo.revision(OWNER, P1, 2)).toMatchObject({ content: 'old', view_state: null });
      expect(await repo.get(OWNER, P2)).toMatchObject({
        revision: 1,
        content: 'two',
        view_state: null,
      });
      expect((await repo.revisions(OWNER, P2))?.map((r) => r.revision)).toEqual([1]);
      const { rows } = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM project_revisions r
          WHERE (SELECT count(*) FROM project_parts pp WHERE pp.snapshot = r.snapshot)
                <> r.content_parts + r.view_parts`,
      );
      expect(Number(rows[0]!.n)).toBe(0);

      // And the next save goes on from there: its own version, the old ones kept.
      const saved = await repo.update(
        OWNER,
        P1,
        [3],
        { content: 'new', viewState: null, size: 3, endpointCount: 0 },
        undefined,
        { reason: 'apply', session: undefined },
        1e9,
        new Date(),
      );
      expect(saved).toMatchObject({ ok: true, revision: 4 });
      expect(await repo.revision(OWNER, P1, 3)).toMatchObject({ content: text });
    } finally {
      await dispose();
    }
  });
});
