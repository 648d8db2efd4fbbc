/**
 * The headless contract of issue 10: parseOpenApi(text) gives the editable document,
 * renderOpenApi(doc) renders it losslessly, and an edit of one field changes only its lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  createEndpointForTests,
  documentData,
  newOpenApiDocument,
  parseOpenApi,
  renderOpenApi,
  type Endpoint,
  type OpenApiDocument,
} from './imports';
import { CORPUS_DIR, corpusAvailable } from '../support/corpus';
import { fixture, lineDiff } from './support';

const text = fixture('lossless.yaml');

function endpoint(doc: OpenApiDocument, method: string, path: string): Endpoint {
  const found = doc.endpoints.find((e) => e.method === method && e.path === path);
  if (found === undefined) throw new Error(`no ${method} ${path}`);
  return found;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- reading parsed YAML in assertions */
function data(doc: OpenApiDocument): Record<string, any> {
  return parse(renderOpenApi(doc)) as Record<string, any>;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

describe('round trip without edits', () => {
  it('gives back the fixture byte for byte', () => {
    expect(renderOpenApi(parseOpenApi(text))).toBe(text);
  });

  it('keeps the views and the document panel it read', () => {
    const doc = parseOpenApi(text);
    expect(doc.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /orders',
      'POST /orders',
      'GET /orders/{id}',
      'DELETE /orders/{id}',
      'GET /rest/agile/1.0/board',
    ]);
    expect(doc.meta.info.title).toBe('Shop');
    expect(doc.meta.openapi).toBe('3.0.3');
    expect(doc.meta.servers?.[0]?.url).toBe('https://{region}.shop.example/v2');
    expect(doc.meta.tags?.[0]?.name).toBe('orders');
    expect(Object.keys(doc.meta.securitySchemes ?? {})).toEqual(['bearer']);
    expect(Object.keys(doc.schemas)).toEqual(['Order', 'NewOrder', 'Note', 'Unused']);
  });

  const available = corpusAvailable('openapi');
  const dir = resolve(CORPUS_DIR, 'openapi');
  const files = available ? readdirSync(dir).sort() : [];
  it.skipIf(!available).each(files)('%s round-trips to identical text', (file) => {
    const source = readFileSync(resolve(dir, file), 'utf8');
    expect(renderOpenApi(parseOpenApi(source)) === source).toBe(true);
  });
});

