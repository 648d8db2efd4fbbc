/**
 * Issue 30.5: the Swagger 2.0 conversion is valid whenever its input is. Crafted inputs cover
 * each of the fixes swagger2openapi makes (OAuth flows without scopes, body parameters by
 * `$ref`, component names OpenAPI 3.0 forbids, path-level bodies, draft-4 type lists); each
 * result is checked by an independent validator (@seriousme/openapi-schema-validator), every
 * local `$ref` of it resolves, and each fix is an item of the report. The corpus's Swagger 2.0
 * documents are checked the same way.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  CONVERSION_ITEM_KINDS,
  conversionMessage,
  convertSwagger2,
  type ConversionResult,
} from '../../src/shared/openapi/convert-swagger2';
import { CORPUS_DIR, corpusAvailable } from './support/corpus';

type Json = Record<string, unknown>;

async function expectValid30(text: string): Promise<Json> {
  const doc = parse(text) as Json;
  const result = await new Validator().validate(structuredClone(doc));
  expect(result.errors).toBeUndefined();
  expect(result.valid).toBe(true);
  expect(String(doc.openapi)).toMatch(/^3\.0\.\d+$/);
  expectRefsResolve(doc);
  return doc;
}

/** Every local `$ref` points at something in the document. */
function expectRefsResolve(doc: Json): void {
  const refs: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key === '$ref' && typeof item === 'string') refs.push(item);
        else walk(item);
      }
    }
  };
  walk(doc);
  for (const ref of refs.filter((r) => r.startsWith('#/'))) {
    let at: unknown = doc;
    for (const raw of ref.slice(2).split('/')) {
      const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      at =
        at !== null && typeof at === 'object' && Object.hasOwn(at, token)
          ? (at as Json)[token]
          : undefined;
    }
    expect(at, ref).toBeDefined();
  }
}

function kinds(result: ConversionResult): string[] {
  return result.warnings.map((w) => `${w.kind} ${w.pointer}`);
}

function at(doc: Json, ...keys: string[]): unknown {
  let value: unknown = doc;
  for (const key of keys) value = (value as Json | undefined)?.[key];
  return value;
}

/** box.com: OAuth flows without `scopes` (3.0 requires them); a scheme name with a space. */
const OAUTH = `swagger: '2.0'
info: { title: OAuth, version: '2.0' }
host: upload.box.com
basePath: /api/2.0
schemes: [https]
securityDefinitions:
  OAuth2Security:
    type: oauth2
    flow: accessCode
    authorizationUrl: https://account.box.com/api/oauth2/authorize
    tokenUrl: https://api.box.com/oauth2/token
  'client credentials': { type: oauth2, flow: application, tokenUrl: https://a/token }
  pw: { type: oauth2, flow: password, tokenUrl: https://a/token, scopes: { read: Read } }
security:
  - OAuth2Security: []
paths:
  /files/content:
    post:
      consumes: [multipart/form-data]
      security: [ { 'client credentials': [], pw: [read] } ]
      parameters:
        - { name: file, in: formData, type: file, required: true }
        - { name: attributes, in: formData, type: string, required: true }
      responses: { '201': { description: Created } }
`;

/** authentiq: body parameters by reference to #/parameters. */
const BODY_REF = `swagger: "2.0"
info: { title: Body by reference, version: "6" }
host: example.com
parameters:
  AuthentiqID:
    description: Authentiq ID to register
    in: body
    name: body
    required: true
    schema: { $ref: "#/definitions/AuthentiqID" }
  PK: { name: PK, in: path, required: true, type: string }
paths:
  /key:
    post:
      consumes: [application/jwt]
      parameters: [ { $ref: "#/parameters/AuthentiqID" } ]
      responses: { "201": { description: Registered } }
  "/key/{PK}":
    put:
      parameters: [ { $ref: "#/parameters/PK" }, { $ref: "#/parameters/AuthentiqID" } ]
      responses: { "200": { description: Updated } }
definitions:
  AuthentiqID:
    type: object
    required: [sub]
    properties: { sub: { type: string } }
`;

