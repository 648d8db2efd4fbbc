import { describe, expect, it } from 'vitest';
import {
  canLoad,
  checkPathCharacters,
  checkRoutePath,
  pathTemplateNames,
  sanitizeName,
  sanitizeParamName,
  validateEndpoints,
  type BodyModel,
  type Endpoint,
  type EndpointIssue,
  type EndpointToValidate,
  type Parameter,
  type ResponseModel,
} from '../../src/shared/openapi';

let seq = 0;
const body = (name: string, customerJson = '{"id":1}'): BodyModel => ({ name, customerJson });
const response = (statusCode: number | undefined, b: BodyModel = body('Out')): ResponseModel => ({
  statusCode,
  body: b,
});
const param = (patch: Partial<Parameter> = {}): Parameter => ({
  id: `p${++seq}`,
  name: 'id',
  location: 'query',
  required: false,
  description: '',
  example: '',
  ...patch,
});
const endpoint = (patch: Partial<Endpoint> = {}): Endpoint => ({
  id: `e${++seq}`,
  method: 'POST',
  path: '/users',
  summary: '',
  parameters: [],
  requestBody: body('In'),
  responses: [response(200)],
  ...patch,
});

const issuesOf = (e: EndpointToValidate, others: Endpoint[] = []): EndpointIssue[] =>
  validateEndpoints([e, ...others]).issues[e.id] ?? [];
const codesOf = (e: EndpointToValidate, others: Endpoint[] = []) =>
  issuesOf(e, others).map((i) => i.code);

describe('validateEndpoints: a clean list', () => {
  it('reports every endpoint id with an empty list and allows generating', () => {
    const a = endpoint();
    const b = endpoint({
      method: 'GET',
      path: '/users/{id}',
      requestBody: undefined,
      parameters: [param({ name: 'id', location: 'path', required: true })],
    });
    const report = validateEndpoints([a, b]);
    expect(report).toEqual({
      issues: { [a.id]: [], [b.id]: [] },
      duplicateIds: [],
      canGenerate: true,
    });
  });

  it('cannot generate an empty list', () => {
    expect(validateEndpoints([])).toEqual({ issues: {}, duplicateIds: [], canGenerate: false });
  });
});

describe('path (spec §5)', () => {
  it.each([
    ['', 'PATH_REQUIRED'],
    ['   ', 'PATH_REQUIRED'],
    ['users', 'PATH_MUST_START_WITH'],
    [' /users', 'PATH_MUST_START_WITH'],
    ['/users?x=1', 'PATH_INCORRECT_CHARS'],
    ['/us ers', 'PATH_INCORRECT_CHARS'],
    ['/пользователи', 'PATH_INCORRECT_CHARS'],
    ['//users', 'PATH_INCORRECT_CHARS'],
    ['/users//x', 'PATH_INCORRECT_CHARS'],
    ['/-users', 'PATH_INCORRECT_CHARS'],
    ['/users-', 'PATH_INCORRECT_CHARS'],
    ['/a--b', 'PATH_INCORRECT_CHARS'],
    ['/{id', 'PATH_INCORRECT_CHARS'],
    ['/{}', 'PATH_INCORRECT_CHARS'],
    ['/{a-}', 'PATH_INCORRECT_CHARS'],
    ['/a:b', 'PATH_INCORRECT_CHARS'],
  ])('%j → %s', (path, code) => {
    expect(issuesOf(endpoint({ path }))).toEqual([{ code, field: 'path' }]);
    expect(validateEndpoints([endpoint({ path })]).canGenerate).toBe(false);
  });

  it.each([
    '/',
    '/users',
    '/users/',
    '/v1/users/{id}',
    '/{id}/',
    '/user_profiles/a-b-c/9',
    '/A1_b',
    '/users.json',
    '/rest/agile/1.0/board',
    '/~user/files',
    '/user{id}',
    '/{id}.json',
    '/{account-id}/items',
  ])('%j is valid', (path) => {
    // Its `{name}`s are defined as path parameters (issue 20: else the path is incomplete).
    const parameters = pathTemplateNames(path).map((name) => param({ name, location: 'path' }));
    expect(issuesOf(endpoint({ path, parameters }))).toEqual([]);
  });

  it('checkRoutePath gives the spec kinds', () => {
    expect(checkRoutePath(' ')).toBe('REQUIRED');
    expect(checkRoutePath('a')).toBe('MUST_START_WITH');
    expect(checkRoutePath('/a b')).toBe('INCORRECT_CHARS');
    expect(checkRoutePath('/a/{b}/')).toBeUndefined();
  });

  it('checkPathCharacters applies the character rule alone', () => {
    expect(checkPathCharacters('')).toBe('REQUIRED');
    expect(checkPathCharacters('x')).toBe('MUST_START_WITH');
    expect(checkPathCharacters('/a:b')).toBe('INCORRECT_CHARS');
    expect(checkPathCharacters('/a.b~c')).toBeUndefined();
    expect(checkPathCharacters('//a-{')).toBeUndefined();
  });
});

