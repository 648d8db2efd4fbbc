/**
 * The form's edits as commands that carry their target (issue 18.1, app/core/document-sync.ts
 * `editsOf`): for random sequences of the panels' own edits, the commands the page sends make
 * the worker's view the page's exactly, and the text the same as sending the view whole.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editsOf } from '../../../src/app/core/document-sync';
import { schemaEditCommands } from '../../../src/app/model/schema-commands';
import {
  createParameter,
  createResponse,
  removeParameter,
  setMethod,
  updateParameter,
  withPath,
} from '../../../src/app/model/endpoint-ops';
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import { value } from '../../shared/support/result';
import type { DocumentCommand, Endpoint, HttpMethod, Schema } from '../../../src/shared/openapi';
import { deleteSchema, renameSchema } from '../../../src/shared/openapi/document/schemas';
import { CORPUS_DIR, corpusAvailable } from '../../shared/support/corpus';

const TEXT = `openapi: 3.0.3
info:
  title: Pets
  version: '1'
paths:
  /pets/{id}:
    get:
      summary: One pet
      tags: [pets]
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: string
        - name: verbose
          in: query
          description: More fields
          schema:
            type: boolean
      responses:
        '200':
          description: OK
    post:
      summary: Replace a pet
      requestBody:
        content:
          application/json:
            schema:
              type: object
      responses:
        '204':
          description: Done
`;

type Edit = (endpoint: Endpoint) => Endpoint;

const text = fc.string({ maxLength: 12 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const methods: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The panels' own edits (endpoint-ops.ts), as the form makes them. */
const edit: fc.Arbitrary<Edit> = fc.oneof(
  text.map((summary): Edit => (e) => ({ ...e, summary })),
  maybe(text).map((description): Edit => (e) => ({ ...e, description })),
  maybe(text).map((operationId): Edit => (e) => ({ ...e, operationId })),
  maybe(fc.array(fc.constantFrom('pets', 'admin', 'x y'), { maxLength: 3 })).map(
    (tags): Edit =>
      (e) => ({ ...e, tags }),
  ),
  maybe(fc.boolean()).map((deprecated): Edit => (e) => ({ ...e, deprecated })),
  maybe(fc.constant([] as [])).map((security): Edit => (e) => ({ ...e, security })),
  fc.constantFrom(...methods).map(
    (method): Edit =>
      (e) =>
        setMethod(e, method),
  ),
  fc.constantFrom('/pets/{id}', '/pets/{petId}', '/a/{x}/b/{y}', '/plain', '/pets/{id').map(
    (path): Edit =>
      (e) =>
        withPath(e, path),
  ),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom('description', 'example', 'required', 'name', 'location'),
      text,
    )
    .map(([at, key, v]): Edit => (e) => {
      const parameter = e.parameters[at % Math.max(1, e.parameters.length)];
      if (parameter === undefined) return e;
      const change =
        key === 'required'
          ? { required: v.length % 2 === 0 }
          : key === 'location'
            ? { location: v.length % 2 === 0 ? ('query' as const) : ('header' as const) }
            : { [key]: v };
      return updateParameter(e, parameter.id, change);
    }),
  fc.tuple(fc.nat(), text).map(([at, name]): Edit => (e) => {
    const parameters = [...e.parameters];
    parameters.splice(at % (parameters.length + 1), 0, { ...createParameter('query'), name });
    return { ...e, parameters };
  }),
  fc.nat().map((at): Edit => (e) => {
    const parameter = e.parameters[at % Math.max(1, e.parameters.length)];
    return parameter === undefined ? e : removeParameter(e, parameter.id);
  }),
  fc.constant<Edit>((e) => ({ ...e, responses: [...e.responses, createResponse()] })),
  fc.constant<Edit>((e) => ({ ...e, parameters: [...e.parameters].reverse() })),
);

/** Two sessions on the same text: one told by field commands, one by whole views. */
function check(source: string, runs: number) {
  let fields = 0;
  let whole = 0;
  fc.assert(
    fc.property(fc.nat(), fc.array(edit, { minLength: 1, maxLength: 12 }), (pick, edits) => {
      const byCommands = createCoreApi();
      const byViews = createCoreApi();
      value(byCommands.openDocument(source));
      value(byViews.openDocument(source));
      const views = value(byCommands.views(0, 1_000_000));
      let page = views[pick % views.length] as Endpoint;
      for (const change of edits) {
        const next = change(page);
        if (next === page) continue;
        const commands: DocumentCommand[] = editsOf(page, next) ?? [
          { kind: 'putEndpoint', endpoint: next },
        ];
        if (commands.some((c) => c.kind === 'putEndpoint')) whole += 1;
        else fields += 1;
        const answer = value(byCommands.apply(commands, value(byCommands.revision())));
        value(byViews.apply([{ kind: 'putEndpoint', endpoint: next }], value(byViews.revision())));
        if (commands.length > 0) {
          const view = answer.changed.find((e) => e.id === next.id);
          const { schemaComponents: _a, ...got } = view as Endpoint;
          const { schemaComponents: _b, ...want } = next;
          expect(got).toEqual(want);
        }
        page = next;
      }
      expect(value(byCommands.text()).text).toBe(value(byViews.text()).text);
    }),
    { numRuns: runs },
  );
  // Most of the panels' edits go as field and parameter commands, not whole views.
  expect(fields).toBeGreaterThan(whole);
}

