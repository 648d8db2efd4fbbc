// @vitest-environment node
// (Node's own MessageChannel and Blob: jsdom's Blob does not survive its structured clone.)
/**
 * A project's upload body (issue 29.2): small ones built on the page, large ones by the
 * document worker (bytes transferred, a Blob back), and on the page when the worker cannot.
 */
import { expose } from 'comlink';
import { describe, expect, it } from 'vitest';
import { GeneratorClient } from '../../../src/app/core/generator-client';
import { projectBody } from '../../../src/shared/projects';
import { createWorkerApi } from '../../../src/worker';

/** The document worker's API over a MessageChannel (the real comlink protocol). */
function channelWorker(api: object): () => Worker {
  return () => {
    const channel = new MessageChannel();
    expose(api, channel.port1);
    const port = channel.port2 as unknown as Worker;
    (port as unknown as { terminate: () => void }).terminate = () => channel.port2.close();
    return port;
  };
}

const large = {
  content: `openapi: 3.0.1\ninfo: {title: "Grand — тест", version: v1}\n# ${'x'.repeat(300_000)}\n`,
  viewStateJson: '{"v":2}',
  editSession: 's1',
};

describe('GeneratorClient.uploadBody', () => {
  it('builds a small body on the page', async () => {
    let started = 0;
    const client = new GeneratorClient({
      createWorker: () => {
        started += 1;
        return channelWorker(createWorkerApi())();
      },
    });
    const fields = { content: 'openapi: 3.0.1\n', viewStateJson: null };
    expect(await client.uploadBody(fields)).toBe(projectBody(fields));
    expect(started).toBe(0);
  });

  it('asks the document worker for a large one, which answers a Blob of the same JSON', async () => {
    const client = new GeneratorClient({ createWorker: channelWorker(createWorkerApi()) });
    const body = await client.uploadBody(large);
    expect(body).toBeInstanceOf(Blob);
    expect((body as Blob).type).toBe('application/json');
    expect(await (body as Blob).text()).toBe(projectBody(large));
    client.terminate();
  });

  it('builds it on the page when the worker cannot', async () => {
    const failing = {
      uploadBody: () => ({ ok: false, error: { code: 'INTERNAL', message: 'no' } }),
    };
    const client = new GeneratorClient({ createWorker: channelWorker(failing) });
    expect(await client.uploadBody(large)).toBe(projectBody(large));
    client.terminate();
    const none = new GeneratorClient({ createWorker: undefined });
    expect(await none.uploadBody(large)).toBe(projectBody(large));
  });
});
