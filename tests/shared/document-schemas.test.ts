import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createCoreApi, type Result } from '../../src/shared/openapi/core-api';
import { SHOP_DOCUMENT } from './support/shop-document';
import type { Endpoint, Schema } from '../../src/shared/openapi';
import {
  deleteSchema,
  renameSchema,
  SchemaNameError,
  schemaNameProblem,
  schemaUsages,
  sharedSchemaRef,
} from '../../src/shared/openapi/document/schemas';

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

function endpoint(id: string, patch: Partial<Endpoint> = {}): Endpoint {
  return {
    id,
    method: 'GET',
    path: `/${id}`,
    summary: '',
    parameters: [],
    responses: [{ statusCode: 200, body: { name: '', customerJson: '' } }],
    ...patch,
  };
}

const schemas: Record<string, Schema> = {
  Pet: {
    type: 'object',
    'x-keep': true,
    properties: { owner: ref('Owner'), tags: { type: 'array', items: ref('Tag') } },
  },
  Owner: { type: 'object', properties: { pets: { type: 'array', items: ref('Pet') } } },
  Tag: { type: 'string' },
  Unused: { type: 'integer' },
};

const usesPet = endpoint('a', {
  responses: [{ statusCode: 200, body: { name: 'Out', customerJson: '', schema: ref('Pet') } }],
});
const usesOwnerInParam = endpoint('b', {
  parameters: [
    {
      id: 'p1',
      name: 'owner',
      location: 'query',
      required: false,
      description: '',
      example: '',
      schema: { allOf: [ref('Owner')] },
    },
  ],
});
const untouched = endpoint('c');
const usesTagInHeader = endpoint('d', {
  responses: [
    {
      statusCode: 200,
      body: { name: '', customerJson: '' },
      headers: [{ id: 'h', name: 'X-Tag', description: '', example: '', schema: ref('Tag') }],
    },
  ],
});
const endpoints = [usesPet, usesOwnerInParam, untouched, usesTagInHeader];

describe('schemaUsages', () => {
  it('lists endpoints and other schemas that refer to each schema', () => {
    const usages = schemaUsages(endpoints, schemas);
    expect(usages.get('Pet')).toEqual([
      { kind: 'endpoint', id: 'a' },
      { kind: 'schema', name: 'Owner' },
    ]);
    expect(usages.get('Owner')).toEqual([
      { kind: 'endpoint', id: 'b' },
      { kind: 'schema', name: 'Pet' },
    ]);
    expect(usages.get('Tag')).toEqual([
      { kind: 'endpoint', id: 'd' },
      { kind: 'schema', name: 'Pet' },
    ]);
    expect(usages.get('Unused')).toEqual([]);
  });

  it('counts an endpoint once and ignores a self reference and refs inside examples', () => {
    const self: Record<string, Schema> = {
      Node: { type: 'object', properties: { next: ref('Node') }, example: ref('Node') },
    };
    const twice = endpoint('x', {
      requestBody: { name: 'In', customerJson: '', schema: ref('Node') },
      responses: [
        { statusCode: 200, body: { name: 'Out', customerJson: '', schema: ref('Node') } },
      ],
    });
    expect(schemaUsages([twice], self).get('Node')).toEqual([{ kind: 'endpoint', id: 'x' }]);
  });
});