describe('editsOf: the form’s edits as commands', () => {
  it('makes the worker’s view the page’s and the text the whole view’s (a small document)', () => {
    check(TEXT, 300);
  });

  it('sends a one-field edit as one setField, a response removed as one removeAt', () => {
    const api = createCoreApi();
    value(api.openDocument(TEXT));
    const [get] = value(api.views(0, 10));
    const endpoint = get as Endpoint;
    expect(editsOf(endpoint, { ...endpoint, summary: 'S' })).toEqual([
      { kind: 'setField', endpointId: endpoint.id, field: 'summary', value: 'S' },
    ]);
    expect(editsOf(endpoint, { ...endpoint, responses: [] })).toEqual([
      { kind: 'removeAt', endpointId: endpoint.id, path: ['responses', 0] },
    ]);
    // A parameter moved is removed and added at its place; the others stay.
    const [id, verbose] = endpoint.parameters;
    expect(editsOf(endpoint, { ...endpoint, parameters: [verbose!, id!] })).toEqual([
      { kind: 'removeParameter', endpointId: endpoint.id, index: 1 },
      { kind: 'addParameter', endpointId: endpoint.id, parameter: verbose, index: 0 },
    ]);
    // The switch to GET drops the body in the session as on the page: one command.
    const post = value(api.views(0, 10))[1] as Endpoint;
    expect(editsOf(post, setMethod(post, 'GET'))).toEqual([
      { kind: 'setField', endpointId: post.id, field: 'method', value: 'GET' },
    ]);
  });
});

const corpus = corpusAvailable('openapi');
describe.skipIf(!corpus)('editsOf on corpus documents', () => {
  for (const file of [
    'openapi/swagger-petstore__openapi.yaml',
    'openapi/realworld-conduit__openapi.yml',
    'openapi/paypal__invoicing_v2.json',
    'openapi-versions/oas-examples__3.1-parameters-style.yaml',
  ]) {
    it(`agrees with whole views on ${file}`, () => {
      check(readFileSync(resolve(CORPUS_DIR, file), 'utf8'), 40);
    }, 60_000);
  }
});

const SCHEMAS_TEXT = `openapi: 3.0.3
info:
  title: Shop
  version: '1'
paths:
  /orders:
    post:
      requestBody:
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Order'
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Receipt'
components:
  schemas:
    Address:
      type: object
      properties:
        street: {type: string}
    Order:
      type: object
      properties:
        to: {$ref: '#/components/schemas/Address'}
    Receipt:
      type: object
      properties:
        total: {type: number}
`;

/** The open document's shared schemas, in order. */
function schemasOf(api: ReturnType<typeof createCoreApi>): Record<string, Schema> {
  return Object.fromEntries(value(api.schemaEntries(0, 1000)));
}

describe('schemaEditCommands: the Schemas section’s edits as commands', () => {
  type Step = (
    endpoints: Endpoint[],
    schemas: Record<string, Schema>,
  ) => { endpoints: Endpoint[]; schemas: Record<string, Schema> };
  const steps: Record<string, Step> = {
    // (A body named after its schema is renamed by the worker's renameSchema command: see
    // tests/app/document-editor; this is the form's own rename, its fallback.)
    'a rename (keeps its place, every $ref follows)': (endpoints, schemas) =>
      renameSchema(endpoints, schemas, 'Address', 'Place'),
    'a new schema': (endpoints, schemas) => ({
      endpoints,
      schemas: { ...schemas, Extra: { type: 'string' } },
    }),
    'a changed schema': (endpoints, schemas) => ({
      endpoints,
      schemas: { ...schemas, Receipt: { type: 'object', description: 'Paid' } },
    }),
    'a deleted schema': (endpoints, schemas) => deleteSchema(endpoints, schemas, 'Address'),
  };
  for (const [name, step] of Object.entries(steps)) {
    it(`writes ${name} as the whole set would`, () => {
      const byCommands = createCoreApi();
      const whole = createCoreApi();
      value(byCommands.openDocument(SCHEMAS_TEXT));
      value(whole.openDocument(SCHEMAS_TEXT));
      const endpoints = value(byCommands.views(0, 10));
      const before = schemasOf(byCommands);
      const after = step(endpoints, before);
      const commands = schemaEditCommands(endpoints, before, after);
      // No endpoint goes whole: what changed in one is its body, response or parameter.
      expect(commands.some((c) => c.kind === 'putEndpoint')).toBe(false);
      const puts: DocumentCommand[] = after.endpoints
        .filter((e, i) => e !== endpoints[i])
        .map((endpoint) => ({ kind: 'putEndpoint', endpoint }));
      value(byCommands.apply(commands, value(byCommands.revision())));
      value(whole.setSchemas(after.schemas));
      value(whole.apply(puts, value(whole.revision())));
      expect(Object.keys(schemasOf(byCommands))).toEqual(Object.keys(schemasOf(whole)));
      expect(value(byCommands.text()).text).toBe(value(whole.text()).text);
    });
  }
});