describe('local edits', () => {
  it('a summary edit is a one-line diff', () => {
    const doc = parseOpenApi(text);
    endpoint(doc, 'GET', '/orders').summary = 'List all orders';
    expect(lineDiff(text, renderOpenApi(doc))).toEqual({
      removed: ['      summary: List orders'],
      added: ['      summary: List all orders'],
    });
  });

  it('a parameter description edit changes only its line, and keeps the comment beside it', () => {
    const doc = parseOpenApi(text);
    const limit = endpoint(doc, 'GET', '/orders').parameters.find((p) => p.name === 'limit');
    limit!.description = 'How many orders';
    const diff = lineDiff(text, renderOpenApi(doc));
    expect(diff.removed).toEqual(['          description: How many   # at most 100']);
    expect(diff.added).toHaveLength(1);
    expect(diff.added[0]).toContain('description: How many orders');
    expect(diff.added[0]).toContain('# at most 100');
  });

  it('a description that YAML 1.1 would read as a boolean is quoted', () => {
    const doc = parseOpenApi(text);
    endpoint(doc, 'GET', '/orders').summary = 'yes';
    const out = renderOpenApi(doc);
    expect(parse(out, { version: '1.1' }).paths['/orders'].get.summary).toBe('yes');
    expect(parse(out).paths['/orders'].get.summary).toBe('yes');
  });

  it('a method change is a one-line diff', () => {
    const doc = parseOpenApi(text);
    endpoint(doc, 'GET', '/rest/agile/1.0/board').method = 'POST';
    const diff = lineDiff(text, renderOpenApi(doc));
    expect(diff.removed).toEqual(['    get:']);
    expect(diff.added).toEqual(['    post:']);
  });

  it('a path change of an operation alone in its path item renames the key only', () => {
    const doc = parseOpenApi(text);
    endpoint(doc, 'GET', '/rest/agile/1.0/board').path = '/rest/agile/2.0/board';
    const diff = lineDiff(text, renderOpenApi(doc));
    expect(diff.removed).toEqual(['  /rest/agile/1.0/board:']);
    expect(diff.added).toEqual(['  /rest/agile/2.0/board:']);
  });

  it('editing a loaded example changes the example, never the schema', () => {
    const doc = parseOpenApi(text);
    const body = endpoint(doc, 'POST', '/orders').requestBody!;
    body.customerJson = '{"item": "pen", "quantity": 3}';
    const out = data(doc);
    const media = out.paths['/orders'].post.requestBody.content['application/json'];
    expect(media.example).toEqual({ item: 'pen', quantity: 3 });
    expect(media.schema).toEqual({ $ref: '#/components/schemas/NewOrder' });
    expect(out.components.schemas.NewOrder.properties.item.pattern).toBe('^[a-z]+$');
    const diff = lineDiff(text, renderOpenApi(doc));
    expect(diff.removed).toHaveLength(1);
  });

  it('adding an endpoint adds its lines (and its component) without rewriting others', () => {
    const doc = parseOpenApi(text);
    const added = createEndpointForTests({
      method: 'POST',
      path: '/refunds',
      summary: 'Refund',
      responses: [
        {
          statusCode: 201,
          body: { name: 'Refund', customerJson: '{"id": "r1", "amount": 5}' },
        },
      ],
    });
    doc.endpoints.push(added);
    const out = renderOpenApi(doc);
    const diff = lineDiff(text, out);
    expect(diff.removed).toEqual([]);
    const value = parse(out);
    expect(value.paths['/refunds'].post.summary).toBe('Refund');
    expect(value.components.schemas.Refund.properties.amount.type).toBe('integer');
    expect(
      value.paths['/refunds'].post.responses['201'].content['application/json'].schema,
    ).toEqual({ $ref: '#/components/schemas/Refund' });
  });

  it('removing an endpoint removes its lines and the components nothing else uses', () => {
    const doc = parseOpenApi(text);
    doc.endpoints = doc.endpoints.filter((e) => !(e.method === 'POST' && e.path === '/orders'));
    const out = renderOpenApi(doc);
    const diff = lineDiff(text, out);
    expect(diff.added).toEqual([]);
    const value = parse(out);
    expect(value.paths['/orders'].post).toBeUndefined();
    expect(value.components.schemas.NewOrder).toBeUndefined(); // used only by the removed one
    expect(value.components.schemas.Order).toBeDefined(); // still used
    expect(value.components.schemas.Unused).toBeDefined(); // unused before: not ours to remove
    expect(value.components.parameters.Cursor).toBeDefined();
  });

  it('removing the only operation of a path item removes the item', () => {
    const doc = parseOpenApi(text);
    doc.endpoints = doc.endpoints.filter((e) => e.path !== '/rest/agile/1.0/board');
    const value = data(doc);
    expect(value.paths['/rest/agile/1.0/board']).toBeUndefined();
  });

  it('an inherited parameter removed from one operation stays with the others', () => {
    const doc = parseOpenApi(text);
    const one = endpoint(doc, 'GET', '/orders/{id}');
    one.parameters = one.parameters.filter((p) => p.name !== 'X-Trace');
    const value = data(doc);
    const item = value.paths['/orders/{id}'];
    expect(item.parameters.map((p: { name: string }) => p.name)).toEqual(['id']);
    expect(item.get.parameters).toBeUndefined();
    expect(item.delete.parameters.map((p: { name: string }) => p.name)).toEqual(['X-Trace']);
    expect(item.delete.callbacks).toBeDefined();
  });

  it('an inherited parameter edited in one operation is overridden there only', () => {
    const doc = parseOpenApi(text);
    const one = endpoint(doc, 'GET', '/orders/{id}');
    one.parameters.find((p) => p.name === 'id')!.description = 'The order id';
    const value = data(doc);
    const item = value.paths['/orders/{id}'];
    expect(item.parameters[0].description).toBeUndefined();
    expect(item.get.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: { type: 'string', format: 'uuid' },
        description: 'The order id',
      },
    ]);
  });

  it('editing a shared ($ref) parameter inlines it in that operation only', () => {
    const doc = parseOpenApi(text);
    const cursor = endpoint(doc, 'GET', '/orders').parameters.find((p) => p.name === 'cursor');
    cursor!.description = 'Where to start';
    const value = data(doc);
    expect(value.paths['/orders'].get.parameters[1]).toMatchObject({
      name: 'cursor',
      in: 'query',
      description: 'Where to start',
    });
    expect(value.components.parameters.Cursor.description).toBeUndefined();
  });

  it('a status code change renames the response key in place', () => {
    const doc = parseOpenApi(text);
    endpoint(doc, 'GET', '/orders').responses.find((r) => r.statusCode === 204)!.statusCode = 202;
    const diff = lineDiff(text, renderOpenApi(doc));
    expect(diff.removed).toEqual(["        '204':"]);
    expect(diff.added).toHaveLength(1);
    expect(diff.added[0]).toMatch(/^ {8}['"]?202['"]?:$/);
  });

  it('the document panel: a title edit is one line; a new server adds lines', () => {
    const doc = parseOpenApi(text);
    doc.meta.info = { ...doc.meta.info, title: 'Shop API' };
    doc.meta.servers = [...(doc.meta.servers ?? []), { url: 'http://localhost:8080' }];
    const diff = lineDiff(text, renderOpenApi(doc));
    expect(diff.removed).toEqual(['  title: Shop']);
    expect(diff.added).toContain('  title: Shop API');
    expect(diff.added.some((line) => line.includes('http://localhost:8080'))).toBe(true);
  });

  it('nothing the form does not show is lost after edits', () => {
    const doc = parseOpenApi(text);
    for (const e of doc.endpoints) e.summary = `${e.summary} (edited)`;
    const value = data(doc);
    const source = parse(text);
    expect(value['x-audience']).toBe('public');
    expect(value.info['x-logo']).toEqual(source.info['x-logo']);
    expect(value.paths['/orders'].get['x-rate-limit']).toBe(100);
    expect(value.paths['/orders'].get.responses['200'].content['text/csv']).toEqual({
      schema: { type: 'string' },
    });
    expect(value.paths['/orders'].get.responses['200'].headers).toEqual(
      source.paths['/orders'].get.responses['200'].headers,
    );
    expect(value.paths['/orders/{id}'].delete.callbacks).toEqual(
      source.paths['/orders/{id}'].delete.callbacks,
    );
    expect(value.components).toEqual(source.components);
    expect(value.security).toEqual(source.security);
  });
});

