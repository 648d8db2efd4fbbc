/**
 * Issue 19, the headless contract: OpenAPI 3.0, 3.1 and 3.2 documents load with the same
 * guarantees (byte-identical round trip, one-line edits, `openapi` kept as written), Swagger 2.0
 * throws SWAGGER_2, other versions UNSUPPORTED_VERSION. Every output is validated against its
 * version's official schema. Fixtures: tests/fixtures/openapi-3.1 and openapi-3.2 (one per 3.2
 * feature), and the real-world documents of ../shared/corpus/openapi-versions.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  CoreError,
  createCoreApi,
  parseOpenApi,
  renderOpenApi,
  validateEndpoints,
  validateExample,
  type OpenApiDocument,
  type Schema,
} from '../../src/shared/openapi';
import {
  checkSchemaYaml,
  findOperation,
  operationRanges,
} from '../../src/shared/openapi/document/locate';
import { officialSchema } from '../../src/shared/openapi/openapi-schemas';
import { lintText } from '../../src/shared/openapi/lint/lint';
import { CORPUS_DIR, corpusAvailable } from './support/corpus';
import { lineDiff } from './document/support';

const FIXTURES = resolve(process.cwd(), 'tests/fixtures');

function fixture(name: string): string {
  return readFileSync(resolve(FIXTURES, name), 'utf8');
}

/** Validates text against the official schema of the version it states. */
/** One validator: it compiles each version's schema once. */
const validator = new Validator();

async function expectValid(text: string): Promise<void> {
  const data = parse(text) as Record<string, unknown> & { openapi: string };
  if (/\$ref["']?:\s*["']?\.\//.test(text)) {
    // References to other files cannot be followed (they are never fetched): the document is
    // checked against its version's official schema alone.
    // getAjvValidator is the validator's own (untyped) method: the schema check of validate().
    const withSchemas = validator as unknown as {
      getAjvValidator(version: string): ((value: unknown) => boolean) & { errors?: unknown };
    };
    const check = withSchemas.getAjvValidator(data.openapi.slice(0, 3));
    expect(check(data), JSON.stringify(check.errors)).toBe(true);
    return;
  }
  const result = await validator.validate(data);
  if (!result.valid) {
    throw new Error(`Invalid ${validator.version}: ${JSON.stringify(result.errors).slice(0, 800)}`);
  }
  expect(result.valid).toBe(true);
}

function codeOf(fn: () => unknown): { code?: string; message?: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof CoreError) return { code: error.code, message: error.message };
    throw error;
  }
  return {};
}

/** Edits the summary of the endpoint at `index` and checks the diff is that one line. */
function expectOneLineSummaryEdit(text: string, doc: OpenApiDocument, index = 0): string {
  const endpoint = doc.endpoints[index];
  if (endpoint === undefined) throw new Error('no endpoint');
  const had = endpoint.summary !== '';
  endpoint.summary = 'Edited summary';
  const out = renderOpenApi(doc);
  const diff = lineDiff(text, out);
  expect(diff.added).toHaveLength(1);
  expect(diff.removed).toHaveLength(had ? 1 : 0);
  expect(diff.added[0]).toContain('Edited summary');
  return out;
}

const FIXTURE_FILES = [
  ...readdirSync(resolve(FIXTURES, 'openapi-3.1')).map((f) => `openapi-3.1/${f}`),
  ...readdirSync(resolve(FIXTURES, 'openapi-3.2')).map((f) => `openapi-3.2/${f}`),
].sort();

describe('3.1 and 3.2 fixtures: lossless round trip', () => {
  it.each(FIXTURE_FILES)(
    '%s is valid, round-trips byte for byte, edits as one line',
    async (name) => {
      const text = fixture(name);
      await expectValid(text);
      const doc = parseOpenApi(text);
      const stated = (parse(text) as { openapi: string }).openapi;
      expect(doc.version).toBe(stated);
      expect(doc.meta.openapi).toBe(stated);
      expect(doc.dialect).toBe(stated.startsWith('3.2') ? '3.2' : '3.1');
      expect(renderOpenApi(doc)).toBe(text);
      const out = expectOneLineSummaryEdit(text, doc);
      await expectValid(out);
      expect(parseOpenApi(out).version).toBe(stated);
    },
  );
});

