/** Issue 30.1, 30.3: the lint's ruleset (refusals, overrides), our spec §5 rules and the re-lint. */
import { describe, expect, it } from 'vitest';
import { Linter, lintText, readRuleset, type LintFinding } from '../../../src/shared/openapi/lint';
import { partOf } from '../../../src/shared/openapi/lint/lint';
import type { JsonObject } from '../../../src/shared/openapi/openapi-common';
import { createLintApi } from '../../../src/shared/openapi/lint/lint-api';

const DOC = `openapi: 3.0.1
info:
  title: Test
  version: v1
paths:
  /pets/{id}:
    get:
      operationId: getPet
      responses:
        '200':
          description: ok
  /users:
    get:
      operationId: getPet
      responses: {}
`;

function codes(findings: { code: string }[]): string[] {
  return [...new Set(findings.map((finding) => finding.code))].sort();
}

describe('ruleset', () => {
  it.each([
    ['extends: https://example.com/ruleset.yaml', /network/],
    ['extends: [./local.yaml]', /files/],
    ['extends: [file:///etc/rules.yaml]', /files/],
    ['extends: ["@acme/spectral-rules"]', /only spectral:oas and specform/],
    ['functions: [checkIt]\nrules: {}', /custom JavaScript/],
    ['functionsDir: ./functions\nrules: {}', /custom JavaScript/],
    [
      'rules:\n  mine:\n    given: $.info\n    then:\n      function: myFunction\n',
      /custom JavaScript functions are not loaded/,
    ],
  ])('refuses %s', (yaml, message) => {
    let error: unknown;
    try {
      readRuleset(yaml);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'RULESET_REFUSED' });
    expect((error as Error).message).toMatch(message);
  });

  it('calls no network while linting a document with a remote $ref', async () => {
    const fetched: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = ((url: string) => {
      fetched.push(String(url));
      return Promise.reject(new Error('no'));
    }) as typeof fetch;
    try {
      const text = DOC.replace(
        "'200':\n          description: ok",
        "'200':\n          $ref: 'https://example.com/r.yaml#/ok'",
      );
      const findings = await lintText(text);
      expect(fetched).toEqual([]);
      expect(codes(findings)).toContain('invalid-ref');
    } finally {
      globalThis.fetch = original;
    }
  });

  it('turns rules off and adds the project rules (extends and overrides)', async () => {
    const yaml = `extends: [spectral:oas, specform]
rules:
  operation-tags: off
  NO_RESPONSES: warn
  title-says-test:
    given: $.info.title
    severity: error
    then:
      function: pattern
      functionOptions:
        notMatch: ^Test$
`;
    const findings = await lintText(DOC, readRuleset(yaml));
    expect(codes(findings)).not.toContain('operation-tags');
    expect(findings.find((f) => f.code === 'NO_RESPONSES')?.severity).toBe('warning');
    expect(findings.find((f) => f.code === 'title-says-test')).toMatchObject({
      severity: 'error',
      source: 'project',
      path: ['info', 'title'],
    });
  });

  it('takes a rule turned off that no ruleset has (a form code) as a no-op, not a refusal', async () => {
    const yaml =
      'extends: [spectral:oas, specform]\nrules:\n  EXAMPLE_INVALID: off\n  operation-tags: off\n';
    const findings = await lintText(DOC, readRuleset(yaml));
    expect(codes(findings)).not.toContain('operation-tags');
    // Another severity for a rule nobody defines is still Spectral's error to report.
    await expect(
      lintText(DOC, readRuleset('extends: [spectral:oas]\nrules:\n  NO_SUCH_RULE: error\n')),
    ).rejects.toThrow();
  });
});

