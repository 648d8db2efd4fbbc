/**
 * validateExample (issue 14): a value checked against its schema, OpenAPI 3.0-aware; the
 * document's examples are the lint's.
 */
import { describe, expect, it } from 'vitest';
import { validateExample } from '../../src/shared/openapi';
import { lintText } from '../../src/shared/openapi/lint/lint';

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

  // The document's examples are the lint's (Spectral's oas3-valid-media-example).
  it('the lint checks them against the component they point into', async () => {
    const found = (await lintText(text)).filter((f) => f.code === 'oas3-valid-media-example');
    expect(found.map((f) => f.path.join('/'))).toContain(
      'paths//orders/get/responses/200/content/application/json/example/id',
    );
  });
});