describe('renameSchema', () => {
  it('renames the schema and every reference, keeping untouched objects', () => {
    const result = renameSchema(endpoints, schemas, 'Pet', 'Animal');
    expect(Object.keys(result.schemas)).toEqual(['Animal', 'Owner', 'Tag', 'Unused']);
    expect(result.schemas.Animal).toMatchObject({ 'x-keep': true });
    expect(result.endpoints[0]?.responses[0]?.body.schema).toEqual(ref('Animal'));
    expect(result.schemas.Owner?.properties?.pets?.items).toEqual(ref('Animal'));
    // untouched: identity kept
    expect(result.endpoints[1]).toBe(usesOwnerInParam);
    expect(result.endpoints[2]).toBe(untouched);
    expect(result.endpoints[3]).toBe(usesTagInHeader);
    expect(result.schemas.Tag).toBe(schemas.Tag);
    // the renamed schema's own unchanged children keep identity
    expect(result.schemas.Animal?.properties?.tags).toBe(schemas.Pet?.properties?.tags);
    // the input is not mutated
    expect(schemas.Owner?.properties?.pets?.items).toEqual(ref('Pet'));
    expect(usesPet.responses[0]?.body.schema).toEqual(ref('Pet'));
  });

  it('renames inside parameters, headers, discriminator mappings and kept components', () => {
    const withMapping: Record<string, Schema> = {
      Owner: { type: 'object' },
      Any: {
        oneOf: [ref('Owner')],
        discriminator: { propertyName: 'k', mapping: { o: '#/components/schemas/Owner' } },
      },
    };
    const kept = endpoint('k', {
      schemaComponents: { Owner: { type: 'object' } },
      responses: [{ statusCode: 200, body: { name: '', customerJson: '', schema: ref('Owner') } }],
    });
    const result = renameSchema([usesOwnerInParam, kept], withMapping, 'Owner', 'Person');
    expect(result.endpoints[0]?.parameters[0]?.schema).toEqual({ allOf: [ref('Person')] });
    expect(result.schemas.Any).toEqual({
      oneOf: [ref('Person')],
      discriminator: { propertyName: 'k', mapping: { o: '#/components/schemas/Person' } },
    });
    expect(Object.keys(result.endpoints[1]?.schemaComponents ?? {})).toEqual(['Person']);
  });

  it('renames a body named after the schema it points at', () => {
    const named = endpoint('n', {
      requestBody: { name: 'Pet', customerJson: '', schema: ref('Pet') },
      responses: [
        { statusCode: 200, body: { name: 'Other', customerJson: '', schema: ref('Pet') } },
      ],
    });
    const result = renameSchema([named], schemas, 'Pet', 'Animal');
    expect(result.endpoints[0]?.requestBody).toEqual({
      name: 'Animal',
      customerJson: '',
      schema: ref('Animal'),
    });
    expect(result.endpoints[0]?.responses[0]?.body.name).toBe('Other');
  });

  it('renames a bare discriminator mapping name in a loaded document (the session)', () => {
    const text = [
      'openapi: 3.0.3',
      'info:',
      '  title: Pets',
      "  version: '1'",
      'paths:',
      '  /pets:',
      '    get:',
      '      responses:',
      "        '200':",
      '          description: OK',
      '          content:',
      '            application/json:',
      '              schema:',
      "                $ref: '#/components/schemas/Pet'",
      'components:',
      '  schemas:',
      '    Pet:',
      '      oneOf:',
      "        - $ref: '#/components/schemas/Cat'",
      '      discriminator:',
      '        propertyName: kind',
      '        mapping:',
      '          cat: Cat',
      '    Cat:',
      '      type: object',
      '',
    ].join('\n');
    const api = createCoreApi();
    const value = <T>(r: Result<T>): T => {
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    value(api.openDocument(text));
    const renamed = api.apply(
      [{ kind: 'renameSchema', from: 'Cat', to: 'Feline' }],
      value(api.revision()),
      {
        text: true,
      },
    );
    const answer = value(renamed);
    expect(answer.text).toContain('          cat: Feline\n');
    expect(answer.text).toContain("        - $ref: '#/components/schemas/Feline'\n");
    expect(answer.text).toContain('    Feline:\n      type: object\n');
    const refused = api.apply(
      [{ kind: 'renameSchema', from: 'Feline', to: 'A cat' }],
      answer.revision,
    );
    expect(!refused.ok && refused.error.code).toBe('INVALID_INPUT');
  });

  it('refuses a taken, empty or missing name', () => {
    expect(() => renameSchema(endpoints, schemas, 'Pet', 'Tag')).toThrow(SchemaNameError);
    expect(() => renameSchema(endpoints, schemas, 'Pet', ' ')).toThrow(SchemaNameError);
    expect(() => renameSchema(endpoints, schemas, 'Nope', 'X')).toThrow(SchemaNameError);
  });

  it("refuses a name outside OpenAPI's characters for components (the form's rule too)", () => {
    expect(() => renameSchema(endpoints, schemas, 'Pet', 'A pet')).toThrow(SchemaNameError);
    expect(schemaNameProblem('A pet', schemas)).toBe('CHARS');
    expect(schemaNameProblem('Tag', schemas)).toBe('TAKEN');
    expect(schemaNameProblem('Pet', schemas, 'Pet')).toBeUndefined();
    expect(schemaNameProblem('v1.Pet_2-b', schemas)).toBeUndefined();
  });

  it('follows a bare discriminator mapping name and a pointer into the schema', () => {
    const mapped: Record<string, Schema> = {
      Cat: { type: 'object', properties: { lives: { type: 'integer' } } },
      Any: {
        oneOf: [ref('Cat')],
        discriminator: { propertyName: 'kind', mapping: { cat: 'Cat', other: 'Dog' } },
      },
    };
    const lives = endpoint('l', {
      responses: [
        {
          statusCode: 200,
          body: {
            name: '',
            customerJson: '',
            schema: { $ref: '#/components/schemas/Cat/properties/lives' },
          },
        },
      ],
    });
    const result = renameSchema([lives], mapped, 'Cat', 'Feline');
    expect(result.schemas.Any?.discriminator).toEqual({
      propertyName: 'kind',
      mapping: { cat: 'Feline', other: 'Dog' },
    });
    expect(result.endpoints[0]?.responses[0]?.body.schema).toEqual({
      $ref: '#/components/schemas/Feline/properties/lives',
    });
  });

  it('handles names that need JSON pointer escaping', () => {
    const odd = { 'a/b': { type: 'string' } as Schema };
    const user = endpoint('u', {
      responses: [
        { statusCode: 200, body: { name: '', customerJson: '', schema: sharedSchemaRef('a/b') } },
      ],
    });
    const result = renameSchema([user], odd, 'a/b', 'c.d');
    expect(result.endpoints[0]?.responses[0]?.body.schema).toEqual({
      $ref: '#/components/schemas/c.d',
    });
  });
});

describe('deleteSchema', () => {
  it('removes the schema and inlines it where it was used', () => {
    const result = deleteSchema(endpoints, schemas, 'Tag');
    expect(Object.keys(result.schemas)).toEqual(['Pet', 'Owner', 'Unused']);
    expect(result.endpoints[3]?.responses[0]?.headers?.[0]?.schema).toEqual({ type: 'string' });
    expect(result.schemas.Pet?.properties?.tags).toEqual({
      type: 'array',
      items: { type: 'string' },
    });
    expect(result.endpoints[0]).toBe(usesPet);
    expect(result.schemas.Owner).toBe(schemas.Owner);
  });

  it('turns the deleted schema’s references to itself into {}', () => {
    const self: Record<string, Schema> = {
      Node: { type: 'object', properties: { next: ref('Node') } },
    };
    const user = endpoint('n', {
      responses: [{ statusCode: 200, body: { name: '', customerJson: '', schema: ref('Node') } }],
    });
    const result = deleteSchema([user], self, 'Node');
    expect(result.schemas).toEqual({});
    expect(result.endpoints[0]?.responses[0]?.body.schema).toEqual({
      type: 'object',
      properties: { next: {} },
    });
  });

  it('inlines a loaded body named after it, so no $ref to nothing is written', () => {
    const text = SHOP_DOCUMENT;
    const api = createCoreApi();
    const value = <T>(r: Result<T>): T => {
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    value(api.openDocument(text));
    const views = value(api.views(0, 10));
    const before = Object.fromEntries(value(api.schemaEntries(0, 10)));
    const edit = deleteSchema(views, before, 'Order');
    expect(edit.endpoints[0]?.requestBody?.name).toBe('');
    value(api.setSchemas(edit.schemas));
    const puts = edit.endpoints.map((endpoint) => ({ kind: 'putEndpoint' as const, endpoint }));
    const answer = value(api.apply(puts, value(api.revision()), { text: true }));
    const doc = parseYaml(answer.text ?? '') as {
      paths: Record<string, { post: { requestBody: { content: Record<string, unknown> } } }>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.paths['/orders']?.post.requestBody.content['application/json']).toEqual({
      schema: { type: 'object', properties: { to: { $ref: '#/components/schemas/Address' } } },
    });
    expect(Object.keys(doc.components.schemas)).toEqual(['Address', 'Receipt']);
  });
});