describe('specform rules', () => {
  it('report the spec §5 codes with their paths', async () => {
    const findings = await lintText(DOC);
    const ours = findings.filter((finding) => finding.source === 'specform');
    expect(ours.map((f) => [f.code, f.path.join('/'), f.severity]).sort()).toEqual([
      ['NO_RESPONSES', 'paths//users/get', 'error'],
      ['OPERATION_ID_DUPLICATE', 'paths//users/get/operationId', 'error'],
      ['PATH_PARAM_UNDEFINED_AS_LOADED', 'paths//pets/{id}/get', 'warning'],
    ]);
    expect(findings.some((f) => f.code === 'operation-operationId-unique')).toBe(true);
  });

  it('find what the form writes for a blank path, a blank parameter name and a blank example', async () => {
    // The text the document session writes for an endpoint without a path whose query
    // parameter has no name and an example of spaces.
    const text = `openapi: 3.0.3
info:
  title: T
  version: v1
paths:
  '':
    post:
      parameters:
        - in: query
          name: ''
          required: false
          example: '  '
          schema:
            type: string
      responses:
        default:
          description: Default response
  /b:
    get:
      parameters:
        - in: query
          name: q
          example: ''
          schema:
            type: string
      responses:
        '200':
          description: OK
`;
    const ours = (await lintText(text)).filter((finding) => finding.source === 'specform');
    expect(ours.map((f) => [f.code, f.path.join('/'), f.severity]).sort()).toEqual([
      ['PARAM_EXAMPLE_REQUIRED', 'paths//post/parameters/0/example', 'warning'],
      ['PARAM_NAME_REQUIRED', 'paths//post/parameters/0', 'error'],
      ['PATH_REQUIRED', 'paths/', 'error'],
    ]);
  });

  it('let an operation have no responses where the version allows it (3.1 on), not in 3.0', async () => {
    const without = (version: string) =>
      `openapi: ${version}\ninfo:\n  title: T\n  version: v1\npaths:\n  /a:\n    get:\n      operationId: a\n`;
    const has = async (version: string) =>
      (await lintText(without(version))).some((f) => f.code === 'NO_RESPONSES');
    expect(await has('3.0.3')).toBe(true);
    expect(await has('3.1.0')).toBe(false);
    expect(await has('3.2.0')).toBe(false);
  });
});

describe('Linter re-lints what an edit touched', () => {
  it('replaces the findings under the touched path item and keeps the rest', async () => {
    const linter = new Linter();
    const full = await linter.lint(DOC, 1);
    expect(full.mode).toBe('full');
    expect(full.canGenerate).toBe(false);
    const edited = DOC.replace(
      '      responses: {}',
      "      responses:\n        '204':\n          description: gone",
    );
    const partial = await linter.lint(edited, 2, ['/users']);
    expect(partial.mode).toBe('partial');
    expect(codes(partial.findings)).not.toContain('NO_RESPONSES');
    // Untouched path item: its findings are kept as they were.
    expect(partial.findings.filter((f) => f.path[1] === '/pets/{id}')).toEqual(
      full.findings.filter((f) => f.path[1] === '/pets/{id}'),
    );
    // Same answer as a full lint of the edited text, for the rules a part can answer.
    const again = await new Linter().lint(edited, 2);
    const key = (f: { code: string; path: unknown[]; range: unknown }) =>
      JSON.stringify([f.code, f.path, f.range]);
    expect(partial.findings.map(key).sort()).toEqual(again.findings.map(key).sort());
  });
});

