import { describe, expect, it } from 'vitest';
import type { GeneratorClient } from '../../../src/app/core/generator-client';
import {
  OperationLocator,
  RANGES_BLOB_CHARS,
  type OperationRange,
} from '../../../src/app/generator/document/locator';

const RANGES: OperationRange[] = [];

/** A client that records what `operationRanges` was sent; `refuseBlobs`: a main-thread core. */
function fakeClient(refuseBlobs = false) {
  const sent: (string | Blob)[] = [];
  const client = {
    call: (method: string, [text]: [string | Blob]) => {
      expect(method).toBe('operationRanges');
      sent.push(text);
      return typeof text !== 'string' && refuseBlobs
        ? Promise.reject(new Error('Files are read in the worker only.'))
        : Promise.resolve(RANGES);
    },
  };
  return { client: client as unknown as GeneratorClient, sent };
}

describe('operation ranges of a large text', () => {
  const large = 'openapi: 3.0.0\n' + 'x: "ü😀"\n'.repeat(RANGES_BLOB_CHARS / 8);

  it('go to the worker as a Blob of exactly the text, a small text as a string', async () => {
    const { client, sent } = fakeClient();
    const locator = new OperationLocator(client);
    expect(await locator.ranges(1, () => large)).toBe(RANGES);
    expect(sent[0]).toBeInstanceOf(Blob);
    expect(await (sent[0] as Blob).text()).toBe(large);
    await locator.ranges(2, () => 'openapi: 3.0.0\n');
    expect(sent[1]).toBe('openapi: 3.0.0\n');
  });

  it('go as a string when the core cannot read a Blob (no worker)', async () => {
    const { client, sent } = fakeClient(true);
    expect(await new OperationLocator(client).ranges(1, () => large)).toBe(RANGES);
    expect(sent.map((x) => typeof x)).toEqual(['object', 'string']);
    expect(sent[1]).toBe(large);
  });
});
