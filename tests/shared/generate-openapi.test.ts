import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  CoreError,
  generateOpenApi,
  type Endpoint,
  type Parameter,
} from '../../src/shared/openapi';

type Doc = {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, unknown> };
};

function endpoint(overrides: Partial<Endpoint> = {}): Endpoint {
  return {
    id: 'e1',
    method: 'POST',
    path: '/users',
    summary: 'Create a user',
    parameters: [],
    responses: [{ statusCode: 200, body: { name: '', customerJson: '' } }],
    ...overrides,
  };
}

function param(overrides: Partial<Parameter>): Parameter {
  return {
    id: 'p',
    name: 'id',
    location: 'query',
    required: false,
    description: '',
    example: '',
    ...overrides,
  };
}

function generate(endpoints: Endpoint[], info?: Parameters<typeof generateOpenApi>[1]): Doc {
  return parseYaml(generateOpenApi(endpoints, info)) as Doc;
}

function operation(doc: Doc, path = '/users', method = 'post'): Record<string, unknown> {
  const op = doc.paths[path]?.[method];
  if (op === undefined) throw new Error(`no ${method} ${path}`);
  return op;
}

describe('generateOpenApi: document', () => {
  it('writes openapi 3.0.1, info Test/v1, paths and components.schemas', () => {
    const text = generateOpenApi([]);
    expect(text).toBe(
      'openapi: 3.0.1\ninfo:\n  title: Test\n  version: v1\npaths: {}\ncomponents:\n  schemas: {}\n',
    );
  });

  it('lets the caller override the document info', () => {
    const doc = generate([], { title: 'Shop', version: '2.0', description: 'Orders' });
    expect(doc.info).toEqual({ title: 'Shop', version: '2.0', description: 'Orders' });
    expect(generateOpenApi([], { title: 'Shop' })).toContain('version: v1');
  });

  it('uses indent 2, never wraps long lines and emits no anchors', () => {
    const long = 'word '.repeat(60).trim();
    const shared = { type: 'object' as const, properties: { a: { type: 'string' as const } } };
    const text = generateOpenApi([
      endpoint({
        summary: long,
        parameters: [param({ name: 'a', schema: shared }), param({ name: 'b', schema: shared })],
      }),
    ]);
    expect(text).toContain(`summary: ${long}\n`);
    expect(text).toContain('\n  /users:\n    post:\n');
    expect(text).not.toMatch(/[&*]a\d/);
  });

  it('is deterministic', () => {
    const list = [endpoint({ requestBody: { name: 'User', customerJson: '{"id": 1}' } })];
    expect(generateOpenApi(list)).toBe(generateOpenApi(structuredClone(list)));
  });

  it('groups methods under their path in order of first appearance and lower-cases them', () => {
    const doc = generate([
      endpoint({ id: 'a', method: 'GET', path: '/b' }),
      endpoint({ id: 'b', method: 'POST', path: '/a' }),
      endpoint({ id: 'c', method: 'DELETE', path: '/b' }),
    ]);
    expect(Object.keys(doc.paths)).toEqual(['/b', '/a']);
    expect(Object.keys(doc.paths['/b'] ?? {})).toEqual(['get', 'delete']);
  });

  it('skips a second endpoint with the same method and path', () => {
    const doc = generate([
      endpoint({ summary: 'first' }),
      endpoint({ id: 'e2', summary: 'second' }),
    ]);
    expect(operation(doc).summary).toBe('first');
  });
});

describe('generateOpenApi: operations', () => {
  it('writes summary and the kept operationId, description, tags and deprecated', () => {
    const doc = generate([
      endpoint({
        operationId: 'createUser',
        description: 'Long text',
        tags: ['users'],
        deprecated: true,
      }),
    ]);
    expect(Object.keys(operation(doc))).toEqual([
      'tags',
      'summary',
      'description',
      'operationId',
      'deprecated',
      'responses',
    ]);
    expect(operation(doc)).toMatchObject({
      operationId: 'createUser',
      tags: ['users'],
      deprecated: true,
    });
  });

  it('omits an empty summary', () => {
    expect(operation(generate([endpoint({ summary: '' })]))).not.toHaveProperty('summary');
  });
});