/** Components shared by two path items, reached through every kind of component reference. */
const SHARED = {
  openapi: '3.0.3',
  info: { title: 'Shared', version: '1', description: 'd', contact: { name: 'c' } },
  servers: [{ url: 'https://example.com' }],
  tags: [{ name: 'pets', description: 'p' }],
  security: [{ key: [] }],
  // An extension and webhooks the part leaves out, with what only they reach.
  'x-webhooks': { hook: { post: { requestBody: { $ref: '#/components/requestBodies/Hooked' } } } },
  paths: {
    '/pets': {
      parameters: [{ $ref: '#/components/parameters/Limit' }],
      post: {
        operationId: 'addPet',
        description: 'Adds a pet.',
        tags: ['pets'],
        requestBody: { $ref: '#/components/requestBodies/NewPet' },
        responses: {
          '201': { $ref: '#/components/responses/Created' },
          // Found wrong only through Pet, and through Pet's Tag (an enum).
          '202': {
            description: 'accepted',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Pet' },
                example: { id: 'two', tag: 'c' },
              },
            },
          },
          default: {
            description: 'error',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Error' },
                examples: { broken: { $ref: '#/components/examples/BrokenError' } },
              },
            },
          },
        },
        callbacks: { done: { $ref: '#/components/callbacks/Done' } },
      },
    },
    '/owners': {
      get: {
        operationId: 'listOwners',
        description: 'Lists owners.',
        tags: ['pets'],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Owner' },
                example: { name: 3 },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      // An example that does not match: Spectral reports it where the schema is written.
      Pet: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'integer' }, tag: { $ref: '#/components/schemas/Tag' } },
        example: { id: 'one' },
      },
      Tag: { type: 'string', enum: ['a', 'b'] },
      Error: { type: 'object', properties: { code: { type: 'integer' } } },
      Owner: { type: 'object', properties: { name: { type: 'string' } } },
      Unused: { type: 'object', properties: { x: { $ref: '#/components/schemas/AlsoUnused' } } },
      AlsoUnused: { type: 'string' },
    },
    parameters: {
      Limit: { name: 'limit', in: 'query', schema: { type: 'integer' }, example: 'many' },
    },
    requestBodies: {
      Hooked: {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Unused' } } },
      },
      NewPet: {
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Pet' },
            example: { id: 'x' },
          },
        },
      },
    },
    responses: {
      Created: {
        description: 'created',
        headers: { Location: { $ref: '#/components/headers/Location' } },
        links: { self: { $ref: '#/components/links/Self' } },
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/Pet' }, example: {} },
        },
      },
      NotFound: { description: 'unused' },
    },
    headers: { Location: { schema: { type: 'integer' }, example: 'here' } },
    examples: { BrokenError: { value: { code: 'E1' } }, Lonely: { value: 1 } },
    links: { Self: { operationId: 'addPet' } },
    callbacks: {
      Done: {
        '{$request.body#/url}': {
          post: {
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Tag' } } },
            },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    },
    securitySchemes: { key: { type: 'apiKey', name: 'k', in: 'header' } },
  },
};

