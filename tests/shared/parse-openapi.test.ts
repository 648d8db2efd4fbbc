import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  CoreError,
  generateOpenApi,
  IMPORT_WARNING_CODES,
  parseOpenApi,
  renderOpenApi,
  type Endpoint,
  type ImportWarning,
} from '../../src/shared/openapi';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof CoreError) return error.code;
    throw error;
  }
  return undefined;
}

function only(endpoints: Endpoint[]): Endpoint {
  expect(endpoints).toHaveLength(1);
  return endpoints[0] as Endpoint;
}

function codes(warnings: ImportWarning[]): string[] {
  return warnings.map((w) => w.code);
}

const PETS = `
openapi: 3.0.3
info:
  title: Pets
  version: '1.0'
  description: A pet store
paths:
  /pets/{petId}:
    parameters:
      - name: petId
        in: path
        required: true
        description: from the path item
        schema: { type: string }
      - name: verbose
        in: query
        schema: { type: boolean }
    get:
      operationId: getPet
      summary: One pet
      description: Returns a pet
      tags: [pets]
      deprecated: true
      parameters:
        - name: petId
          in: path
          required: true
          description: from the operation
          schema: { type: integer, format: int64 }
          example: 7
        - $ref: '#/components/parameters/Trace'
      responses:
        '200':
          description: The pet
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
              examples:
                rex: { summary: Rex, value: { id: 1, name: Rex } }
        '404':
          $ref: '#/components/responses/NotFound'
    post:
      operationId: renamePet
      requestBody:
        $ref: '#/components/requestBodies/Rename'
      responses:
        '204':
          description: Renamed
components:
  parameters:
    Trace:
      name: X-Trace
      in: header
      schema: { type: string }
      example: abc
  requestBodies:
    Rename:
      description: The new name
      required: true
      content:
        application/json:
          schema:
            type: object
            properties:
              name: { type: string }
          example: { name: Max }
  responses:
    NotFound:
      description: No such pet
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Error' }
  schemas:
    Pet:
      type: object
      properties:
        id: { type: integer }
        name: { type: string }
        parent: { $ref: '#/components/schemas/Pet' }
        owner: { $ref: '#/components/schemas/Owner' }
    Owner:
      type: object
      properties:
        pets:
          type: array
          items: { $ref: '#/components/schemas/Pet' }
    Error:
      type: object
      properties:
        message: { type: string }
`;