/** Google's `$.xgafv`, gettyimages' brackets, springfox's guillemets, a space, a collision. */
const NAMES = `swagger: '2.0'
info: { title: Names, version: v1 }
securityDefinitions:
  'Oauth 2': { type: oauth2, flow: implicit, authorizationUrl: https://a/auth, scopes: { x: X } }
parameters:
  $.xgafv: { name: $.xgafv, in: query, type: string, enum: ['1', '2'] }
  'body[in]': { name: body, in: body, schema: { $ref: '#/definitions/List[Image]' } }
paths:
  /v1/{name}:
    parameters:
      - $ref: '#/parameters/$.xgafv'
      - { name: name, in: path, required: true, type: string }
    get:
      security: [ { 'Oauth 2': [x] } ]
      responses:
        '200': { description: OK, schema: { $ref: '#/definitions/List[Image]' } }
        '400': { description: Bad, schema: { $ref: '#/definitions/Error%20Response' } }
    post:
      parameters: [ { $ref: '#/parameters/body[in]' } ]
      responses:
        '200': { description: OK, schema: { $ref: '#/definitions/Page«Image»/properties/items' } }
definitions:
  'List[Image]':
    type: object
    properties: { images: { type: array, items: { $ref: '#/definitions/Image«Summary»' } } }
  'Image«Summary»': { type: object, properties: { id: { type: string } } }
  'Page«Image»': { type: object, properties: { items: { type: array, items: { type: string } } } }
  'Error Response': { type: object, properties: { message: { type: string } } }
  List_Image_: { type: string }
`;

/** A path's body and form parameters, after its operations in key order, some by reference. */
const PATH_BODY = `swagger: '2.0'
info: { title: Path bodies, version: '1' }
consumes: [application/json]
paths:
  /a:
    post:
      responses: { '200': { description: ok } }
    put:
      parameters: [ { name: other, in: body, schema: { type: string } } ]
      responses: { '200': { description: ok } }
    x-note: { parameters: [1] }
    parameters:
      - { name: payload, in: body, required: true, schema: { $ref: '#/definitions/Thing' } }
      - { name: q, in: query, type: string, x-example: abc }
  /b:
    parameters: [ { $ref: '#/parameters/Field' } ]
    post:
      consumes: [multipart/form-data]
      parameters: [ { $ref: '#/parameters/Field2' }, { name: z, in: formData, type: string } ]
      responses: { '200': { description: ok }, x-trace: null }
parameters:
  Field: { name: f1, in: formData, type: string }
  Field2: { name: f2, in: formData, type: integer, required: true }
definitions:
  Thing: { type: object, properties: { id: { type: string } } }
`;

/** JSON Schema draft 4 allows lists of types and of items; OpenAPI 3.0 does not. */
const SCHEMA_LISTS = `swagger: '2.0'
info: { title: Lists, version: '1' }
paths: {}
definitions:
  Thing:
    type: [object, 'null']
    properties:
      kind: { type: [string, integer] }
      only: { type: [string] }
      pair: { type: array, items: [ { type: string }, { type: [integer, 'null'] } ] }
`;

/** A response's examples keyed by media type and by name at once. */
const EXAMPLES = `swagger: '2.0'
info: { title: Examples, version: '1' }
produces: [application/json]
paths:
  /f:
    get:
      responses:
        '200':
          description: ok
          schema: { type: object }
          examples: { application/json: { a: 1 }, 'My example': { a: 2 } }
`;

