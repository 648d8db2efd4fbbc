/**
 * A project's ruleset (issue 30): stored with the project as text, read and changed through
 * `/api/v1/customer/projects/:id/ruleset` with a revision of its own (If-Match / 412 / 428),
 * bounded in size (413 with a code), copied by Duplicate; and migration 009 on projects stored
 * before it.
 */
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db';
import { createProjectsRepository } from '../../src/server/repositories/projects-repository';
import {
  RULESET_MAX_BYTES,
  RULESET_STALE,
  RULESET_TOO_LARGE,
  type Project,
  type ProjectRuleset,
  type StaleRulesetResponse,
} from '../../src/shared/projects';
import { databaseBefore, signedInSubscriber, signedInUser, useTestApp } from './helpers';
import { projectsApi } from './projects-api';

const DOC = 'openapi: 3.0.1\ninfo:\n  title: Pets\n  version: 1.0.0\npaths: {}\n';
const RULESET = "extends: ['spectral:oas']\nrules:\n  operation-tags: off\n";

const api = projectsApi;

describe('project ruleset API', () => {
  const t = useTestApp();

  async function newProject(a: ReturnType<typeof api>, extra: Record<string, unknown> = {}) {
    const created = await a.create({ name: 'Pets', content: DOC, ...extra });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: string; revision: number }>();
  }

  it('starts with the default, keeps a saved ruleset, and leaves the document revision alone', async () => {
    const a = api(t, await signedInSubscriber(t));
    const { id } = await newProject(a);

    const first = await a.getRuleset(id);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe('"0"');
    expect(first.json<ProjectRuleset>()).toEqual({ ruleset: null, rulesetRevision: 0 });
    expect((await a.get(id)).json<Project>()).toMatchObject({ ruleset: null, rulesetRevision: 0 });

    const saved = await a.putRuleset(id, { ruleset: RULESET }, '"0"');
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe('"1"');
    expect(saved.json<ProjectRuleset>()).toEqual({ ruleset: RULESET, rulesetRevision: 1 });

    const read = await a.get(id);
    expect(read.json<Project>()).toMatchObject({
      revision: 1,
      content: DOC,
      ruleset: RULESET,
      rulesetRevision: 1,
    });
    expect(read.headers.etag).toBe('"1"');
    // A document save based on the revision read before the ruleset changed still goes through.
    const doc = await a.put(id, { content: `${DOC}# more\n` }, '"1"');
    expect(doc.statusCode).toBe(200);
    expect((await a.getRuleset(id)).json<ProjectRuleset>()).toEqual({
      ruleset: RULESET,
      rulesetRevision: 1,
    });

    // '' and null both mean the default, stored as null.
    const reset = await a.putRuleset(id, { ruleset: '  \n' }, '"1"');
    expect(reset.json<ProjectRuleset>()).toEqual({ ruleset: null, rulesetRevision: 2 });
  });

  it('answers a stale ruleset save 412 with the ruleset stored now, and needs If-Match', async () => {
    const a = api(t, await signedInSubscriber(t));
    const { id } = await newProject(a);
    expect((await a.putRuleset(id, { ruleset: RULESET }, '"0"')).statusCode).toBe(200);

    const stale = await a.putRuleset(id, { ruleset: 'rules: {}\n' }, '"0"');
    expect(stale.statusCode).toBe(412);
    expect(stale.headers.etag).toBe('"1"');
    expect(stale.json<StaleRulesetResponse>()).toMatchObject({
      code: RULESET_STALE,
      ruleset: RULESET,
      rulesetRevision: 1,
    });
    expect(stale.json<StaleRulesetResponse>().message).toMatch(/changed elsewhere/);

    const missing = await a.putRuleset(id, { ruleset: 'rules: {}\n' });
    expect(missing.statusCode).toBe(428);
    expect((await a.putRuleset(id, { ruleset: 'rules: {}\n' }, '*')).statusCode).toBe(200);
    expect((await a.getRuleset(id)).json<ProjectRuleset>()).toEqual({
      ruleset: 'rules: {}\n',
      rulesetRevision: 2,
    });
  });

  it('refuses a ruleset over the limit with a typed 413 and changes nothing', async () => {
    const a = api(t, await signedInSubscriber(t));
    const { id } = await newProject(a);
    const big = `# ${'ж'.repeat(RULESET_MAX_BYTES / 2)}\n`;
    const refused = await a.putRuleset(id, { ruleset: big }, '"0"');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: RULESET_TOO_LARGE });
    expect(refused.json<{ message: string }>().message).toMatch(/256 KiB/);
    // Far over the body limit: the same typed answer (after the body was read).
    const huge = await a.putRuleset(id, { ruleset: 'x'.repeat(RULESET_MAX_BYTES * 7) }, '"0"');
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: RULESET_TOO_LARGE });
    expect((await a.getRuleset(id)).json<ProjectRuleset>()).toEqual({
      ruleset: null,
      rulesetRevision: 0,
    });
    // A create with one over the limit is refused too.
    const create = await a.create({ name: 'Big', content: DOC, ruleset: big });
    expect(create.statusCode).toBe(413);
    expect(create.json()).toMatchObject({ code: RULESET_TOO_LARGE });
  });

  it('creates a project with a ruleset and copies it on Duplicate', async () => {
    const a = api(t, await signedInSubscriber(t));
    const { id } = await newProject(a, { ruleset: RULESET });
    expect((await a.getRuleset(id)).json<ProjectRuleset>()).toEqual({
      ruleset: RULESET,
      rulesetRevision: 1,
    });
    const copy = await a.duplicate(id);
    expect(copy.statusCode).toBe(201);
    const copyId = copy.json<{ id: string }>().id;
    expect((await a.getRuleset(copyId)).json<ProjectRuleset>()).toEqual({
      ruleset: RULESET,
      rulesetRevision: 1,
    });
  });

  it("keeps another user's project unseen and needs a subscription to change it", async () => {
    const owner = api(t, await signedInSubscriber(t));
    const { id } = await newProject(owner);
    const other = api(t, await signedInSubscriber(t));
    expect((await other.getRuleset(id)).statusCode).toBe(404);
    expect((await other.putRuleset(id, { ruleset: RULESET }, '*')).statusCode).toBe(404);

    const lapsed = await signedInUser(t);
    const reader = api(t, lapsed);
    expect((await reader.putRuleset(id, { ruleset: RULESET }, '*')).statusCode).toBe(402);
    expect((await owner.getRuleset('not-a-uuid')).statusCode).toBe(404);
  });
});