describe('parseOpenApi: reading', () => {
  const result = parseOpenApi(PETS);
  const [get, post] = result.endpoints as [Endpoint, Endpoint];

  it('reads the document info', () => {
    expect(result.info).toEqual({ title: 'Pets', version: '1.0', description: 'A pet store' });
  });

  it('reads operations in document order with their kept fields', () => {
    expect(result.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /pets/{petId}',
      'POST /pets/{petId}',
    ]);
    expect(get).toMatchObject({
      summary: 'One pet',
      operationId: 'getPet',
      description: 'Returns a pet',
      tags: ['pets'],
      deprecated: true,
    });
    expect(post.summary).toBe('');
  });

  it('merges path-level parameters, the operation winning on (name, in)', () => {
    expect(get.parameters.map((p) => [p.location, p.name])).toEqual([
      ['path', 'petId'],
      ['query', 'verbose'],
      ['header', 'X-Trace'],
    ]);
    expect(get.parameters[0]).toMatchObject({
      description: 'from the operation',
      required: true,
      hideRequired: true,
      example: '7',
      schema: { type: 'integer', format: 'int64' },
    });
    expect(get.parameters[2]).toMatchObject({ example: 'abc', required: false });
    expect(post.parameters.map((p) => p.name)).toEqual(['petId', 'verbose']);
  });

  it('names a $ref body after its component, with the definition as its schema', () => {
    const ok = get.responses[0];
    expect(ok?.statusCode).toBe(200);
    expect(ok?.description).toBe('The pet');
    expect(ok?.body.name).toBe('Pet');
    expect(ok?.body.schema).toMatchObject({ type: 'object' });
    expect(JSON.parse(ok?.body.customerJson ?? '')).toEqual({ id: 1, name: 'Rex' });
  });

  it('resolves components/responses and components/requestBodies', () => {
    expect(get.responses[1]).toMatchObject({
      statusCode: 404,
      description: 'No such pet',
      body: { name: 'Error' },
    });
    expect(post.requestBody).toMatchObject({
      name: 'renamePetRequest',
      description: 'The new name',
    });
    expect(post.requestBodyRequired).toBe(true);
    expect(JSON.parse(post.requestBody?.customerJson ?? '')).toEqual({ name: 'Max' });
  });

  it('carries every schema component an endpoint reaches, cycles included', () => {
    // Error is only a body's own component (its definition is that body's schema); Pet is
    // carried because it reaches itself.
    expect(Object.keys(get.schemaComponents ?? {}).sort()).toEqual(['Owner', 'Pet']);
    expect(post.schemaComponents).toBeUndefined();
  });

  it('shares one components object between endpoints whose references reach the same schemas', () => {
    // A ring: A → B → A. One endpoint names A, the other B; both reach {A, B}. One object means
    // the example checks dereference that closure once, not once per endpoint.
    const ring = parseOpenApi(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Ring', version: '1' },
        paths: {
          '/a': {
            get: {
              responses: {
                '200': {
                  description: 'A',
                  content: {
                    'application/json': {
                      schema: { type: 'array', items: { $ref: '#/components/schemas/A' } },
                    },
                  },
                },
              },
            },
          },
          '/b': {
            get: {
              responses: {
                '200': {
                  description: 'B',
                  content: {
                    'application/json': {
                      schema: { type: 'array', items: { $ref: '#/components/schemas/B' } },
                    },
                  },
                },
              },
            },
          },
        },
        components: {
          schemas: {
            A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
            B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } },
          },
        },
      }),
    );
    const [a, b] = ring.endpoints;
    expect(Object.keys(a?.schemaComponents ?? {}).sort()).toEqual(['A', 'B']);
    expect(b?.schemaComponents).toBe(a?.schemaComponents);
  });

  it('re-emits kept components by name without inlining them', () => {
    const doc = parseYaml(generateOpenApi(result.endpoints)) as {
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.components.schemas)).toEqual([
      'Error',
      'Owner',
      'Pet',
      'renamePetRequest',
    ]);
    expect(doc.components.schemas.Owner).toEqual({
      type: 'object',
      properties: { pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
    });
  });

  it('reads JSON exactly like YAML', () => {
    const json = JSON.stringify(parseYaml(PETS));
    const fromJson = parseOpenApi(json);
    expect(generateOpenApi(fromJson.endpoints)).toBe(generateOpenApi(result.endpoints));
  });

  it('warns about inlined component sections and the renamed example only', () => {
    expect(result.warnings.map((w) => `${w.code} ${w.pointer}`)).toEqual([
      'COMPONENTS_INLINED /components/parameters',
      'COMPONENTS_INLINED /components/requestBodies',
      'COMPONENTS_INLINED /components/responses',
      'EXAMPLE_METADATA /paths/~1pets~1{petId}/get/responses/200/content/application~1json/examples/rex',
    ]);
    expect(result.warnings[3]).toMatchObject({ path: '/pets/{petId}', method: 'GET' });
  });
});

