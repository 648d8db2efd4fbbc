/**
 * The worker API through a real comlink boundary: every result, errors included, must survive
 * structured cloning (MessagePort) unchanged — which is why the API answers Result objects
 * instead of throwing CoreErrors, whose `code` comlink would not carry.
 */
import { wrap, type Remote } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expose } from 'comlink';
import { newEndpoint, type Endpoint } from '../../src/shared/openapi';
import { createCoreApi, type Result } from '../../src/shared/openapi/core-api';
import type {
  ApplyAnswer,
  ApplyOptions,
  DocumentCommand,
} from '../../src/shared/openapi/document/session';
import type { GeneratorApi } from '../../src/worker';
import { petsDocument } from '../shared/support/pets-document';

/** The direct side: the same object the worker exposes and the fallback runs. */
const api = createCoreApi();

const SAMPLE = '{"id": 1, "when": "2024-01-01T00:00:00Z", "tags": ["a"], "note": null}';

/** A core API called directly or through comlink (whose answers are promises). */
interface Answers {
  newDocument(): Result<unknown> | Promise<Result<unknown>>;
  revision(): Result<number> | Promise<Result<number>>;
  apply(
    commands: DocumentCommand[],
    baseRevision: number,
    options?: ApplyOptions,
  ): Result<ApplyAnswer> | Promise<Result<ApplyAnswer>>;
}

async function value<T>(result: Result<T> | Promise<Result<T>>): Promise<T> {
  const answer = await result;
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.value;
}

/**
 * The spec §5 report of `endpoints` as the app gets it: added to a new document in one batch,
 * whose answer lists every endpoint's issues, the duplicates and whether it can be generated.
 */
async function reportOf(side: Answers, endpoints: Endpoint[]) {
  await value(side.newDocument());
  const adds = endpoints.map((endpoint): DocumentCommand => ({ kind: 'addEndpoint', endpoint }));
  const answer = await value(side.apply(adds, await value(side.revision()), { problems: 'all' }));
  return answer.problems;
}

/** Calls every method directly and through `remote`, expecting identical answers. */
async function expectSameAnswers(remote: Remote<GeneratorApi>): Promise<void> {
  const endpoint = { ...newEndpoint(true), path: '/users' };

  expect(await reportOf(remote, []), 'report').toEqual(await reportOf(api, []));
  const calls: [string, () => unknown, () => Promise<unknown>][] = [
    ['isJsonPaste', () => api.isJsonPaste(SAMPLE), () => remote.isJsonPaste(SAMPLE)],
    ['jsonToYaml', () => api.jsonToYaml(SAMPLE), () => remote.jsonToYaml(SAMPLE)],
    ['formatJson', () => api.formatJson(SAMPLE), () => remote.formatJson(SAMPLE)],
    ['formatJson error', () => api.formatJson('{\n "a": }'), () => remote.formatJson('{\n "a": }')],
    [
      'openDocument error',
      () => api.openDocument('openapi: 3.0.1'),
      () => remote.openDocument('openapi: 3.0.1'),
    ],
    ['generate', () => api.generate([]), () => remote.generate([])],
  ];
  for (const [label, direct, viaRemote] of calls) {
    expect(await viaRemote(), label).toEqual(direct());
  }
  const list = [endpoint];
  expect(await reportOf(remote, list)).toEqual(await reportOf(api, list));

  // A realistic round trip: generate a document and read it back, on both sides.
  const rich: Endpoint[] = [
    {
      id: 'a',
      method: 'POST',
      path: '/users/{id}',
      summary: 'Update a user',
      parameters: [
        {
          id: 'p1',
          name: 'id',
          location: 'path',
          required: true,
          description: 'User id',
          example: '42',
          hideRequired: true,
        },
        {
          id: 'p2',
          name: 'X-Trace',
          location: 'header',
          required: false,
          description: '',
          example: 'abc',
        },
      ],
      requestBody: { name: 'User', customerJson: SAMPLE },
      responses: [
        { statusCode: 200, body: { name: 'User', customerJson: SAMPLE } },
        { statusCode: 404, body: { name: 'Problem', customerJson: '{"message":"x"}' } },
      ],
    },
  ];
  const generated = api.generate(rich);
  expect(await remote.generate(rich)).toEqual(generated);
  expect(generated.ok).toBe(true);
  if (generated.ok) {
    // The same document opened on both sides: the same summary and views (ids are stable).
    expect(await remote.openDocument(generated.value)).toEqual(api.openDocument(generated.value));
    expect(await remote.views(0, 10)).toEqual(api.views(0, 10));
  }
  expect(await reportOf(remote, rich)).toEqual(await reportOf(api, rich));
  expect(await remote.openDocument('a: [')).toEqual(api.openDocument('a: ['));
  // A large document: views in chunks, a changed view sent back, the text rendered losslessly.
  const text = petsDocument(50);
  const opened = await remote.openDocument(text);
  if (!opened.ok) throw new Error('the fixture does not parse');
  const views: Endpoint[] = [];
  for (let start = 0; start < opened.value.count; start += 24) {
    const chunk = await remote.views(start, 24);
    if (!chunk.ok) throw new Error('views failed');
    views.push(...chunk.value);
  }
  expect(views).toHaveLength(opened.value.count);
  expect(await remote.text()).toMatchObject({ ok: true, value: { text } });
  const changed = { ...views[3]!, summary: 'Changed' };
  const revision = await remote.revision();
  if (!revision.ok) throw new Error('revision failed');
  expect(
    await remote.apply([{ kind: 'putEndpoint', endpoint: changed }], revision.value),
  ).toMatchObject({ ok: true });
  const rendered = await remote.text();
  expect(rendered.ok && rendered.value.text).toContain('summary: Changed');
  expect(
    await remote.apply(
      [{ kind: 'moveEndpoint', endpointId: 'nope', index: 0 }],
      revision.value + 1,
    ),
  ).toMatchObject({ ok: false, error: { code: 'UNKNOWN_TARGET' } });
  expect(createCoreApi().text()).toMatchObject({ ok: false, error: { code: 'NO_DOCUMENT' } });

  // A new endpoint crosses with its defaults (the first one's 200 response) and comes back so.
  const added = await value(
    remote.apply(
      [{ kind: 'addEndpoint', endpoint: { ...newEndpoint(true), path: '/added' } }],
      revision.value + 1,
    ),
  );
  expect(added.changed.find((view) => view.path === '/added')?.responses).toEqual([
    { statusCode: 200, body: { name: '', customerJson: '' } },
  ]);
}

