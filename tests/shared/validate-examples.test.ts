/** validateExamples (issue 14): every example checked against its schema, OpenAPI 3.0-aware. */
import { describe, expect, it } from 'vitest';
import {
  parseOpenApi,
  newEndpoint,
  validateExample,
  validateExamples,
  type Endpoint,
} from '../../src/shared/openapi';

describe('validateExample', () => {
  it('understands OpenAPI 3.0: nullable, boolean exclusiveMinimum, unknown formats, $ref', () => {
    const schema = {
      type: 'object' as const,
      required: ['owner'],
      properties: {
        owner: { $ref: '#/components/schemas/Owner' },
        size: { type: 'integer' as const, minimum: 0, exclusiveMinimum: true },
        big: { type: 'string' as const, format: 'int64' },
        when: { type: 'string' as const, format: 'date-time', nullable: true },
        kind: { type: 'string' as const, enum: ['a', 'b'], nullable: true },
        any: { nullable: true },
      },
    };
    const components = {
      Owner: { type: 'object' as const, properties: { id: { type: 'integer' as const } } },
    };
    expect(
      validateExample(
        schema,
        { owner: { id: 1 }, size: 1, big: 'x', when: null, kind: null, any: 3 },
        components,
      ),
    ).toEqual([]);
    const problems = validateExample(
      schema,
      { owner: { id: 'x' }, size: 0, when: 'yesterday', kind: 'c' },
      components,
    );
    expect(problems.map((p) => `${p.pointer} ${p.rule}`).sort()).toEqual(
      ['/kind enum', '/owner/id type', '/size minimum', '/when format'].sort(),
    );
    expect(validateExample(schema, {}, components)).toMatchObject([
      { pointer: '', rule: 'required' },
    ]);
  });

  it('keeps a property named __proto__ a plain property', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"integer"}}}');
    expect(validateExample(schema, JSON.parse('{"__proto__":"x"}'))).toMatchObject([
      { pointer: '/__proto__', rule: 'type' },
    ]);
  });
});

describe('validateExamples', () => {
  function endpoint(): Endpoint {
    return {
      ...newEndpoint(),
      path: '/users',
      requestBody: {
        name: 'User',
        customerJson: '{"id": 1}',
        exampleName: 'first',
        examples: [
          { name: 'second', json: '{"id": "two"}' },
          { name: 'broken', json: '{' },
        ],
        schema: { type: 'object', properties: { id: { type: 'integer' } } },
      },
      responses: [
        { statusCode: 200, body: { name: 'Text', customerJson: 'hello', mediaType: 'text/plain' } },
        {
          statusCode: 201,
          body: {
            name: 'Out',
            customerJson: '{"a":1}',
            examples: [{ name: 'b', json: '{"a":"x"}' }],
          },
        },
      ],
    };
  }

  it('reports each mismatch with the endpoint, the body, the example, the pointer and the rule', () => {
    const e = endpoint();
    expect(validateExamples([e])).toEqual([
      expect.objectContaining({
        endpointId: e.id,
        body: 'request',
        example: 'second',
        pointer: '/id',
        rule: 'type',
      }),
    ]);
  });

  it('infers the schema from all examples when the body has none, so they all fit', () => {
    const e = endpoint();
    delete e.requestBody?.schema;
    expect(validateExamples([e])).toEqual([]);
  });
});

describe('examples of a loaded document whose $refs point inside components', () => {
  /** A 3.1 document as Stoplight writes them: pointers into a component, refs under `definitions`. */
  const text = JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/orders': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { $ref: '#/components/schemas/Order/allOf/0' },
                  example: { id: 7, source: { ref: 'x' } },
                },
              },
            },
          },
        },
      },
      '/broken': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { $ref: '#/components/schemas/Order/example/id' },
                  example: { id: 'a' },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Order: {
          allOf: [
            {
              type: 'object',
              properties: {
                id: { type: 'string' },
                source: { $ref: '#/components/schemas/Transaction/definitions/sourceRef' },
              },
            },
          ],
          example: { id: 'a' },
        },
        Transaction: {
          type: 'object',
          definitions: { sourceRef: { $ref: '#/components/schemas/RecordRef' } },
        },
        RecordRef: { type: 'object', properties: { ref: { type: 'integer' } } },
      },
    },
  });

  it('checks them against the component they point into, and what it reaches', () => {
    const doc = parseOpenApi(text);
    const orders = doc.endpoints.find((e) => e.path === '/orders') as Endpoint;
    const problems = validateExamples([orders], doc.dialect).map(
      (p) => `${p.pointer ?? ''} ${p.rule ?? ''}`,
    );
    expect(problems.join('\n')).toContain('/id type');
    expect(problems.join('\n')).toContain('/source/ref type');
  });

  it('leaves an example unchecked, without an error, when its $ref cannot be followed', () => {
    const doc = parseOpenApi(text);
    const broken = doc.endpoints.find((e) => e.path === '/broken') as Endpoint;
    expect(() => validateExamples([broken], doc.dialect)).not.toThrow();
  });
});
