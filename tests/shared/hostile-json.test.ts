/**
 * Hostile JSON input (security.md §14): deep nesting, a 20 MB paste, binary garbage, huge
 * numbers and `__proto__` keys give typed errors or schemas — never a crash, a hang or a stack
 * overflow, and never a polluted prototype.
 */
import { describe, expect, it } from 'vitest';
import {
  formatJson,
  inferSchema,
  isJsonPaste,
  jsonToYaml,
  MAX_DOCUMENT_BYTES,
  MAX_INPUT_CHARS,
  schemaYaml,
  validateEndpoints,
  type Endpoint,
} from '../../src/shared/openapi';
import { createCoreApi } from '../../src/shared/openapi/core-api';
import { createJobApi } from '../../src/shared/openapi/job-api';
import { schemaErrors } from './infer-schema.ajv';

/** Runs fn and returns the CoreError code it throws, or 'ok'. */
function outcome(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string') throw error; // untyped failure: the test fails loudly
    return code;
  }
}

const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const unclosed = (depth: number) => '['.repeat(depth);

const api = createCoreApi();
const jobs = createJobApi();

describe('deep nesting', () => {
  it.each([5_000, 10_000, 100_000])(
    '%i-deep arrays and objects give TOO_DEEP everywhere',
    (depth) => {
      for (const text of [nestedArrays(depth), nestedObjects(depth)]) {
        expect(outcome(() => inferSchema(text))).toBe('TOO_DEEP');
        expect(outcome(() => schemaYaml(text))).toBe('TOO_DEEP');
        expect(outcome(() => jsonToYaml(text))).toBe('TOO_DEEP');
        expect(outcome(() => formatJson(text))).toBe('TOO_DEEP');
        expect(isJsonPaste(text)).toBe(true);
        expect(jobs.schemaYaml(text)).toMatchObject({ ok: false, error: { code: 'TOO_DEEP' } });
      }
    },
  );

  it.each([5_000, 10_000])('%i unclosed brackets give JSON_INVALID with a position', (depth) => {
    const text = unclosed(depth);
    expect(inferSchema(text)).toEqual({ type: 'string', example: text });
    expect(api.formatJson(text)).toMatchObject({
      ok: false,
      error: { code: 'JSON_INVALID', line: 1, column: depth + 1 },
    });
    expect(isJsonPaste(text)).toBe(false);
  });

  it('validateEndpoints stays calm with deep bodies', () => {
    const endpoint: Endpoint = {
      id: 'e1',
      method: 'POST',
      path: '/x',
      summary: '',
      parameters: [],
      requestBody: { name: 'Deep', customerJson: nestedArrays(10_000) },
      responses: [{ statusCode: 200, body: { name: 'Deep', customerJson: '[1]' } }],
    };
    expect(() => validateEndpoints([endpoint])).not.toThrow();
  });
});

describe('a 20 MB paste', () => {
  // ~20 MB of realistic records, just under the cap.
  const record =
    '{"id":123456,"name":"Ann Smith","when":"2024-01-01T00:00:00Z","tags":["a","b"],"ok":true}';
  const count = Math.floor((MAX_INPUT_CHARS - 2) / (record.length + 1));
  const big = '[' + Array.from({ length: count }, () => record).join(',') + ']';

  it('just under the cap is inferred and formatted', () => {
    expect(big.length).toBeLessThanOrEqual(MAX_INPUT_CHARS);
    expect(big.length).toBeGreaterThan(MAX_INPUT_CHARS - record.length - 2);
    const schema = inferSchema(big);
    expect(schema?.items?.properties?.when).toEqual({
      type: 'string',
      format: 'date-time',
      example: '2024-01-01T00:00:00Z',
    });
    expect(formatJson(big).length).toBeGreaterThan(big.length);
  });

  it('over the sample cap gives INPUT_TOO_LARGE', () => {
    const over = big + ' '.repeat(MAX_INPUT_CHARS - big.length + 1);
    expect(outcome(() => inferSchema(over))).toBe('INPUT_TOO_LARGE');
    expect(outcome(() => formatJson(over))).toBe('INPUT_TOO_LARGE');
  });

  it('a whole document pasted as JSON may be as large as a document, not larger', () => {
    // A JSON paste may be a whole OpenAPI document (GitHub's is 13 MB, Microsoft Graph's 47 MB).
    const over = big + ' '.repeat(MAX_DOCUMENT_BYTES - big.length + 1);
    expect(outcome(() => jsonToYaml(over))).toBe('INPUT_TOO_LARGE');
    expect(isJsonPaste(over)).toBe(false);
  });
});

