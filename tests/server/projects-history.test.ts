/**
 * Project history and storage (issues 18.4, 21.4, 21.5): autosaves of one editing session fold
 * into one version, other reasons start one, named versions are kept, unnamed ones are pruned
 * after 30 days or when the account's byte quota needs room, a save that still does not fit is
 * refused (409 with a message), an over-size body is answered 413 with a message over a real
 * connection (never a closed socket), and large saves take turns.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Gate } from '../../src/server/routes/projects';
import { bearer, signedInSubscriber, type TestApp, useTestApp } from './helpers';
import { projectsApi } from './projects-api';

const KIB = 1024;

const subscriber = signedInSubscriber;

const api = projectsApi;

/** Moves a project's versions back in time (the session's tokens stay valid). */
async function age(t: TestApp, id: string, minutes: number): Promise<void> {
  await t.app.db.query(
    `UPDATE project_revisions
        SET created_at = created_at - make_interval(mins => $2),
            saved_at = saved_at - make_interval(mins => $2)
      WHERE project_id = $1`,
    [id, minutes],
  );
}

describe('project history', () => {
  const t = useTestApp({
    projects: {
      maxBytes: 64 * KIB,
      maxPerAccount: 100,
      quotaBytes: 1024 * KIB,
      largeWriteBytes: 1024 * KIB,
      largeWrites: 1,
    },
  });

  it('folds autosaves of one session within 5 minutes into one version, If-Match intact', async () => {
    const a = api(t, await subscriber(t));
    const { id } = (await a.create({ name: 'Doc', content: 'v1' })).json<{ id: string }>();
    const autosave = (content: string, rev: number, session = 'tab-a') =>
      a.put(id, { content, revisionReason: 'autosave', editSession: session }, `"${rev}"`);
    expect((await autosave('v2', 1)).json()).toMatchObject({ revision: 2 });
    expect((await autosave('v3', 2)).json()).toMatchObject({ revision: 3 });
    expect((await autosave('v4', 3)).json()).toMatchObject({ revision: 4 });
    // Every save still has its own entity tag: a save based on an older one is stale.
    const stale = await autosave('lost', 3, 'tab-b');
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ revision: 4 });
    let history = await a.history(id);
    expect(history.map((r) => [r.revision, r.reason])).toEqual([
      [4, 'autosave'],
      [1, 'create'],
    ]);
    expect((await a.revision(id, 4)).json()).toMatchObject({ content: 'v4', reason: 'autosave' });
    expect((await a.revision(id, 3)).statusCode).toBe(404);

    // Another tab's autosave starts its own version.
    expect((await autosave('v5', 4, 'tab-b')).statusCode).toBe(200);
    // So does the first tab's after the stretch is over.
    await age(t, id, 6);
    expect((await autosave('v6', 5, 'tab-b')).statusCode).toBe(200);
    expect((await autosave('v7', 6, 'tab-b')).statusCode).toBe(200);
    history = await a.history(id);
    expect(history.map((r) => r.revision)).toEqual([7, 5, 4, 1]);
    expect((await a.revision(id, 7)).json()).toMatchObject({ content: 'v7' });
    expect((await a.revision(id, 5)).json()).toMatchObject({ content: 'v5' });
    // Without a session every save is a version of its own (older clients).
    expect((await a.put(id, { content: 'v8' }, '"7"')).statusCode).toBe(200);
    expect((await a.put(id, { content: 'v9' }, '"8"')).statusCode).toBe(200);
    expect((await a.history(id)).map((r) => r.revision)).toEqual([9, 8, 7, 5, 4, 1]);
  });

  it('starts a new version for a load, an apply, a restore and a conflict resolution', async () => {
    const a = api(t, await subscriber(t));
    const { id } = (await a.create({ name: 'Doc', content: 'v1' })).json<{ id: string }>();
    const save = (content: string, rev: number, reason: string) =>
      a.put(id, { content, revisionReason: reason, editSession: 's1' }, `"${rev}"`);
    expect((await save('a', 1, 'autosave')).statusCode).toBe(200);
    expect((await save('b', 2, 'load')).statusCode).toBe(200);
    // An autosave right after a Load does not change the loaded version.
    expect((await save('c', 3, 'autosave')).statusCode).toBe(200);
    expect((await save('d', 4, 'apply')).statusCode).toBe(200);
    expect((await save('e', 5, 'restore')).statusCode).toBe(200);
    expect((await save('f', 6, 'conflict')).statusCode).toBe(200);
    expect((await save('g', 7, 'autosave')).statusCode).toBe(200);
    expect((await save('h', 8, 'autosave')).statusCode).toBe(200);
    const history = await a.history(id);
    expect(history.map((r) => [r.revision, r.reason])).toEqual([
      [9, 'autosave'],
      [7, 'conflict'],
      [6, 'restore'],
      [5, 'apply'],
      [4, 'autosave'],
      [3, 'load'],
      [2, 'autosave'],
      [1, 'create'],
    ]);
    expect((await a.revision(id, 3)).json()).toMatchObject({ content: 'b' });
    expect((await save('x', 9, 'sneeze')).statusCode).toBe(400);
    expect((await a.put(id, { content: 'x', editSession: 'a b' }, '"9"')).statusCode).toBe(400);
  });

  it('names a version, keeps named versions and prunes unnamed ones older than 30 days', async () => {
    const a = api(t, await subscriber(t));
    const { id } = (await a.create({ name: 'Doc', content: 'v1' })).json<{ id: string }>();
    const autosave = (content: string, rev: number) =>
      a.put(id, { content, revisionReason: 'autosave', editSession: 's' }, `"${rev}"`);
    expect((await autosave('v2', 1)).statusCode).toBe(200);
    const named = await a.name(id, 2, '  Before the big change ');
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual({ revision: 2, name: 'Before the big change' });
    // A named version is not changed by the next autosave.
    expect((await autosave('v3', 2)).statusCode).toBe(200);
    expect((await a.revision(id, 2)).json()).toMatchObject({
      content: 'v2',
      name: 'Before the big change',
    });
    expect((await a.name(id, 999, 'Nope')).statusCode).toBe(404);

    await age(t, id, 31 * 24 * 60);
    expect((await a.put(id, { content: 'v4', revisionReason: 'load' }, '"3"')).statusCode).toBe(
      200,
    );
    const history = await a.history(id);
    // Revision 1 (unnamed, 31 days old) is gone; 2 is named; 3 was current until now and is
    // old too, so it goes; 4 is the new one.
    expect(history.map((r) => [r.revision, r.name])).toEqual([
      [4, null],
      [2, 'Before the big change'],
    ]);
    // Removing the name.
    expect((await a.name(id, 2, null)).json()).toEqual({ revision: 2, name: null });
  });

  it('keeps an account within its quota: prunes the oldest unnamed versions, then refuses', async () => {
    const user = await subscriber(t);
    const a = api(t, user);
    const body = (letter: string) => letter.repeat(60 * KIB);
    const { id } = (await a.create({ name: 'Big', content: body('a') })).json<{ id: string }>();
    expect((await a.limits()).usedBytes).toBe(120 * KIB);
    let rev = 1;
    for (const letter of 'bcdefghijklmnopqrstu') {
      const saved = await a.put(id, { content: body(letter), revisionReason: 'apply' }, `"${rev}"`);
      expect(saved.statusCode).toBe(200);
      rev += 1;
    }
    const limits = await a.limits();
    expect(limits.quotaBytes).toBe(1024 * KIB);
    expect(limits.usedBytes).toBeLessThanOrEqual(1024 * KIB);
    const history = await a.history(id);
    // The newest versions are kept, the oldest went first.
    expect(history[0]!.revision).toBe(rev);
    expect(history.length).toBe(limits.usedBytes / (60 * KIB) - 1);
    expect(history.at(-1)!.revision).toBe(rev - history.length + 1);

    // Named versions are never pruned: name all but the current, then nothing can make room.
    for (const r of history.slice(1))
      expect((await a.name(id, r.revision, `v${r.revision}`)).statusCode).toBe(200);
    const refused = await a.put(id, { content: body('z'), revisionReason: 'apply' }, `"${rev}"`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'quota', quotaBytes: 1024 * KIB });
    expect(refused.json<{ message: string }>().message).toMatch(/1 MiB/);
    expect((await a.get(id)).json()).toMatchObject({ revision: rev, content: body('u') });
    expect((await a.history(id)).length).toBe(history.length);
    // Creating and duplicating count too.
    expect((await a.create({ name: 'More', content: body('y') })).statusCode).toBe(409);
    expect((await a.duplicate(id)).statusCode).toBe(409);
    // A small save that fits still goes through (its own version replaces nothing named).
    const small = await a.put(id, { content: 'small', revisionReason: 'apply' }, `"${rev}"`);
    expect(small.statusCode).toBe(200);
  });
});