describe('3.2 features', () => {
  it('reads the query method as an endpoint, and edits it in place', async () => {
    const text = fixture('openapi-3.2/query-method.yaml');
    const doc = parseOpenApi(text);
    expect(doc.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      'QUERY /search',
      'GET /search',
    ]);
    const query = doc.endpoints[0]!;
    expect(query.requestBody?.schema).toMatchObject({ type: 'object' });
    query.description = 'Searches.';
    const out = renderOpenApi(doc);
    expect(lineDiff(text, out).added).toEqual(['      description: Searches.']);
    await expectValid(out);
  });

  it('a query key in a 3.1 document is not a method (reported, kept)', () => {
    const text = 'openapi: 3.1.0\ninfo: { title: t, version: v }\npaths:\n  /a:\n    query: {}\n';
    const doc = parseOpenApi(text);
    expect(doc.endpoints).toHaveLength(0);
    expect(doc.warnings.map((w) => w.code)).toContain('UNSUPPORTED_METHOD');
    expect(renderOpenApi(doc)).toBe(text);
  });

  it('keeps additionalOperations as written, lists and reports each one', () => {
    const text = fixture('openapi-3.2/additional-operations.yaml');
    const doc = parseOpenApi(text);
    expect(doc.endpoints.map((e) => e.method)).toEqual(['GET']);
    // Listed for the navigator (issue 19.2), with their method as written.
    expect(doc.keptOperations).toEqual([
      {
        path: '/files/{name}',
        method: 'LOCK',
        pointer: '/paths/~1files~1{name}/additionalOperations/LOCK',
        summary: 'Lock a file (WebDAV)',
        operationId: '',
        tags: [],
        additional: true,
      },
      {
        path: '/files/{name}',
        method: 'COPY',
        pointer: '/paths/~1files~1{name}/additionalOperations/COPY',
        summary: 'Copy a file',
        operationId: '',
        tags: [],
        additional: true,
      },
    ]);
    const reported = doc.warnings.filter((w) => w.pointer.includes('/additionalOperations'));
    expect(reported.map((w) => [w.code, w.method, w.path])).toEqual([
      ['UNSUPPORTED_METHOD', 'LOCK', '/files/{name}'],
      ['UNSUPPORTED_METHOD', 'COPY', '/files/{name}'],
    ]);
    expect(reported[0]?.message).toContain('kept as written');
    expect(renderOpenApi(doc)).toBe(text);
    // Removing the only plain operation keeps the path item (it still has operations).
    doc.endpoints = [];
    const out = renderOpenApi(doc);
    expect(out).toContain('additionalOperations:');
    expect(out).toContain('LOCK:');
  });

  it('lists trace operations and webhooks’ additional operations as kept, not in 3.1', () => {
    const text = [
      'openapi: 3.2.0',
      'info: { title: t, version: v }',
      'paths:',
      '  /a:',
      '    trace:',
      '      summary: Trace it',
      '      tags: [debug]',
      '      responses: {}',
      'webhooks:',
      '  ping:',
      '    additionalOperations:',
      '      NOTIFY:',
      '        operationId: notify',
      '',
    ].join('\n');
    const doc = parseOpenApi(text);
    expect(doc.endpoints).toEqual([]);
    expect(doc.keptOperations).toEqual([
      {
        path: '/a',
        method: 'TRACE',
        pointer: '/paths/~1a/trace',
        summary: 'Trace it',
        operationId: '',
        tags: ['debug'],
      },
      {
        path: 'ping',
        method: 'NOTIFY',
        pointer: '/webhooks/ping/additionalOperations/NOTIFY',
        summary: '',
        operationId: 'notify',
        tags: [],
        webhook: true,
        additional: true,
      },
    ]);
    expect(renderOpenApi(doc)).toBe(text);
    // additionalOperations is 3.2's: in 3.1 it is an unknown field, reported once, not listed.
    const v31 = parseOpenApi(text.replace('3.2.0', '3.1.0'));
    expect(v31.keptOperations.map((k) => k.method)).toEqual(['TRACE']);
    expect(v31.warnings.filter((w) => w.pointer.includes('additionalOperations'))).toHaveLength(1);
  });

  it('keeps tags with summary, parent and kind in the document panel', async () => {
    const text = fixture('openapi-3.2/tags-tree.yaml');
    const doc = parseOpenApi(text);
    expect(doc.meta.tags?.[1]).toEqual({
      name: 'orders',
      summary: 'Orders',
      parent: 'store',
      kind: 'nav',
    });
    doc.meta = { ...doc.meta, tags: doc.meta.tags!.map((t) => ({ ...t })) };
    doc.meta.tags![1]!.summary = 'All orders';
    const out = renderOpenApi(doc);
    expect(lineDiff(text, out)).toEqual({
      removed: ['    summary: Orders'],
      added: ['    summary: All orders'],
    });
    await expectValid(out);
  });

  it('reports a querystring parameter and keeps it', () => {
    const text = fixture('openapi-3.2/querystring.yaml');
    const doc = parseOpenApi(text);
    expect(doc.endpoints[0]!.parameters).toEqual([]);
    const warning = doc.warnings.find((w) => w.code === 'UNSUPPORTED_PARAMETER_LOCATION');
    expect(warning?.message).toContain("'querystring'");
    expect(warning?.message).toContain('kept as written');
  });

  it('keeps itemSchema of sequential media types', () => {
    const text = fixture('openapi-3.2/item-schema.yaml');
    const doc = parseOpenApi(text);
    const media = doc.warnings
      .filter((w) => w.code === 'NON_JSON_MEDIA_TYPE')
      .map((w) => w.pointer);
    expect(media).toEqual([
      '/paths/~1events/get/responses/200/content/text~1event-stream',
      '/paths/~1events/get/responses/200/content/application~1jsonl',
      '/paths/~1events/get/responses/200/content/application~1json-seq',
    ]);
    doc.endpoints[0]!.responses[0]!.description = 'Events';
    const out = renderOpenApi(doc);
    expect(out).toContain('itemSchema:');
    expect(lineDiff(text, out).added).toEqual(['          description: Events']);
  });

  it('keeps $self and reports it', () => {
    const text = fixture('openapi-3.2/self.yaml');
    const doc = parseOpenApi(text);
    expect(doc.warnings.some((w) => w.pointer === '/$self')).toBe(true);
    doc.meta = { ...doc.meta, info: { ...doc.meta.info, title: 'Renamed' } };
    const out = renderOpenApi(doc);
    expect(out).toContain('$self: https://example.com/openapi/self.yaml');
  });

  it('keeps the device authorization flow in the security schemes', async () => {
    const text = fixture('openapi-3.2/oauth-flows.yaml');
    const doc = parseOpenApi(text);
    const device = doc.meta.securitySchemes?.device;
    expect(device?.flows?.deviceAuthorization?.deviceAuthorizationUrl).toBe(
      'https://auth.example.com/device',
    );
    expect(device?.oauth2MetadataUrl).toContain('.well-known');
    expect(doc.meta.securitySchemes?.legacy?.deprecated).toBe(true);
    doc.meta = {
      ...doc.meta,
      securitySchemes: {
        ...doc.meta.securitySchemes,
        legacy: { type: 'http', scheme: 'basic', deprecated: true, description: 'Old' },
      },
    };
    const out = renderOpenApi(doc);
    expect(lineDiff(text, out).added).toEqual(['      description: Old']);
    await expectValid(out);
  });
});