describe('migration 009_project_ruleset', () => {
  it('gives projects stored before it the default ruleset, readable and settable', async () => {
    const OWNER = '00000000-0000-4000-8000-000000000001';
    const { db, dispose } = await databaseBefore('009_');
    try {
      await db.query(
        `INSERT INTO users (id, email, first_name, last_name) VALUES ($1, 'a@example.com', 'A', 'B')`,
        [OWNER],
      );
      // A project as stored by 007 and 008 (its text in parts).
      const P = '00000000-0000-4000-8000-0000000000a1';
      const SNAP = '00000000-0000-4000-8000-0000000000b1';
      await db.query(
        `INSERT INTO projects (id, owner_id, name, revision, size, endpoint_count)
         VALUES ($1, $2, 'Old', 2, $3, 0)`,
        [P, OWNER, DOC.length],
      );
      await db.query(
        `INSERT INTO project_revisions
           (project_id, revision, size, reason, snapshot, content_parts, view_parts)
         VALUES ($1, 2, $2, 'autosave', $3, 1, 0)`,
        [P, DOC.length, SNAP],
      );
      await db.query('INSERT INTO project_parts (snapshot, part, piece) VALUES ($1, 0, $2)', [
        SNAP,
        DOC,
      ]);

      expect(await migrate(db)).toContain('009_project_ruleset.sql');

      const repo = createProjectsRepository(db);
      expect(await repo.get(OWNER, P)).toMatchObject({
        revision: 2,
        content: DOC,
        ruleset: null,
        ruleset_revision: 0,
      });
      expect(await repo.setRuleset(OWNER, P, [0], RULESET, new Date())).toMatchObject({
        ok: true,
        rulesetRevision: 1,
      });
      expect(await repo.getRuleset(OWNER, P)).toEqual({ ruleset: RULESET, ruleset_revision: 1 });
      expect(await repo.setRuleset(OWNER, P, [0], null, new Date())).toMatchObject({
        ok: false,
        reason: 'stale',
        ruleset: RULESET,
        ruleset_revision: 1,
      });
    } finally {
      await dispose();
    }
  });
});
