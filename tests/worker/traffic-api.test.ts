/**
 * The issue 14 worker methods (importCurl, importHar, inferSchemaFromValues in the job worker):
 * Result objects that survive a real comlink
 * boundary, typed errors included.
 */
import { expose, wrap, type Remote } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobApi, type JobApi } from '../../src/shared/openapi/job-api';

const jobs = createJobApi();

const har = readFileSync(resolve(__dirname, '../fixtures/traffic/chrome-app.har'), 'utf8');

/** The value with every string `id` replaced (imports make fresh random ids on every call). */
function withoutIds(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, item: unknown) =>
      key === 'id' && typeof item === 'string' ? '<id>' : item,
    ),
  );
}

describe('worker api: traffic and inference methods', () => {
  let jobPorts: MessageChannel;
  let jobRemote: Remote<JobApi>;

  beforeAll(() => {
    jobPorts = new MessageChannel();
    expose(jobs, nodeEndpoint(jobPorts.port1));
    jobRemote = wrap<JobApi>(nodeEndpoint(jobPorts.port2));
  });
  afterAll(() => {
    jobPorts.port1.close();
    jobPorts.port2.close();
  });

  it('imports a HAR and a cURL command with the same answers as direct calls', async () => {
    const direct = jobs.importHar(har);
    expect(direct.ok).toBe(true);
    expect(withoutIds(await jobRemote.importHar(har))).toEqual(withoutIds(direct));
    const curl = "curl 'https://h.test/a/1' -H 'Authorization: Bearer x'";
    expect(withoutIds(await jobRemote.importCurl(curl))).toEqual(withoutIds(jobs.importCurl(curl)));
  });

  it('answers malformed input as typed errors', async () => {
    expect(await jobRemote.importHar('{')).toMatchObject({
      ok: false,
      error: { code: 'HAR_INVALID' },
    });
    expect(await jobRemote.importCurl('ls -la')).toMatchObject({
      ok: false,
      error: { code: 'CURL_INVALID' },
    });
    expect(await jobRemote.inferSchemaFromValues(null as unknown as unknown[])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });

  it('infers from several values', async () => {
    expect(await jobRemote.inferSchemaFromValues([{ a: 1 }, { a: 2, b: 'x' }])).toMatchObject({
      ok: true,
      value: { type: 'object', required: ['a'] },
    });
  });
});
