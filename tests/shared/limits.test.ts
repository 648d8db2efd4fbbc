import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertDepth,
  assertInputSize,
  CoreError,
  jsonInvalid,
  locateJsonError,
  MAX_INPUT_CHARS,
  MAX_NESTING_DEPTH,
  parseJson,
} from '../../src/shared/openapi';

const codeOf = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (error) {
    return error instanceof CoreError ? error.code : error;
  }
  return undefined;
};

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('locateJsonError agrees with JSON.parse', () => {
  const noise = fc.constantFrom(
    ...'{}[],:"\\ \n\t0123456789eE.+-tfnulax\u0000\u001f\u00e9'.split(''),
    'true',
    'null',
    '\\u12',
    '\\u00e9',
  );
  /** Valid JSON with a few random edits: some stay valid, most break somewhere. */
  const nearJson = fc
    .tuple(
      fc.jsonValue({ maxDepth: 4 }),
      fc.array(fc.tuple(fc.nat(), fc.nat(3), noise), { maxLength: 3 }),
    )
    .map(([value, edits]) => {
      let text = JSON.stringify(value, null, edits.length % 2 === 0 ? 0 : 1);
      for (const [at, remove, insert] of edits) {
        const pos = text.length === 0 ? 0 : at % (text.length + 1);
        text = text.slice(0, pos) + insert + text.slice(pos + remove);
      }
      return text;
    });

  it('finds an error exactly when JSON.parse fails (fast-check)', () => {
    fc.assert(
      fc.property(nearJson, (text) => {
        const located = locateJsonError(text);
        expect(located === undefined).toBe(parses(text));
        if (located !== undefined) {
          expect(located.offset).toBeGreaterThanOrEqual(0);
          expect(located.offset).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on arbitrary strings too', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        if (text.charCodeAt(0) === 0xfeff) return; // the core skips a BOM; JSON.parse does not
        expect(locateJsonError(text) === undefined).toBe(parses(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('points at the first offending character', () => {
    expect(locateJsonError('[1, 2 3]')).toMatchObject({ offset: 6 });
    expect(locateJsonError('{"a" 1}')).toMatchObject({ offset: 5 });
    expect(locateJsonError('"abc')).toMatchObject({ offset: 4 });
    expect(locateJsonError('')).toMatchObject({
      offset: 0,
      message: 'Unexpected end of JSON input',
    });
  });

  it('jsonInvalid reports 1-based line and column', () => {
    const error = jsonInvalid('{\r\n  "a": nope\r\n}');
    expect(error).toMatchObject({ code: 'JSON_INVALID', line: 2, column: 8 });
  });
});

describe('caps', () => {
  it('assertInputSize passes at the cap and fails one past it', () => {
    expect(() => assertInputSize('x'.repeat(10), 10)).not.toThrow();
    expect(codeOf(() => assertInputSize('x'.repeat(11), 10))).toBe('INPUT_TOO_LARGE');
    expect(MAX_INPUT_CHARS).toBe(20 * 1024 * 1024);
  });

  it('assertDepth counts containers iteratively and stops at the limit', () => {
    expect(() => assertDepth(1, 0)).not.toThrow();
    expect(codeOf(() => assertDepth([], 0))).toBe('TOO_DEEP');
    expect(() => assertDepth({ a: [{}] }, 3)).not.toThrow();
    expect(codeOf(() => assertDepth({ a: [{}] }, 2))).toBe('TOO_DEEP');
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(codeOf(() => assertDepth(deep))).toBe('TOO_DEEP');
  });

  it('parseJson enforces depth unless told not to', () => {
    const text = '['.repeat(MAX_NESTING_DEPTH + 1) + ']'.repeat(MAX_NESTING_DEPTH + 1);
    expect(codeOf(() => parseJson(text))).toBe('TOO_DEEP');
    expect(parseJson(text, Infinity)).toBeInstanceOf(Array);
    expect(codeOf(() => parseJson('{'))).toBe('JSON_INVALID');
  });
});
