/**
 * The job worker's API (src/worker/jobs.ts): the stateless jobs answer the same through a real
 * comlink boundary as directly, and the document worker's API no longer offers them.
 */
import { expose, wrap, type Remote } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { createCoreApi } from '../../src/shared/openapi/core-api';
import { createJobApi, type JobApi } from '../../src/shared/openapi/job-api';

const jobs = createJobApi();
const { port1, port2 } = new MessageChannel();
expose(jobs, nodeEndpoint(port1));
const remote: Remote<JobApi> = wrap<JobApi>(nodeEndpoint(port2));
afterAll(() => {
  port1.close();
  port2.close();
});

const SAMPLE = '{"id": 1, "when": "2024-01-01T00:00:00Z", "tags": ["a"], "note": null}';
const SWAGGER = 'swagger: "2.0"\ninfo: {title: T, version: "1"}\npaths: {}\n';
const OPENAPI_30 = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\n';

describe('job worker api', () => {
  it('answers the same through comlink as directly, failures as typed errors', async () => {
    expect(await remote.schemaYaml(SAMPLE)).toEqual(jobs.schemaYaml(SAMPLE));
    expect(jobs.schemaYaml('')).toEqual({ ok: true, value: '' });
    expect(await remote.schemaYaml(' ')).toEqual({ ok: true, value: '' });
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    expect(jobs.schemaYaml(deep)).toMatchObject({ ok: false, error: { code: 'TOO_DEEP' } });
    expect(await remote.schemaYaml(deep)).toMatchObject({ ok: false, error: { code: 'TOO_DEEP' } });
    expect(await remote.convertSwagger2(SWAGGER)).toEqual(jobs.convertSwagger2(SWAGGER));
    expect(await remote.upgradeOpenApi(OPENAPI_30, '3.1.1')).toEqual(
      jobs.upgradeOpenApi(OPENAPI_30, '3.1.1'),
    );
    expect(await remote.convertSwagger2(OPENAPI_30)).toMatchObject({ ok: false });
  });

  it('is the one home of the jobs: the document worker does not run them', () => {
    const core = createCoreApi() as Record<string, unknown>;
    for (const name of Object.keys(jobs)) expect(core[name], name).toBeUndefined();
  });
});