describe('parameters (spec §5)', () => {
  it.each([
    ['', 'PARAM_NAME_REQUIRED'],
    ['  ', 'PARAM_NAME_REQUIRED'],
    ['user id', 'PARAM_NAME_INCORRECT'],
    ['id.x', 'PARAM_NAME_INCORRECT'],
    ['имя', 'PARAM_NAME_INCORRECT'],
  ])('name %j → %s', (name, code) => {
    const p = param({ name });
    expect(issuesOf(endpoint({ parameters: [p] }))).toEqual([
      { code, field: `parameters.${p.id}.name` },
    ]);
  });

  it.each(['id', 'X-Request-Id', 'page_size', 'a/b', '{id}'])('name %j is valid', (name) => {
    expect(issuesOf(endpoint({ parameters: [param({ name })] }))).toEqual([]);
  });

  it('an example, if present, must not be blank', () => {
    const blank = param({ example: '   ' });
    expect(issuesOf(endpoint({ parameters: [blank] }))).toEqual([
      { code: 'PARAM_EXAMPLE_REQUIRED', field: `parameters.${blank.id}.example` },
    ]);
    expect(issuesOf(endpoint({ parameters: [param({ example: '' })] }))).toEqual([]);
    expect(issuesOf(endpoint({ parameters: [param({ example: '42' })] }))).toEqual([]);
  });

  it('a blank parameter name blocks generation (it would be written as name: ""); others do not', () => {
    expect(validateEndpoints([endpoint({ parameters: [param({ name: '' })] })]).canGenerate).toBe(
      false,
    );
    const report = validateEndpoints([
      endpoint({ parameters: [param({ name: 'page[size]' }), param({ example: ' ' })] }),
    ]);
    expect(report.canGenerate).toBe(true);
  });
});

describe('body and response names (spec §5)', () => {
  it('requires a request body name when a body exists', () => {
    expect(issuesOf(endpoint({ requestBody: body('') }))).toEqual([
      { code: 'REQUEST_BODY_NAME_REQUIRED', field: 'requestBody.name' },
    ]);
    expect(issuesOf(endpoint({ requestBody: body('  ') }))[0]?.code).toBe(
      'REQUEST_BODY_NAME_REQUIRED',
    );
    const explicit: BodyModel = { name: '', customerJson: '', schema: { type: 'string' } };
    expect(codesOf(endpoint({ requestBody: explicit }))).toEqual(['REQUEST_BODY_NAME_REQUIRED']);
    expect(validateEndpoints([endpoint({ requestBody: body('') })]).canGenerate).toBe(false);
  });

  it('accepts a nameless body without a schema', () => {
    expect(issuesOf(endpoint({ requestBody: body('', '') }))).toEqual([]);
    expect(issuesOf(endpoint({ requestBody: body('', '  \n') }))).toEqual([]);
    expect(issuesOf(endpoint({ requestBody: undefined }))).toEqual([]);
  });

  it('requires a response name when the response has a body', () => {
    expect(issuesOf(endpoint({ responses: [response(200, body(''))] }))).toEqual([
      { code: 'RESPONSE_NAME_REQUIRED', field: 'responses.0.body.name' },
    ]);
    expect(issuesOf(endpoint({ responses: [response(204, body('', ''))] }))).toEqual([]);
  });

  it('sanitizeName keeps letters, digits, - and _', () => {
    expect(sanitizeName('User Profile-v2_x.json!')).toBe('UserProfile-v2_xjson');
    expect(sanitizeName('Пользователь')).toBe('');
    expect(sanitizeParamName('user id/{x}-y_z?')).toBe('userid/{x}-y_z');
  });
});

