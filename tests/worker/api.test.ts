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
import type { Endpoint } from '../../src/shared';
import { api, type GeneratorApi } from '../../src/worker';
import { chunkMessages, ENDPOINT_CHUNK } from '../../src/shared/import-chunks';
import { petsDocument } from '../shared/support/pets-document';

const SAMPLE = '{"id": 1, "when": "2024-01-01T00:00:00Z", "tags": ["a"], "note": null}';

/** The value with every string `id` field replaced by a placeholder. */
function withoutIds(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, item: unknown) =>
      key === 'id' && typeof item === 'string' ? '<id>' : item,
    ),
  );
}

/** Calls every method directly and through `remote`, expecting identical answers. */
async function expectSameAnswers(remote: Remote<GeneratorApi>): Promise<void> {
  const endpoint = { ...api.newEndpoint(true), path: '/users' };
  const first = api.newEndpoint(true);
  expect(first.ok).toBe(true);

  const calls: [string, () => unknown, () => Promise<unknown>][] = [
    ['validate', () => api.validate([]), () => remote.validate([])],
    ['inferSchema', () => api.inferSchema(SAMPLE), () => remote.inferSchema(SAMPLE)],
    ['inferSchema blank', () => api.inferSchema(' '), () => remote.inferSchema(' ')],
    ['schemaYaml', () => api.schemaYaml(SAMPLE), () => remote.schemaYaml(SAMPLE)],
    ['isJsonPaste', () => api.isJsonPaste(SAMPLE), () => remote.isJsonPaste(SAMPLE)],
    ['jsonToYaml', () => api.jsonToYaml(SAMPLE), () => remote.jsonToYaml(SAMPLE)],
    ['formatJson', () => api.formatJson(SAMPLE), () => remote.formatJson(SAMPLE)],
    ['formatJson error', () => api.formatJson('{\n "a": }'), () => remote.formatJson('{\n "a": }')],
    ['parse', () => api.parse('openapi: 3.0.1'), () => remote.parse('openapi: 3.0.1')],
    ['generate', () => api.generate([]), () => remote.generate([])],
  ];
  for (const [label, direct, viaRemote] of calls) {
    expect(await viaRemote(), label).toEqual(direct());
  }
  if (endpoint.ok) {
    const list = [endpoint.value];
    expect(await remote.validate(list)).toEqual(api.validate(list));
  }

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
    // parse gives fresh random ids on every call; everything else must match.
    expect(withoutIds(await remote.parse(generated.value))).toEqual(
      withoutIds(api.parse(generated.value)),
    );
  }
  expect(await remote.validate(rich)).toEqual(api.validate(rich));
  expect(await remote.parse('a: [')).toEqual(api.parse('a: ['));
  // Generate for a large form: the endpoints staged in chunks, shared components and all.
  const imported = api.parse(petsDocument(ENDPOINT_CHUNK * 2 + 1));
  if (!imported.ok) throw new Error('the fixture does not parse');
  const { endpoints } = imported.value;
  const messages = [...chunkMessages({ endpoints, warnings: [] })];
  expect(messages.filter((m) => m.type === 'endpoints').length).toBe(3);
  for (const message of messages) expect(await remote.stage(message)).toMatchObject({ ok: true });
  const staged = await remote.generateStaged();
  expect(staged).toEqual(api.generate(endpoints));
  expect(staged.ok && staged.value).toContain('Tag:');
  // Taken once: a second call has nothing staged.
  expect(await remote.generateStaged()).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  expect(await remote.stage({ type: 'done' })).toMatchObject({ ok: false });

  const remoteEndpoint = await remote.newEndpoint(true);
  expect(remoteEndpoint.ok && remoteEndpoint.value.responses).toEqual([
    { statusCode: 200, body: { name: '', customerJson: '' } },
  ]);
}

describe('worker api (direct calls)', () => {
  it('answers values as { ok: true, value }', () => {
    expect(api.isJsonPaste('[1]')).toEqual({ ok: true, value: true });
    expect(api.inferSchema('')).toEqual({ ok: true, value: undefined });
    expect(api.schemaYaml('')).toEqual({ ok: true, value: '' });
    const report = api.validate([]);
    expect(report).toEqual({
      ok: true,
      value: { issues: {}, duplicateIds: [], canGenerate: false },
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
    expect(api.inferSchema(deep)).toMatchObject({ ok: false, error: { code: 'TOO_DEEP' } });
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
    expect(await remote.inferSchema(deep)).toMatchObject({
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
