/**
 * Cancelling never costs the document: a cancelled Load stops only the worker it was opening
 * in, a cancelled Generate stops no worker, and the open document (revision and text) stays as
 * it was, without being opened again. The cancellable jobs run in a stateless job worker that a
 * cancel terminates and the next job replaces.
 */
import { expose } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { GeneratorClient, isAbortError } from '../../../src/app/core/generator-client';
import { DocumentEditor } from '../../../src/app/document-editor/document-editor';
import { JobRunner } from '../../../src/app/jobs/job-runner';
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import { createJobApi } from '../../../src/shared/openapi/job-api';

const DOC = [
  'openapi: 3.0.1',
  'info: {title: Pets, version: "1"}',
  'paths:',
  '  /pets:',
  '    get:',
  '      summary: List pets',
  "      responses: {'200': {description: OK}}",
  '',
].join('\n');

const OTHER = DOC.replace('/pets', '/cars').replace('List pets', 'List cars');

interface FakeWorker {
  terminated: boolean;
  /** The methods called, in order. */
  calls: string[];
}

/**
 * Workers over MessageChannels that run the real API (`make`); a call to a method named in
 * `held` waits until `release()`, so a test can cancel while the worker is busy with it.
 */
function workers(make: () => object) {
  const started: FakeWorker[] = [];
  const held = new Set<string>();
  let waiting: (() => void)[] = [];
  const create = () => {
    const api = make() as Record<string, (...args: unknown[]) => unknown>;
    const state: FakeWorker = { terminated: false, calls: [] };
    started.push(state);
    const gated: Record<string, (...args: unknown[]) => unknown> = {};
    for (const [name, method] of Object.entries(api)) {
      gated[name] = async (...args: unknown[]) => {
        state.calls.push(name);
        if (held.has(name)) await new Promise<void>((resolve) => waiting.push(resolve));
        return method(...args);
      };
    }
    const channel = new MessageChannel();
    expose(gated, channel.port2);
    channel.port1.start();
    return Object.assign(channel.port1, {
      terminate() {
        state.terminated = true;
        channel.port1.close();
        channel.port2.close();
      },
    }) as unknown as Worker;
  };
  const release = () => {
    const now = waiting;
    waiting = [];
    for (const resolve of now) resolve();
  };
  return { create, started, held, release };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(condition()).toBe(true);
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

/** An editor over a client whose document and job workers are the fakes above. */
async function setUp() {
  const documents = workers(createCoreApi);
  const jobWorkers = workers(createJobApi);
  const client = new GeneratorClient({
    createWorker: documents.create,
    createJobWorker: jobWorkers.create,
  });
  cleanup = () => {
    documents.release();
    jobWorkers.release();
    client.terminate();
    client.jobs.terminate();
  };
  const jobs = new JobRunner({
    checkSubscription: () => Promise.resolve({ status: 'active' }),
    describe: (failure) => String(failure),
    checkFailed: () => 'check failed',
  });
  const editor = new DocumentEditor(client, jobs, []);
  let output = DOC;
  editor.connect({
    output: () =>
      ({
        readValue: () => Promise.resolve(output),
        showGenerated: (text: string) => {
          output = text;
          return Promise.resolve();
        },
        showStart: () => undefined,
      }) as never,
    startRevision: () => undefined,
    saveVersion: () => Promise.resolve(true),
    adoptLoaded: () => undefined,
    adoptSchemas: () => undefined,
    showTab: () => undefined,
  });
  // The open document: DOC, loaded.
  await editor.load();
  expect(editor.store.list().map((e) => e.path)).toEqual(['/pets']);
  const documentWorker = documents.started.at(-1) as FakeWorker;
  /** The open document as the worker holds it now. */
  const snapshot = async () => ({
    revision: await client.call('revision', []),
    text: (await client.call('text', [])).text,
  });
  return {
    client,
    jobs,
    editor,
    documents,
    jobWorkers,
    documentWorker,
    snapshot,
    setOutput: (text: string) => (output = text),
    output: () => output,
  };
}

describe('cancelling never costs the document', () => {
  it('a cancelled Load stops only the worker it was opening in; the document stays, usable', async () => {
    const t = await setUp();
    const before = await t.snapshot();
    const opened = t.documentWorker.calls.filter((name) => name.startsWith('openDocument'));
    t.setOutput(OTHER);
    t.documents.held.add('openDocument');
    const count = t.documents.started.length;
    const loading = t.editor.load();
    // The new text is being opened in a worker of its own.
    await until(() => t.documents.started[count]?.calls.includes('openDocument') === true);
    const opening = t.documents.started[count] as FakeWorker;
    t.jobs.cancel();
    await loading;
    t.documents.held.clear();
    t.documents.release();

    expect(opening.terminated).toBe(true);
    expect(t.documentWorker.terminated).toBe(false);
    expect(t.client.hasCandidate).toBe(false);
    expect(t.jobs.getState().error).toBeUndefined();
    expect(t.editor.store.list().map((e) => e.path)).toEqual(['/pets']);
    // The same document: not opened again, same revision, same text.
    expect(await t.snapshot()).toEqual(before);
    expect(t.documentWorker.calls.filter((name) => name.startsWith('openDocument'))).toEqual(
      opened,
    );

    // An edit still generates, in the same worker.
    const [id] = t.editor.store.getOrder();
    t.editor.apply({ kind: 'setField', endpointId: id!, field: 'summary', value: 'All the pets' });
    await t.editor.generate();
    expect(t.output()).toContain('summary: All the pets');
    expect(t.output()).toContain('/pets:');
    expect(t.documentWorker.terminated).toBe(false);
  });

  it('"Replace the endpoints?" answered Cancel drops the opened document; the open one was never touched', async () => {
    const t = await setUp();
    const before = await t.snapshot();
    t.editor.add(); // an unsaved edit: Load asks first
    t.setOutput(OTHER);
    await t.editor.load();
    expect(t.editor.getState().pendingLoad).toBeDefined();
    const opening = t.documents.started.at(-1) as FakeWorker;
    expect(opening).not.toBe(t.documentWorker);
    expect(t.client.hasCandidate).toBe(true);
    t.editor.cancelLoad();
    expect(opening.terminated).toBe(true);
    expect(t.documentWorker.terminated).toBe(false);
    expect((await t.snapshot()).text).toBe(before.text);
    // Replace adopts the opened document's worker; the previous one stops.
    await t.editor.load();
    t.editor.confirmLoad();
    expect(t.editor.store.list().map((e) => e.path)).toEqual(['/cars']);
    expect(t.documentWorker.terminated).toBe(true);
    expect((await t.snapshot()).text).toBe(OTHER);
  });

  it('a cancelled Generate stops no worker and shows nothing; the edit stays the document’s', async () => {
    const t = await setUp();
    const started = t.documents.started.length;
    const [id] = t.editor.store.getOrder();
    t.editor.apply({ kind: 'setField', endpointId: id!, field: 'summary', value: 'Edited' });
    // Cancelled while the worker runs the batch: it runs to its end there, and the client
    // learns its answer (the edit is the form's: the document holds it), the page stops waiting.
    t.documents.held.add('apply');
    const generating = t.editor.generate();
    await until(() => t.documentWorker.calls.includes('apply'));
    t.jobs.cancel();
    await generating;
    t.documents.held.clear();
    t.documents.release();

    expect(t.documentWorker.terminated).toBe(false);
    expect(t.documents.started).toHaveLength(started);
    expect(t.jobs.getState().error).toBeUndefined();
    expect(t.output()).toBe(DOC);
    expect((await t.snapshot()).text).toContain('summary: Edited');

    // Generate again: the edit goes to the same document, not opened again.
    await t.editor.generate();
    expect(t.output()).toContain('summary: Edited');
    expect(t.documents.started).toHaveLength(started);
    expect(t.documentWorker.calls.filter((name) => name.startsWith('openDocument'))).toHaveLength(
      1,
    );
  });

  it('a cancelled job terminates its job worker, never the document worker; the next job gets a fresh one', async () => {
    const t = await setUp();
    const before = await t.snapshot();
    t.jobWorkers.held.add('convertSwagger2');
    const controller = new AbortController();
    const converting = t.client.convertSwagger2(
      'swagger: "2.0"\ninfo: {title: T, version: "1"}\npaths: {}\n',
      { signal: controller.signal },
    );
    await until(() => t.jobWorkers.started[0]?.calls.includes('convertSwagger2') === true);
    controller.abort();
    expect(isAbortError(await converting.catch((e: unknown) => e))).toBe(true);
    expect(t.jobWorkers.started[0]?.terminated).toBe(true);
    expect(t.client.jobs.workers).toBe(0);
    expect(t.documentWorker.terminated).toBe(false);
    expect(t.documentWorker.calls).not.toContain('convertSwagger2');

    // The next job starts a fresh job worker, which is kept for the one after.
    expect(await t.client.schemaYaml('{"a": 1}')).toContain('type: object');
    expect(t.jobWorkers.started).toHaveLength(2);
    expect(await t.client.importCurl('curl https://x.test/a')).toMatchObject({
      endpoints: [{ path: '/a' }],
    });
    expect(t.jobWorkers.started).toHaveLength(2);
    expect(await t.snapshot()).toEqual(before);
  });

  it('two jobs at once run in two job workers: cancelling one does not cost the other', async () => {
    const t = await setUp();
    t.jobWorkers.held.add('reinferBodySchema');
    const controller = new AbortController();
    const body = { mediaType: 'application/json', customerJson: '{"a": 1}', examples: [] };
    const first = t.client.reinferBodySchema(body as never, { signal: controller.signal });
    await until(() => t.jobWorkers.started[0]?.calls.includes('reinferBodySchema') === true);
    const second = t.client.schemaYaml('{"b": true}');
    await until(() => t.jobWorkers.started.length === 2);
    controller.abort();
    expect(isAbortError(await first.catch((e: unknown) => e))).toBe(true);
    expect(await second).toContain('b:');
    expect(t.jobWorkers.started.map((w) => w.terminated)).toEqual([true, false]);
  });
});