describe('generateOpenApi: parameters', () => {
  it('writes in, name, required, description, example and schema in that order', () => {
    const doc = generate([
      endpoint({ parameters: [param({ description: 'The id', example: '42' })] }),
    ]);
    const [p] = operation(doc).parameters as Record<string, unknown>[];
    expect(Object.keys(p ?? {})).toEqual([
      'in',
      'name',
      'required',
      'description',
      'example',
      'schema',
    ]);
    expect(p).toEqual({
      in: 'query',
      name: 'id',
      required: false,
      description: 'The id',
      example: 42,
      schema: { type: 'integer' },
    });
  });

  it.each([
    ['42', 'integer', 42],
    ['-3.5', 'number', -3.5],
    ['true', 'boolean', true],
    ['false', 'boolean', false],
    ['abc', 'string', 'abc'],
    ['007', 'string', '007'],
    ['1e400', 'string', '1e400'],
    ['-0', 'integer', 0],
  ])('infers the schema type of example %j as %s', (example, type, value) => {
    const doc = generate([endpoint({ parameters: [param({ example })] })]);
    const [p] = operation(doc).parameters as Record<string, unknown>[];
    expect(p?.schema).toEqual({ type });
    expect(p?.example).toEqual(value);
  });

  it('omits an empty example and description but still writes a string schema', () => {
    const doc = generate([endpoint({ parameters: [param({})] })]);
    expect((operation(doc).parameters as unknown[])[0]).toEqual({
      in: 'query',
      name: 'id',
      required: false,
      schema: { type: 'string' },
    });
  });

  it('always marks path parameters required', () => {
    const doc = generate([
      endpoint({ path: '/users/{id}', parameters: [param({ location: 'path', required: false })] }),
    ]);
    const [p] = operation(doc, '/users/{id}').parameters as Record<string, unknown>[];
    expect(p).toMatchObject({ in: 'path', required: true });
  });

  it('keeps an explicit schema and types the example after it', () => {
    const doc = generate([
      endpoint({
        parameters: [
          param({ name: 'a', example: '5', schema: { type: 'string', maxLength: 3 } }),
          param({ name: 'b', example: '2.7', schema: { $ref: '#/components/schemas/Version' } }),
        ],
        schemaComponents: { Version: { type: 'string', enum: ['2.6', '2.7'] } },
      }),
    ]);
    const [a, b] = operation(doc).parameters as Record<string, unknown>[];
    expect(a).toMatchObject({ example: '5', schema: { type: 'string', maxLength: 3 } });
    expect(b).toMatchObject({ example: '2.7', schema: { $ref: '#/components/schemas/Version' } });
    expect(doc.components.schemas.Version).toEqual({ type: 'string', enum: ['2.6', '2.7'] });
  });
});