describe('3.1 document features', () => {
  it('reads webhooks as endpoints with webhook: true and renders edits back to webhooks', async () => {
    const text = fixture('openapi-3.2/webhooks.json');
    const doc = parseOpenApi(text);
    expect(doc.endpoints).toHaveLength(1);
    const hook = doc.endpoints[0]!;
    expect(hook).toMatchObject({ webhook: true, method: 'POST', path: 'newOrder' });
    expect(doc.warnings.some((w) => w.code === 'WEBHOOKS')).toBe(false);
    hook.summary = 'An order was placed';
    const out = renderOpenApi(doc);
    expect(lineDiff(text, out)).toEqual({
      removed: ['        "summary": "A new order",'],
      added: ['        "summary": "An order was placed",'],
    });
    await expectValid(out);
  });

  it('keeps info.summary, license.identifier and components.pathItems', () => {
    const text = fixture('openapi-3.2/webhooks.json');
    const doc = parseOpenApi(text);
    expect(doc.meta.info.summary).toBe('A short summary');
    expect(doc.meta.info.license?.identifier).toBe('Apache-2.0');
    const pathItems = doc.warnings.find((w) => w.pointer === '/components/pathItems');
    expect(pathItems?.message).toContain('kept as written');
    doc.endpoints = [];
    const out = renderOpenApi(doc);
    expect(JSON.parse(out)).toMatchObject({ components: { pathItems: { Ping: {} } } });
  });

  it('adds a new webhook under webhooks, and a webhook can be removed', async () => {
    const text = fixture('openapi-3.2/webhooks.json');
    const doc = parseOpenApi(text);
    doc.endpoints.push({
      id: 'new-hook',
      webhook: true,
      method: 'POST',
      path: 'orderCancelled',
      summary: 'Cancelled',
      parameters: [],
      responses: [{ statusCode: 200, body: { name: '', customerJson: '' } }],
    });
    const added = renderOpenApi(doc);
    const value = JSON.parse(added) as { webhooks: Record<string, unknown>; paths?: unknown };
    expect(Object.keys(value.webhooks)).toEqual(['newOrder', 'orderCancelled']);
    expect(value.paths).toBeUndefined();
    await expectValid(added);
    const again = parseOpenApi(added);
    again.endpoints = again.endpoints.filter((e) => e.path !== 'newOrder');
    const removed = JSON.parse(renderOpenApi(again)) as { webhooks: Record<string, unknown> };
    expect(Object.keys(removed.webhooks)).toEqual(['orderCancelled']);
  });

  it('reads 3.1 schemas as written (type arrays, const, numeric exclusive bounds, examples)', () => {
    const text = fixture('openapi-3.1/schemas-3.1.yaml');
    const doc = parseOpenApi(text);
    expect(doc.warnings.filter((w) => w.code.startsWith('SCHEMA'))).toEqual([]);
    const endpoint = doc.endpoints[0]!;
    expect(endpoint.requestBody?.schema).toEqual({
      $ref: '#/components/schemas/Thing',
      description: 'A thing, described beside its reference',
    });
    const response = endpoint.responses[0]!.body.schema as Record<string, unknown>;
    expect(response).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        id: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 1000 },
        kind: { const: 'thing' },
        avatar: { contentMediaType: 'image/png', contentEncoding: 'base64' },
      },
    });
    expect(doc.schemas.Thing).toMatchObject({
      properties: {
        name: { examples: ['lamp', 'chair'] },
        color: { type: ['string', 'null'] },
      },
    });
  });

  it('keeps references to other files as written, reports them once, never fetches them', () => {
    const text = fixture('openapi-3.1/external-refs.yaml');
    const doc = parseOpenApi(text);
    const external = doc.warnings.filter((w) => w.code === 'EXTERNAL_REF');
    expect(external).toHaveLength(1);
    expect(external[0]!.message).toContain('./parameters.yaml');
    expect(external[0]!.message).toContain('./schemas.yaml');
    expect(external[0]!.message).toContain('./responses.yaml');
    expect(external[0]!.message).toContain('kept as written');
    expect(doc.warnings.filter((w) => w.message.includes('./schemas.yaml'))).toHaveLength(1);
    expect(doc.warnings.some((w) => w.code === 'UNRESOLVED_REF')).toBe(false);
    expect(renderOpenApi(doc)).toBe(text);
    doc.endpoints[1]!.summary = 'A pet';
    const out = renderOpenApi(doc);
    expect(lineDiff(text, out).added).toEqual(['      summary: A pet']);
    expect(out).toContain('$ref: ./responses.yaml#/Pet');
  });
});