describe('a re-lint carries the components the touched path items reach', () => {
  it('keeps only the reached components, through every kind of reference', () => {
    const part = partOf(SHARED as unknown as JsonObject, ['/pets']);
    expect(Object.keys(part.paths as object)).toEqual(['/pets']);
    const components = part.components as Record<string, object>;
    const names = Object.fromEntries(
      Object.entries(components).map(([kind, entries]) => [kind, Object.keys(entries)]),
    );
    expect(names).toEqual({
      schemas: ['Pet', 'Tag', 'Error'],
      parameters: ['Limit'],
      requestBodies: ['NewPet'],
      responses: ['Created'],
      headers: ['Location'],
      examples: ['BrokenError'],
      links: ['Self'],
      callbacks: ['Done'],
      securitySchemes: ['key'],
    });
    // What is not paths or components is carried as it is.
    expect(part.info).toBe(SHARED.info);
    expect(part.tags).toBe(SHARED.tags);
    expect(Object.hasOwn(part, 'x-webhooks')).toBe(false);
  });

  it('follows Swagger 2.0 definitions, parameters and responses, and path items referred to', () => {
    const doc = {
      swagger: '2.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a': {
          get: {
            parameters: [{ $ref: '#/parameters/P' }],
            responses: { '200': { $ref: '#/responses/R' } },
          },
        },
        '/b': { $ref: '#/paths/~1c' },
        '/c': { get: { responses: { '200': { description: 'c' } } } },
        '/d': { get: { responses: { '200': { description: 'd' } } } },
      },
      definitions: { D: { type: 'string' }, E: { type: 'string' }, F: { type: 'integer' } },
      parameters: {
        P: { name: 'p', in: 'query', type: 'string' },
        Q: { name: 'q', in: 'query', type: 'string' },
      },
      responses: {
        R: { description: 'r', schema: { $ref: '#/definitions/D' } },
        S: { description: 's' },
      },
      securityDefinitions: { k: { type: 'basic' } },
    };
    const part = partOf(doc as unknown as JsonObject, ['/a', '/b']);
    expect(Object.keys(part.paths as object)).toEqual(['/a', '/b', '/c']);
    expect(Object.keys(part.definitions as object)).toEqual(['D']);
    expect(Object.keys(part.parameters as object)).toEqual(['P']);
    expect(Object.keys(part.responses as object)).toEqual(['R']);
    expect(part.securityDefinitions).toBe(doc.securityDefinitions);
  });

  it('finds under the touched path item what a full lint finds there', async () => {
    const text = JSON.stringify(SHARED, null, 2);
    const linter = new Linter();
    const full = await linter.lint(text, 1);
    const under = (findings: LintFinding[], path: string) =>
      findings
        .filter((f) => f.path[0] === 'paths' && f.path[1] === path)
        .map((f) => JSON.stringify([f.code, f.path, f.range, f.message]))
        .sort();
    const expected = under(full.findings, '/pets');
    // The document is built so that findings under the path item depend on what it references.
    expect(expected.length).toBeGreaterThan(0);
    const partial = await linter.lint(text, 2, ['/pets']);
    expect(partial.mode).toBe('partial');
    expect(under(partial.findings, '/pets')).toEqual(expected);
    expect(partial.findings.map((f) => JSON.stringify(f)).sort()).toEqual(
      full.findings.map((f) => JSON.stringify(f)).sort(),
    );
  });
});

describe('lint worker API', () => {
  it('answers a refused ruleset as a Result, and lints queued behind a newer one as CONFLICT', async () => {
    const api = createLintApi();
    expect(api.setRuleset('extends: https://x.test/r.yaml')).toMatchObject({
      ok: false,
      error: { code: 'RULESET_REFUSED' },
    });
    api.connectDocument({ text: () => DOC });
    const document = { instance: 'w', revision: 1 };
    const first = api.lintDocument({ revision: 1, document });
    const second = api.lintDocument({ revision: 2, document });
    const third = api.lintDocument({ revision: 3, document });
    expect(await first).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(await second).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(await third).toMatchObject({ ok: true, value: { revision: 3 } });
  });
});

describe('a rule that throws', () => {
  it("is that rule's finding at that place; the run goes on with every other rule", async () => {
    // Spectral's oasExample throws on a schema `$ref` into an example value (a string here).
    const text = [
      'openapi: 3.0.3',
      "info: {title: T, version: '1'}",
      'paths:',
      '  /a:',
      '    get:',
      '      responses:',
      "        '200':",
      '          description: OK',
      '          content:',
      '            application/json:',
      '              schema:',
      "                $ref: '#/components/schemas/X/example/id'",
      '              example: 3',
      'components:',
      '  schemas:',
      '    X:',
      '      type: object',
      '      example:',
      '        id: abc',
      '',
    ].join('\n');
    const findings = await lintText(text);
    const failed = findings.find((finding) => finding.code === 'oas3-valid-media-example');
    expect(failed?.message).toMatch(/could not check this value/);
    expect(failed?.path).toEqual([
      'paths',
      '/a',
      'get',
      'responses',
      '200',
      'content',
      'application/json',
    ]);
    // The other rules still answered.
    expect(findings.map((finding) => finding.code)).toContain('operation-operationId');
  });
});