describe('responses (spec §5)', () => {
  it('needs at least one response', () => {
    expect(issuesOf(endpoint({ responses: [] }))).toEqual([
      { code: 'NO_RESPONSES', field: 'responses' },
    ]);
    expect(validateEndpoints([endpoint({ responses: [] })]).canGenerate).toBe(false);
  });

  it('needs a status code', () => {
    expect(issuesOf(endpoint({ responses: [response(undefined)] }))).toEqual([
      { code: 'RESPONSE_CODE_REQUIRED', field: 'responses.0.statusCode' },
    ]);
    expect(codesOf(endpoint({ responses: [response(Number.NaN)] }))).toEqual([
      'RESPONSE_CODE_REQUIRED',
    ]);
  });

  it.each([42, 600, 200.5, -200, 1000])('code %d is invalid', (code) => {
    expect(issuesOf(endpoint({ responses: [response(code)] }))).toEqual([
      { code: 'RESPONSE_CODE_INVALID', field: 'responses.0.statusCode' },
    ]);
  });

  it('flags the later code where adjacent responses (sorted by code) differ in having a body', () => {
    const e = endpoint({
      responses: [response(404, body('', '')), response(200), response(500, body('', ''))],
    });
    // Sorted: 200 (body), 404 (none), 500 (none) → 404 is flagged; it sits at index 0.
    expect(issuesOf(e)).toEqual([{ code: 'RESPONSE_CONFLICT', field: 'responses.0.statusCode' }]);
    // Issue 10: a conflict stays a red label but no longer blocks Generate (200 + 204 is valid).
    expect(validateEndpoints([e]).canGenerate).toBe(true);
    const same = endpoint({ responses: [response(201), response(200), response(400)] });
    expect(issuesOf(same)).toEqual([]);
  });

  it('flags a status code used twice', () => {
    const e = endpoint({ responses: [response(200), response(200)] });
    expect(issuesOf(e)).toEqual([
      { code: 'RESPONSE_CODE_DUPLICATE', field: 'responses.1.statusCode' },
    ]);
    expect(validateEndpoints([e]).canGenerate).toBe(false);
  });
});

describe('duplicates (spec §5)', () => {
  it('flags both endpoints with the same method and path', () => {
    const a = endpoint();
    const b = endpoint();
    const c = endpoint({ method: 'PUT' });
    const report = validateEndpoints([a, b, c]);
    expect(report.duplicateIds).toEqual([a.id, b.id]);
    expect(report.issues[a.id]).toEqual([{ code: 'DUPLICATE', field: '' }]);
    expect(report.issues[b.id]).toEqual([{ code: 'DUPLICATE', field: '' }]);
    expect(report.issues[c.id]).toEqual([]);
    expect(report.canGenerate).toBe(false);
  });

  it('flags three of a kind and ignores surrounding whitespace', () => {
    const list = [endpoint(), endpoint({ path: '/users ' }), endpoint()];
    expect(validateEndpoints(list).duplicateIds).toHaveLength(3);
  });
});

