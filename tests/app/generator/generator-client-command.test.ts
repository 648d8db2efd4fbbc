/**
 * GeneratorClient.command (issue 18): document commands through a real core behind the comlink
 * protocol (a MessageChannel stands in for the worker), with the same Result handling as every
 * other call.
 */
import { expose } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { CoreCallError, GeneratorClient } from '../../../src/app/core/generator-client';
import { createCoreApi } from '../../../src/shared/openapi/core-api';

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

/** A "worker" over a MessageChannel running the real core API. */
function coreWorkerFactory() {
  let started = 0;
  const create = () => {
    started += 1;
    const channel = new MessageChannel();
    expose(createCoreApi(), channel.port2);
    channel.port1.start();
    const worker = Object.assign(channel.port1, {
      terminate() {
        channel.port1.close();
        channel.port2.close();
      },
    });
    return worker as unknown as Worker;
  };
  return {
    create,
    get started() {
      return started;
    },
  };
}

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
    const fake = coreWorkerFactory();
    client = new GeneratorClient({ createWorker: fake.create });
    const { endpoints } = await client.openDocument(TEXT);
    const id = endpoints[0]?.id as string;
    const revision = await client.documentRevision();
    const answer = await client.command(
      [{ kind: 'setField', endpointId: id, field: 'summary', value: 'All pets' }],
      revision,
      { text: true },
    );
    expect(answer.revision).toBe(revision + 1);
    expect(answer.changed.map((e) => e.summary)).toEqual(['All pets']);
    expect(answer.text).toBe(TEXT.replace('List pets', 'All pets'));
    // The worker's views are the answer's: rendering the form with them sends nothing back.
    expect(await client.render([answer.changed[0] as never], undefined)).toBe(answer.text);
  });

  it('rejects a stale revision and an unknown endpoint with typed errors', async () => {
    client = new GeneratorClient({ createWorker: coreWorkerFactory().create });
    const { endpoints } = await client.openDocument(TEXT);
    const id = endpoints[0]?.id as string;
    const revision = await client.documentRevision();
    await client.command(
      [{ kind: 'setField', endpointId: id, field: 'summary', value: 'A' }],
      revision,
    );
    const stale = await failure(
      client.command(
        [{ kind: 'setField', endpointId: id, field: 'summary', value: 'B' }],
        revision,
      ),
    );
    expect(stale.code).toBe('CONFLICT');
    const unknown = await failure(
      client.command([{ kind: 'removeEndpoint', endpointId: 'nope' }], revision + 1),
    );
    expect(unknown.code).toBe('UNKNOWN_TARGET');
  });

  it('after a worker restart, a revision read from the old worker is stale', async () => {
    const fake = coreWorkerFactory();
    client = new GeneratorClient({ createWorker: fake.create });
    const { endpoints } = await client.openDocument(TEXT);
    const id = endpoints[0]?.id as string;
    const revision = await client.documentRevision();
    client.terminate();
    const stale = await failure(
      client.command(
        [{ kind: 'setField', endpointId: id, field: 'summary', value: 'A' }],
        revision,
      ),
    );
    expect(stale.code).toBe('CONFLICT');
    expect(fake.started).toBe(2);
    // Read again, the revision works on the re-opened document.
    const fresh = await client.documentRevision();
    const answer = await client.command(
      [{ kind: 'setField', endpointId: id, field: 'summary', value: 'A' }],
      fresh,
      { text: true },
    );
    expect(answer.text).toContain('summary: A\n');
  });

  it('works on the main thread without Worker', async () => {
    client = new GeneratorClient({ createWorker: undefined });
    const { endpoints } = await client.openDocument(TEXT);
    const revision = await client.documentRevision();
    const answer = await client.command(
      [{ kind: 'removeEndpoint', endpointId: endpoints[0]?.id as string }],
      revision,
    );
    expect(answer.removed).toEqual([endpoints[0]?.id]);
    expect(answer.problems.canGenerate).toBe(false);
  });
});
