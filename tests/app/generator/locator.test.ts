import { afterEach, describe, expect, it } from 'vitest';
import { GeneratorClient, type DocumentTextRef } from '../../../src/app/core/generator-client';
import {
  OperationLocator,
  RANGES_BYTES_CHARS,
  type OperationRange,
} from '../../../src/app/generator/document/locator';
import { operationRanges } from '../../../src/shared/openapi/document/locate';
import { coreWorker } from '../core/core-worker';

const RANGES: OperationRange[] = [];

/**
 * A client that records what `operationRanges` was sent. `inWorker`: whether its core is in a
 * worker; `own`: what it answers for the open document's own text (undefined: stale).
 */
function fakeClient(inWorker = true, own?: OperationRange[]) {
  const sent: (string | Uint8Array)[] = [];
  const asked: DocumentTextRef[] = [];
  const client = {
    inWorker,
    operationRanges: (text: string | Uint8Array) => {
      sent.push(typeof text === 'string' ? text : text.slice());
      return Promise.resolve(RANGES);
    },
    documentOperationRanges: (ref: DocumentTextRef) => {
      asked.push(ref);
      return Promise.resolve(own);
    },
  };
  return { client: client as unknown as GeneratorClient, sent, asked };
}

describe('operation ranges of a large text', () => {
  const large = 'openapi: 3.0.0\n' + 'x: "ü😀"\n'.repeat(RANGES_BYTES_CHARS / 8);

  it('go to a worker as the UTF-8 bytes of exactly the text, a small text as a string', async () => {
    const { client, sent } = fakeClient();
    const locator = new OperationLocator(client);
    expect(await locator.ranges(1, () => large)).toBe(RANGES);
    expect(sent[0]).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(sent[0] as Uint8Array)).toBe(large);
    await locator.ranges(2, () => 'openapi: 3.0.0\n');
    expect(sent[1]).toBe('openapi: 3.0.0\n');
  });

  it('go as a string to a core on the main thread (nothing is cloned there)', async () => {
    const { client, sent } = fakeClient(false);
    expect(await new OperationLocator(client).ranges(1, () => large)).toBe(RANGES);
    expect(sent).toEqual([large]);
  });

  it('are looked up once per version, the text read only when not cached', async () => {
    const { client, sent } = fakeClient();
    const locator = new OperationLocator(client);
    let reads = 0;
    const read = () => {
      reads++;
      return Promise.resolve('openapi: 3.0.0\n');
    };
    const [a, b] = await Promise.all([locator.ranges(1, read), locator.ranges(1, read)]);
    expect(a).toBe(b);
    await locator.ranges(1, read);
    expect(reads).toBe(1);
    expect(sent).toHaveLength(1);
    expect(locator.rangesNow(1)).toBe(RANGES);
  });

  it('are not cached when the text of the version is gone', async () => {
    const { client, sent } = fakeClient();
    const locator = new OperationLocator(client);
    expect(await locator.ranges(1, () => undefined)).toEqual([]);
    expect(locator.rangesNow(1)).toBeUndefined();
    expect(sent).toEqual([]);
  });
});

describe("operation ranges of the open document's own text", () => {
  const ref: DocumentTextRef = { epoch: 1, revision: 4 };
  const own: OperationRange[] = [{ path: '/a', method: 'get', startLine: 3, endLine: 5 }];

  it("are the worker's answer, with no text read or sent", async () => {
    const { client, sent, asked } = fakeClient(true, own);
    const locator = new OperationLocator(client);
    const ranges = await locator.ranges(
      7,
      () => {
        throw new Error('The text is not read.');
      },
      ref,
    );
    expect(ranges).toBe(own);
    expect(asked).toEqual([ref]);
    expect(sent).toEqual([]);
    expect(locator.rangesNow(7)).toBe(own);
  });

  it('come from the text when the document has changed since', async () => {
    const { client, sent, asked } = fakeClient(true, undefined);
    const ranges = await new OperationLocator(client).ranges(7, () => 'openapi: 3.0.0\n', ref);
    expect(ranges).toBe(RANGES);
    expect(asked).toEqual([ref]);
    expect(sent).toEqual(['openapi: 3.0.0\n']);
  });
});

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
    post:
      responses:
        '201':
          description: Made
`;

describe('GeneratorClient.documentOperationRanges', () => {
  let client: GeneratorClient | undefined;
  afterEach(() => client?.terminate());

  for (const [name, createWorker] of [
    ['in a worker', () => coreWorker().create()],
    ['on the main thread', undefined],
  ] as const) {
    it(`answers the ranges of the text a sync answered until the document changes (${name})`, async () => {
      client = new GeneratorClient({ createWorker });
      const { endpoints } = await client.openDocument(TEXT);
      const id = endpoints[0]?.id as string;
      client.queue({
        command: { kind: 'setField', endpointId: id, field: 'summary', value: 'All' },
      });
      const synced = await client.sync({ text: true });
      expect(synced?.textRef).toBeDefined();
      const ref = synced?.textRef as DocumentTextRef;
      expect(await client.documentOperationRanges(ref)).toEqual(
        operationRanges(synced?.text as string),
      );
      client.queue({ command: { kind: 'setField', endpointId: id, field: 'summary', value: 'B' } });
      await client.sync();
      expect(await client.documentOperationRanges(ref)).toBeUndefined();
    });
  }

  it('answers undefined once the worker restarted (its revisions count anew)', async () => {
    client = new GeneratorClient({ createWorker: coreWorker().create });
    await client.openDocument(TEXT);
    const synced = await client.sync({ text: true });
    const ref = synced?.textRef as DocumentTextRef;
    expect(await client.documentOperationRanges(ref)).toHaveLength(2);
    client.terminate();
    await client.sync({ text: true });
    expect(await client.documentOperationRanges(ref)).toBeUndefined();
  });

  it('takes a text as transferred bytes', async () => {
    client = new GeneratorClient({ createWorker: coreWorker().create });
    const bytes = new TextEncoder().encode('\uFEFF' + TEXT);
    expect(await client.operationRanges(bytes)).toEqual(operationRanges(TEXT));
  });
});