describe('the version as written', () => {
  it.each([
    ['openapi: 3.0\ninfo: { title: t, version: v }\npaths: {}\n', '3.0', '3.0'],
    ['{"openapi": 3.1, "info": {"title": "t", "version": "v"}, "paths": {}}', '3.1', '3.1'],
    ['openapi: "3.2.0"\ninfo: { title: t, version: v }\npaths: {}\n', '3.2.0', '3.2'],
    ['openapi: 3.1.1-rc1\ninfo: { title: t, version: v }\npaths: {}\n', '3.1.1-rc1', '3.1'],
  ])('%j is version %s', (text, version, dialect) => {
    const doc = parseOpenApi(text);
    expect(doc.version).toBe(version);
    expect(doc.meta.openapi).toBe(version);
    expect(doc.dialect).toBe(dialect);
    expect(renderOpenApi(doc)).toBe(text);
  });
});

describe('versions the core does not read', () => {
  it('throws SWAGGER_2 for a Swagger 2.0 document', () => {
    const text = 'swagger: "2.0"\ninfo: { title: t, version: v }\npaths: {}\n';
    expect(codeOf(() => parseOpenApi(text)).code).toBe('SWAGGER_2');
  });

  it('throws UNSUPPORTED_VERSION naming 4.0.0', () => {
    const found = codeOf(() => parseOpenApi('openapi: 4.0.0\ninfo: { title: t, version: v }\n'));
    expect(found.code).toBe('UNSUPPORTED_VERSION');
    expect(found.message).toContain('4.0.0');
  });
});