describe('convertSwagger2 gives valid OpenAPI 3.0 for valid Swagger 2.0 (issue 30.5)', () => {
  it('gives OAuth flows without scopes an empty list, and renames a scheme with its uses', async () => {
    const result = convertSwagger2(OAUTH);
    const doc = await expectValid30(result.text);
    const schemes = at(doc, 'components', 'securitySchemes') as Json;
    expect(at(schemes, 'OAuth2Security', 'flows', 'authorizationCode', 'scopes')).toEqual({});
    expect(at(schemes, 'client_credentials', 'flows', 'clientCredentials', 'scopes')).toEqual({});
    expect(at(schemes, 'pw', 'flows', 'password', 'scopes')).toEqual({ read: 'Read' });
    expect(at(doc, 'paths', '/files/content', 'post', 'security')).toEqual([
      { client_credentials: [], pw: ['read'] },
    ]);
    expect(kinds(result)).toEqual(
      expect.arrayContaining([
        'OAUTH_NO_SCOPES /securityDefinitions/OAuth2Security',
        'OAUTH_NO_SCOPES /securityDefinitions/client credentials',
        'COMPONENT_RENAMED /securityDefinitions/client credentials',
      ]),
    );
    expect(kinds(result)).not.toContain('OAUTH_NO_SCOPES /securityDefinitions/pw');
  });

  it('makes a body parameter by $ref a requestBody that refers to components/requestBodies', async () => {
    const result = convertSwagger2(BODY_REF);
    const doc = await expectValid30(result.text);
    const put = at(doc, 'paths', '/key/{PK}', 'put') as Json;
    expect(put.requestBody).toEqual({ $ref: '#/components/requestBodies/AuthentiqID' });
    expect(put.parameters).toEqual([{ $ref: '#/components/parameters/PK' }]);
    expect(at(doc, 'components', 'requestBodies', 'AuthentiqID', 'required')).toBe(true);
    // The operation's own media types are kept: its body is its own.
    const post = at(doc, 'paths', '/key', 'post') as Json;
    expect(post.parameters).toBeUndefined();
    expect(Object.keys(at(post, 'requestBody', 'content') as Json)).toEqual(['application/jwt']);
    expect(kinds(result)).toEqual(
      expect.arrayContaining([
        'BODY_PARAMETER_REF /paths/~1key~1{PK}/put/parameters/1',
        'BODY_PARAMETER_REF_INLINED /paths/~1key/post/parameters/0',
      ]),
    );
  });

  it('renames component names OpenAPI 3.0 forbids, and every $ref follows', async () => {
    const result = convertSwagger2(NAMES);
    const doc = await expectValid30(result.text);
    const components = doc.components as Json;
    for (const map of Object.values(components)) {
      for (const name of Object.keys(map as Json)) expect(name).toMatch(/^[a-zA-Z0-9.\-_]+$/);
    }
    expect(Object.keys(components.schemas as Json)).toEqual([
      'List_Image__2',
      'Image_Summary_',
      'Page_Image_',
      'Error_Response',
      'List_Image_',
    ]);
    expect(Object.keys(components.parameters as Json)).toEqual(['_.xgafv']);
    expect(at(doc, 'paths', '/v1/{name}', 'parameters')).toContainEqual({
      $ref: '#/components/parameters/_.xgafv',
    });
    expect(at(doc, 'paths', '/v1/{name}', 'post', 'requestBody')).toEqual({
      $ref: '#/components/requestBodies/body_in_',
    });
    expect(at(doc, 'paths', '/v1/{name}', 'get', 'security')).toEqual([{ Oauth_2: ['x'] }]);
    const renamed = result.warnings.filter((w) => w.kind === 'COMPONENT_RENAMED');
    expect(renamed.map((w) => [w.pointer, w.params.newName])).toEqual([
      ['/definitions/List[Image]', 'List_Image__2'],
      ['/definitions/Image«Summary»', 'Image_Summary_'],
      ['/definitions/Page«Image»', 'Page_Image_'],
      ['/definitions/Error Response', 'Error_Response'],
      ['/parameters/$.xgafv', '_.xgafv'],
      ['/parameters/body[in]', 'body_in_'],
      ['/securityDefinitions/Oauth 2', 'Oauth_2'],
    ]);
  });

  it("moves a path's body and form parameters to its operations, whatever the key order", async () => {
    const result = convertSwagger2(PATH_BODY);
    const doc = await expectValid30(result.text);
    const a = at(doc, 'paths', '/a') as Json;
    expect(at(a, 'post', 'requestBody', 'content', 'application/json', 'schema')).toEqual({
      $ref: '#/components/schemas/Thing',
    });
    // The operation's own body overrides the path's.
    expect(at(a, 'put', 'requestBody', 'content', 'application/json', 'schema')).toEqual({
      type: 'string',
    });
    expect(a['x-note']).toEqual({ parameters: [1] });
    expect(a.parameters).toEqual([
      expect.objectContaining({ name: 'q', in: 'query', example: 'abc' }),
    ]);
    const post = at(doc, 'paths', '/b', 'post') as Json;
    const form = at(post, 'requestBody', 'content', 'multipart/form-data', 'schema') as Json;
    expect(Object.keys(form.properties as Json).sort()).toEqual(['f1', 'f2', 'z']);
    expect(form.required).toEqual(['f2']);
    expect(at(doc, 'paths', '/b', 'parameters')).toBeUndefined();
    expect(Object.keys(post.responses as Json)).toEqual(['200', 'x-trace']);
    expect(kinds(result)).toEqual(
      expect.arrayContaining([
        'PATH_BODY_PARAMETER /paths/~1a/parameters/0',
        'PATH_BODY_PARAMETER /paths/~1b/parameters/0',
        'FORM_PARAMETER_REF /paths/~1b/parameters/0',
        'FORM_PARAMETER_REF /paths/~1b/post/parameters/0',
      ]),
    );
  });

  it('gives lists of types and of items their OpenAPI 3.0 form', async () => {
    const result = convertSwagger2(SCHEMA_LISTS);
    const doc = await expectValid30(result.text);
    const thing = at(doc, 'components', 'schemas', 'Thing') as Json;
    expect(thing).toMatchObject({ type: 'object', nullable: true });
    expect(at(thing, 'properties', 'kind')).toEqual({
      anyOf: [{ type: 'string' }, { type: 'integer' }],
    });
    expect(at(thing, 'properties', 'only')).toEqual({ type: 'string' });
    expect(at(thing, 'properties', 'pair', 'items')).toEqual({
      anyOf: [{ type: 'string' }, { type: 'integer', nullable: true }],
    });
    expect(kinds(result)).toEqual(
      expect.arrayContaining([
        'SCHEMA_TYPE_LIST /definitions/Thing/type',
        'SCHEMA_ITEMS_LIST /definitions/Thing/properties/pair/items',
      ]),
    );
  });

  it("puts a response's media-type example among its named examples", async () => {
    const result = convertSwagger2(EXAMPLES);
    const doc = await expectValid30(result.text);
    const media = at(doc, 'paths', '/f', 'get', 'responses', '200', 'content', 'application/json');
    expect(media).toEqual({
      schema: { type: 'object' },
      examples: { example: { value: { a: 1 } }, 'My example': { value: { a: 2 } } },
    });
    expect(kinds(result)).toContain('RESPONSE_EXAMPLES /paths/~1f/get/responses/200/examples');
  });

  it('gives every report item a kind and params that word it', () => {
    for (const input of [OAUTH, BODY_REF, NAMES, PATH_BODY, SCHEMA_LISTS, EXAMPLES]) {
      for (const item of convertSwagger2(input).warnings) {
        expect(CONVERSION_ITEM_KINDS).toContain(item.kind);
        expect(item.message).toBe(conversionMessage(item.kind, item.params));
        expect(item.pointer).toMatch(/^\//);
      }
    }
  });

  const available = corpusAvailable('openapi-versions');
  it.skipIf(!available)(
    'converts every Swagger 2.0 document of the corpus to valid OpenAPI 3.0',
    async () => {
      const dir = resolve(CORPUS_DIR, 'openapi-versions');
      let converted = 0;
      for (const file of readdirSync(dir).sort()) {
        const text = readFileSync(resolve(dir, file), 'utf8');
        const value = parse(text) as Json | null;
        if (value?.swagger === undefined) continue;
        await expectValid30(convertSwagger2(text).text);
        converted++;
      }
      expect(converted).toBeGreaterThan(0);
    },
  );
});
