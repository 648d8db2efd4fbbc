/**
 * Issue 21 §6: text is kept exactly, or refused clearly. A lone UTF-16 surrogate (`"\ud800"` in
 * JSON) in a project's name, content or view state — at any depth, in a key too — and a body
 * whose bytes are not UTF-8 get 400 with a message, and the stored project stays as it was.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { findUnstorableText } from '../../src/server/plugins/no-nul';
import { bearer, signedInSubscriber, useTestApp } from './helpers';

const subscriber = signedInSubscriber;

/** A JSON text sent as it is, `\ud800` escapes included (what JSON.stringify makes of one). */
const raw = (json: string, headers: Record<string, string> = {}) => ({
  headers: { ...headers, 'content-type': 'application/json' },
  payload: json,
});

const HIGH = '\\ud800';
const LOW = '\\udfff';

describe('findUnstorableText', () => {
  it('finds lone surrogates in values and keys at any depth, and passes pairs', () => {
    expect(findUnstorableText({ a: ['ok', { b: 'x\ud800' }] }, 'body')).toEqual({
      where: 'body.a[1].b',
      problem: 'surrogate',
    });
    expect(findUnstorableText({ a: { ['k\udc00']: 1 } }, 'body')).toEqual({
      where: 'body.a',
      problem: 'surrogate',
    });
    // Reversed pair: two lone halves.
    expect(findUnstorableText('\udc00\ud800', 'q')?.problem).toBe('surrogate');
    expect(findUnstorableText({ emoji: '😀 \ud83d\ude00', ru: 'Привет' }, 'body')).toBeUndefined();
    expect(findUnstorableText({ a: 'x\u0000' }, 'body')?.problem).toBe('nul');
    // Deep nesting does not overflow the stack.
    let deep: unknown = 'end\ud800';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findUnstorableText(deep, 'body')?.problem).toBe('surrogate');
  });
});

describe('lone surrogates and invalid UTF-8 in project writes (issue 21 §6)', () => {
  const t = useTestApp();

  it('refuses them on create (400, message) and stores nothing', async () => {
    const user = await subscriber(t);
    const headers = bearer(user.tokens.accessToken);
    const create = (json: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/customer/projects', ...raw(json, headers) });
    const bodies = [
      `{"name":"P${HIGH}","content":"openapi: 3.0.1"}`,
      `{"name":"P","content":"title: x${LOW}y"}`,
      `{"name":"P","content":"a","viewState":{"output":"x${HIGH}"}}`,
      `{"name":"P","content":"a","viewState":{"tabs":[{"deep":[1,{"z":"${LOW}"}]}]}}`,
      `{"name":"P","content":"a","viewState":{"k${HIGH}":1}}`,
      `{"name":"P","content":"a","viewState":"${LOW}${HIGH}"}`,
    ];
    for (const body of bodies) {
      const res = await create(body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json<{ message: string }>().message, body).toMatch(/lone surrogate/);
    }
    // Bytes that are not UTF-8 (a CESU-8 surrogate, a stray continuation byte).
    for (const bytes of [
      Buffer.concat([
        Buffer.from('{"name":"P","content":"'),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from('"}'),
      ]),
      Buffer.concat([Buffer.from('{"name":"P\x80","content":"a"}', 'latin1')]),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/customer/projects',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: bytes,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/UTF-8/);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/customer/projects', headers });
    expect(list.json()).toEqual([]);
    // A well-formed pair and Cyrillic are kept exactly.
    const ok = await create(`{"name":"Пэт \\ud83d\\ude00","content":"x: \\ud83d\\udc3e"}`);
    expect(ok.statusCode, ok.body).toBe(201);
    const { id } = ok.json<{ id: string }>();
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer/projects/${id}`,
      headers,
    });
    expect(read.json()).toMatchObject({ name: 'Пэт 😀', content: 'x: 🐾' });
  });

  it('refuses them on update and rename, and the stored project is unchanged', async () => {
    const user = await subscriber(t);
    const headers = bearer(user.tokens.accessToken);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/projects',
      headers,
      payload: { name: 'Kept', content: 'openapi: 3.0.1', viewState: { output: 'v' } },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const url = `/api/v1/customer/projects/${id}`;
    const puts = [
      `{"content":"x${HIGH}"}`,
      `{"content":"x","name":"N${LOW}"}`,
      `{"content":"x","viewState":{"output":"${HIGH}"}}`,
      `{"content":"x","viewState":{"a":[{"${LOW}":true}]}}`,
    ];
    for (const body of puts) {
      const res = await t.app.inject({
        method: 'PUT',
        url,
        ...raw(body, { ...headers, 'if-match': '"1"' }),
      });
      expect(res.statusCode, body).toBe(400);
      expect(typeof res.json<{ message: string }>().message).toBe('string');
    }
    const rename = await t.app.inject({
      method: 'PATCH',
      url,
      ...raw(`{"name":"R${HIGH}"}`, headers),
    });
    expect(rename.statusCode).toBe(400);
    const read = await t.app.inject({ method: 'GET', url, headers });
    expect(read.json()).toMatchObject({
      name: 'Kept',
      content: 'openapi: 3.0.1',
      viewState: { output: 'v' },
      revision: 1,
    });
    const revisions = await t.app.inject({ method: 'GET', url: `${url}/revisions`, headers });
    expect(revisions.json<unknown[]>()).toHaveLength(1);
  });

  it('refuses them in the query string and other routes’ bodies too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/auth/login',
      ...raw(`{"email":"a${HIGH}@example.com","password":"Kq7#mZ2p"}`),
    });
    expect(res.statusCode).toBe(400);
    const query = await t.app.inject({ method: 'GET', url: '/api/public/v1/site?q=%ED%A0%80' });
    expect(query.statusCode).toBeLessThan(500);
  });
});
