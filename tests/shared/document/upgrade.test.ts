/** Upgrade to OpenAPI 3.1/3.2 (issue 19.5): every change listed, the rest kept byte for byte. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CoreError, parseOpenApi, upgradeOpenApi } from '../../../src/shared/openapi';
import { CORPUS_DIR, corpusAvailable } from '../support/corpus';

const DOC = `# A 3.0 document with comments
openapi: 3.0.3
info:
  title: Pets # the title
  version: '1'
paths:
  /pets:
    get:
      parameters:
        - name: limit
          in: query
          schema:
            type: integer
            minimum: 0
            exclusiveMinimum: true
            example: 10
      responses:
        '200':
          description: ok
          content:
            application/json:
              example: { id: 1 }
              schema:
                $ref: '#/components/schemas/Pet'
components:
  schemas:
    Pet:
      type: object
      properties:
        id:
          type: integer
          maximum: 100
          exclusiveMaximum: false
        name:
          type: string
          nullable: true
          enum: [a, b]
        tags:
          type: array
          items:
            type: string
            nullable: true
`;

const validator = new Validator();

async function expectValid(text: string): Promise<void> {
  const result = await validator.validate(parse(text) as Record<string, unknown>);
  expect(result.valid, JSON.stringify(result.errors ?? null).slice(0, 800)).toBe(true);
}

describe('upgradeOpenApi', () => {
  it('lists every change and makes only those', async () => {
    const { text, changes } = upgradeOpenApi(DOC, '3.1.1');
    expect(changes.map((c) => `${c.kind} ${c.pointer}`)).toEqual([
      'VERSION /openapi',
      'EXAMPLE /paths/~1pets/get/parameters/0/schema/example',
      'EXCLUSIVE_MINIMUM /paths/~1pets/get/parameters/0/schema/exclusiveMinimum',
      'EXCLUSIVE_MAXIMUM /components/schemas/Pet/properties/id/exclusiveMaximum',
      'NULLABLE /components/schemas/Pet/properties/name',
      'NULLABLE /components/schemas/Pet/properties/tags/items',
    ]);
    // Comments and untouched lines are kept; the media type's example is not a schema's.
    expect(text).toContain('# A 3.0 document with comments');
    expect(text).toContain('title: Pets # the title');
    expect(text).toContain('example: { id: 1 }');
    const data = parse(text) as {
      openapi: string;
      paths: Record<string, { get: { parameters: { schema: Record<string, unknown> }[] } }>;
      components: { schemas: { Pet: { properties: Record<string, Record<string, unknown>> } } };
    };
    expect(data.openapi).toBe('3.1.1');
    expect(data.paths['/pets']?.get.parameters[0]?.schema).toEqual({
      type: 'integer',
      exclusiveMinimum: 0,
      examples: [10],
    });
    const pet = data.components.schemas.Pet.properties;
    expect(pet.id).toEqual({ type: 'integer', maximum: 100 });
    expect(pet.name).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(pet.tags?.items).toEqual({ type: ['string', 'null'] });
    await expectValid(text);
    expect(parseOpenApi(text).version).toBe('3.1.1');
  });

  it('upgrades a 3.1 document to 3.2 by its version alone', () => {
    const { text: v31 } = upgradeOpenApi(DOC, '3.1.1');
    const { text, changes } = upgradeOpenApi(v31, '3.2.0');
    expect(changes).toHaveLength(1);
    expect(text).toBe(v31.replace(/^openapi: .*$/m, (line) => line.replace('3.1.1', '3.2.0')));
  });

  it('refuses what it cannot upgrade', () => {
    const { text } = upgradeOpenApi(DOC, '3.1.1');
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof CoreError ? error.code : 'other';
      }
      return 'none';
    };
    expect(code(() => upgradeOpenApi(text, '3.1.1'))).toBe('UNSUPPORTED_VERSION');
    expect(code(() => upgradeOpenApi('swagger: "2.0"\npaths: {}\n', '3.1.1'))).toBe('SWAGGER_2');
  });

  it('keeps JSON as JSON', () => {
    const json = JSON.stringify(parse(DOC), null, 2);
    const { text } = upgradeOpenApi(json, '3.2.0');
    const data = JSON.parse(text) as { openapi: string };
    expect(data.openapi).toBe('3.2.0');
  });
});

const available = corpusAvailable('openapi');
describe.skipIf(!available)('upgrading the 3.0 corpus', () => {
  for (const file of ['swagger-petstore__openapi.yaml', 'redoc-demo__openapi.yaml']) {
    it(`${file} becomes a valid 3.1 document`, async () => {
      const text = readFileSync(resolve(CORPUS_DIR, 'openapi', file), 'utf8');
      const upgraded = upgradeOpenApi(text, '3.1.1');
      await expectValid(upgraded.text);
      const doc = parseOpenApi(upgraded.text);
      expect(doc.endpoints.length).toBe(parseOpenApi(text).endpoints.length);
    });
  }
});