const available = corpusAvailable('openapi-versions');
const corpusDir = resolve(CORPUS_DIR, 'openapi-versions');
const corpusFiles = available ? readdirSync(corpusDir).sort() : [];

describe.skipIf(!available)('corpus of other versions (../shared/corpus/openapi-versions)', () => {
  const openapi = corpusFiles.filter((f) => !f.includes('__2.0-'));
  const swagger = corpusFiles.filter((f) => f.includes('__2.0-'));

  it.each(openapi)(
    '%s round-trips byte for byte and a summary edit is one line, valid against its schema',
    async (file) => {
      const text = readFileSync(resolve(corpusDir, file), 'utf8');
      const doc = parseOpenApi(text);
      expect(doc.version).toBe((parse(text) as { openapi: string }).openapi);
      expect(doc.endpoints.length).toBeGreaterThan(0);
      expect(renderOpenApi(doc)).toBe(text);
      const out = expectOneLineSummaryEdit(text, doc, Math.floor(doc.endpoints.length / 2));
      await expectValid(out);
    },
    60_000,
  );

  it.each(swagger)('%s throws SWAGGER_2', (file) => {
    const text = readFileSync(resolve(corpusDir, file), 'utf8');
    expect(codeOf(() => parseOpenApi(text)).code).toBe('SWAGGER_2');
  });
});

