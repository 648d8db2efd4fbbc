import { describe, expect, it } from 'vitest';
import {
  checkSchemaYaml,
  findOperation,
  operationAtLine,
  operationInRanges,
  operationRanges,
} from '../../src/shared/openapi/document/locate';
import { generateOpenApi, type Endpoint } from '../../src/shared/openapi';

const yamlText = `openapi: 3.0.1
info:
  title: T
  version: v1
paths:
  /pets:
    get:
      summary: List
      responses:
        '200':
          description: OK

    post:
      responses:
        '201':
          description: Created
  /pets/{id}:
    parameters: []
    delete:
      responses:
        '204':
          description: Gone
components: {}
`;

describe('operationRanges', () => {
  it('finds each YAML operation from its method key to its last line', () => {
    expect(operationRanges(yamlText)).toEqual([
      { path: '/pets', method: 'get', startLine: 7, endLine: 11 },
      { path: '/pets', method: 'post', startLine: 13, endLine: 16 },
      { path: '/pets/{id}', method: 'delete', startLine: 19, endLine: 22 },
    ]);
  });

  it('finds JSON operations, closing brace included', () => {
    const json = JSON.stringify(
      {
        openapi: '3.0.1',
        info: { title: 'T', version: 'v1' },
        paths: { '/a': { get: { responses: { '200': { description: 'OK' } } } } },
      },
      null,
      2,
    );
    const lines = json.split('\n');
    const [range] = operationRanges(json);
    expect(range).toMatchObject({ path: '/a', method: 'get' });
    expect(lines[range!.startLine - 1]).toContain('"get"');
    expect(lines[range!.endLine - 1]?.trim()).toMatch(/^}/);
    expect(lines[range!.endLine]?.trim()).toMatch(/^}/); // the path item's brace comes after
  });

  it('gives [] for text without paths or that does not parse as a map', () => {
    expect(operationRanges('')).toEqual([]);
    expect(operationRanges('- a\n- b\n')).toEqual([]);
    expect(operationRanges('openapi: 3.0.1\n')).toEqual([]);
    expect(operationRanges('paths: [1, 2]\n')).toEqual([]);
  });

  it('matches what the generator writes', () => {
    const endpoints: Endpoint[] = ['/a', '/b', '/c'].map((path, i) => ({
      id: String(i),
      method: i === 1 ? 'POST' : 'GET',
      path,
      summary: `S${i}`,
      parameters: [],
      responses: [{ statusCode: 200, body: { name: `B${i}`, customerJson: '{"x":1}' } }],
    }));
    const text = generateOpenApi(endpoints);
    const lines = text.split('\n');
    const ranges = operationRanges(text);
    expect(ranges.map((r) => `${r.method} ${r.path}`)).toEqual(['get /a', 'post /b', 'get /c']);
    for (const range of ranges) {
      expect(lines[range.startLine - 1]?.trim()).toBe(`${range.method}:`);
      expect(lines.slice(range.startLine - 1, range.endLine).join('\n')).toContain(
        `summary: S${ranges.indexOf(range)}`,
      );
    }
  });
});

describe('additional operations (OpenAPI 3.2, issue 19.2)', () => {
  const text = `openapi: 3.2.0
info: { title: T, version: v1 }
paths:
  /files:
    get:
      responses: {}
    additionalOperations:
      COPY:
        summary: Copy
        responses: {}
      Get:
        responses: {}
`;

  it('gives each its range, marked, with its method as written', () => {
    expect(operationRanges(text)).toEqual([
      { path: '/files', method: 'get', startLine: 5, endLine: 6 },
      { path: '/files', method: 'COPY', startLine: 8, endLine: 10, additional: true },
      { path: '/files', method: 'Get', startLine: 11, endLine: 12, additional: true },
    ]);
  });

  it('finds a method field first, then an additional operation by its exact key', () => {
    const ranges = operationRanges(text);
    expect(findOperation(ranges, '/files', 'GET')?.startLine).toBe(5);
    expect(findOperation(ranges, '/files', 'COPY')?.startLine).toBe(8);
    expect(findOperation(ranges, '/files', 'copy')).toBeUndefined();
    expect(findOperation(ranges, '/files', 'Get')?.startLine).toBe(5);
    expect(findOperation(ranges, '/files', 'Get', false, true)?.startLine).toBe(11);
    expect(findOperation(ranges, '/files', 'COPY', false, false)).toBeUndefined();
    expect(operationAtLine(text, 9)).toMatchObject({ method: 'COPY', additional: true });
  });
});

describe('operationAtLine', () => {
  it('answers the operation a line is in, and nothing between operations', () => {
    expect(operationAtLine(yamlText, 9)).toMatchObject({ path: '/pets', method: 'get' });
    expect(operationAtLine(yamlText, 13)).toMatchObject({ method: 'post' });
    expect(operationAtLine(yamlText, 12)).toBeUndefined();
    expect(operationAtLine(yamlText, 3)).toBeUndefined();
    expect(operationAtLine(yamlText, 21)).toMatchObject({ path: '/pets/{id}', method: 'delete' });
    expect(operationAtLine(yamlText, 23)).toBeUndefined();
  });

  it('binary search agrees with a linear scan', () => {
    const ranges = operationRanges(yamlText);
    for (let line = 0; line < 30; line++) {
      const linear = ranges.find((r) => line >= r.startLine && line <= r.endLine);
      expect(operationInRanges(ranges, line)).toBe(linear);
    }
    expect(findOperation(ranges, '/pets', 'POST')).toBe(ranges[1]);
  });
});

describe('checkSchemaYaml (the schema editor YAML fragment, issue 11.3)', () => {
  it('accepts a valid OpenAPI 3.0 schema', () => {
    const result = checkSchemaYaml(
      'type: object\nrequired: [id]\nproperties:\n  id: {type: integer, format: int64}\n  pet: {$ref: "#/components/schemas/Pet"}\nx-note: kept\n',
      ['Pet'],
    );
    expect(result.ok).toBe(true);
  });

  it('refuses YAML that is not a mapping, or not YAML', () => {
    expect(checkSchemaYaml('- a\n- b\n')).toMatchObject({ ok: false, error: 'notObject' });
    expect(checkSchemaYaml('type: [\n')).toMatchObject({ ok: false, error: 'syntax' });
  });

  it('refuses what is not an OpenAPI 3.0 Schema Object, naming where', () => {
    expect(checkSchemaYaml('type: foo\n')).toMatchObject({ ok: false, error: 'invalid' });
    const nested = checkSchemaYaml('type: object\nproperties:\n  id: {minimum: "one"}\n');
    expect(nested).toMatchObject({ ok: false, error: 'invalid' });
    expect(nested.ok ? '' : nested.detail).toContain('/properties/id');
    expect(checkSchemaYaml('type: string\nnot-a-keyword: 1\n')).toMatchObject({ ok: false });
  });

  it('refuses a $ref to a schema the document does not have', () => {
    expect(checkSchemaYaml('$ref: "#/components/schemas/Missing"\n', ['Pet'])).toEqual({
      ok: false,
      error: 'unknownRef',
      detail: 'Missing',
    });
  });
});