describe('worker api (direct calls)', () => {
  it('answers values as { ok: true, value }', () => {
    expect(api.isJsonPaste('[1]')).toEqual({ ok: true, value: true });
    expect(createCoreApi().newDocument()).toMatchObject({ ok: true, value: { count: 0 } });
  });

  it('answers the spec §5 report with a batch, for every endpoint when asked', async () => {
    expect(await reportOf(createCoreApi(), [])).toEqual({
      issues: {},
      duplicateIds: [],
      canGenerate: false,
    });
  });

  it('answers failures as { ok: false, error } with code, message, line and column', () => {
    const result = api.formatJson('{\n  "a": 1,\n}');
    expect(result).toEqual({
      ok: false,
      error: { code: 'JSON_INVALID', message: expect.any(String) as string, line: 3, column: 1 },
    });
    expect(api.jsonToYaml('['.repeat(5000))).toMatchObject({ ok: false });
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    expect(api.jsonToYaml(deep)).toMatchObject({ ok: false, error: { code: 'TOO_DEEP' } });
  });
});

describe('worker api through comlink over a MessageChannel', () => {
  let port1: MessagePort;
  let port2: MessagePort;
  let remote: Remote<GeneratorApi>;

  beforeAll(() => {
    ({ port1, port2 } = new MessageChannel());
    expose(api, nodeEndpoint(port1));
    remote = wrap<GeneratorApi>(nodeEndpoint(port2));
  });

  afterAll(() => {
    port1.close();
    port2.close();
  });

  it('gives the same answers as direct calls, errors included', async () => {
    await expectSameAnswers(remote);
  });

  it('carries error codes and positions across', async () => {
    const result = await remote.formatJson('[1,\n 2,,]');
    expect(result).toEqual({
      ok: false,
      error: { code: 'JSON_INVALID', message: expect.any(String) as string, line: 2, column: 4 },
    });
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    expect(await remote.jsonToYaml(deep)).toMatchObject({
      ok: false,
      error: { code: 'TOO_DEEP' },
    });
  });
});

describe('worker api in a real worker thread', () => {
  let worker: Worker;
  let remote: Remote<GeneratorApi>;

  beforeAll(async () => {
    worker = new Worker(new URL('./fixtures/node-worker.mjs', import.meta.url));
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    remote = wrap<GeneratorApi>(nodeEndpoint(worker));
  });

  afterAll(async () => {
    await worker.terminate();
  });

  it('gives the same answers as direct calls, errors included', async () => {
    await expectSameAnswers(remote);
  });

  it('turns a 10,000-deep paste into TOO_DEEP without killing the thread', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    expect(await remote.jsonToYaml(deep)).toMatchObject({ ok: false, error: { code: 'TOO_DEEP' } });
    expect(await remote.isJsonPaste('{"still":"alive"}')).toEqual({ ok: true, value: true });
  });
});