describe('new text speaks the document version', () => {
  const BODY = '[{"name": "lamp", "size": 3}, {"name": null, "size": 4.5}]';

  /** Every schema keyword of 3.0 that 3.1/3.2 write differently, anywhere below `value`. */
  function thirtyKeywords(value: unknown, found: string[] = []): string[] {
    if (Array.isArray(value)) value.forEach((item) => thirtyKeywords(item, found));
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key === 'nullable' || key === 'example') found.push(key);
        if (key !== 'examples' && key !== 'value') thirtyKeywords(item, found);
      }
    }
    return found;
  }

  function newEndpoint(webhook = false) {
    return {
      id: 'new-1',
      method: 'POST' as const,
      path: webhook ? 'thingCreated' : '/things/new',
      summary: 'New',
      parameters: [],
      requestBody: { name: 'NewThings', customerJson: BODY },
      responses: [{ statusCode: 200, body: { name: '', customerJson: '{"id": 1}' } }],
      ...(webhook ? { webhook: true } : {}),
    };
  }

  it('a new endpoint in a 3.1 document gets type arrays and examples, and stays valid', async () => {
    const text = fixture('openapi-3.1/schemas-3.1.yaml');
    const doc = parseOpenApi(text);
    doc.endpoints.push(newEndpoint());
    const out = renderOpenApi(doc);
    await expectValid(out);
    const value = parse(out) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(thirtyKeywords(value.paths['/things/new'])).toEqual([]);
    expect(thirtyKeywords(value.components.schemas)).toEqual([]);
    expect(value.components.schemas.NewThings).toMatchObject({
      type: 'array',
      items: { properties: { name: { type: ['string', 'null'], examples: ['lamp'] } } },
    });
    // The source's own lines are untouched: only lines are added.
    expect(lineDiff(text, out).removed).toEqual([]);
  });

  it('a shared schema added in a 3.2 document and an inferred webhook body speak 2020-12', async () => {
    const text = fixture('openapi-3.2/item-schema.yaml');
    const doc = parseOpenApi(text);
    doc.schemas = {
      ...doc.schemas,
      Added: { type: 'string', nullable: true, example: 'x' },
      Bounded: { type: 'integer', minimum: 0, exclusiveMinimum: true },
    };
    doc.endpoints.push(newEndpoint(true));
    const out = renderOpenApi(doc);
    await expectValid(out);
    const value = parse(out) as {
      webhooks: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(value.components.schemas.Added).toEqual({ type: ['string', 'null'], examples: ['x'] });
    expect(value.components.schemas.Bounded).toEqual({ type: 'integer', exclusiveMinimum: 0 });
    expect(thirtyKeywords(value.webhooks)).toEqual([]);
    expect(Object.keys(value.webhooks)).toEqual(['thingCreated']);
  });

  it('a 3.0 document still gets nullable and example', () => {
    const text = 'openapi: 3.0.3\ninfo: { title: t, version: v }\npaths: {}\n';
    const doc = parseOpenApi(text);
    doc.endpoints.push(newEndpoint());
    const out = renderOpenApi(doc);
    expect(out).toContain('nullable: true');
    expect(out).toMatch(/\n\s+example: lamp\n/);
  });

  it('a new 3.1 document is generated in 3.1 terms', async () => {
    const api = createCoreApi();
    const opened = api.newDocument('3.1.1');
    expect(opened.ok && opened.value.version).toBe('3.1.1');
    expect(opened.ok && opened.value.dialect).toBe('3.1');
    const revision = api.revision();
    if (!revision.ok) throw new Error(revision.error.message);
    const added = api.apply(
      [
        { kind: 'addEndpoint', endpoint: { ...newEndpoint(), id: 'a', path: '/a' } },
        { kind: 'addEndpoint', endpoint: { ...newEndpoint(true), id: 'b', path: '/b' } },
      ],
      revision.value,
      { text: true },
    );
    if (!added.ok) throw new Error(added.error.message);
    const rendered = added.value.text ?? '';
    expect(rendered.startsWith('openapi: 3.1.1\n')).toBe(true);
    expect(thirtyKeywords(parse(rendered))).toEqual([]);
    await expectValid(rendered);
  });
});

describe('webhooks in the generator rules', () => {
  it('a webhook is named, not routed, and does not clash with a path of the same name', () => {
    const endpoint = (path: string, webhook: boolean) => ({
      id: `${webhook ? 'w' : 'p'}-${path}`,
      method: 'POST' as const,
      path,
      summary: '',
      parameters: [],
      responses: [{ statusCode: 200, body: { name: '', customerJson: '' } }],
      ...(webhook ? { webhook: true } : {}),
    });
    const result = validateEndpoints([endpoint('newOrder', true), endpoint('/newOrder', false)]);
    expect(Object.values(result.issues).flat()).toEqual([]);
    expect(result.canGenerate).toBe(true);
    const unnamed = validateEndpoints([endpoint(' ', true)]);
    expect(unnamed.issues['w- ']?.map((issue) => issue.code)).toEqual(['PATH_REQUIRED']);
  });
});

