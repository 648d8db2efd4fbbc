/**
 * Issue 19: Swagger 2.0 brought forward in one step. convertSwagger2 gives an OpenAPI 3.0.x
 * document that validates against the official 3.0 schema and then loads, and says what it
 * changed and what it could not carry.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { convertSwagger2, CoreError, createCoreApi, parseOpenApi } from '../../src/shared/openapi';
import { createJobApi } from '../../src/shared/openapi/job-api';
import { CORPUS_DIR, corpusAvailable } from './support/corpus';

const validator = new Validator();

async function expectValid30(text: string): Promise<void> {
  const result = await validator.validate(parse(text) as Record<string, unknown>);
  expect(result.errors).toBeUndefined();
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.0');
}

const SMALL = `swagger: '2.0'
info:
  title: Small
  version: '1'
host: api.example.com
basePath: /v1
schemes: [https]
consumes: [application/json]
produces: [application/json]
paths:
  /items:
    get:
      schemes: [http]
      parameters:
        - name: ids
          in: query
          type: array
          items: { type: string }
          collectionFormat: tsv
      responses:
        '200':
          description: OK
          schema:
            type: array
            items: { $ref: '#/definitions/Item' }
    post:
      consumes: [application/x-www-form-urlencoded]
      parameters:
        - name: name
          in: formData
          type: string
          allowEmptyValue: true
      responses:
        '201': { description: Created }
definitions:
  Item:
    type: object
    properties:
      name: { type: string }
`;

const TRICKY = `swagger: "2.0"
info: { title: T, version: "1" }
basePath: /api
consumes: [application/json, application/xml]
produces: [application/json]
securityDefinitions:
  key: { type: apiKey, name: X-Key, in: header }
  basic: { type: basic }
  oauth: { type: oauth2, flow: accessCode, authorizationUrl: "https://a/auth", tokenUrl: "https://a/token", scopes: { read: Read } }
parameters:
  Body: { name: body, in: body, required: true, schema: { $ref: "#/definitions/Pet" } }
  Limit: { name: limit, in: query, type: integer, minimum: 1, exclusiveMinimum: true }
responses:
  NotFound:
    description: Not found
    schema: { $ref: "#/definitions/Error" }
    headers:
      X-Ids: { type: array, items: { type: integer }, collectionFormat: ssv }
paths:
  /pets:
    parameters:
      - { name: X-Trace, in: header, type: array, items: { type: string }, collectionFormat: pipes }
    post:
      parameters: [ { $ref: "#/parameters/Body" }, { $ref: "#/parameters/Limit" } ]
      responses:
        "201":
          description: ok
          headers:
            X-Rate: { type: array, items: { type: integer }, collectionFormat: csv }
          examples: { application/json: { id: 1 } }
        "404": { $ref: "#/responses/NotFound" }
        default: { description: err }
  /upload:
    post:
      consumes: [multipart/form-data]
      parameters:
        - { name: file, in: formData, type: file, required: true }
        - { name: tags, in: formData, type: array, items: { type: string }, collectionFormat: multi }
      responses: { "200": { description: ok } }
definitions:
  Pet:
    type: object
    discriminator: kind
    required: [kind]
    properties:
      kind: { type: string }
      name: { type: string, x-nullable: true }
  Cat:
    allOf: [ { $ref: "#/definitions/Pet" }, { type: object, properties: { lives: { type: integer } } } ]
  Error: { type: object, properties: { message: { type: string } } }
`;

describe('convertSwagger2', () => {
  it('converts shared parameters and responses, form uploads, header formats, discriminators', async () => {
    const { text, warnings } = convertSwagger2(TRICKY);
    await expectValid30(text);
    expect(parseOpenApi(text).endpoints).toHaveLength(2);
    const lost = warnings.filter((w) => w.code === 'NOT_CARRIED').map((w) => w.pointer);
    expect(lost).toEqual(['/responses/NotFound/headers/X-Ids/collectionFormat']);
  });

  it('converts a Swagger 2.0 document to a valid OpenAPI 3.0 document that loads', async () => {
    const { text, warnings } = convertSwagger2(SMALL);
    expect(text.startsWith('openapi: 3.0.')).toBe(true);
    await expectValid30(text);
    const doc = parseOpenApi(text);
    expect(doc.version).toMatch(/^3\.0\.\d+$/);
    expect(doc.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /items',
      'POST /items',
    ]);
    const value = parse(text) as { servers: unknown };
    expect(value.servers).toEqual([{ url: 'https://api.example.com/v1' }]);
    const codes = warnings.map((w) => `${w.code} ${w.pointer}`);
    expect(codes).toContain('CONVERTED /definitions');
    expect(codes).toContain('CONVERTED /host');
    expect(codes).toContain('NOT_CARRIED /paths/~1items/get/schemes');
    expect(codes).toContain('NOT_CARRIED /paths/~1items/get/parameters/0/collectionFormat');
    expect(codes).toContain('NOT_CARRIED /paths/~1items/post/parameters/0/allowEmptyValue');
  });

  it('keeps JSON as JSON', async () => {
    const json = JSON.stringify(parse(SMALL), null, 2);
    const { text } = convertSwagger2(json);
    const value = JSON.parse(text) as { openapi: string };
    expect(Object.keys(value)[0]).toBe('openapi');
    await expectValid30(text);
  });

  it('refuses text that is not Swagger 2.0', () => {
    expect(() => convertSwagger2('openapi: 3.0.0\ninfo: { title: t, version: v }\n')).toThrow(
      CoreError,
    );
    expect(() => convertSwagger2('swagger: "1.2"\n')).toThrow(CoreError);
  });

  it('is a job of the job worker; the document worker opens its result', () => {
    const api = createCoreApi();
    const converted = createJobApi().convertSwagger2(SMALL);
    expect(converted.ok).toBe(true);
    if (!converted.ok) return;
    const opened = api.openDocument(converted.value.text);
    expect(opened.ok && opened.value.version).toMatch(/^3\.0\./);
    const refused = api.openDocument(SMALL);
    expect(!refused.ok && refused.error.code).toBe('SWAGGER_2');
  });

  const available = corpusAvailable('openapi-versions');
  it.skipIf(!available)(
    'converts the corpus petstore to valid OpenAPI 3.0 that loads',
    async () => {
      const source = readFileSync(
        resolve(CORPUS_DIR, 'openapi-versions/oas-examples__2.0-petstore.yaml'),
        'utf8',
      );
      const { text, warnings } = convertSwagger2(source);
      await expectValid30(text);
      const doc = parseOpenApi(text);
      expect(doc.endpoints).toHaveLength(20);
      expect(warnings.length).toBeGreaterThan(0);
      expect(warnings.every((w) => w.pointer.startsWith('/'))).toBe(true);
    },
  );
});