describe('one body name, two schemas', () => {
  it('flags every endpoint that uses the name', () => {
    const a = endpoint({ requestBody: body('User', '{"id":1,"name":"Ann"}') });
    const b = endpoint({
      path: '/other',
      responses: [response(200, body('User', '{"id":"x"}'))],
    });
    const report = validateEndpoints([a, b]);
    expect(report.issues[a.id]).toEqual([
      { code: 'BODY_NAME_SCHEMA_CLASH', field: 'requestBody.name' },
    ]);
    expect(report.issues[b.id]).toEqual([
      { code: 'BODY_NAME_SCHEMA_CLASH', field: 'responses.0.body.name' },
    ]);
    expect(report.canGenerate).toBe(false);
  });

  it('allows the same name with the same schema, even with other example values', () => {
    const a = endpoint({ requestBody: body('User', '{"id":1,"name":"Ann"}') });
    const b = endpoint({
      path: '/other',
      responses: [response(200, body('User', '{ "name": "Bob", "id": 7 }'))],
    });
    expect(validateEndpoints([a, b]).canGenerate).toBe(true);
  });

  it('compares explicit schemas too, and a property named "example" counts', () => {
    const s1 = { type: 'object' as const, properties: { example: { type: 'string' as const } } };
    const s2 = { type: 'object' as const, properties: { other: { type: 'string' as const } } };
    const a = endpoint({ requestBody: { name: 'X', customerJson: '', schema: s1 } });
    const b = endpoint({ path: '/b', requestBody: { name: 'X', customerJson: '', schema: s2 } });
    expect(validateEndpoints([a, b]).issues[a.id]?.[0]?.code).toBe('BODY_NAME_SCHEMA_CLASH');
  });

  it('does not throw on hostile body JSON', () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const a = endpoint({ requestBody: body('Deep', deep) });
    const b = endpoint({ path: '/b', requestBody: body('Deep', '[1]') });
    expect(() => validateEndpoints([a, b])).not.toThrow();
  });
});

describe('operationId (issue 11)', () => {
  it('flags every endpoint sharing an operationId and blocks Generate', () => {
    const a = endpoint({ operationId: 'createUser' });
    const b = endpoint({ path: '/other', operationId: 'createUser' });
    const c = endpoint({ path: '/third', operationId: 'listUsers' });
    const report = validateEndpoints([a, b, c]);
    expect(report.issues[a.id]).toEqual([{ code: 'OPERATION_ID_DUPLICATE', field: 'operationId' }]);
    expect(report.issues[b.id]).toEqual([{ code: 'OPERATION_ID_DUPLICATE', field: 'operationId' }]);
    expect(report.issues[c.id]).toEqual([]);
    expect(report.canGenerate).toBe(false);
  });

  it('accepts absent and distinct ids; flags blank or spaced ones', () => {
    expect(codesOf(endpoint())).toEqual([]);
    expect(codesOf(endpoint({ operationId: 'get-users_v2.list' }))).toEqual([]);
    expect(codesOf(endpoint({ operationId: '' }))).toEqual(['OPERATION_ID_INVALID']);
    expect(codesOf(endpoint({ operationId: 'get users' }))).toEqual(['OPERATION_ID_INVALID']);
    expect(codesOf(endpoint({ operationId: 'a\u0007' }))).toEqual(['OPERATION_ID_INVALID']);
    // A warning: `find pet by id` (the Swagger petstore) is valid OpenAPI and still generates.
    expect(validateEndpoints([endpoint({ operationId: 'find pet by id' })]).canGenerate).toBe(true);
  });
});

describe('canLoad (spec §5)', () => {
  it('needs non-empty text and nothing busy', () => {
    expect(canLoad('openapi: 3.0.1')).toBe(true);
    expect(canLoad('  \n')).toBe(false);
    expect(canLoad('x', true)).toBe(false);
  });
});

describe('responses the form does not show (issue 10.4)', () => {
  it('an operation whose only response is `default` has responses: nothing blocks it', () => {
    const loaded = endpoint({ responses: [], otherResponses: ['default'] });
    expect(issuesOf(loaded).map((issue) => issue.code)).not.toContain('NO_RESPONSES');
    expect(validateEndpoints([loaded]).canGenerate).toBe(true);
  });

  it('an endpoint with no responses at all is still blocked', () => {
    const typed = endpoint({ responses: [] });
    expect(issuesOf(typed).map((issue) => issue.code)).toContain('NO_RESPONSES');
    expect(validateEndpoints([typed]).canGenerate).toBe(false);
  });
});

