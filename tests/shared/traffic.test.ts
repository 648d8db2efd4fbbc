/**
 * cURL and HAR import (issue 14): templating, parameters, merged examples, redaction, typed
 * errors. Fixtures in tests/fixtures/traffic are Chrome-shaped ("Save all as HAR",
 * "Copy all as cURL (bash)") and written by hand for these tests.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CoreError,
  importCurl,
  importHar,
  MAX_CURL_CHARS,
  MAX_HAR_CHARS,
  REDACTED,
  segmentKind,
  validateExample,
  type Endpoint,
  type TrafficResult,
} from '../../src/shared/openapi';

const fixture = (name: string) =>
  readFileSync(resolve(__dirname, '../fixtures/traffic', name), 'utf8');

function find(result: TrafficResult, method: string, path: string): Endpoint {
  const endpoint = result.endpoints.find((e) => e.method === method && e.path === path);
  expect(
    endpoint,
    `${method} ${path} in ${result.endpoints.map((e) => `${e.method} ${e.path}`).join(', ')}`,
  ).toBeDefined();
  return endpoint as Endpoint;
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    return (error as CoreError).code;
  }
  return undefined;
}

/** Every example of every body validates against the body's schema. */
function expectExamplesValid(result: TrafficResult): void {
  for (const endpoint of result.endpoints) {
    const bodies = [endpoint.requestBody, ...endpoint.responses.map((r) => r.body)];
    for (const body of bodies) {
      if (body?.schema === undefined || body.customerJson === '') continue;
      const texts = [body.customerJson, ...(body.examples ?? []).map((e) => e.json)];
      for (const text of texts) {
        const value: unknown = body.mediaType?.includes('json') ? JSON.parse(text) : text;
        expect(validateExample(body.schema, value)).toEqual([]);
      }
    }
  }
}

describe('segmentKind', () => {
  it.each([
    ['12', 'integer'],
    ['3f2504e0-4f89-11d3-9a0c-0305e82c3301', 'uuid'],
    ['9b74c9897bac770ffc029102a200c5de', 'hash'],
    ['5f1d7a9e8b3c2a1d4e6f7a8b', 'hash'],
    ['01HZX3K4T9Q8W7E6R5Y4U3I2O1', 'hash'],
    ['2026-11-20', 'date'],
    ['users', undefined],
    ['deadbeef', undefined],
    ['v2', undefined],
  ])('%s → %s', (segment, kind) => {
    expect(segmentKind(segment)).toBe(kind);
  });
});

