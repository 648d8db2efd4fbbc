/**
 * GeneratorClient.command (issue 18): document commands through a real core behind the comlink
 * protocol (a MessageChannel stands in for the worker), with the same Result handling as every
 * other call.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CoreCallError, GeneratorClient } from '../../../src/app/core/generator-client';
import { coreWorker } from '../core/core-worker';
import { expose } from 'comlink';
import { createWorkerApi, TEXT_AS_BYTES_FROM } from '../../../src/worker/index';
import { createCoreApi } from '../../../src/shared/openapi/core-api';

/** How many answers of {@link realWorker} carried transferred buffers. */
let transferred = 0;

/** The real worker API (its answers' long texts as transferred bytes) over a MessageChannel. */
function realWorker(): Worker {
  const channel = new MessageChannel();
  const post = channel.port2.postMessage.bind(channel.port2);
  channel.port2.postMessage = ((message: unknown, transfer?: Transferable[]) => {
    if (Array.isArray(transfer) && transfer.length > 0) transferred += 1;
    post(message, transfer as Transferable[]);
  }) as MessagePort['postMessage'];
  expose(createWorkerApi(), channel.port2);
  channel.port1.start();
  return Object.assign(channel.port1, {
    terminate: () => {
      channel.port1.close();
      channel.port2.close();
    },
  }) as unknown as Worker;
}

const TEXT = `openapi: 3.0.3
info:
  title: Pets
  version: '1'
paths:
  /pets:
    get:
      summary: List pets
      responses:
        '200':
          description: OK
`;

let client: GeneratorClient | undefined;
afterEach(() => client?.terminate());

async function failure(promise: Promise<unknown>): Promise<CoreCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CoreCallError);
  return error as CoreCallError;
}

describe('GeneratorClient.command', () => {
  it('applies commands on the open document and answers the changed views and the text', async () => {
    const fake = coreWorker();
    client = new GeneratorClient({ createWorker: fake.create });
    const { endpoints } = await client.openDocument(TEXT);
    const id = endpoints[0]?.id as string;
    const revision = await client.documentRevision();
    const answer = await client.command(
      [{ kind: 'setField', endpointId: id, field: 'summary', value: 'All pets' }],
      { text: true },
    );
    expect(answer.revision).toBe(revision + 1);
    expect(answer.changed.map((e) => e.summary)).toEqual(['All pets']);
    expect(answer.text).toBe(TEXT.replace('List pets', 'All pets'));
    // The worker's document is the answer's: rendering sends nothing back.
    expect(await client.render()).toBe(answer.text);
  });

  it('rejects an unknown endpoint with a typed error, after the queued commands', async () => {
    client = new GeneratorClient({ createWorker: coreWorker().create });
    const { endpoints } = await client.openDocument(TEXT);
    const id = endpoints[0]?.id as string;
    client.queue({ command: { kind: 'setField', endpointId: id, field: 'summary', value: 'A' } });
    const unknown = await failure(client.command([{ kind: 'removeEndpoint', endpointId: 'nope' }]));
    expect(unknown.code).toBe('UNKNOWN_TARGET');
    expect(await client.render()).toContain('summary: A\n');
  });

  it('after a worker restart, goes to the document opened again with the earlier commands', async () => {
    const fake = coreWorker();
    client = new GeneratorClient({ createWorker: fake.create });
    const { endpoints } = await client.openDocument(TEXT);
    const id = endpoints[0]?.id as string;
    await client.command([{ kind: 'setField', endpointId: id, field: 'description', value: 'D' }]);
    client.terminate();
    const answer = await client.command(
      [{ kind: 'setField', endpointId: id, field: 'summary', value: 'A' }],
      { text: true },
    );
    expect(fake.started).toBe(2);
    expect(answer.text).toContain('summary: A\n');
    expect(answer.text).toContain('description: D\n');
  });

  it('works on the main thread without Worker', async () => {
    client = new GeneratorClient({ createWorker: undefined });
    const { endpoints } = await client.openDocument(TEXT);
    const answer = await client.command([
      { kind: 'removeEndpoint', endpointId: endpoints[0]?.id as string },
    ]);
    expect(answer.removed).toEqual([endpoints[0]?.id]);
    expect(answer.problems.canGenerate).toBe(false);
  });

  it('takes a long text that crossed as bytes, character for character', async () => {
    const paths = Array.from(
      { length: 3000 },
      (_, i) =>
        `  /items${i}:\n    get:\n      summary: Café — 🍫 n° ${i}\n      responses:\n        '200':\n          description: OK\n`,
    ).join('');
    const text = `openapi: 3.0.3\ninfo:\n  title: Big\n  version: '1'\npaths:\n${paths}`;
    expect(text.length).toBeGreaterThan(TEXT_AS_BYTES_FROM);
    client = new GeneratorClient({ createWorker: realWorker });
    const { endpoints } = await client.openDocument(text);
    const id = endpoints[7]?.id as string;
    client.queue({
      command: { kind: 'setField', endpointId: id, field: 'summary', value: 'Ünï 🍫' },
    });
    const rendered = await client.render();
    // The same text as the core renders in this thread.
    const core = createCoreApi();
    const opened = core.openDocument(text);
    if (!opened.ok) throw new Error('not opened');
    const revision = core.revision();
    if (!revision.ok) throw new Error('no revision');
    const local = core.apply(
      [{ kind: 'setField', endpointId: id, field: 'summary', value: 'Ünï 🍫' }],
      revision.value,
      { text: true },
    );
    if (!local.ok) throw new Error('not applied');
    expect(rendered.length).toBeGreaterThan(TEXT_AS_BYTES_FROM);
    expect(rendered === local.value.text).toBe(true);
    expect(rendered).toContain('summary: Ünï 🍫\n');
    const answer = await client.command([], { text: true });
    expect(answer.text === rendered).toBe(true);
    expect('textBytes' in answer).toBe(false);
    // Both texts crossed as bytes.
    expect(transferred).toBe(2);
  });
});
