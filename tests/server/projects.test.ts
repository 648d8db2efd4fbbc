/**
 * Saved projects (issue 12): the API contract of /api/v1/customer/projects with two users,
 * optimistic locking (If-Match / 412 / 428), stale concurrent writers, limits (413, 409),
 * subscription rule (402 for writes, reads always). History and quota: projects-history.test.ts.
 */
import { MAX_PROJECT_BYTES } from '../../src/shared/openapi/limits';
import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '../../src/shared/projects';
import { bearer, buildTestApp, signedInUser, type TestApp, useTestApp } from './helpers';
import { projectsApi } from './projects-api';

const DOC = `openapi: 3.0.1
info:
  title: Pets
  version: 1.0.0
paths:
  /pets:
    get:
      responses:
        '200':
          description: OK
    post:
      responses:
        '201':
          description: Created
  /pets/{id}:
    parameters:
      - name: id
        in: path
        required: true
        schema:
          type: string
    delete:
      responses:
        '204':
          description: Gone
`;

/** Small limits: 64 KiB projects, a 1 MiB quota. */
const SMALL = {
  maxBytes: 64 * 1024,
  maxPerAccount: 100,
  quotaBytes: 1024 * 1024,
  largeWriteBytes: 1024 * 1024,
  largeWrites: 1,
};

type User = Awaited<ReturnType<typeof signedInUser>>;

/** A signed-in user with a subscription running for a year (unless told otherwise). */
async function subscriber(t: TestApp, active = true): Promise<User> {
  const user = await signedInUser(t);
  const until = active ? new Date(t.clock.now() + 365 * 86400_000) : null;
  await t.app.db.query('UPDATE users SET subscription_until = $2 WHERE email = $1', [
    user.email,
    until,
  ]);
  return user;
}

const api = projectsApi;

