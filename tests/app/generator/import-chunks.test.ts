import { describe, expect, it } from 'vitest';
import { GeneratorClient, type ParsedDocument } from '../../../src/app/core/generator-client';
import {
  ChunkCollector,
  ENDPOINT_CHUNK,
  postInChunks,
  type ImportMessage,
} from '../../../src/shared/import-chunks';
import { parseOpenApi, type Schema } from '../../../src/shared';
import { petsDocument } from '../../shared/support/pets-document';

const doc = petsDocument(ENDPOINT_CHUNK + 3);

function roundTrip(parsed: ParsedDocument): { messages: ImportMessage[]; result: ParsedDocument } {
  const messages: ImportMessage[] = [];
  postInChunks(parsed, (m) => messages.push(structuredClone(m)));
  const collector = new ChunkCollector();
  let result: ParsedDocument | undefined;
  for (const m of messages) result = collector.accept(m) ?? result;
  return { messages, result: result! };
}

describe('chunked import', () => {
  it('sends endpoints in chunks and restores shared components', () => {
    const parsed = parseOpenApi(doc);
    const { messages, result } = roundTrip(parsed);
    expect(messages.filter((m) => m.type === 'endpoints')).toHaveLength(2);
    expect(result).toEqual(parsed);
    const withComponents = result.endpoints.filter((e) => e.schemaComponents);
    expect(withComponents.length).toBe(ENDPOINT_CHUNK + 3);
    const first = withComponents[0]!.schemaComponents as Record<string, Schema>;
    const last = withComponents.at(-1)!.schemaComponents as Record<string, Schema>;
    expect(first.Pet).toBe(last.Pet);
  });

  it('parseChunked talks the protocol with a worker and reports core errors', async () => {
    const fakeWorker = () => {
      const channel = new MessageChannel();
      channel.port2.onmessage = (event: MessageEvent<{ text: string }>) => {
        try {
          postInChunks(parseOpenApi(event.data.text), (m) => channel.port2.postMessage(m));
        } catch {
          channel.port2.postMessage({
            type: 'error',
            error: { code: 'NOT_OPENAPI', message: 'no' },
          });
        }
      };
      const port = channel.port1;
      return Object.assign(port, {
        terminate: () => {
          port.close();
          channel.port2.close();
        },
        set onerror(_: unknown) {},
      }) as unknown as Worker;
    };
    const client = new GeneratorClient({ createWorker: undefined, createImportWorker: fakeWorker });
    const parsed = await client.parseChunked(doc);
    const withoutIds = (d: ParsedDocument) => JSON.stringify(d).replace(/"id":"[^"]*"/g, '');
    expect(withoutIds(parsed)).toBe(withoutIds(parseOpenApi(doc)));
    expect(parsed.endpoints).toHaveLength(ENDPOINT_CHUNK + 3);
    const failure = (await client.parseChunked('just: text').catch((e: unknown) => e)) as {
      code: string;
    };
    expect(failure.code).toBe('NOT_OPENAPI');
  });
});