describe('parseOpenApi: nothing is dropped silently', () => {
  const doc = `
openapi: 3.0.0
info: { title: T, version: '1', contact: { name: me } }
servers: [{ url: 'https://x' }]
security: [{ key: [] }]
tags: [{ name: a }]
x-webhooks: {}
paths:
  /a:
    summary: path summary
    trace:
      responses: { '200': { description: ok } }
    post:
      callbacks: { cb: {} }
      security: []
      x-internal: true
      parameters:
        - { name: session, in: cookie, schema: { type: string } }
        - { name: ids, in: query, style: pipeDelimited, schema: { type: array, items: { type: string } } }
        - { name: filter, in: query, content: { application/json: { schema: { type: object } } } }
      requestBody:
        content:
          application/json: { schema: { type: object }, encoding: { a: {} } }
          application/xml: { schema: { type: object } }
      responses:
        '200':
          description: ok
          headers: { X-Rate: { schema: { type: integer } } }
          links: { next: {} }
          content:
            text/plain: { schema: { type: string } }
        default: { description: error }
        2XX: { description: any success }
`;
  const result = parseOpenApi(doc);

  it('still reads what the model can hold', () => {
    const endpoint = only(result.endpoints);
    expect(endpoint.method).toBe('POST');
    expect(endpoint.parameters.map((p) => p.name)).toEqual(['ids', 'filter']);
    expect(endpoint.requestBody?.schema).toEqual({ type: 'object' });
    expect(endpoint.responses).toEqual([
      {
        statusCode: 200,
        description: 'ok',
        body: { name: '', customerJson: '' },
        // Issue 11: response headers and the operation's security are in the form now.
        headers: [
          {
            id: expect.any(String),
            name: 'X-Rate',
            description: '',
            example: '',
            schema: { type: 'integer' },
          },
        ],
      },
    ]);
    expect(endpoint.security).toEqual([]);
  });

  it.each([
    ['INFO_FIELD', '/info/contact', undefined],
    ['SERVERS', '/servers', undefined],
    ['SECURITY', '/security', undefined],
    ['TAG_DEFINITIONS', '/tags', undefined],
    ['WEBHOOKS', '/x-webhooks', undefined],
    ['PATH_ITEM_FIELD', '/paths/~1a/summary', undefined],
    ['UNSUPPORTED_METHOD', '/paths/~1a/trace', 'TRACE'],
    ['CALLBACKS', '/paths/~1a/post/callbacks', 'POST'],
    ['EXTENSION', '/paths/~1a/post/x-internal', 'POST'],
    ['COOKIE_PARAMETER', '/paths/~1a/post/parameters/0', 'POST'],
    ['PARAMETER_SERIALIZATION', '/paths/~1a/post/parameters/1/style', 'POST'],
    ['PARAMETER_CONTENT', '/paths/~1a/post/parameters/2/content', 'POST'],
    [
      'MEDIA_TYPE_ENCODING',
      '/paths/~1a/post/requestBody/content/application~1json/encoding',
      'POST',
    ],
    ['NON_JSON_MEDIA_TYPE', '/paths/~1a/post/requestBody/content/application~1xml', 'POST'],
    ['RESPONSE_LINKS', '/paths/~1a/post/responses/200/links', 'POST'],
    ['NON_JSON_MEDIA_TYPE', '/paths/~1a/post/responses/200/content/text~1plain', 'POST'],
    ['UNSUPPORTED_STATUS_CODE', '/paths/~1a/post/responses/default', 'POST'],
    ['UNSUPPORTED_STATUS_CODE', '/paths/~1a/post/responses/2XX', 'POST'],
  ])('warns %s at %s', (code, pointer, method) => {
    const warning = result.warnings.find((w) => w.code === code && w.pointer === pointer);
    expect(warning, `${code} ${pointer}`).toBeDefined();
    expect(warning?.method).toBe(method);
    if (method !== undefined) expect(warning?.path).toBe('/a');
    expect(warning?.message.length).toBeGreaterThan(0);
  });

  it('uses only the documented warning codes', () => {
    for (const warning of result.warnings) expect(IMPORT_WARNING_CODES).toContain(warning.code);
  });

  it('gives every warning a pointer into the source document', () => {
    const source = parseYaml(doc) as unknown;
    for (const warning of result.warnings) {
      let node: unknown = source;
      for (const raw of warning.pointer.split('/').slice(1)) {
        const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
        node = (node as Record<string, unknown>)[token];
        expect(node, warning.pointer).toBeDefined();
      }
    }
  });
});