describe('JSON documents', () => {
  const json = JSON.stringify(parse(text), null, 4) + '\n';

  it('round-trips and stays JSON after an edit', () => {
    expect(renderOpenApi(parseOpenApi(json))).toBe(json);
    const doc = parseOpenApi(json);
    endpoint(doc, 'GET', '/orders').summary = 'All orders';
    const out = renderOpenApi(doc);
    expect(JSON.parse(out).paths['/orders'].get.summary).toBe('All orders');
    expect(lineDiff(json, out)).toEqual({
      removed: ['                "summary": "List orders",'],
      added: ['                "summary": "All orders",'],
    });
  });

  it('a minified document stays minified: new text has no spaces after commas or colons', () => {
    const minified = JSON.stringify(parse(text));
    const doc = parseOpenApi(minified);
    doc.endpoints.push(createEndpointForTests({ path: '/new', method: 'POST' }));
    const out = renderOpenApi(doc);
    expect(out).not.toContain('\n');
    expect(out).not.toMatch(/", "|": "/);
    expect(JSON.parse(out).paths['/new'].post).toBeDefined();
    // Only added: the original text is all still there, in order, around the new entry.
    const at = out.indexOf(',"/new":');
    expect(at).toBeGreaterThan(0);
    expect(out.length).toBeGreaterThan(minified.length);
    expect(minified.startsWith(out.slice(0, at))).toBe(true);
  });
});

describe('a new document', () => {
  it('is OpenAPI 3.0.1 "Test" v1 with the form endpoints', () => {
    const doc = newOpenApiDocument([
      createEndpointForTests({
        method: 'GET',
        path: '/on',
        summary: 'no',
        responses: [{ statusCode: 200, body: { name: '', customerJson: '' } }],
      }),
    ]);
    const out = renderOpenApi(doc);
    const value = parse(out, { version: '1.1' });
    expect(value.openapi).toBe('3.0.1');
    expect(value.info).toEqual({ title: 'Test', version: 'v1' });
    expect(value.paths['/on'].get.summary).toBe('no');
    expect(documentData(doc)).toEqual(parse(out));
  });

  it('writes the document panel', () => {
    const doc = newOpenApiDocument();
    doc.meta.info = { title: 'Pets', version: '1.0' };
    doc.meta.servers = [{ url: 'https://pets.example' }];
    doc.meta.tags = [{ name: 'pets' }];
    const value = parse(renderOpenApi(doc));
    expect(value.info).toEqual({ title: 'Pets', version: '1.0' });
    expect(value.servers).toEqual([{ url: 'https://pets.example' }]);
    expect(value.tags).toEqual([{ name: 'pets' }]);
    expect(value.info.version).toBe('1.0');
  });
});