describe('projects API', () => {
  const t = useTestApp({ projects: { ...SMALL, maxPerAccount: 3 } });

  it('creates, lists, reads with an ETag, saves with If-Match and deletes', async () => {
    const a = api(t, await subscriber(t));
    const created = await a.create({ name: 'Pets', content: DOC, viewState: { output: DOC } });
    expect(created.statusCode).toBe(201);
    const { id, revision } = created.json<{ id: string; revision: number }>();
    expect(revision).toBe(1);
    expect(created.headers.etag).toBe('"1"');

    const list = (await a.list()).json<ProjectSummary[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id, name: 'Pets', endpointCount: 3, revision: 1 });
    expect(list[0]!.size).toBe(Buffer.byteLength(DOC) + JSON.stringify({ output: DOC }).length);
    expect(Number.isNaN(Date.parse(list[0]!.updatedAt))).toBe(false);

    const read = await a.get(id);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe('"1"');
    expect(read.headers['content-type']).toMatch(/application\/json/);
    expect(read.json()).toMatchObject({
      id,
      name: 'Pets',
      content: DOC,
      viewState: { output: DOC },
      revision: 1,
    });

    const edited = DOC.replace('title: Pets', 'title: Pets v2');
    const saved = await a.put(id, { content: edited }, '"1"');
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe('"2"');
    expect(saved.json()).toMatchObject({ revision: 2 });
    const again = await a.get(id);
    expect(again.headers.etag).toBe('"2"');
    expect(again.json()).toMatchObject({ content: edited, viewState: null, revision: 2 });

    const removed = await a.remove(id);
    expect(removed.statusCode).toBe(204);
    expect((await a.get(id)).statusCode).toBe(404);
    expect((await a.list()).json()).toEqual([]);
  });

  it('refuses a save based on an old revision (412 with the current one) and one without If-Match (428)', async () => {
    const a = api(t, await subscriber(t));
    const { id } = (await a.create({ name: 'Stale', content: 'a' })).json<{ id: string }>();
    expect((await a.put(id, { content: 'b' }, '"1"')).statusCode).toBe(200);
    const stale = await a.put(id, { content: 'c' }, '"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ revision: 2 });
    expect(stale.json<{ message: string }>().message).toMatch(/changed elsewhere/);
    expect(stale.headers.etag).toBe('"2"');
    const missing = await a.put(id, { content: 'c' });
    expect(missing.statusCode).toBe(428);
    expect(missing.json<{ message: string }>().message).toMatch(/If-Match/);
    // A weak or foreign tag never matches.
    expect((await a.put(id, { content: 'c' }, 'W/"2"')).statusCode).toBe(412);
    expect((await a.put(id, { content: 'c' }, '"abc"')).statusCode).toBe(412);
    // Nothing of the refused saves was stored.
    expect((await a.get(id)).json()).toMatchObject({ content: 'b', revision: 2 });
    // A bare number is read as the tag too.
    expect((await a.put(id, { content: 'd' }, '2')).statusCode).toBe(200);
  });

  it('lets a tab save over its own later revisions (an answer lost to a reload), never over another', async () => {
    const a = api(t, await subscriber(t));
    const { id } = (await a.create({ name: 'Own', content: 'a' })).json<{ id: string }>();
    const tab = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    // The tab's save lands (revision 2) but its answer is lost: the tab still thinks 1.
    expect((await a.put(id, { content: 'b', editSession: tab }, '"1"')).statusCode).toBe(200);
    const again = await a.put(id, { content: 'b and more', editSession: tab }, '"1"');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ revision: 3 });
    // Without a session, or from another one, the same stale base is a conflict.
    expect((await a.put(id, { content: 'x' }, '"1"')).statusCode).toBe(412);
    expect(
      (await a.put(id, { content: 'x', editSession: 'bbbbbbbbbbbbbbbbbbbbbbbb' }, '"1"'))
        .statusCode,
    ).toBe(412);
    // Once another session has saved after the base, the tab's own stale save is refused.
    expect(
      (await a.put(id, { content: 'c', editSession: 'bbbbbbbbbbbbbbbbbbbbbbbb' }, '"3"'))
        .statusCode,
    ).toBe(200);
    expect((await a.put(id, { content: 'mine', editSession: tab }, '"3"')).statusCode).toBe(412);
    expect((await a.put(id, { content: 'mine', editSession: tab }, '"1"')).statusCode).toBe(412);
    expect((await a.get(id)).json()).toMatchObject({ content: 'c', revision: 4 });
  });

  it('lets exactly one of two concurrent writers based on the same revision win', async () => {
    const a = api(t, await subscriber(t));
    const { id } = (await a.create({ name: 'Race', content: 'base' })).json<{ id: string }>();
    for (let round = 1; round <= 3; round += 1) {
      const results = await Promise.all([
        a.put(id, { content: `left ${round}` }, `"${round}"`),
        a.put(id, { content: `right ${round}` }, `"${round}"`),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 412]);
      const winner = results.find((r) => r.statusCode === 200)!;
      const loser = results.find((r) => r.statusCode === 412)!;
      expect(loser.json()).toMatchObject({ revision: round + 1 });
      const stored = (await a.get(id)).json<{ content: string; revision: number }>();
      expect(stored.revision).toBe(round + 1);
      expect(winner.headers.etag).toBe(`"${round + 1}"`);
      expect(stored.content).toMatch(new RegExp(`^(left|right) ${round}$`));
    }
  });

  it("answers 404 for another user's project, whatever the method", async () => {
    const owner = api(t, await subscriber(t));
    const other = api(t, await subscriber(t));
    const { id } = (await owner.create({ name: 'Mine', content: DOC })).json<{ id: string }>();
    expect((await other.get(id)).statusCode).toBe(404);
    expect((await other.put(id, { content: 'x' }, '"1"')).statusCode).toBe(404);
    expect((await other.put(id, { content: 'x' }, '*')).statusCode).toBe(404);
    expect((await other.patch(id, { name: 'Theirs' })).statusCode).toBe(404);
    expect((await other.duplicate(id)).statusCode).toBe(404);
    expect((await other.revisions(id)).statusCode).toBe(404);
    expect((await other.revision(id, 1)).statusCode).toBe(404);
    expect((await other.remove(id)).statusCode).toBe(404);
    expect((await other.list()).json()).toEqual([]);
    expect((await other.get('not-a-uuid')).statusCode).toBe(404);
    // The owner's project is untouched.
    expect((await owner.get(id)).json()).toMatchObject({ name: 'Mine', content: DOC, revision: 1 });
  });

  it('refuses a project over the size limit with 413 and a message, damaging nothing', async () => {
    const a = api(t, await subscriber(t));
    const { id } = (await a.create({ name: 'Small', content: DOC })).json<{ id: string }>();
    const big = 'x'.repeat(64 * 1024 + 1);
    const created = await a.create({ name: 'Big', content: big });
    expect(created.statusCode).toBe(413);
    expect(created.json<{ message: string }>().message).toMatch(/too large.*64 KiB/);
    const saved = await a.put(id, { content: DOC, viewState: { output: big } }, '"1"');
    expect(saved.statusCode).toBe(413);
    // Bigger than the body limit itself: refused before parsing, same kind of answer.
    const huge = await a.put(id, { content: 'y'.repeat(200 * 1024) }, '"1"');
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ message: string }>().message).toMatch(/too large/);
    const ru = await a.create({ name: 'Big', content: big }, { 'accept-language': 'ru' });
    expect(ru.json<{ message: string }>().message).toMatch(/слишком большой/);
    expect((await a.get(id)).json()).toMatchObject({ content: DOC, revision: 1 });
    expect((await a.list()).json()).toHaveLength(1);
  });

  it('limits projects per account (409 with a message), duplicates and renames', async () => {
    const a = api(t, await subscriber(t));
    const { id } = (await a.create({ name: 'One', content: DOC })).json<{ id: string }>();
    const copy = await a.duplicate(id);
    expect(copy.statusCode).toBe(201);
    const copyId = copy.json<{ id: string }>().id;
    expect((await a.get(copyId)).json()).toMatchObject({
      name: 'One (copy)',
      content: DOC,
      revision: 1,
    });
    expect((await a.create({ name: 'Three', content: '' })).statusCode).toBe(201);
    const fourth = await a.create({ name: 'Four', content: '' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json<{ message: string }>().message).toMatch(/3 projects/);
    expect((await a.duplicate(id)).statusCode).toBe(409);

    const renamed = await a.patch(copyId, { name: '  Renamed  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: copyId, name: 'Renamed' });
    // A rename is not a content change: the revision (and open tabs' If-Match) stays.
    expect((await a.get(copyId)).json()).toMatchObject({ name: 'Renamed', revision: 1 });
    expect((await a.patch(copyId, { name: '   ' })).statusCode).toBe(400);
    expect((await a.create({ name: '', content: '' })).statusCode).toBe(400);
  });

  it('needs a subscription to create and change, never to read, download or delete', async () => {
    const user = await subscriber(t);
    const a = api(t, user);
    const { id } = (await a.create({ name: 'Kept', content: DOC })).json<{ id: string }>();
    await t.app.db.query('UPDATE users SET subscription_until = $2 WHERE email = $1', [
      user.email,
      new Date(t.clock.now() - 1000),
    ]);
    const refused = await a.create({ name: 'New', content: DOC });
    expect(refused.statusCode).toBe(402);
    expect(refused.json<{ message: string }>().message).toMatch(/subscription/i);
    expect((await a.put(id, { content: 'x' }, '"1"')).statusCode).toBe(402);
    expect((await a.patch(id, { name: 'x' })).statusCode).toBe(402);
    expect((await a.duplicate(id)).statusCode).toBe(402);
    expect((await a.list()).json()).toHaveLength(1);
    expect((await a.get(id)).json()).toMatchObject({ content: DOC, revision: 1 });
    expect((await a.revisions(id)).statusCode).toBe(200);
    expect((await a.remove(id)).statusCode).toBe(204);
  });

  it('needs a bearer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/customer/projects' });
    expect(res.statusCode).toBe(401);
    const limits = await t.app.inject({ method: 'GET', url: '/api/v1/customer/projects/limits' });
    expect(limits.statusCode).toBe(401);
  });

  it('states its limits and refuses a hostile view state with 400', async () => {
    const a = api(t, await subscriber(t));
    const user = await subscriber(t);
    const limits = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/projects/limits',
      headers: bearer(user.tokens.accessToken),
    });
    expect(limits.json()).toEqual({
      maxProjectBytes: 64 * 1024,
      maxProjects: 3,
      quotaBytes: 1024 * 1024,
      usedBytes: 0,
      historyDays: 30,
    });
    const nested = (depth: number) =>
      `{"name":"Deep","content":"","viewState":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/projects',
        headers: { ...bearer(user.tokens.accessToken), 'content-type': 'application/json' },
        payload,
      });
    expect((await post(nested(5000))).statusCode).toBe(400);
    // As deep as a real form's schemas get is stored (the database's parser copes).
    expect((await post(nested(900))).statusCode).toBe(201);
    expect((await a.list()).json()).toEqual([]);
  });
});

describe('projects API with the default limits', () => {
  it('stores and returns a 14 MB document intact and refuses one over the limit with 413', async () => {
    const t = await buildTestApp();
    try {
      const a = api(t, await subscriber(t));
      const line = '    description: \'ünïcode line with "quotes" and \\ backslashes\'\n';
      // GitHub's REST description is 13 MB.
      const content = DOC + line.repeat(Math.floor((14 * 1024 * 1024) / line.length));
      const created = await a.create({ name: 'Large', content });
      expect(created.statusCode).toBe(201);
      const { id } = created.json<{ id: string }>();
      const read = await a.get(id);
      expect(read.json<{ content: string }>().content === content).toBe(true);
      // The largest project is the largest document (64 MiB) plus 2 MiB of view state.
      const over = await a.put(id, { content: 'z'.repeat(MAX_PROJECT_BYTES + 1024) }, '"1"');
      expect(over.statusCode).toBe(413);
      expect(over.json<{ message: string }>().message).toMatch(/66 MiB/);
    } finally {
      await t.close();
    }
  }, 60_000);
});