describe('binary garbage', () => {
  // Deterministic pseudo-random bytes (xorshift), read as Latin-1 and as UTF-8 would.
  let state = 0x9e3779b9;
  const byte = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) & 0xff;
  };
  const bytes = Array.from({ length: 256 * 1024 }, byte);
  const latin1 = String.fromCharCode(...bytes.slice(0, 60_000));
  const utf8 = new TextDecoder().decode(new Uint8Array(bytes));
  const withNul = '{"a":"\u0000"}\u0000\u0001';

  it.each([
    ['latin1', latin1],
    ['utf8', utf8],
    ['nul', withNul],
    ['brackets', '{' + latin1 + '}'],
  ])('%s garbage is a string root, JSON_INVALID to format, not a paste', (_label, text) => {
    expect(inferSchema(text)).toEqual({ type: 'string', example: text });
    expect(outcome(() => formatJson(text))).toBe('JSON_INVALID');
    expect(outcome(() => jsonToYaml(text))).toBe('JSON_INVALID');
    expect(isJsonPaste(text)).toBe(false);
    const result = api.formatJson(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.line).toBeGreaterThanOrEqual(1);
      expect(result.error.column).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('huge numbers', () => {
  it('infers schemas that their samples validate against', () => {
    const text = '{"big":1e400,"neg":-1e400,"int":123456789012345678901234567890,"tiny":1e-400}';
    const schema = inferSchema(text);
    expect(schema?.properties?.big).toEqual({ type: 'number', example: 1 });
    expect(schema?.properties?.neg).toEqual({ type: 'number', example: 1 });
    expect(schema?.properties?.int?.type).toBe('integer');
    // JSON has no infinities; ajv rejects the ±Infinity that JavaScript reads 1e400 as, so the
    // finite values are checked property by property and the infinite ones are asserted above.
    const value = JSON.parse(text) as Record<string, unknown>;
    for (const key of ['int', 'tiny']) {
      expect(schemaErrors(schema!.properties![key]!, value[key])).toBeNull();
    }
  });

  it('formatJson keeps them as typed; jsonToYaml writes YAML infinities', () => {
    expect(formatJson('[1e400,123456789012345678901234567890]')).toBe(
      '[\n  1e400,\n  123456789012345678901234567890\n]',
    );
    expect(jsonToYaml('[1e400,-1e400]')).toBe('- .inf\n- -.inf\n');
  });

  it('a 1 MB number literal is a schema, not a hang', () => {
    const text = '9'.repeat(1024 * 1024);
    expect(inferSchema(text)).toEqual({ type: 'number', example: 1 });
  });
});

describe('__proto__ and other prototype keys', () => {
  const text =
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},' +
    '"list":[{"__proto__":{"polluted":true}},{"toString":"x"}]}';

  it('stay plain data in schemas, YAML and formatting without polluting prototypes', () => {
    const schema = inferSchema(text)!;
    expect(Object.keys(schema.properties!)).toEqual(['__proto__', 'constructor', 'list']);
    expect(Object.keys(schema.items ?? {})).toEqual([]);
    expect(Object.keys(schema.properties!.list!.items!.properties!)).toEqual([
      '__proto__',
      'toString',
    ]);
    expect(schema.properties!.list!.items!.required).toBeUndefined();
    expect(schemaErrors(schema, JSON.parse(text))).toBeNull();
    expect(jsonToYaml(text)).toContain('__proto__:');
    expect(schemaYaml(text)).toContain('__proto__:');
    expect(formatJson(text)).toContain('"__proto__": {');
    // What crosses to the page is cloned: the key stays an own key of the clone.
    const cloned = structuredClone(schema);
    expect(Object.keys(cloned.properties ?? {})).toContain('__proto__');
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect((Object.prototype as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('endpoint ids named like prototype keys are plain report keys', () => {
    const endpoint = (id: string): Endpoint => ({
      id,
      method: 'GET',
      path: `/${id.replace(/_/g, 'x')}`,
      summary: '',
      parameters: [],
      responses: [{ statusCode: 204, body: { name: '', customerJson: '' } }],
    });
    const report = validateEndpoints([endpoint('__proto__'), endpoint('constructor')]);
    expect(Object.keys(report.issues)).toEqual(['__proto__', 'constructor']);
    expect(report.canGenerate).toBe(true);
  });
});
