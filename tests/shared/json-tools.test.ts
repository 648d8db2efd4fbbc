import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  formatJson,
  isJsonPaste,
  jsonPasteKind,
  jsonToYaml,
  lineColumnAt,
  locateJsonError,
  MAX_NESTING_DEPTH,
  parseJson,
  schemaYaml,
} from '../../src/shared/openapi';
import { MAX_DOCUMENT_DEPTH } from '../../src/shared/openapi/yaml-io';

const codeOf = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: unknown }).code;
  }
  return undefined;
};

describe('isJsonPaste (spec §5)', () => {
  it.each([
    ['{"a":1}', true],
    ['  [1, 2]\n', true],
    ['[]', true],
    ['{}', true],
    ['\n{\n  "nested": {"x": [true, null]}\n}\n', true],
    ['', false],
    ['   ', false],
    ['null', false],
    ['"{}"', false],
    ['123', false],
    ['{"a":1', false],
    ['{a: 1}', false],
    ['[1, 2] trailing', false],
    ['text {"a":1}', false],
    ['{"a":1} // comment', false],
    ['{} {}', false],
    ['[1,]', false],
  ])('%j → %s', (text, expected) => {
    expect(isJsonPaste(text)).toBe(expected);
  });
});

describe('jsonPasteKind (issue 28.3)', () => {
  it.each([
    ['{"openapi":"3.0.1","info":{"title":"T","version":"1"},"paths":{}}', 'document'],
    ['\n  {"info": {}, "openapi": "3.1.0"}\n', 'document'],
    ['{"swagger":"2.0","info":{},"paths":{}}', 'document'],
    ['{"swagger":2.0}', 'document'],
    ['{"name":"Ann","openapi_like":"3.0.1"}', 'json'],
    ['{"info":{"openapi":"3.0.1"}}', 'json'],
    ['{"openapi":{"version":"3"}}', 'json'],
    ['[{"openapi":"3.0.1"}]', 'json'],
    ['{}', 'json'],
    ['{"openapi":"3.0.1"', 'none'],
    ['openapi: 3.0.1', 'none'],
    ['null', 'none'],
  ])('%j → %s', (text, expected) => {
    expect(jsonPasteKind(text)).toBe(expected);
  });

  it('agrees with isJsonPaste on what counts as JSON', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(jsonPasteKind(text) !== 'none').toBe(isJsonPaste(text));
      }),
    );
  });
});

describe('jsonToYaml', () => {
  it('converts with indent 2 and round-trips', () => {
    const json = '{"name":"Ann","tags":["a","b"],"nested":{"n":1.5,"ok":true,"none":null}}';
    const yaml = jsonToYaml(json);
    expect(yaml).toBe(
      [
        'name: Ann',
        'tags:',
        '  - a',
        '  - b',
        'nested:',
        '  n: 1.5',
        '  ok: true',
        '  none: null',
        '',
      ].join('\n'),
    );
    expect(parse(yaml)).toEqual(JSON.parse(json));
  });

  it('never wraps long lines', () => {
    const long = 'word '.repeat(100).trim();
    const yaml = jsonToYaml(JSON.stringify({ text: long }));
    expect(yaml).toBe(`text: ${long}\n`);
  });

  it('quotes strings that YAML would otherwise read as other types', () => {
    const value = { a: 'true', b: '1.0', c: 'null', d: 'yes', e: '', f: '- x', g: 'a: b' };
    expect(parse(jsonToYaml(JSON.stringify(value)))).toEqual(value);
  });

  it('keeps integers past 2^53 exact, and everything else as JSON.parse reads it', () => {
    const json =
      '{"id": 12345678901234567890, "neg": -98765432109876543210, "safe": 9007199254740991,' +
      ' "f": 1.5e3, "s": "12345678901234567890 \\"q\\" \\u00e9", "a": [true, false, null, {}, []],' +
      ' "__proto__": {"x": 1}, "dup": 1, "dup": 2}';
    const yaml = jsonToYaml(json);
    expect(yaml).toContain('id: 12345678901234567890\n');
    expect(yaml).toContain('neg: -98765432109876543210\n');
    const back = parse(yaml, { intAsBigInt: true }) as Record<string, unknown>;
    expect(back.id).toBe(12345678901234567890n);
    const plain = parse(yaml) as Record<string, unknown>;
    const expected = JSON.parse(json) as Record<string, unknown>;
    expect({ ...plain, id: 0, neg: 0 }).toEqual({ ...expected, id: 0, neg: 0 });
    expect(Object.keys(plain)).toEqual(Object.keys(expected));
  });

  it('gives the same YAML as stringifying JSON.parse when no precision is at stake', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        // The long digit run (inside a string) switches jsonToYaml to its exact reader.
        const text = `[${JSON.stringify(value)}, "1234567890123456"]`;
        const viaJsonParse = stringify(JSON.parse(text), {
          indent: 2,
          lineWidth: 0,
          aliasDuplicateObjects: false,
        });
        expect(jsonToYaml(text)).toBe(viaJsonParse);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps "__proto__" keys as data', () => {
    const yaml = jsonToYaml('{"__proto__": {"x": 1}}');
    expect(yaml).toContain('__proto__:');
  });

  it('rejects invalid JSON with JSON_INVALID and a position', () => {
    try {
      jsonToYaml('{\n  "a": 1,\n  "b": ]\n}');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'JSON_INVALID', line: 3, column: 8 });
    }
  });

  it('rejects nesting past the document limit with TOO_DEEP', () => {
    // The JSON paste may be a whole document: it nests as deep as a document may.
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(parse(jsonToYaml(deep(MAX_DOCUMENT_DEPTH)))).toBeInstanceOf(Array);
    expect(codeOf(() => jsonToYaml(deep(MAX_DOCUMENT_DEPTH + 1)))).toBe('TOO_DEEP');
    expect(codeOf(() => jsonToYaml(deep(10_000)))).toBe('TOO_DEEP');
  });
});

