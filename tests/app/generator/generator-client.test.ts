import { expose } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CoreCallError,
  GeneratorClient,
  isAbortError,
} from '../../../src/app/core/generator-client';
import { coreWorker } from '../core/core-worker';

type Result<T> =
  { ok: true; value: T } | { ok: false; error: { code: 'JSON_INVALID'; message: string } };

/** A "worker" over a MessageChannel: the real comlink protocol, a controllable slow method. */
function fakeWorkerFactory() {
  const started: { terminated: boolean }[] = [];
  const release: (() => void)[] = [];
  const create = () => {
    const channel = new MessageChannel();
    const state = { terminated: false };
    started.push(state);
    let validations = 0;
    expose(
      {
        formatJson: (text: string): Result<string> =>
          text.startsWith('{')
            ? { ok: true, value: JSON.stringify(JSON.parse(text), null, 2) }
            : { ok: false, error: { code: 'JSON_INVALID', message: 'bad' } },
        generate: () =>
          new Promise<Result<string>>((resolve) =>
            release.push(() => resolve({ ok: true, value: 'x' })),
          ),
        validate: async (endpoints: unknown[]) => {
          const n = ++validations;
          // The first validation answers late: it must not overwrite the newer one.
          if (n === 1) await new Promise((r) => setTimeout(r, 30));
          return {
            ok: true,
            value: { issues: {}, duplicateIds: [], canGenerate: endpoints.length > 0, n },
          };
        },
      },
      channel.port2,
    );
    channel.port1.start();
    const worker = Object.assign(channel.port1, {
      terminate() {
        state.terminated = true;
        channel.port1.close();
        channel.port2.close();
      },
    });
    return worker as unknown as Worker;
  };
  return { create, started, release };
}

let client: GeneratorClient | undefined;
afterEach(() => client?.terminate());

describe('GeneratorClient', () => {
  it('starts the worker lazily and maps core failures to CoreCallError', async () => {
    const fake = fakeWorkerFactory();
    client = new GeneratorClient({ createWorker: fake.create });
    expect(fake.started).toHaveLength(0);
    expect(await client.formatJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(fake.started).toHaveLength(1);
    const failure = await client.formatJson('nope').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CoreCallError);
    expect((failure as CoreCallError).code).toBe('JSON_INVALID');
  });

  it('drops the answer of an aborted call and keeps the worker (and its open document)', async () => {
    const fake = fakeWorkerFactory();
    client = new GeneratorClient({ createWorker: fake.create });
    const controller = new AbortController();
    const superseded = client.generate([], undefined, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const error = await superseded.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(fake.started[0]?.terminated).toBe(false);
    expect(client.running).toBe(true);
    // The worker answers the aborted call later: nobody gets that answer, the next call is served.
    fake.release.shift()?.();
    expect(await client.formatJson('{}')).toBe('{}');
    expect(fake.started).toHaveLength(1);
  });

  it('shuts the worker down when idle', async () => {
    const fake = fakeWorkerFactory();
    client = new GeneratorClient({ createWorker: fake.create, idleMs: 20 });
    await client.formatJson('{}');
    expect(client.running).toBe(true);
    await new Promise((r) => setTimeout(r, 60));
    expect(client.running).toBe(false);
    expect(fake.started[0]?.terminated).toBe(true);
  });

  it('falls back to the core on the main thread without Worker', async () => {
    client = new GeneratorClient({ createWorker: undefined });
    expect(await client.formatJson('[1,{"a":2}]')).toBe('[\n  1,\n  {\n    "a": 2\n  }\n]');
    expect(client.running).toBe(false);
  });

  it('renders the open document: only changed views go over, in chunks, and nothing else changes', async () => {
    const fake = coreWorker();
    const create = fake.create;
    const names = () => fake.messages.map((message) => message.name);
    const paths = Array.from(
      { length: 60 },
      (_, i) =>
        `  /pets${i}:\n    get:\n      summary: Pet ${i} # note\n      responses:\n        '200': {description: OK}\n`,
    ).join('');
    const text = `openapi: 3.0.0\ninfo: {title: Pets, version: '1'}\npaths:\n${paths}`;
    client = new GeneratorClient({ createWorker: create });
    const doc = await client.openDocument(text);
    expect(doc.endpoints).toHaveLength(60);
    // 60 views come in chunks of 24.
    expect(names().filter((name) => name === 'views')).toHaveLength(3);
    expect(await client.render()).toBe(text);
    fake.messages.length = 0;
    const seven = {
      kind: 'setField',
      endpointId: doc.endpoints[7]!.id,
      field: 'summary',
      value: 'Seven',
    } as const;
    client.queue({ command: seven });
    const out = await client.render();
    // One command batch with the one command (issue 29.1), no whole-view calls.
    expect(names().filter((name) => name === 'apply')).toHaveLength(1);
    expect(names().filter((name) => name === 'putEndpoints' || name === 'setOrder')).toEqual([]);
    expect(out.split('\n').filter((line, i) => line !== text.split('\n')[i])).toEqual([
      '      summary: Seven # note',
    ]);

    // A restarted worker re-opens the document and replays the command before rendering.
    client.terminate();
    expect(await client.render()).toBe(out);

    // Without a worker (the main-thread fallback) the same core gives the same text.
    const local = new GeneratorClient({ createWorker: undefined });
    await local.openDocument(text);
    local.queue({ command: seven });
    expect(await local.render()).toBe(out);
  });
});