describe('importHar (Chrome "Save all as HAR")', () => {
  const result = importHar(fixture('chrome-app.har'));
  const all = JSON.stringify(result);

  it('creates one endpoint per method and templated path', () => {
    expect(result.endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
      [
        'GET /v2/files/{fileId}/content',
        'GET /v2/orders',
        'GET /v2/profiles/{profileId}/posts',
        'GET /v2/users/{userId}',
        'GET /v2/users/{userId}/avatar',
        'POST /v2/orders',
        'POST /v2/session',
      ]
        .map((line) => line.replace('GET /v2/files', 'PUT /v2/files'))
        .sort(),
    );
    const users = find(result, 'GET', '/v2/users/{userId}');
    const path = users.parameters.find((p) => p.location === 'path');
    expect(path).toMatchObject({
      name: 'userId',
      required: true,
      example: '12',
      schema: { type: 'integer' },
    });
    const avatar = find(result, 'GET', '/v2/users/{userId}/avatar');
    expect(avatar.parameters.find((p) => p.location === 'path')?.schema).toEqual({
      type: 'string',
      format: 'uuid',
    });
  });

  it('skips page resources, preflights and failed calls with warnings', () => {
    const codes = result.warnings.map((w) => w.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'HAR_STATIC_SKIPPED',
        'HAR_PREFLIGHT_SKIPPED',
        'HAR_FAILED_SKIPPED',
        'TRAFFIC_SECRETS_REDACTED',
      ]),
    );
    expect(result.endpoints.some((e) => e.method === 'OPTIONS')).toBe(false);
    expect(result.endpoints.some((e) => e.path.includes('health'))).toBe(false);
  });

  it('merges the bodies of several calls per endpoint and status', () => {
    const users = find(result, 'GET', '/v2/users/{userId}');
    expect(result.stats[result.endpoints.indexOf(users)]?.calls).toBe(2);
    const ok = users.responses.find((r) => r.statusCode === 200)?.body;
    expect(ok?.examples).toHaveLength(1);
    expect(ok?.mediaType).toBe('application/json');
    expect(ok?.schema?.required).toEqual(['id', 'name', 'email', 'createdAt', 'manager', 'tags']);
    expect(ok?.schema?.properties?.manager).toMatchObject({ type: 'object', nullable: true });
    expect(ok?.schema?.properties?.createdAt).toMatchObject({
      type: 'string',
      format: 'date-time',
    });
    expect(ok?.schema?.properties?.phone).toMatchObject({ type: 'string' });
    const orders = find(result, 'POST', '/v2/orders');
    expect(orders.responses.map((r) => r.statusCode)).toEqual([201, 422]);
    expect(orders.requestBody?.examples).toHaveLength(1);
    expect(orders.requestBody?.schema?.required).toEqual(['items']);
    expectExamplesValid(result);
  });

  it('decodes base64 response content', () => {
    const list = find(result, 'GET', '/v2/orders');
    const body = list.responses[0]?.body;
    expect(body?.examples?.[0]?.json).toContain('"page": 3');
  });

  it('turns query parameters and headers into parameters, without browser noise', () => {
    const list = find(result, 'GET', '/v2/orders');
    const names = list.parameters.map((p) => `${p.location}:${p.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'query:page',
        'query:per_page',
        'query:access_token',
        'header:x-api-key',
        'header:x-client-version',
      ]),
    );
    // Authorization is a security scheme, not a header parameter (issue 18).
    expect(names).not.toContain('header:authorization');
    expect(list.security).toEqual([{ bearerAuth: [] }]);
    expect(list.parameters.find((p) => p.name === 'page')?.required).toBe(true);
    expect(list.parameters.find((p) => p.name === 'per_page')?.required).toBe(false);
    for (const noise of [
      'cookie',
      'user-agent',
      'accept-encoding',
      'sec-fetch-mode',
      ':authority',
      'referer',
      'origin',
    ]) {
      expect(names).not.toContain(`header:${noise}`);
    }
    const headers = list.responses[0]?.headers?.map((h) => h.name) ?? [];
    expect(headers).toEqual(['x-total-count', 'link']);
  });

  it('never copies a secret', () => {
    for (const secret of [
      'SIGNATUREsecret',
      'live_key_9f8e7d6c5b4a',
      'qwerty-secret-token',
      's3cr3t-cookie-value',
      'abcCSRF123',
      'hunter2',
      'new-session-secret',
      'tok_live_abcdef123456',
    ]) {
      expect(all).not.toContain(secret);
    }
    const list = find(result, 'GET', '/v2/orders');
    expect(list.parameters.find((p) => p.name === 'authorization')).toBeUndefined();
    expect(list.parameters.find((p) => p.name === 'access_token')?.example).toBe(REDACTED);
    const created = find(result, 'POST', '/v2/orders').responses[0];
    expect(created?.headers?.find((h) => h.name === 'set-cookie')?.example).toBe(REDACTED);
  });

  it('keeps non-JSON bodies as string examples with their media type', () => {
    const session = find(result, 'POST', '/v2/session');
    expect(session.requestBody?.mediaType).toBe('application/x-www-form-urlencoded');
    expect(session.requestBody?.customerJson).toBe(
      `username=ann&password=${encodeURIComponent(REDACTED)}&remember=1`,
    );
    expect(session.requestBody?.schema).toEqual({ type: 'string' });
    const file = find(result, 'PUT', '/v2/files/{fileId}/content');
    expect(file.requestBody).toMatchObject({
      mediaType: 'text/plain',
      customerJson: 'plain text file body',
    });
    expect(file.responses[0]?.body).toMatchObject({
      mediaType: 'text/plain',
      customerJson: 'stored',
    });
  });

  it('templates literal segments that vary across calls with the same structure', () => {
    const posts = find(result, 'GET', '/v2/profiles/{profileId}/posts');
    expect(posts.parameters.find((p) => p.location === 'path')?.example).toBe('alice');
  });

  it('does not merge different resources that share a parent', () => {
    const har = minimalHar([
      ['GET', 'https://x.test/api/users', { users: [{ id: 1 }] }],
      ['GET', 'https://x.test/api/orders', { orders: [{ total: 1 }] }],
    ]);
    expect(importHar(har).endpoints.map((e) => e.path)).toEqual(['/api/users', '/api/orders']);
  });
});

function minimalHar(calls: [string, string, unknown][]): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: calls.map(([method, url, body]) => ({
        request: { method, url, headers: [] },
        response: {
          status: 200,
          headers: [],
          content: { mimeType: 'application/json', text: JSON.stringify(body) },
        },
      })),
    },
  });
}

describe('importHar: malformed input', () => {
  it('gives typed errors, never a crash', () => {
    expect(codeOf(() => importHar('{"log": '))).toBe('HAR_INVALID');
    expect(codeOf(() => importHar('[]'))).toBe('HAR_INVALID');
    expect(codeOf(() => importHar('{"log":{"entries":{}}}'))).toBe('HAR_INVALID');
    expect(codeOf(() => importHar('x'.repeat(10)))).toBe('HAR_INVALID');
    expect(codeOf(() => importHar(undefined as unknown as string))).toBe('HAR_INVALID');
    expect(codeOf(() => importHar('['.repeat(5000) + ']'.repeat(5000)))).toBe('TOO_DEEP');
  });

  it('reports the position of a JSON syntax error', () => {
    try {
      importHar('{\n  "log": {\n    "entries": [,]\n  }\n}');
      expect.unreachable();
    } catch (error) {
      expect((error as CoreError).code).toBe('HAR_INVALID');
      expect((error as CoreError).line).toBe(3);
    }
  });

  it('skips broken entries with a warning', () => {
    const result = importHar(
      '{"log":{"entries":[1, {"request":{}}, {"request":{"method":"GET","url":"data:x"}}]}}',
    );
    expect(result.endpoints).toEqual([]);
    expect(result.warnings.map((w) => w.code)).toEqual(['HAR_SCHEME_SKIPPED', 'HAR_ENTRY_INVALID']);
  });

  it('refuses a HAR over the limit before parsing it', () => {
    const text = ' '.repeat(MAX_HAR_CHARS + 1);
    const started = performance.now();
    expect(codeOf(() => importHar(text))).toBe('HAR_TOO_LARGE');
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('importCurl', () => {
  it('refuses cURL text over the limit before parsing it (issue 21.8)', () => {
    // 20 MB of one command took 5.6 s and 531 MB before the limit.
    const text = `curl https://api.example.com/a -d '${'x'.repeat(20 * 1024 * 1024)}'`;
    const started = performance.now();
    expect(codeOf(() => importCurl(text))).toBe('CURL_TOO_LARGE');
    expect(performance.now() - started).toBeLessThan(50);
    expect(codeOf(() => importCurl(`curl https://a.test -d '${'x'.repeat(MAX_CURL_CHARS)}'`))).toBe(
      'CURL_TOO_LARGE',
    );
    // Just under the limit is read.
    const under = `curl https://api.example.com/a -d 'k=${'x'.repeat(MAX_CURL_CHARS - 60)}'`;
    expect(under.length).toBeLessThanOrEqual(MAX_CURL_CHARS);
    expect(importCurl(under).endpoints).toHaveLength(1);
  });

  it('reads DevTools "Copy all as cURL (bash)" output', () => {
    const result = importCurl(fixture('chrome-copy-as-curl.sh'));
    expect(result.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /v2/users/{userId}',
      'POST /v2/users/{userId}/notes',
    ]);
    const user = result.endpoints[0] as Endpoint;
    expect(user.parameters.map((p) => `${p.location}:${p.name}=${p.example}`)).toEqual([
      'path:userId=12',
      'query:include=teams',
      `query:apikey=${REDACTED}`,
      'header:x-tenant=acme',
    ]);
    expect(user.security).toEqual([{ bearerAuth: [] }]);
    const note = result.endpoints[1]?.requestBody;
    expect(note?.mediaType).toBe('application/json');
    expect(JSON.parse(note?.customerJson ?? '')).toEqual({
      text: "It's fine\n",
      pinned: true,
      secret: REDACTED,
    });
    const all = JSON.stringify(result);
    for (const secret of ['AKIA-live-0001', 'sig-secret', 's3cr3t-cookie-value', 'do-not-copy']) {
      expect(all).not.toContain(secret);
    }
  });

  it('reads options in their several spellings', () => {
    const result = importCurl(
      `curl -sSL -XPUT --url=https://h.test/items/5 --header "Content-Type: application/json" --data '{"a":1}' -u user:pw`,
    );
    const endpoint = result.endpoints[0] as Endpoint;
    expect(endpoint.method).toBe('PUT');
    expect(endpoint.path).toBe('/items/{itemId}');
    expect(endpoint.parameters.find((p) => p.name === 'Authorization')).toBeUndefined();
    expect(endpoint.security).toEqual([{ basicAuth: [] }]);
    expect(result.securitySchemes).toEqual({ basicAuth: { type: 'http', scheme: 'basic' } });
    expect(JSON.stringify(result)).not.toContain('user:pw');
  });

  it('defaults to POST with a body, GET without, and -G moves data into the query', () => {
    expect(importCurl(`curl https://h.test/a -d 'x=1'`).endpoints[0]).toMatchObject({
      method: 'POST',
      requestBody: { mediaType: 'application/x-www-form-urlencoded', customerJson: 'x=1' },
    });
    const get = importCurl(`curl -G https://h.test/a -d 'q=cats' -d 'token=t0k'`)
      .endpoints[0] as Endpoint;
    expect(get.method).toBe('GET');
    expect(get.parameters.map((p) => `${p.name}=${p.example}`)).toEqual([
      'q=cats',
      `token=${REDACTED}`,
    ]);
  });

  it('reads DevTools "Copy as cURL (cmd)" output', () => {
    const cmd =
      'curl ^"https://h.test/v1/things/42?x=1^" ^\n  -H ^"x-trace: abc^" ^\n  --data-raw ^"^{^\\^"a^\\^":1^}^"';
    const endpoint = importCurl(cmd).endpoints[0] as Endpoint;
    expect(endpoint.path).toBe('/v1/things/{thingId}');
    expect(endpoint.parameters.map((p) => p.name)).toEqual(['thingId', 'x', 'x-trace']);
  });

  it('templates segments that vary across commands under a plural parent', () => {
    const result = importCurl('curl https://h.test/users/alice\ncurl https://h.test/users/bob');
    expect(result.endpoints.map((e) => e.path)).toEqual(['/users/{userId}']);
  });

  it('gives CURL_INVALID for text that is not a cURL command', () => {
    expect(codeOf(() => importCurl('wget https://x.test'))).toBe('CURL_INVALID');
    expect(codeOf(() => importCurl(''))).toBe('CURL_INVALID');
    expect(codeOf(() => importCurl("curl 'https://x.test"))).toBe('CURL_INVALID');
    expect(codeOf(() => importCurl('curl -H'))).toBe('CURL_INVALID');
    expect(codeOf(() => importCurl('curl -X GET'))).toBe('CURL_INVALID');
    expect(codeOf(() => importCurl('curl ftp://x.test/a'))).toBe('CURL_INVALID');
    expect(codeOf(() => importCurl(42 as unknown as string))).toBe('CURL_INVALID');
  });
});