describe('formatJson', () => {
  it('pretty-prints with indent 2', () => {
    expect(formatJson('{"a":[1,{"b":null}],"c":"x"}')).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ],\n  "c": "x"\n}',
    );
  });

  it.each([
    ['', 1, 1],
    ['{', 1, 2],
    ['{"a":1,}', 1, 8],
    ['[1 2]', 1, 4],
    ['{"a":\n  tru}', 2, 3],
    ['{"a":"x\ny"}', 1, 8],
    ['{"a":1}\n\n  x', 3, 3],
    ['[01]', 1, 3],
    ['["\\q"]', 1, 4],
    ['[1.]', 1, 4],
    ['[-]', 1, 3],
    ["{'a':1}", 1, 2],
  ])('%j → JSON_INVALID at line %i, column %i', (text, line, column) => {
    try {
      formatJson(text);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: 'JSON_INVALID', line, column });
    }
  });

  it('equals JSON.stringify(JSON.parse(text), null, 2) for ordinary JSON (fast-check)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 1, 4, '\t'), (value, space) => {
        const text = JSON.stringify(value, null, space);
        expect(formatJson(text)).toBe(JSON.stringify(JSON.parse(text), null, 2));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps numbers and strings exactly as typed', () => {
    const text = '{"id":12345678901234567890,"big":1e400,"f":1.50,"e":1E5,"s":"\\u00e9\\n"}';
    expect(formatJson(text)).toBe(
      '{\n  "id": 12345678901234567890,\n  "big": 1e400,\n  "f": 1.50,\n  "e": 1E5,\n  "s": "\\u00e9\\n"\n}',
    );
  });

  it('prints empty containers on one line and ignores a BOM', () => {
    expect(formatJson('\uFEFF{ "a" : [ ] , "b" : {\n} }')).toBe('{\n  "a": [],\n  "b": {}\n}');
  });

  it('formats deep but reasonable nesting and rejects absurd nesting with TOO_DEEP', () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(formatJson(deep(500)).split('\n')).toHaveLength(999);
    expect(codeOf(() => formatJson(deep(10_000)))).toBe('TOO_DEEP');
  });
});

describe('JSON error locating', () => {
  it('accepts every valid JSON text', () => {
    for (const text of ['1', ' "x" ', '[]', '{}', '{"a":[1,-2.5e+3,true,false,null,"\\u00e9"]}']) {
      expect(locateJsonError(text)).toBeUndefined();
    }
  });

  it('converts offsets to 1-based line and column for \\n, \\r\\n and \\r', () => {
    expect(lineColumnAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumnAt('ab\r\ncd', 5)).toEqual({ line: 2, column: 2 });
    expect(lineColumnAt('ab\rcd', 3)).toEqual({ line: 2, column: 1 });
  });

  it('parseJson ignores a BOM and enforces the size cap', () => {
    expect(parseJson('\uFEFF[1]')).toEqual([1]);
    expect(codeOf(() => parseJson(' '.repeat(20 * 1024 * 1024 + 1)))).toBe('INPUT_TOO_LARGE');
  });
});

describe('schemaYaml (the body editor Schema tab)', () => {
  it('is empty for blank text', () => {
    expect(schemaYaml('  ')).toBe('');
  });

  it('writes the inferred schema as YAML', () => {
    expect(schemaYaml('{"id": 1, "tags": ["a"]}')).toBe(
      [
        'type: object',
        'properties:',
        '  id:',
        '    type: integer',
        '    example: 1',
        '  tags:',
        '    type: array',
        '    items:',
        '      type: string',
        '      example: a',
        '    example:',
        '      - a',
        'required:',
        '  - id',
        '  - tags',
        '',
      ].join('\n'),
    );
    expect(parse(schemaYaml('not json'))).toEqual({ type: 'string', example: 'not json' });
  });

  it('survives the deepest sample inferSchema accepts', () => {
    const deep = '{"a":'.repeat(MAX_NESTING_DEPTH) + '1' + '}'.repeat(MAX_NESTING_DEPTH);
    expect(schemaYaml(deep).length).toBeGreaterThan(0);
  });
});