describe('generateOpenApi: bodies', () => {
  it('puts a named body into components and refers to it with examples {summary, value}', () => {
    const doc = generate([
      endpoint({
        requestBody: { name: 'NewUser', customerJson: '{"name": "Ann", "age": 30}' },
        requestBodyRequired: true,
      }),
    ]);
    expect(operation(doc).requestBody).toEqual({
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/NewUser' },
          examples: { NewUser: { summary: 'NewUser', value: { name: 'Ann', age: 30 } } },
        },
      },
      required: true,
    });
    expect(doc.components.schemas.NewUser).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
    });
  });

  it('prefers the explicit schema over the inferred one', () => {
    const schema = { type: 'object' as const, description: 'kept' };
    const doc = generate([endpoint({ requestBody: { name: 'X', customerJson: '[1]', schema } })]);
    expect(doc.components.schemas.X).toEqual(schema);
  });

  it('shares one component between identical schemas under one name', () => {
    const doc = generate([
      endpoint({ requestBody: { name: 'User', customerJson: '{"id": 1}' } }),
      endpoint({
        id: 'e2',
        method: 'PUT',
        requestBody: { name: 'User', customerJson: '{"id": 2}' },
      }),
    ]);
    expect(Object.keys(doc.components.schemas)).toEqual(['User']);
    expect(operation(doc, '/users', 'put').requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } },
    });
  });

  it('gives a different schema under a taken name a numbered name instead of a wrong $ref', () => {
    const doc = generate([
      endpoint({ requestBody: { name: 'User', customerJson: '{"id": 1}' } }),
      endpoint({ id: 'e2', method: 'PUT', requestBody: { name: 'User', customerJson: '[true]' } }),
    ]);
    expect(Object.keys(doc.components.schemas)).toEqual(['User', 'User_2']);
  });

  it('writes responses with the reason phrase, the kept description and JSON content', () => {
    const doc = generate([
      endpoint({
        responses: [
          { statusCode: 404, body: { name: '', customerJson: '' } },
          {
            statusCode: 201,
            description: 'Made',
            body: { name: 'User', customerJson: '{"id": 1}' },
          },
          { statusCode: 299, body: { name: '', customerJson: '' } },
        ],
      }),
    ]);
    expect(operation(doc).responses).toEqual({
      201: {
        description: 'Made',
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/User' },
            examples: { User: { summary: 'User', value: { id: 1 } } },
          },
        },
      },
      299: { description: 'Response 299' },
      404: { description: 'Not Found' },
    });
  });

  it("falls back to the body's description for a response without one", () => {
    const doc = generate([
      endpoint({
        responses: [
          { statusCode: 200, body: { name: '', customerJson: '', description: 'From the body' } },
        ],
      }),
    ]);
    expect(operation(doc).responses).toEqual({ 200: { description: 'From the body' } });
  });

  it('writes invalid example JSON as a string value with a string schema', () => {
    const doc = generate([endpoint({ requestBody: { name: 'Raw', customerJson: 'not json' } })]);
    expect(doc.components.schemas.Raw).toMatchObject({ type: 'string' });
    expect(operation(doc).requestBody).toMatchObject({
      content: { 'application/json': { examples: { Raw: { value: 'not json' } } } },
    });
  });

  it('writes no content for a body with blank example and no schema', () => {
    const doc = generate([endpoint({ requestBody: { name: 'Empty', customerJson: '   ' } })]);
    expect(operation(doc)).not.toHaveProperty('requestBody');
    expect(doc.components.schemas).toEqual({});
  });

  it('keeps imported schema components by name, cycles included', () => {
    const node = {
      type: 'object' as const,
      properties: { next: { $ref: '#/components/schemas/Node' } },
    };
    const doc = generate([
      endpoint({
        responses: [{ statusCode: 200, body: { name: 'Node', customerJson: '', schema: node } }],
        schemaComponents: { Node: node },
      }),
    ]);
    expect(doc.components.schemas).toEqual({ Node: node });
  });

  it('skips responses without a code and keeps the document valid with a default response', () => {
    const doc = generate([endpoint({ responses: [{ body: { name: '', customerJson: '' } }] })]);
    expect(operation(doc).responses).toEqual({ default: { description: 'Default response' } });
  });

  it('handles names such as __proto__ as plain names', () => {
    const doc = generate([
      endpoint({ requestBody: { name: '__proto__', customerJson: '{"a": 1}' } }),
    ]);
    expect(Object.keys(doc.components.schemas)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(doc.components.schemas)).toBe(Object.prototype);
  });

  it('refuses bodies nested too deeply with TOO_DEEP instead of overflowing', () => {
    const deep = '['.repeat(400) + ']'.repeat(400);
    let error: unknown;
    try {
      generateOpenApi([endpoint({ requestBody: { name: 'Deep', customerJson: deep } })]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).code).toBe('TOO_DEEP');
  });
});