describe('parseOpenApi: body names', () => {
  const make = (operation: string) => `
openapi: 3.0.1
info: { title: T, version: v1 }
paths:
  /users/{id}/items:
    put:
${operation}
components:
  schemas:
    billing.portal: { type: object }
    Good: { type: string }
`;

  it('derives names from the operationId plus Request / Response<code>', () => {
    const endpoint = only(
      parseOpenApi(
        make(`      operationId: items.update
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses:
        '201': { description: ok, content: { application/json: { schema: { type: array } } } }`),
      ).endpoints,
    );
    expect(endpoint.requestBody?.name).toBe('items_updateRequest');
    expect(endpoint.responses[0]?.body.name).toBe('items_updateResponse201');
  });

  it('derives names from method and path without an operationId', () => {
    const endpoint = only(
      parseOpenApi(
        make(`      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array } } } }`),
      ).endpoints,
    );
    expect(endpoint.responses[0]?.body.name).toBe('put_users_id_itemsResponse200');
    expect(endpoint.responses[0]?.body.name).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('aliases a component whose name has other characters, keeping the $ref', () => {
    const endpoint = only(
      parseOpenApi(
        make(`      responses:
        '200':
          description: ok
          content: { application/json: { schema: { $ref: '#/components/schemas/billing.portal' } } }`),
      ).endpoints,
    );
    expect(endpoint.responses[0]?.body).toMatchObject({
      name: 'billing_portal',
      schema: { $ref: '#/components/schemas/billing.portal' },
    });
    expect(Object.keys(endpoint.schemaComponents ?? {})).toEqual(['billing.portal']);
  });

  it('never derives a name that a schema component already has', () => {
    const endpoint = only(
      parseOpenApi(
        make(`      operationId: Good
      requestBody: { content: { application/json: { schema: { type: integer } } } }
      responses: { '204': { description: ok } }`).replace('Good: {', 'GoodRequest: {'),
      ).endpoints,
    );
    expect(endpoint.requestBody?.name).toBe('GoodRequest_2');
  });
});

describe('parseOpenApi: schemas are made valid OpenAPI 3.0', () => {
  it('fixes 3.1-isms and invalid keywords with warnings at their pointers', () => {
    const result = parseOpenApi(`
openapi: 3.0.0
info: { title: T, version: v1 }
paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/S' }
components:
  schemas:
    S:
      type: [string, 'null']
      pattern: '(?i)^a$'
      required: []
      const: 1
      properties:
        n: { type: 'null' }
        m: { $ref: '#/components/schemas/Missing', description: kept }
        t: { type: array, items: [{ type: string }] }
`);
    const schema = result.endpoints[0]?.responses[0]?.body.schema;
    expect(schema).toEqual({
      type: 'string',
      nullable: true,
      properties: { n: {}, m: { description: 'kept' }, t: { type: 'array' } },
    });
    expect(result.warnings.map((w) => `${w.code} ${w.pointer}`).sort()).toEqual(
      [
        'SCHEMA_TYPE /components/schemas/S',
        'SCHEMA_KEYWORD /components/schemas/S/pattern',
        'SCHEMA_KEYWORD /components/schemas/S/required',
        'SCHEMA_KEYWORD /components/schemas/S/const',
        'SCHEMA_TYPE /components/schemas/S/properties/n',
        'UNRESOLVED_REF /components/schemas/S/properties/m',
        'SCHEMA_KEYWORD /components/schemas/S/properties/t/items',
      ].sort(),
    );
  });
});

describe('parseOpenApi: errors', () => {
  it.each([
    ['a scalar', 'just text'],
    ['a list', '[1, 2]'],
    ['an object without openapi or paths', 'name: x'],
    ['empty text', ''],
  ])('rejects %s with NOT_OPENAPI', (_what, text) => {
    expect(codeOf(() => parseOpenApi(text))).toBe('NOT_OPENAPI');
  });

  it.each([
    ['swagger: "2.0"\npaths: {}'],
    ['{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}}'],
  ])('rejects Swagger 2.0 with SWAGGER_2: %s', (text) => {
    expect(codeOf(() => parseOpenApi(text))).toBe('SWAGGER_2');
  });

  it.each([
    ['4.0.0', 'openapi: 4.0.0\ninfo: { title: t, version: v }\npaths: {}'],
    ['1.2', 'openapi: "1.2"\ninfo: { title: t, version: v }\npaths: {}'],
    ['2.0', 'openapi: "2.0"\ninfo: { title: t, version: v }\npaths: {}'],
    ['3.3.0', 'openapi: 3.3.0\ninfo: { title: t, version: v }\npaths: {}'],
    ['1.2', 'swagger: "1.2"\npaths: {}'],
  ])('rejects version %s with UNSUPPORTED_VERSION, naming it', (version, text) => {
    let error: unknown;
    try {
      parseOpenApi(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).code).toBe('UNSUPPORTED_VERSION');
    expect((error as CoreError).message).toContain(version);
  });

  it.each(['3.0.0', '3.0.4', '3.1.0', '3.1.1', '3.2.0'])(
    'reads OpenAPI %s and keeps the version as written',
    (version) => {
      const text = `openapi: ${version}\ninfo: { title: t, version: v }\npaths: {}\n`;
      const doc = parseOpenApi(text);
      expect(doc.version).toBe(version);
      expect(doc.meta.openapi).toBe(version);
      expect(renderOpenApi(doc)).toBe(text);
    },
  );

  it('reads a document with paths but no version, with a warning', () => {
    const result = parseOpenApi(
      'paths:\n  /a:\n    get:\n      responses: { "200": { description: ok } }\n',
    );
    expect(result.endpoints).toHaveLength(1);
    expect(codes(result.warnings)).toEqual(['MISSING_OPENAPI_VERSION']);
  });

  it('reports YAML syntax errors with line and column', () => {
    let error: unknown;
    try {
      parseOpenApi('openapi: 3.0.1\npaths:\n  /a: [unclosed\n');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).code).toBe('YAML_SYNTAX');
    expect((error as CoreError).line).toBeGreaterThanOrEqual(3);
    expect((error as CoreError).column).toBeGreaterThanOrEqual(1);
  });

  it('reports duplicate keys as YAML syntax errors', () => {
    expect(codeOf(() => parseOpenApi('openapi: 3.0.1\nopenapi: 3.0.2\n'))).toBe('YAML_SYNTAX');
  });

  it('treats __proto__ and constructor as plain names', () => {
    const result = parseOpenApi(`
openapi: 3.0.1
info: { title: T, version: v1 }
paths:
  /a:
    post:
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/__proto__' }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/constructor' }
components:
  schemas:
    __proto__: { type: object, properties: { polluted: { type: string } } }
`);
    const endpoint = only(result.endpoints);
    expect(endpoint.requestBody?.name).toBe('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(endpoint.responses[0]?.body.schema).toEqual({});
    expect(codes(result.warnings)).toContain('UNRESOLVED_REF');
  });
});