describe('path parameters follow the path (issue 20 point 5)', () => {
  const pathParam = (name: string) => param({ name, location: 'path', required: true });

  it('names the `{name}`s of a path in order, once each', () => {
    expect(pathTemplateNames('/a/{id}/b/{v.1}/{id}.json')).toEqual(['id', 'v.1']);
    expect(pathTemplateNames('/users')).toEqual([]);
  });

  it('a `{name}` without a path parameter is an error on the path that blocks Generate', () => {
    const e = endpoint({ path: '/users/{id}' });
    expect(issuesOf(e)).toEqual([{ code: 'PATH_PARAM_UNDEFINED', field: 'path' }]);
    expect(validateEndpoints([e]).canGenerate).toBe(false);
  });

  it('a query parameter of the same name does not define a `{name}`', () => {
    const e = endpoint({ path: '/users/{id}', parameters: [param({ name: 'id' })] });
    expect(codesOf(e)).toEqual(['PATH_PARAM_UNDEFINED']);
  });

  it('a path parameter the path does not name is an error on its name', () => {
    const p = pathParam('id');
    const e = endpoint({ path: '/users', parameters: [p] });
    expect(issuesOf(e)).toEqual([
      { code: 'PATH_PARAM_NOT_IN_PATH', field: `parameters.${p.id}.name` },
    ]);
    expect(validateEndpoints([e]).canGenerate).toBe(false);
  });

  it('a matching path and parameters are clean, and an unnamed row is left to its own rule', () => {
    expect(issuesOf(endpoint({ path: '/users/{id}', parameters: [pathParam('id')] }))).toEqual([]);
    const blank = pathParam('');
    expect(codesOf(endpoint({ path: '/users', parameters: [blank] }))).toEqual([
      'PARAM_NAME_REQUIRED',
    ]);
  });

  it('the same in an endpoint loaded so and untouched is a warning, and it still generates', () => {
    const p = pathParam('other');
    const e = { ...endpoint({ path: '/users/{id}', parameters: [p] }), loadedAsIs: true };
    expect(codesOf(e)).toEqual([
      'PATH_PARAM_NOT_IN_PATH_AS_LOADED',
      'PATH_PARAM_UNDEFINED_AS_LOADED',
    ]);
    expect(validateEndpoints([e]).canGenerate).toBe(true);
  });

  it('a loaded path or parameter name outside the form characters is a warning until edited', () => {
    const name = param({ name: 'filter[name]', location: 'query' });
    const e = endpoint({ path: '/cookies#formExploded', parameters: [name] });
    expect(codesOf(e)).toEqual(['PATH_INCORRECT_CHARS', 'PARAM_NAME_INCORRECT']);
    expect(validateEndpoints([e]).canGenerate).toBe(false);
    const loaded = { ...e, loadedAsIs: true };
    expect(codesOf(loaded)).toEqual([
      'PATH_INCORRECT_CHARS_AS_LOADED',
      'PARAM_NAME_INCORRECT_AS_LOADED',
    ]);
    expect(validateEndpoints([loaded]).canGenerate).toBe(true);
  });

  it('a loaded endpoint is not flagged for a response conflict (a valid design)', () => {
    const responses = [response(200), response(204, body('', ''))];
    expect(codesOf(endpoint({ responses }))).toEqual(['RESPONSE_CONFLICT']);
    expect(codesOf({ ...endpoint({ responses }), loadedAsIs: true })).toEqual([]);
  });

  it('an invalid path is reported as such, not as missing parameters', () => {
    expect(codesOf(endpoint({ path: 'users/{id}' }))).toEqual(['PATH_MUST_START_WITH']);
  });
});