describe('example checks per version', () => {
  const schema = {
    type: 'object',
    properties: {
      id: { type: 'integer', exclusiveMinimum: 0 },
      kind: { const: 'thing' },
      note: { type: ['string', 'null'] },
    },
  } as unknown as Schema;

  it('checks examples of a 3.1/3.2 document as JSON Schema 2020-12', () => {
    expect(validateExample(schema, { id: 1, kind: 'thing', note: null }, undefined, '3.1')).toEqual(
      [],
    );
    const problems = validateExample(schema, { id: 0, kind: 'other', note: 5 }, undefined, '3.2');
    expect(problems.map((p) => `${p.pointer} ${p.rule}`).sort()).toEqual([
      '/id exclusiveMinimum',
      '/kind const',
      '/note type',
    ]);
  });

  it('checks a 3.0 schema with nullable as before', () => {
    const nullable = { type: 'string', nullable: true } as Schema;
    expect(validateExample(nullable, null)).toEqual([]);
    expect(validateExample(nullable, 5).map((p) => p.rule)).toEqual(['type']);
  });

  it("the lint checks the document's examples in its own dialect (2020-12 for 3.1)", async () => {
    const text = fixture('openapi-3.1/schemas-3.1.yaml').replace(
      "        '201':\n          description: Created\n          content:\n            application/json:\n",
      "        '201':\n          description: Created\n          content:\n            application/json:\n              example: {id: 0, kind: thing}\n",
    );
    const found = (await lintText(text)).filter((f) => f.code === 'oas3-valid-media-example');
    expect(found.map((f) => f.path.slice(-2).join('/'))).toEqual(['example/id']);
    expect(found[0]?.message).toContain('must be > 0');
  });
});

describe('official schemas per version', () => {
  it('names each version schema by its dialect', () => {
    expect(String(officialSchema('3.0').id)).toContain('3.0');
    expect(String(officialSchema('3.1').$id)).toContain('/oas/3.1/');
    expect(String(officialSchema('3.2').$id)).toContain('/oas/3.2/');
  });

  it('the vendored 3.2 schema accepts every 3.2 fixture and refuses a 3.1 one (ajv 2020)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const check = ajv.compile(officialSchema('3.2'));
    for (const name of FIXTURE_FILES.filter((f) => f.startsWith('openapi-3.2/'))) {
      expect(check(parse(fixture(name))), `${name}: ${JSON.stringify(check.errors)}`).toBe(true);
    }
    expect(check(parse(fixture('openapi-3.1/schemas-3.1.yaml')))).toBe(false);
  });
});

describe('locating and schema fragments per version', () => {
  it('finds query operations and webhooks in the text', () => {
    const ranges = operationRanges(fixture('openapi-3.2/query-method.yaml'));
    expect(ranges.map((r) => `${r.method} ${r.path}`)).toEqual(['query /search', 'get /search']);
    const hooks = operationRanges(fixture('openapi-3.2/webhooks.json'));
    expect(hooks).toEqual([
      { path: 'newOrder', method: 'post', startLine: 12, endLine: 31, webhook: true },
    ]);
    expect(findOperation(hooks, 'newOrder', 'POST')).toBeUndefined();
    expect(findOperation(hooks, 'newOrder', 'POST', true)?.startLine).toBe(12);
  });

  it('checks a schema fragment as JSON Schema 2020-12 in a 3.1/3.2 document', () => {
    const fragment = 'type: [string, "null"]\nexamples: [a]\nexclusiveMinimum: 1\n';
    expect(checkSchemaYaml(fragment, [], '3.1').ok).toBe(true);
    expect(checkSchemaYaml(fragment, [], '3.0').ok).toBe(false);
    expect(checkSchemaYaml('type: [strin]\n', [], '3.2')).toEqual({
      ok: false,
      error: 'invalid',
      detail: '/type (type)',
    });
    expect(checkSchemaYaml('properties:\n  a: { required: yes }\n', [], '3.1')).toEqual({
      ok: false,
      error: 'invalid',
      detail: '/properties/a/required (required)',
    });
  });
});