describe('over-size bodies on a real connection', () => {
  const t = useTestApp({
    projects: {
      maxBytes: 64 * KIB,
      maxPerAccount: 100,
      quotaBytes: 1024 * KIB,
      largeWriteBytes: 16 * KIB,
      largeWrites: 1,
    },
  });

  it('answers 413 with a message (the connection is not cut) and the app can go on', async () => {
    const user = await subscriber(t);
    const a = api(t, user);
    const { id } = (await a.create({ name: 'Doc', content: 'v1' })).json<{ id: string }>();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/v1/customer/projects/${id}`;
    const headers = {
      ...bearer(user.tokens.accessToken),
      'content-type': 'application/json',
      'if-match': '"1"',
    };
    // 10 Mi characters of Cyrillic text: 20 MiB of UTF-8, far over the route's body limit.
    const big = JSON.stringify({ content: 'ж'.repeat(2 * 1024 * 1024) });
    const response = await fetch(url, { method: 'PUT', headers, body: big });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/too large.*64 KiB/);
    // Sent slowly, in pieces: the answer waits for the whole body and keeps the connection.
    const slow = await new Promise<{ status: number; connection: string | undefined }>(
      (resolve, reject) => {
        const request = http.request(url, { method: 'PUT', headers }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
          );
        });
        request.on('error', reject);
        const piece = Buffer.from(big.slice(0, 256 * KIB));
        let sent = 0;
        const next = () => {
          if (sent >= 8) return request.end();
          sent += 1;
          request.write(piece, () => setTimeout(next, 10));
        };
        next();
      },
    );
    expect(slow.status).toBe(413);
    expect(slow.connection).not.toBe('close');
    // Within the body limit but over the project limit in UTF-8 bytes (40 Ki characters).
    const cyrillic = JSON.stringify({ content: 'ж'.repeat(40 * KIB) });
    const over = await fetch(url, { method: 'PUT', headers, body: cyrillic });
    expect(over.status).toBe(413);
    expect(((await over.json()) as { message: string }).message).toMatch(/too large/);
    const ok = await fetch(url, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ content: 'ж'.repeat(30 * KIB) }),
    });
    expect(ok.status).toBe(200);
  });
});

describe('Gate', () => {
  it('runs at most `limit` jobs at once, the rest in arrival order', async () => {
    const gate = new Gate(1);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number) =>
      gate.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(n);
        running -= 1;
        return n;
      });
    expect(await Promise.all([1, 2, 3, 4].map(job))).toEqual([1, 2, 3, 4]);
    expect(most).toBe(1);
    expect(order).toEqual([1, 2, 3, 4]);
    // A failing job lets the next one in.
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await job(5)).toBe(5);
  });
});
