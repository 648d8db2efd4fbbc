/**
 * A large document's load warnings cross from the worker in chunks, as its views do: Microsoft
 * Graph's 198,568 warnings were one message of 73 MB, deserialised in one task of 0.4–0.6 s.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GeneratorClient } from '../../../src/app/core/generator-client';
import {
  createCoreApi,
  WARNING_CHUNK,
  withFirstWarnings,
} from '../../../src/shared/openapi/core-api';
import { createWorkerApi } from '../../../src/worker/index';
import { coreWorker } from './core-worker';

/** `operations` operations, each with a `4XX` response and an extension: two warnings each. */
function documentWithWarnings(operations: number): string {
  const lines = ['openapi: 3.0.1', 'info:', '  title: T', '  version: v1', 'paths:'];
  for (let i = 0; i < operations; i++) {
    lines.push(
      `  /items${i}:`,
      '    get:',
      '      x-note: kept',
      '      responses:',
      "        '200':",
      '          description: OK',
      "        '4XX':",
      '          description: Client error',
    );
  }
  return `${lines.join('\n')}\n`;
}

let client: GeneratorClient | undefined;
afterEach(() => {
  client?.terminate();
  client = undefined;
});

describe("a large document's warnings", () => {
  const text = documentWithWarnings(WARNING_CHUNK + 200);

  it('are cut to the first chunk in the summary, with their whole count', () => {
    const whole = createCoreApi().openDocument(text);
    expect(whole.ok && whole.value.warnings.length).toBeGreaterThan(2 * WARNING_CHUNK);
    const first = withFirstWarnings(whole);
    if (!whole.ok || !first.ok) throw new Error('not opened');
    expect(first.value.warnings).toEqual(whole.value.warnings.slice(0, WARNING_CHUNK));
    expect(first.value.warningCount).toBe(whole.value.warnings.length);
    // A small list is left as it is.
    const small = createCoreApi().openDocument(documentWithWarnings(3));
    expect(withFirstWarnings(small)).toBe(small);
  });

  it('all reach the page, in order, over several messages', async () => {
    const expected = createCoreApi().openDocument(text);
    if (!expected.ok) throw new Error('not opened');
    const worker = coreWorker(createWorkerApi);
    client = new GeneratorClient({ createWorker: worker.create });
    const opened = await client.openDocument(text);
    expect(opened.warnings).toEqual(expected.value.warnings);
    expect(opened).not.toHaveProperty('warningCount');
    expect(worker.messages.filter((message) => message.name === 'warnings').length).toBe(
      Math.ceil(expected.value.warnings.length / WARNING_CHUNK) - 1,
    );
  }, 60_000);
});
