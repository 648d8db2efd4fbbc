/**
 * GeneratorClient.command (issue 18): document commands through a real core behind the comlink
 * protocol (a MessageChannel stands in for the worker), with the same Result handling as every
 * other call.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CoreCallError, GeneratorClient } from '../../../src/app/core/generator-client';
import { coreWorker } from '../core/core-worker';

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
});
